import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightUseCases

/// The logger's handler around the quick-record flow (user → exercise →
/// weight → reps → series → saved): it reads a line or key from a
/// `LineSource` as the flow's mode says, hands it to `Flow.transition`, and
/// carries out the effects that come back (the console, the line editor,
/// the use cases), so a terminal, a pipe and a test script all drive exactly
/// the same code. What to do and what to say is the flow's.
public final class Session {
    /// What the prompts read between saves: defaults, names, the sets `:edit` and `:undo` mean.
    let prompts: Prompts
    /// What effects are carried out with: saves, the log, progress, search, members' identities.
    let uses: UseCases
    let source: any LineSource
    let console: any Console
    var settings: Settings
    let grouping: HistoryGrouping
    /// The calendar's first column, found when `:calendar` first draws one.
    let firstWeekday: Deferred<Int>

    /// The member's turn: the flow's state and every choice that dies with it.
    var turn: Turn

    /// Names for Tab and short forms, kept for the whole session.
    let names: Names
    /// What was typed for a set made one: the exercise (the one rule), its defaults, the save.
    let entry: SetEntry

    /// This terminal's wait after unknown cards scanned in a row.
    var scans = ScanWait()
    /// The prompt the last line was typed at (`Effect.eraseTyped` takes both back).
    var shownPrompt = ""

    /// Problems met while carrying out an effect whose answer still goes on
    /// (`attempt`): told to the flow (`Event.problem`) before that answer.
    var problems: [String] = []

    public convenience init(store: any Logbook, source: any LineSource, console: any Console,
                            catalog: ExerciseCatalog, routines: @autoclosure @escaping @Sendable () -> RoutineCatalog = .bundled(),
                            settings: Settings = Settings()) {
        self.init(roles: LogbookRoles(store), source: source, console: console, catalog: catalog, routines: routines(), settings: settings)
    }

    public init(roles: LogbookRoles, source: any LineSource, console: any Console,
                catalog: ExerciseCatalog, routines: @autoclosure @escaping @Sendable () -> RoutineCatalog = .bundled(),
                settings: Settings = Settings()) {
        prompts = Prompts(roles)
        entry = SetEntry(roles, catalog: catalog)
        names = Names(prompts: prompts, entry: entry)
        uses = UseCases(roles, catalog: catalog, routines: routines(), zone: settings.zone)
        self.source = source
        self.console = console
        self.settings = settings
        grouping = HistoryGrouping(zone: settings.zone)
        firstWeekday = Deferred(settings.firstWeekday)
        turn = Turn(unit: settings.unit)
        source.setIdleTimeout(settings.idleTimeout)
    }

    /// Runs prompts until the member quits, input ends or a signal stops it.
    public func run() -> Ending {
        while true {
            if let ending = next() { return ending }
        }
    }

    /// One prompt (or question, or key of a mode) and its answer: read, let
    /// `Flow` decide, carry out what it decided, and hand what a request came
    /// back with to the flow again. Returns an ending when the session is over.
    func next() -> Ending? {
        let how = turn.read
        let line = read(how)
        // The gym's rules again before a command (the desk may have changed them).
        readRules(before: line, read: how)
        var events: [Flow.Event] = [.input(line)]
        // After the read: the clock is the one at the answer, not at the prompt.
        let context = context
        while !events.isEmpty {
            // The flow changes the turn in place (see `Flow.transition`): no copy of it meanwhile.
            let effects = Flow.transition(&turn, events.removeFirst(), context)
            for effect in effects {
                let outcome = perform(effect)
                events += problems.map(Flow.Event.problem)
                problems = []
                switch outcome {
                case .done: break
                case .ended(let ending): return ending
                case .then(let result): events.append(result)
                }
            }
        }
        return nil
    }

    /// What the flow knows of where it runs, now.
    var context: Flow.Context {
        Flow.Context(kiosk: settings.kiosk, interactive: source.isInteractive, now: settings.now(), grouping: grouping,
                     columns: settings.columns ?? source.screenColumns ?? 80, glyphs: settings.chartGlyphs,
                     style: settings.textStyle, firstWeekday: firstWeekday,
                     rows: source.isInteractive ? source.screenRows : nil, pageSize: settings.historyPageSize, unit: settings.unit,
                     identity: settings.identity, cards: settings.cards, coachesSeePrivate: settings.coachesSeePrivate,
                     countsRest: source.redrawsPrompt)
    }

    /// What the session reads next, as the flow's mode says.
    private func read(_ how: Read) -> LineEvent {
        switch how {
        case .entry:
            // A rest counting down: the prompt is asked again about once a second (`tick`).
            if let question = turn.question { return source.read(question) }
            shownPrompt = prompt()
            return source.readLine(prompt: shownPrompt, complete: { [weak self] in self?.completions(for: $0) ?? [] },
                                   ticking: turn.rest == nil ? nil : { [weak self] in self?.tick() })
        case .line(let prompt, .nothing):
            shownPrompt = prompt
            return source.readLine(prompt: prompt, complete: nil)
        case .line(let prompt, .atPrompt):
            shownPrompt = prompt
            return source.readLine(prompt: prompt, complete: { [weak self] in self?.completions(for: $0) ?? [] })
        case .line(let prompt, .commandWord):
            return source.readLine(prompt: prompt, complete: { [weak self] in
                Completions((self?.completions(for: ":" + $0).names ?? []).map { String($0.dropFirst()) })
            })
        case .secret(let prompt): return source.readSecret(prompt: prompt)
        case .pagerKey(let prompt): return source.readPagerKey(prompt: prompt)
        }
    }

    /// What carrying out one effect came to.
    enum Outcome {
        case done
        case ended(Ending)
        /// A request's result, for the flow.
        case then(Flow.Event)
    }

    /// Carries out one of the flow's decisions: the only place that talks to
    /// the use cases and the console on the flow's behalf. Every line the
    /// flow prints passes the output edge here, where text from the logbook
    /// (names another tool may have written) is made terminal-safe, once.
    func perform(_ effect: Flow.Effect) -> Outcome {
        switch effect {
        case .say(let line): console.say(TerminalText.safe(line))
        case .warn(let line): warn(line)
        case .show(let lines): lines.forEach(console.say)
        case .erase(let count): source.eraseLines(count)
        case .eraseTyped(let typed):
            source.eraseLines(Flow.rows(prompt: shownPrompt, typed: typed, columns: source.screenColumns ?? context.columns))
        case .forget: source.forget()
        case .clearScreen: source.clearScreen()
        case .end(let ending): return .ended(ending)
        // Carried out by `tick`, where the prompt is being read.
        case .redraw, .bell: break
        case .markSuperset(let record, let label):
            return fetched(failing: Flow.Event.problem) { () throws(WorkoutsError) in
                try uses.log.markSuperset(label, record: record)
                return nil
            }
        case .fetch(let query): return fetch(query)
        case .checkAdminPinSet(let use):
            // Wrong PINs count in the database, shared with every terminal and the command line.
            return fetched { () throws(WorkoutsError) in .adminPinSet(try uses.workouts.admin.isPinSet(), for: use) }
        case .findMember(let command, let argument): return .then(.member(turn.user ?? defaultUser(), for: command, argument))
        case .undo(let record):
            // That very set, by its uid too: its number may have come to name another's.
            return fetched { () throws(WorkoutsError) in .undone(record, removed: try uses.workouts.deleteRecord(record, now: settings.now())) }
        case .resolveExercise(let text, let entry): return exercise(text, then: entry)
        case .loadDefaults(let entry):
            guard let member = turn.user, let chosen = turn.exercise else { return .then(.lastValues(nil, then: entry)) }
            return .then(.lastValues((try? prompts.lastValues(of: member, for: chosen)) ?? nil, then: entry))
        case .save: return save()
        case .finishDay(let member, let since, let expected):
            return fetched { () throws(WorkoutsError) in
                .fetched(.dayFinished(try uses.workouts.finishDay(of: member, since: since, now: settings.now(), expected: expected)))
            }
        case .noteRoutine(let routine, let programDay, let member, let day, let now):
            return fetched(failing: Flow.Event.routineNotNoted) { () throws(WorkoutsError) in
                try uses.log.markRoutine(routine, programDay: programDay, for: member, on: day, now: now)
                return nil
            }
        case .createMember(let name):
            return fetched { () throws(WorkoutsError) in .memberCreated(try prompts.createMember(named: name, now: settings.now())) }
        case .createExercise(let name, let entry):
            return fetched { () throws(WorkoutsError) in
                // Confirmed, but a row only with its first saved set.
                try uses.workouts.checkNewExerciseName(name)
                // A new name with a set's numbers takes the kind they make (`hang 1:30x3`: a hold).
                return .resolved(Exercise.unsaved(named: name, category: nil, kind: entry?.fits.first ?? .weight), entry: entry, typed: nil, last: nil)
            }
        case .drawMonth(let member, let month):
            return fetched { () throws(WorkoutsError) in .monthDrawn(try uses.log.month(month, of: member)) }
        case .addNote(let text, let member, let day):
            return fetched { () throws(WorkoutsError) in
                try uses.log.addNote(text, for: member, on: day, now: settings.now())
                return .fetched(.noteAdded(member, day))
            }
        case .admit(let pin, let use):
            return fetched(failing: { .admitted(use, refusal: $0) }) { () throws(WorkoutsError) in
                _ = try uses.workouts.admit(pin: pin, now: settings.now())
                return .admitted(use, refusal: nil)
            }
        case .checkEditedExercise(let name):
            // A problem is said, and the edit stays at the exercise.
            return fetched(failing: Flow.Event.problem) { () throws(WorkoutsError) in
                .editedExercise(try uses.workouts.knownExercise(named: name, now: settings.now()), typed: name)
            }
        case .noteCoach(let coach, let record):
            // Said if it fails; the set stands either way.
            _ = attempt { () throws(WorkoutsError) in try uses.identification.noteCoach(coach, of: record) }
        case .commitEdit(let target, let name, let values):
            return fetched { () throws(WorkoutsError) in
                let changed = try NameRules.key(name) == NameRules.key(target.exercise) ? nil : uses.workouts.exercise(named: name)
                let (before, after) = try uses.log.edit(id: target.id, uid: target.uid, exercise: changed, values: values, now: settings.now())
                return .edited(before, after)
            }
        }
        return .done
    }

    // MARK: - Prompts

    /// A rest's countdown, asked between two keys: what the flow says the
    /// prompt shows now (`Event.tick`), for the line source to redraw in place.
    func tick() -> PromptTick? {
        let effects = Flow.transition(&turn, .tick, context)
        var shown: PromptTick?
        for effect in effects {
            switch effect {
            case .redraw(let prompt):
                shown = PromptTick(prompt: prompt, bell: shown?.bell ?? false)
                shownPrompt = prompt
            case .bell: shown?.bell = true
            default: _ = perform(effect)
            }
        }
        return shown
    }

    /// The entry's prompt, with the default it offers read now: Enter takes
    /// exactly what was shown, even if another terminal saved in between.
    func prompt() -> String {
        switch turn.step {
        case .user:
            turn.shownUser = defaultUser()
            // The gym's rules, read as each member walks up (and before each command).
            readRules()
        case .exercise: turn.shownExercise = defaultExercise()
        case .weight, .reps, .series, .duration, .distance: break
        }
        return turn.prompt(context)
    }

    func defaultUser() -> User? {
        // A kiosk never offers a member, not even the one whose turn it is.
        if settings.kiosk { return nil }
        if let user = turn.user { return user }
        return (try? prompts.lastUsedUser()) ?? nil
    }

    func defaultExercise() -> Exercise? {
        if let exercise = turn.exercise { return exercise }
        guard let user = turn.user else { return nil }
        return (try? prompts.lastExercise(of: user)) ?? nil
    }

    // MARK: - Saving

    /// Stores the entry (`SetEntry.save`: a new exercise gets its row with
    /// its first set); what came of it goes back to the flow (`Event.saved`,
    /// `.saveFailed`).
    private func save() -> Outcome {
        guard let member = turn.user, let chosen = turn.exercise, let values = turn.draft.values else {
            turn.step = .exercise
            return .done
        }
        let now = settings.now()
        // The member's own rests, for the countdown after the set: read with their first save at a terminal.
        if context.countsRest, turn.restTimes == nil { turn.restTimes = try? uses.log.restTimes(of: member) }
        // A program's set (`:go`) is marked as the program says.
        let mark = turn.plan.flatMap { $0.isCurrent(chosen.name) ? $0.current?.mark : nil }
        do {
            let saved = try entry.save(values, of: member, chosen, at: performedAt(now), kind: mark, retrying: turn.pending, now: now)
            turn.exercise = saved.entry.exercise
            return .then(.saved(saved.record, records: saved.records, at: now, nudge: nudge(after: saved.entry, id: saved.record.id)))
        } catch {
            switch error {
            case .exercise(let problem):
                return .then(.exerciseNotMade(problem.description, away: problem.isUnreachable))
            case .set(let sent, let problem):
                turn.exercise = sent.exercise
                return .then(.saveFailed(sent, problem.isUnreachable ? nil : problem.description))
            }
        }
    }

    /// The weight nudge for the set just saved, when it is due (see
    /// `Workouts.nudge`): said once a day, so not for an exercise this turn
    /// saved a working set of already (no query then), nor on a `:date` day
    /// or a program's walk. A problem reading it never stands in the way of the save.
    private func nudge(after saved: NewRecord, id: Int64) -> WeightNudge.Suggestion? {
        guard turn.day == nil, turn.plan?.program == nil,
              !turn.saved.contains(where: { $0.exercise == saved.exercise.name && $0.kind != .warmup }) else { return nil }
        return entry.nudge(after: saved, id: id, calendar: grouping.calendar, weeks: turn.memberFacts?.nudgeWeeks)
    }

    // MARK: - Output

    /// A problem said by the session itself (a save that failed on its way).
    func warn(_ line: String) {
        console.warn(TerminalText.safe(line))
    }
}
