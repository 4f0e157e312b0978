import Foundation
import TopWeightCatalog
import TopWeightCore

/// What was typed for a set made one: the exercise it names, picked by the
/// one rule the logger's exercise prompt (`squat 100x5x5`, `squat`, `hang
/// 1:30x3`), `add` and `edit` share; the numbers the member's entry starts
/// from; and the save. It keeps the names it ranks (the catalog's and this
/// database's) for as long as it lives, and looks for other terminals' new
/// ones only when a typed name is not found: a save costs no look at names.
public final class SetEntry {
    /// Who records sets and answers names (a terminal's outbox in front of
    /// its server), and who keeps the exercises, the bests and the gym's settings.
    public let roles: LogbookRoles
    public let catalog: ExerciseCatalog
    /// Makes a new exercise's row and reads the nudge; made once, not a save at a time.
    let workouts: Workouts
    /// The save measured against the member's bests (its days never asked here).
    let progress: TrainingProgress
    /// Built at the first look, not before the logger's first prompt.
    private lazy var ranking = ExerciseRanking(catalog: catalog.rankingNames)
    /// Every stored exercise heard of, by name key.
    private var stored: [String: Exercise] = [:]
    /// The newest exercise id heard of: where the next look starts.
    private var heardThrough: Int64 = 0

    public init(_ roles: LogbookRoles, catalog: ExerciseCatalog) {
        self.roles = roles
        self.catalog = catalog
        workouts = Workouts(roles, catalog: catalog)
        progress = TrainingProgress(roles, zone: { .current })
    }


    // MARK: - What a member's entries start from

    /// What choosing and the defaults know of one member, read in one step
    /// (`Logbook.choiceFacts`) at the start of their entries.
    public struct Member: Sendable {
        /// Their exercises, the most used of their newest sets first: what a short name means to them.
        public var own: [String]
        /// The numbers of the set of each exercise they did last, by exercise id.
        public var lastValues: [Int64: SetValues]
        /// Whether an exercise without numbers here has no set of theirs at all.
        public var coversAll: Bool
        /// The nudge's weeks (`Workouts.nudgeWeeks`), `nil` when they were not read.
        public var nudgeWeeks: Int?
    }

    /// The member's exercises, their last numbers and the nudge's weeks,
    /// with the exercises other terminals added since the last look: one
    /// read. Without a member (a name `add` is about to create), the names only.
    public func member(_ user: User?) throws(WorkoutsError) -> Member {
        let facts = try attempt { () throws(LogbookError) in try roles.recording.choiceFacts(of: user, exercisesAfter: heardThrough) }
        hear(facts.exercises)
        facts.recent.forEach(hear)
        let weeks = facts.readNudgeWeeks ? Workouts.nudgeWeeks(stored: facts.nudgeWeeks) : nil
        return Member(own: facts.recent.prefix(Self.ownLimit).map(\.name), lastValues: facts.lastValues, coversAll: facts.coversAll,
                      nudgeWeeks: weeks)
    }

    /// How many of a member's exercises rank first for them.
    static let ownLimit = 20

    /// The numbers of `user`'s set of `exercise` done last: from what the
    /// turn read (`member`), asked only when that can't tell.
    public func lastValues(of user: User, for exercise: Exercise, known: Member?) throws(WorkoutsError) -> SetValues? {
        guard exercise.isStored else { return nil }
        if let known {
            if let values = known.lastValues[exercise.id] { return values }
            if known.coversAll { return nil }
        }
        return try attempt { () throws(LogbookError) in try roles.recording.lastValues(of: user, for: exercise) }
    }

    // MARK: - The one rule

    /// The name `typed` stands for at a set whose numbers make one of
    /// `kinds` (none: any): a stored exercise's own name is itself; else
    /// the best of the one ranking (`ExerciseRanking`: `squat` is Back Squat,
    /// or Front Squat for a member whose `own` it is) of a kind in `kinds`,
    /// else the best of all (`row 2000m 7:45` is Rowing Machine, `row
    /// 60x8x3` Barbell Row). `nil` when it matches nothing known.
    public func name(for typed: String, fitting kinds: [ExerciseKind] = [], own: [String]) -> String? {
        if let exact = stored[NameRules.key(typed)] { return exact.name }
        let candidates = ranking.ranked(typed, own: own, limit: 40)
        guard let best = candidates.first else { return nil }
        if kinds.isEmpty || kinds.contains(kind(of: best)) { return best }
        return candidates.dropFirst().first { kinds.contains(kind(of: $0)) } ?? best
    }

    /// The exercise of this name as far as this entry knows: the stored one
    /// heard of, else the catalog's (not stored until its first set is
    /// saved), else `nil` (a new name, or one another terminal made since
    /// the last look: `lookAgain`).
    public func known(named name: String) -> Exercise? {
        if let found = stored[NameRules.key(name)] { return found }
        return catalog.entry(named: name).map { Exercise.unsaved(named: $0.name, category: $0.category, kind: $0.kind) }
    }

    /// The exercise `typed` names for a set of one of `kinds`, for a front
    /// end that does not ask before making a new one (`add`, `edit`): a new
    /// name becomes an exercise of the first of `kinds`, not stored yet.
    public func choose(_ typed: String, fitting kinds: [ExerciseKind] = [], own: [String]) -> Exercise {
        let name = name(for: typed, fitting: kinds, own: own) ?? typed
        return known(named: name) ?? Exercise.unsaved(named: name, category: nil, kind: kinds.first ?? .weight)
    }

    /// The kind of a known exercise's sets: its own when stored, else the catalog's.
    private func kind(of name: String) -> ExerciseKind {
        stored[NameRules.key(name)]?.kind ?? catalog.entry(named: name)?.kind ?? .weight
    }

    // MARK: - The names

    /// Takes in the exercises other terminals (or this one) made since the
    /// last look; `true` when there were any.
    @discardableResult
    public func lookAgain() throws(WorkoutsError) -> Bool {
        let facts = try attempt { () throws(LogbookError) in try roles.recording.choiceFacts(of: nil, exercisesAfter: heardThrough) }
        hear(facts.exercises)
        return !facts.exercises.isEmpty
    }

    /// Exercises (stored and catalog) for `typed`, best first (Tab's order).
    public func ranked(_ typed: String, own: [String], limit: Int) -> [String] {
        ranking.ranked(typed, own: own, limit: limit)
    }

    /// The best stored exercise for `typed` (what the commands that read what was logged mean).
    public func bestStored(_ typed: String, own: [String]) -> String? {
        ranking.bestStored(typed, own: own)
    }

    func hear(_ exercises: [Exercise]) {
        for exercise in exercises { hear(exercise) }
        if let newest = exercises.map(\.id).max(), newest > heardThrough { heardThrough = newest }
    }

    func hear(_ exercise: Exercise) {
        guard exercise.isStored else { return }
        let key = NameRules.key(exercise.name)
        if stored[key] == nil { ranking.addStored(exercise.name) }
        stored[key] = exercise
    }
}
