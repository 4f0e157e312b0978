import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// The quick-record flow: user → exercise → weight → reps → series → saved,
/// as a state machine over a `LineSource`, so a terminal, a pipe and a test
/// script all drive exactly the same code.
public final class Session {
    /// How the session behaves; the clock and zone are injectable for tests.
    public struct Settings: Sendable {
        public var unit: WeightUnit = .kg
        /// Shared-terminal mode: no default member, no leaving without the admin.
        public var kiosk = false
        /// Seconds without a key before the session returns to an empty user prompt.
        public var idleTimeout: Double?
        public var timeZone: TimeZone = .current
        public var historyPageSize = 20
        /// Colour for the calendar and notes, or plain (NO_COLOR, a dumb terminal, a pipe).
        public var textStyle: TextStyle = .plain
        /// The calendar's first column: 1 Sunday … 7 Saturday (the locale's, from the CLI).
        public var firstWeekday = 2
        /// Braille and box drawing for `:chart`, or ASCII (a locale that is not UTF-8).
        public var chartGlyphs: ChartGlyphs = .ascii
        /// `$COLUMNS` when set: charts fit it rather than the screen's width.
        public var columns: Int?
        public var now: @Sendable () -> Date = { Date() }

        public init() {}
    }

    /// Why the session ended.
    public enum Ending: Sendable, Equatable {
        case quit
        case endOfInput
        case terminated
    }

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

    // Short names for the turn's parts, used throughout the flow.
    var step: Step {
        get { turn.step }
        set { turn.step = newValue }
    }
    var user: User? {
        get { turn.user }
        set { turn.user = newValue }
    }
    var exercise: Exercise? {
        get { turn.exercise }
        set { turn.exercise = newValue }
    }
    var draft: Draft {
        get { turn.draft }
        set { turn.draft = newValue }
    }
    var unit: WeightUnit {
        get { turn.unit }
        set { turn.unit = newValue }
    }
    var knownValues: [Int64: SetValues] {
        get { turn.knownValues }
        set { turn.knownValues = newValue }
    }
    var recentExercises: [String]? {
        get { turn.recentExercises }
        set { turn.recentExercises = newValue }
    }
    var question: Question? {
        get { turn.question }
        set { turn.question = newValue }
    }

    // Names for Tab and short forms, kept for the whole session and topped up
    // with what other terminals added (see Session+Completion).
    var userIndex = NameIndex()
    /// Every exercise name (the catalog's and this database's) in the one
    /// order Tab, one-line entries and the exercise prompt share; built at
    /// the first short name or Tab, not before the first prompt.
    lazy var exerciseNames = ExerciseRanking(catalog: catalog.rankingNames)
    var indexedThrough: [NameRules.Kind: Int64] = [:]
    /// Exercises resolved once, by name key: a one-line entry needs no lookup.
    var resolvedExercises: [String: Exercise] = [:]

    public init(store: any Logbook, source: any LineSource, console: any Console,
                catalog: ExerciseCatalog, routines: @autoclosure @escaping @Sendable () -> RoutineCatalog = .bundled(),
                settings: Settings = Settings()) {
        prompts = Prompts(logbook: store)
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
        let context = Flow.Context(kiosk: settings.kiosk, interactive: source.isInteractive)
        var event: Flow.Event? = .input(read(turn.mode.read))
        while let told = event {
            let (next, effects) = Flow.transition(turn, told, context)
            turn = next
            event = nil
            for effect in effects {
                switch perform(effect) {
                case .done: break
                case .ended(let ending): return ending
                case .then(let result): event = result
                }
            }
        }
        return nil
    }

    /// What the session reads next, as the flow's mode says.
    private func read(_ how: Read) -> LineEvent {
        switch how {
        case .entry:
            return question.map { source.read($0) }
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
        case .cancelEntry:
            warn("Cancelled; nothing saved.")
            // Walking a plan, the entry cancelled is the plan's: on to its next one
            // (back at its start, Ctrl-C would only bring the same entry back).
            if turn.plan != nil {
                skipPlanned()
            } else {
                step = .exercise
                loadDefaults()
            }
        case .end(let ending): return .ended(ending)
        case .command(let text): return run(command: text)
        case .chooseMember(let text): answerUser(text)
        case .chooseExercise(let text): answerExercise(text)
        case .save: save()
        case .skipPlanned: skipPlanned()
        case .createMember(let name):
            guard let created = attempt({ () throws(WorkoutsError) in try prompts.createMember(named: name, now: settings.now()) }) else { return .done }
            say("Welcome, \(created.name).")
            select(created)
        case .createExercise(let name, let entry):
            do {
                // Confirmed, but a row only with its first saved set.
                try workouts.checkNewExerciseName(name)
                select(Exercise.unsaved(named: name, category: nil))
            } catch {
                warn(error.description)
                return .done
            }
            if let entry { apply(entry) }
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
        switch step {
        case .user:
            turn.shownUser = defaultUser()
            return label("user", turn.shownUser?.name)
        case .exercise:
            turn.shownExercise = defaultExercise()
            return label("exercise", turn.shownExercise?.name)
        case .weight:
            return label("weight \(draft.unit.rawValue)", draft.weight.map(Decimal2.format))
        case .reps:
            return label("reps", draft.reps.map { String($0) })
        case .series:
            return label("series", draft.series.map { String($0) })
        }
    }

    private func label(_ name: String, _ value: String?) -> String {
        let shown = value.map { "\(name) [\($0)]: " } ?? "\(name): "
        // A past day and a plan's progress lead every prompt of the member's turn.
        var tags: [String] = []
        if step != .user, let day = turn.day { tags.append(grouping.label(for: day.start(in: grouping.calendar), now: settings.now())) }
        if step != .user, let plan = turn.plan { tags.append(plan.progress) }
        return tags.isEmpty ? shown : "[\(tags.joined(separator: " · "))] " + shown
    }

    func defaultUser() -> User? {
        // A kiosk never offers a member, not even the one whose turn it is.
        if settings.kiosk { return nil }
        if let user { return user }
        return (try? prompts.lastUsedUser()) ?? nil
    }

    func defaultExercise() -> Exercise? {
        if let exercise { return exercise }
        guard let user else { return nil }
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

    private func answerExercise(_ text: String) {
        guard user != nil else {
            step = .user
            return
        }
        if text.isEmpty {
            guard let chosen = turn.shownExercise else {
                warn(InputError("type an exercise; Tab completes, the catalog included", example: "Bench Press"))
                return
            }
            select(chosen)
            return
        }
        if let parsed = OneLineEntry.parseWithExercise(text) {
            switch parsed {
            case .failure(let error):
                warn(error)
            case .success(let entry):
                guard let name = entry.exercise, let chosen = resolveShortExercise(name, then: entry) else { return }
                select(chosen)
                apply(entry)
            }
            return
        }
        // A short form or an alias at the prompt picks as Tab and one line do;
        // the full name is said when it is not what was typed.
        // A full name this session already used needs no ranking (and no look at other terminals' names).
        let name = resolvedExercises[NameRules.key(text)] != nil ? text : bestExercise(for: text) ?? text
        guard let chosen = resolveExercise(name) else { return }
        if NameRules.key(chosen.name) != NameRules.collapsedKey(text) {
            say("→ \(chosen.name)")
        }
        select(chosen)
    }

    /// Takes the numbers of a one-line entry (after its exercise was chosen).
    private func apply(_ entry: OneLineEntry) {
        for effect in Flow.apply(entry, to: &turn) { _ = perform(effect) }
    }

    // MARK: - Choosing

    func selectUser(_ member: User) {
        select(member)
    }

    /// Starts `member`'s turn; another member's ends first, with everything in
    /// it. In a kiosk, what was typed at the empty user prompt (by whoever it
    /// was) is forgotten too.
    private func select(_ member: User) {
        if let current = user, current.id != member.id {
            reset()
        } else if user == nil, settings.kiosk {
            source.forget()
        }
        user = member
        step = .exercise
    }

    private func select(_ chosen: Exercise) {
        exercise = chosen
        loadDefaults()
        step = .weight
    }

    /// Starts the numbers from the member's last set of the exercise, or empty.
    func loadDefaults() {
        // Walking a plan, its exercise starts from the plan's numbers.
        let chosenUnit = turn.unitChosen ? unit : nil
        if let chosen = exercise, let planned = turn.plan?.current, turn.plan?.isCurrent(chosen.name) == true {
            draft = planned.values.map { Draft(last: $0, in: chosenUnit) } ?? Draft(unit: unit)
            return
        }
        if let member = user, let chosen = exercise, chosen.isStored,
           let last = knownValues[chosen.id] ?? (try? prompts.lastValues(of: member, for: chosen)) ?? nil {
            knownValues[chosen.id] = last
            draft = Draft(last: last, in: chosenUnit)
        } else {
            draft = Draft(unit: unit)
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
        refreshNames(.user)
        let similar = SimilarNames.to(name, among: userIndex.names)
        if !similar.isEmpty {
            warn("Not a known member. Similar: \(similar.joined(separator: ", "))")
        }
        question = .newMember(name)
        return nil
    }

    /// The exercise with this name; a catalog name is added as it is used. For
    /// another new name the question is asked next, and `entry` (a one-line
    /// entry's numbers) is saved once the answer is yes.
    func resolveExercise(_ text: String, then entry: OneLineEntry? = nil) -> Exercise? {
        guard let name = validName(text, kind: .exercise) else { return nil }
        if let known = resolvedExercises[NameRules.key(name)] { return known }
        let found: Exercise?
        do {
            found = try workouts.chosenExercise(named: name)
        } catch {
            warn(error.description)
            return nil
        }
        if let known = found {
            if known.isStored { resolvedExercises[NameRules.key(name)] = known }
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
        question = .newExercise(name, then: entry)
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
        if let known = resolvedExercises[NameRules.key(text)] { return known }
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

    private func save() {
        guard let member = user, var chosen = exercise, let values = draft.values else {
            step = .exercise
            return
        }
        let now = settings.now()
        if !chosen.isStored {
            // A new name or a catalog lift gets its row with its first set.
            do {
                chosen = try workouts.stored(chosen, now: now)
            } catch {
                warn(error.description)
                step = .series
                return
            }
            exercise = chosen
            resolvedExercises[NameRules.key(chosen.name)] = chosen
        }
        var entry = NewRecord(user: member, exercise: chosen, values: values, performedAt: performedAt(now))
        if let pending = turn.pending, pending.user == member, pending.exercise == chosen, pending.values == values {
            entry = pending
        }
        do {
            let (record, records) = try progress.log(entry, now: now)
            turn.pending = nil
            turn.saved.append(record)
            knownValues[chosen.id] = values
            recentExercises = recentExercises.map { [chosen.name] + $0.filter { NameRules.key($0) != NameRules.key(chosen.name) } }
            say(Lines.saved(record))
            announce(records, on: chosen)
            step = .exercise
            if turn.plan != nil { planSaved(chosen, member: member, now: now) }
        } catch {
            // Nothing was half-written; the numbers stay, Enter at the last prompt retries.
            turn.pending = entry
            if case .storage(let problem) = error, problem.kind == .unreachable {
                warn(Lines.unreachable)
            } else {
                warn(error.description)
            }
            step = .series
        }
    }

    // MARK: - Leaving and resetting

    /// Ctrl-D or `:user`: the member is done; the next one starts at the user prompt.
    func endTurn() {
        if let member = user { warn("Bye, \(member.name).") }
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
