import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// The quick-record flow: user → exercise → weight → reps → series → saved,
/// as a state machine over a `LineSource`, so a terminal, a pipe and a test
/// script all drive exactly the same code.
public final class Session {
    /// What the prompts read between saves: defaults, names, the sets `:edit` and `:undo` mean.
    let prompts: Prompts
    let workouts: Workouts
    /// Sessions, notes, the calendar, repeating and routines.
    let log: TrainingLog
    /// Personal records and stats.
    let progress: TrainingProgress
    let source: any LineSource
    let console: any Console
    let catalog: ExerciseCatalog
    var settings: Settings
    let grouping: HistoryGrouping

    /// The member's turn: the flow's state and every choice that dies with it.
    var turn: Turn

    /// Names for Tab and short forms, kept for the whole session.
    let names: Names

    public init(store: any Logbook, source: any LineSource, console: any Console,
                catalog: ExerciseCatalog, routines: @autoclosure @escaping @Sendable () -> RoutineCatalog = .bundled(),
                settings: Settings = Settings()) {
        prompts = Prompts(logbook: store)
        names = Names(prompts: prompts, catalog: catalog)
        workouts = Workouts(logbook: store, catalog: catalog)
        log = TrainingLog(logbook: store, routineCatalog: routines(), timeZone: settings.timeZone)
        progress = TrainingProgress(logbook: store, timeZone: settings.timeZone)
        self.source = source
        self.console = console
        self.catalog = catalog
        self.settings = settings
        grouping = HistoryGrouping(timeZone: settings.timeZone)
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
        let context = Flow.Context(kiosk: settings.kiosk, interactive: source.isInteractive, now: settings.now(), grouping: grouping)
        var events: [Flow.Event] = [.input(read(turn.mode.read))]
        while !events.isEmpty {
            let (next, effects) = Flow.transition(turn, events.removeFirst(), context)
            turn = next
            for effect in effects {
                switch perform(effect) {
                case .done: break
                case .ended(let ending): return ending
                case .then(let result): events.append(result)
                }
            }
        }
        return nil
    }

    /// What the session reads next, as the flow's mode says.
    private func read(_ how: Read) -> LineEvent {
        switch how {
        case .entry:
            return turn.question.map { source.read($0) }
                ?? source.readLine(prompt: prompt(), complete: { [weak self] in self?.completions(for: $0) ?? [] })
        case .line(let prompt, .nothing): return source.readLine(prompt: prompt, complete: nil)
        case .line(let prompt, .atPrompt):
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
    /// the use cases and the console on the flow's behalf.
    private func perform(_ effect: Flow.Effect) -> Outcome {
        switch effect {
        case .say(let line): say(line)
        case .warn(let line): warn(line)
        case .show(let lines): lines.forEach(console.say)
        case .erase(let count): source.eraseLines(count)
        case .idleReset: idleReset()
        case .endTurn: endTurn()
        case .end(let ending): return .ended(ending)
        case .run(let command, let argument): return run(command, argument)
        case .askAdminPin: askForAdminPin()
        case .chooseMember(let text): answerUser(text)
        case .resolveExercise(let text, let entry):
            return exercise(text, then: entry).map { .then(.resolved($0, entry: entry)) } ?? .done
        case .loadDefaults(let entry):
            loadDefaults()
            return entry.map { .then(.numbers($0)) } ?? .done
        case .save: return save()
        case .findPlannedExercise: return plannedExercise()
        case .noteRoutine(let routine, let now): return noteRoutine(routine, at: now)
        case .createMember(let name):
            guard let created = attempt({ () throws(WorkoutsError) in try prompts.createMember(named: name, now: settings.now()) }) else { return .done }
            say("Welcome, \(created.name).")
            select(created)
        case .createExercise(let name, let entry):
            do {
                // Confirmed, but a row only with its first saved set.
                try workouts.checkNewExerciseName(name)
                return .then(.resolved(Exercise.unsaved(named: name, category: nil), entry: entry))
            } catch {
                warn(error.description)
            }
        case .checkAdminPin(let pin):
            return admitted(pin, otherwise: "This terminal stays open; Ctrl-D ends your turn.") ? .ended(.quit) : .done
        case .drawMonth: return drawMonth()
        case .fillPage(let lines): return fillPage(lines)
        case .addNote(let text, let member, let day): addNote(text, for: member, on: day)
        case .admitEdit(let pin, let target):
            return admitted(pin, otherwise: "#\(target.id) is as it was.") ? .then(.opened(.edit(SetEdit(target)))) : .done
        case .checkEditedExercise(let name): return .then(.editedExercise(knownExercise(name)))
        case .commitEdit(let target, let name, let values): commitEdit(target, exercise: name, values: values)
        }
        return .done
    }

    private func idleReset() {
        reset()
        warn("Idle for a while: back to the start. Type your name to log a set.")
    }

    // MARK: - Prompts

    func prompt() -> String {
        switch turn.step {
        case .user:
            turn.shownUser = defaultUser()
            return label("user", turn.shownUser?.name)
        case .exercise:
            turn.shownExercise = defaultExercise()
            return label("exercise", turn.shownExercise?.name)
        case .weight:
            return label("weight \(turn.draft.unit.rawValue)", turn.draft.weight.map(Decimal2.format))
        case .reps:
            return label("reps", turn.draft.reps.map { String($0) })
        case .series:
            return label("series", turn.draft.series.map { String($0) })
        }
    }

    private func label(_ name: String, _ value: String?) -> String {
        let shown = value.map { "\(name) [\($0)]: " } ?? "\(name): "
        // A past day and a plan's progress lead every prompt of the member's turn.
        var tags: [String] = []
        if turn.step != .user, let day = turn.day { tags.append(grouping.label(for: day.start(in: grouping.calendar), now: settings.now())) }
        if turn.step != .user, let plan = turn.plan { tags.append(plan.progress) }
        return tags.isEmpty ? shown : "[\(tags.joined(separator: " · "))] " + shown
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

    // MARK: - Answers

    private func answerUser(_ text: String) {
        if text.isEmpty {
            guard let member = turn.shownUser else {
                warn(InputError("type your name to start; Tab completes known names", example: "Ana"))
                return
            }
            select(member)
        } else if let member = resolveUser(text) {
            select(member)
        }
    }

    /// The exercise typed at its prompt: a one-line entry's name picks by the
    /// one ranking; a short form or an alias picks as Tab does, and the full
    /// name is said when it is not what was typed. `nil` after saying why, or
    /// when the question to create it is asked.
    private func exercise(_ text: String, then entry: OneLineEntry?) -> Exercise? {
        if let entry { return resolveShortExercise(text, then: entry) }
        // A full name this session already used needs no ranking (and no look at other terminals' names).
        let name = names.resolved[NameRules.key(text)] != nil ? text : bestExercise(for: text) ?? text
        guard let chosen = resolveExercise(name) else { return nil }
        if NameRules.key(chosen.name) != NameRules.collapsedKey(text) {
            say("→ \(chosen.name)")
        }
        return chosen
    }

    // MARK: - Choosing

    func selectUser(_ member: User) {
        select(member)
    }

    /// Starts `member`'s turn; another member's ends first, with everything in
    /// it. In a kiosk, what was typed at the empty user prompt (by whoever it
    /// was) is forgotten too.
    private func select(_ member: User) {
        if let current = turn.user, current.id != member.id {
            reset()
        } else if turn.user == nil, settings.kiosk {
            source.forget()
        }
        turn.user = member
        turn.step = .exercise
    }

    /// Starts the numbers from the member's last set of the exercise, or empty.
    func loadDefaults() {
        // Walking a plan, its exercise starts from the plan's numbers.
        let chosenUnit = turn.unitChosen ? turn.unit : nil
        if let chosen = turn.exercise, let planned = turn.plan?.current, turn.plan?.isCurrent(chosen.name) == true {
            turn.draft = planned.values.map { Draft(last: $0, in: chosenUnit) } ?? Draft(unit: turn.unit)
            return
        }
        if let member = turn.user, let chosen = turn.exercise, chosen.isStored,
           let last = turn.knownValues[chosen.id] ?? (try? prompts.lastValues(of: member, for: chosen)) ?? nil {
            turn.knownValues[chosen.id] = last
            turn.draft = Draft(last: last, in: chosenUnit)
        } else {
            turn.draft = Draft(unit: turn.unit)
        }
    }

    /// The user with this name; for a new name, the one-key question is asked
    /// next (`nil` now, the member is chosen when the answer is yes).
    func resolveUser(_ text: String) -> User? {
        guard let name = validName(text, kind: .user) else { return nil }
        guard let found = attempt({ () throws(WorkoutsError) in try prompts.member(named: name) }) else { return nil }
        if let known = found { return known }
        guard !refusedAsLookalike(name, kind: .user) else { return nil }
        // As for exercises, from the names Tab knows (topped up with other terminals').
        let similar = SimilarNames.to(name, among: names.allMembers())
        if !similar.isEmpty {
            warn("Not a known member. Similar: \(similar.joined(separator: ", "))")
        }
        turn.question = .newMember(name)
        return nil
    }

    /// The exercise with this name; a catalog name is added as it is used. For
    /// another new name the question is asked next, and `entry` (a one-line
    /// entry's numbers) is saved once the answer is yes.
    func resolveExercise(_ text: String, then entry: OneLineEntry? = nil) -> Exercise? {
        guard let name = validName(text, kind: .exercise) else { return nil }
        if let known = names.resolved[NameRules.key(name)] { return known }
        let found: Exercise?
        do {
            found = try workouts.chosenExercise(named: name)
        } catch {
            warn(error.description)
            return nil
        }
        if let known = found {
            if known.isStored { names.resolved[NameRules.key(name)] = known }
            return known
        }
        guard !refusedAsLookalike(name, kind: .exercise) else { return nil }
        if let problem = OneLineEntry.setInName(name, exercise: turn.shownExercise?.name ?? "Bench Press") {
            warn(problem)
            return nil
        }
        let similar = exerciseCandidates(for: String(name.prefix(3)))
        if !similar.isEmpty {
            warn("Not a known exercise. Similar: \(similar.prefix(5).joined(separator: ", "))")
        }
        turn.question = .newExercise(name, then: entry)
        return nil
    }

    /// The exercise a one-line entry names: the best candidate of the one
    /// ranking (`bench 62.5x8x3` is Bench Press, `squat 100x5x5` Back Squat,
    /// or Front Squat for a member who logs it); the `Saved` line names it in
    /// full. A name that matches nothing known asks before creating.
    func resolveShortExercise(_ text: String, then entry: OneLineEntry) -> Exercise? {
        // The full name of an exercise this session already used: no need to
        // ask the database for other terminals' new names (on a server that
        // was a second round trip per save).
        if let known = names.resolved[NameRules.key(text)] { return known }
        return resolveExercise(bestExercise(for: text) ?? text, then: entry)
    }

    /// True, after saying why, when `name` would pass for an existing one
    /// (`Аna` with a Cyrillic А next to `Ana`).
    private func refusedAsLookalike(_ name: String, kind: NameRules.Kind) -> Bool {
        let stored = attempt({ () throws(WorkoutsError) in try prompts.lookalike(of: name, kind: kind) }) ?? nil
        guard let other = stored ?? (kind == .exercise ? workouts.catalogLookalike(of: name) : nil) else {
            return false
        }
        let noun = kind == .user ? "member" : "exercise"
        warn(InputError("\(name) looks like the existing \(noun) \(other) but is spelt with other letters; type that name or a clearly different one", example: other))
        return true
    }

    /// The result of a use case, or `nil` after showing its one-line problem.
    func attempt<T>(_ body: () throws(WorkoutsError) -> T) -> T? {
        do {
            return try body()
        } catch {
            warn(error.description)
            return nil
        }
    }

    /// The cleaned name, or `nil` after telling why it can't be one.
    private func validName(_ text: String, kind: NameRules.Kind) -> String? {
        switch NameRules.validate(text, kind: kind) {
        case .failure(let error):
            warn(error)
            return nil
        case .success(let name):
            return name
        }
    }

    // MARK: - Saving

    /// Stores the entry (a new exercise gets its row with its first set);
    /// what came of it goes back to the flow (`Event.saved`, `.saveFailed`).
    private func save() -> Outcome {
        guard let member = turn.user, var chosen = turn.exercise, let values = turn.draft.values else {
            turn.step = .exercise
            return .done
        }
        let now = settings.now()
        if !chosen.isStored {
            do {
                chosen = try workouts.stored(chosen, now: now)
            } catch {
                warn(error.description)
                turn.step = .series
                return .done
            }
            turn.exercise = chosen
            names.resolved[NameRules.key(chosen.name)] = chosen
        }
        var entry = NewRecord(user: member, exercise: chosen, values: values, performedAt: performedAt(now))
        if let pending = turn.pending, pending.user == member, pending.exercise == chosen, pending.values == values {
            entry = pending
        }
        do {
            let (record, records) = try progress.log(entry, now: now)
            return .then(.saved(record, records: records, at: now))
        } catch {
            let unreachable = if case .storage(let problem) = error, problem.kind == .unreachable { true } else { false }
            return .then(.saveFailed(entry, unreachable ? Lines.unreachable : error.description))
        }
    }

    // MARK: - Leaving and resetting

    /// Ctrl-D or `:user`: the member is done; the next one starts at the user prompt.
    func endTurn() {
        if let member = turn.user { warn("Bye, \(member.name).") }
        reset()
    }

    /// The one way a turn ends, whatever ended it (Ctrl-D, `:user`, another
    /// member, the idle timeout at any prompt or question): the entry, the
    /// member, their `:unit`, their undo list, the line editor's history and
    /// kill buffer all go, and a kiosk clears its screen.
    func reset() {
        turn = Turn(unit: settings.unit)
        source.forget()
        if settings.kiosk { source.clearScreen() }
    }

    // MARK: - Output

    /// Every line the flow prints goes through these two: the output edge,
    /// where text from the logbook (names another tool may have written) is
    /// made terminal-safe, once.
    func say(_ line: String) {
        console.say(TerminalText.safe(line))
    }

    func warn(_ line: String) {
        console.warn(TerminalText.safe(line))
    }

    func warn(_ error: InputError) {
        warn(error.description)
    }
}
