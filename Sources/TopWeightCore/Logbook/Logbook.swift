import Foundation

/// Where members, exercises and their sets are kept: the seam between the
/// flow and the storage engine (SQLite today, PostgreSQL next).
///
/// Synchronous on purpose: the logger is a blocking loop and a save has a
/// budget under a millisecond, so an engine that talks to a server bridges
/// its async client once, inside itself. Every method is one consistent
/// step; every failure is a `LogbookError` told in one line, without
/// terminal advice (the front ends add that).
public protocol Logbook: AnyObject, Sendable {
    // MARK: Members

    /// The member with this name, compared by `NameRules.key`.
    func user(named name: String) throws(LogbookError) -> User?
    /// Finds or creates the member; refuses a look-alike of another's name.
    func createUser(named name: String, now: Date) throws(LogbookError) -> User
    /// Everybody, with how many sets each logged and when they last trained.
    func users() throws(LogbookError) -> [UserSummary]
    func renameUser(_ user: User, to newName: String) throws(LogbookError) -> User
    /// Removes a member without live records. With `withDeleted`, their
    /// deleted records (tombstones), days' notes and body weights go with
    /// them in the same transaction; without, tombstones keep the member.
    func removeUser(_ user: User, withDeleted: Bool) throws(LogbookError)

    // MARK: Exercises

    func exercise(named name: String) throws(LogbookError) -> Exercise?
    func createExercise(named name: String, category: String?, kind: ExerciseKind, now: Date) throws(LogbookError) -> Exercise
    /// Changes what an exercise's new sets measure; its records keep what they measured.
    func setExerciseKind(_ exercise: Exercise, to kind: ExerciseKind) throws(LogbookError) -> Exercise
    func exercises() throws(LogbookError) -> [ExerciseSummary]
    /// Renames an exercise; a non-nil `category` replaces its category (a
    /// catalog name brings the catalog's).
    func renameExercise(_ exercise: Exercise, to newName: String, category: String?) throws(LogbookError) -> Exercise
    /// Puts every record of `from` (deleted ones too) and every routine step
    /// naming it on `into`, then removes `from`, in one transaction: how a
    /// gym's duplicates (`Rear flye` beside `Rear Delt Fly`) become one.
    func mergeExercise(_ from: Exercise, into: Exercise, now: Date) throws(LogbookError) -> ExerciseMerge
    /// Removes an exercise no record uses.
    func removeExercise(_ exercise: Exercise) throws(LogbookError)
    /// Member or exercise names with an id above `id`, oldest first: how the
    /// logger's completion index learns what other terminals added.
    func names(of kind: NameRules.Kind, after id: Int64) throws(LogbookError) -> [(id: Int64, name: String)]
    /// The stored member or exercise name that `name` would pass for on a screen.
    func existingLookalike(of name: String, kind: NameRules.Kind) throws(LogbookError) -> String?

    // MARK: Records

    /// Saves one set in its own transaction and returns its id.
    func save(_ record: NewRecord, now: Date) throws(LogbookError) -> Int64
    /// Deletes one record by leaving a tombstone (nothing is erased); `false`
    /// when there is no live record with that id.
    func deleteRecord(id: Int64, now: Date) throws(LogbookError) -> Bool
    /// Brings a deleted record back; `false` when there is no tombstone with that id.
    func restoreRecord(id: Int64) throws(LogbookError) -> Bool
    /// One record by id, live or deleted (`deletedAt` tells).
    func record(id: Int64) throws(LogbookError) -> WorkoutRecord?
    /// Records matching `query`, newest first, one at a time.
    func forEachRecord(_ query: HistoryQuery, _ body: (WorkoutRecord) throws -> Void) throws(LogbookError)

    /// Changes a live record's exercise and numbers and stamps `editedAt`;
    /// `false` when there is no live record with that id.
    func editRecord(id: Int64, exercise: Exercise, values: SetValues, now: Date) throws(LogbookError) -> Bool

    // MARK: The training log

    /// Notes and routines kept for `userID`'s days from `first` through `last`, by day.
    func sessionInfos(userID: Int64, from first: LocalDay, through last: LocalDay) throws(LogbookError) -> [SessionInfo]
    /// Adds `text` to the note of that member's day (after what is there, a blank line between).
    func appendNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError)
    /// Records which routine that member's day followed (`nil` forgets it).
    func setRoutine(_ routine: String?, userID: Int64, day: LocalDay, now: Date) throws(LogbookError)
    /// The gym's own routines (the bundled starters are not stored), by name.
    func routines() throws(LogbookError) -> [Routine]
    /// Stores a routine, replacing the one with the same name; `true` when it replaced one.
    func saveRoutine(_ routine: Routine, now: Date) throws(LogbookError) -> Bool
    /// Removes the stored routine with this name; `false` when there is none.
    func removeRoutine(named name: String) throws(LogbookError) -> Bool

    // MARK: Body weight

    /// Stores a measurement unless one with the same `uid` is there; returns its id.
    func saveBodyWeight(userID: Int64, weight: Weight, at measuredAt: Date, uid: String, now: Date) throws(LogbookError) -> Int64
    /// The member's measurements from `since` on (all when `nil`), newest first, at most `limit`.
    func bodyWeights(userID: Int64, since: Date?, limit: Int?) throws(LogbookError) -> [BodyWeight]

    // MARK: Gym settings

    /// The stored value of one of the gym's settings, `nil` when never set.
    func gymSetting(_ key: GymSetting) throws(LogbookError) -> String?
    /// Stores a gym setting (`nil` removes it, back to the default).
    func setGymSetting(_ key: GymSetting, to value: String?) throws(LogbookError)

    // MARK: Progress

    /// The member's best live working weight sets of one exercise (warm-ups,
    /// deleted sets and sets of other kinds left out), leaving out the record
    /// `excluding` (the set just saved): the heaviest, the best Epley e1RM,
    /// and the most reps among sets at least `atLeast` heavy. Weights compare
    /// in kilograms. Found through indexes: it runs on every save.
    func bests(userID: Int64, exerciseID: Int64, excluding: Int64?, atLeast: Weight) throws(LogbookError) -> ExerciseBests
    /// Saves one set as `save` does and, in the same step (one transaction,
    /// one round trip to a server), finds the bests it is measured against as
    /// `bests` does with the set left out; none for a warm-up. A set of
    /// another kind is measured against its own kind's sets instead
    /// (`ExerciseBests`' bodyweight, time and distance bests). The logger's
    /// save: a personal-record check that costs no second trip.
    func saveMeasured(_ record: NewRecord, now: Date) throws(LogbookError) -> (id: Int64, bests: ExerciseBests)
    /// The member's live sets by local day (`zone` tells the days), oldest first.
    func dayTotals(userID: Int64, zone: ZoneOffsets) throws(LogbookError) -> [DayTotals]
    /// The member's live sets by exercise, by name.
    func exerciseTotals(userID: Int64) throws(LogbookError) -> [ExerciseTotals]

    // MARK: The gym's board

    /// The board's totals and bests over `window`, of members who are not
    /// private, from live sets: one consistent read.
    func boardFacts(_ window: BoardWindow) throws(LogbookError) -> BoardFacts
    /// Keeps the member off the board (`true`) or puts them back.
    func setPrivate(_ user: User, _ isPrivate: Bool) throws(LogbookError)
    /// Whether the member keeps off the board.
    func isPrivate(_ user: User) throws(LogbookError) -> Bool

    // MARK: Defaults

    /// The member who saved the newest set.
    func lastUsedUser() throws(LogbookError) -> User?
    func lastExercise(of user: User) throws(LogbookError) -> Exercise?
    /// The numbers of the member's set of the exercise done last (by when it
    /// was done: a back-dated set is not the member's last numbers).
    func lastValues(of user: User, for exercise: Exercise) throws(LogbookError) -> SetValues?
    /// The exercises of this member's newest 500 sets, each once: the most
    /// used among them first, then the most recently used (what the member
    /// means by a short name: `ExerciseRanking`).
    func recentExercises(of user: User, limit: Int) throws(LogbookError) -> [Exercise]
    /// What choosing the exercise of `user`'s set needs, in one step (one
    /// round trip to a server): the exercises with an id above `id`, the
    /// member's exercises with their last numbers, the nudge's setting
    /// (`ChoiceFacts`). Without a member, the exercises and the setting.
    func choiceFacts(of user: User?, exercisesAfter id: Int64) throws(LogbookError) -> ChoiceFacts

    // MARK: Settings and health

    func adminPinIsSet() throws(LogbookError) -> Bool
    /// Checks a PIN and counts wrong ones where every terminal sees them.
    func checkAdminPin(_ pin: String, now: Date) throws(LogbookError) -> PinVerdict
    /// Replaces the PIN (`nil` removes it) and forgets wrong attempts.
    func setAdminPin(_ pin: String?) throws(LogbookError)
    func health() throws(LogbookError) -> StoreHealth
    /// Why no set can be saved now, as far as the engine knows without trying
    /// one (a full disk or a read-only file met at start, while reads work);
    /// `nil` when nothing is known to stop a save.
    var savingFault: LogbookError? { get }
    /// Why the engine's server is away, as the last call that tried it (or
    /// the start) found; a terminal keeps saving into its outbox meanwhile.
    /// `nil` when nothing is known to stop it. The logger says it once at
    /// start, refuses a new member or exercise at once with it, before any
    /// number is typed, and says its history shows only the kept sets.
    var serverAway: LogbookError? { get }

    // MARK: Programs at the rack

    /// The gym's own programs (`topweight programs import`), by name.
    func storedPrograms() throws(LogbookError) -> [StoredProgram]
    /// Adds or replaces (same name) a gym's program; true when it replaced one.
    func saveProgram(_ program: StoredProgram, now: Date) throws(LogbookError) -> Bool
    /// Removes a gym's program; false when there was none of that name.
    func removeProgram(named name: String) throws(LogbookError) -> Bool
    /// The member's program and where they are in it, if any.
    func assignment(userID: Int64) throws(LogbookError) -> ProgramAssignment?
    /// Assigns a program (replacing any), or takes it off with `nil`.
    func setAssignment(_ assignment: ProgramAssignment?, userID: Int64) throws(LogbookError)
    /// Moves a member's program on from `expected` to `next`, only if it is
    /// still `expected` (another terminal may have moved it): false if not.
    func advanceAssignment(userID: Int64, from expected: ProgramAssignment, to next: ProgramAssignment) throws(LogbookError) -> Bool
    /// Every member on a program, by name.
    func assignments() throws(LogbookError) -> [(user: User, assignment: ProgramAssignment)]
}

extension Logbook {
    public var savingFault: LogbookError? { nil }
    public var serverAway: LogbookError? { nil }

    public func renameExercise(_ exercise: Exercise, to newName: String) throws(LogbookError) -> Exercise {
        try renameExercise(exercise, to: newName, category: nil)
    }

    /// Removes a member with no records at all, tombstones included.
    public func removeUser(_ user: User) throws(LogbookError) {
        try removeUser(user, withDeleted: false)
    }

    public func createUser(named name: String) throws(LogbookError) -> User {
        try createUser(named: name, now: Date())
    }

    public func createExercise(named name: String, category: String? = nil, kind: ExerciseKind = .weight) throws(LogbookError) -> Exercise {
        try createExercise(named: name, category: category, kind: kind, now: Date())
    }

    public func createExercise(named name: String, category: String?, now: Date) throws(LogbookError) -> Exercise {
        try createExercise(named: name, category: category, kind: .weight, now: now)
    }

    public func save(_ record: NewRecord) throws(LogbookError) -> Int64 {
        try save(record, now: Date())
    }

    @discardableResult
    public func deleteRecord(id: Int64) throws(LogbookError) -> Bool {
        try deleteRecord(id: id, now: Date())
    }

    public func checkAdminPin(_ pin: String) throws(LogbookError) -> PinVerdict {
        try checkAdminPin(pin, now: Date())
    }

    /// Every record matching `query`, newest first.
    public func history(_ query: HistoryQuery) throws(LogbookError) -> [WorkoutRecord] {
        var records: [WorkoutRecord] = []
        try forEachRecord(query) { records.append($0) }
        return records
    }
}

/// What a real storage engine offers beyond the flow's `Logbook`: bulk
/// loading, moving everything between databases, and maintenance. Both the
/// SQLite file and PostgreSQL implement it; the command line works on it.
public protocol StorageEngine: Logbook {
    /// Where the data lives, fit to show (a path, or a URL without its password).
    var location: String { get }

    /// How many live records the database holds.
    func recordCount() throws(LogbookError) -> Int
    /// Finds or creates each named member, in order, in one transaction.
    func findOrCreateUsers(named names: [String], now: Date) throws(LogbookError) -> [User]
    /// Finds or creates each named exercise, in order, in one transaction;
    /// a category is set only on exercises created here.
    func findOrCreateExercises(_ entries: [ExerciseEntry], now: Date) throws(LogbookError) -> [Exercise]
    /// Inserts the records `next` hands out until it returns `nil`, in
    /// transactions of `batchSize`; returns how many were inserted.
    func insertRecords(batchSize: Int, _ next: () -> BulkRecord?) throws(LogbookError) -> Int

    /// Every member with what is known of them (`StoredMember`), by name.
    func storedMembers() throws(LogbookError) -> [StoredMember]
    /// Up to `limit` records (live and deleted) with an id above `id`, by id.
    func storedRecords(after id: Int64, limit: Int) throws(LogbookError) -> [StoredRecord]
    /// Adds the records whose `uid` is not here yet, creating their members
    /// and exercises by name, in one transaction; returns how many were new.
    func adoptRecords(_ records: [StoredRecord], now: Date) throws(LogbookError) -> Int
    /// Every stored setting (the admin PIN's hash, …) except wrong-PIN counters.
    func settings() throws(LogbookError) -> [(key: String, value: String)]
    /// Stores the settings this database does not have yet; returns how many.
    func adoptSettings(_ settings: [(key: String, value: String)]) throws(LogbookError) -> Int
    /// Every member's kept days (note and routine), by member and day.
    func storedSessions() throws(LogbookError) -> [StoredSession]
    /// Adds the sessions whose member has no row for that day here yet,
    /// creating members by name; a day already kept here is left as it is.
    /// Returns how many were new.
    func adoptSessions(_ sessions: [StoredSession], now: Date) throws(LogbookError) -> Int
    /// Adds `text` to the note of that member's day (after what is there, a
    /// blank line between) unless the note already holds it as whole
    /// paragraphs, in one statement: imports of one file run at once write it
    /// once. Returns whether it was added.
    func adoptNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError) -> Bool
    /// Stores the routines whose name this database does not have yet
    /// (one it has is left as it is); returns how many.
    func adoptRoutines(_ routines: [Routine], now: Date) throws(LogbookError) -> Int
    /// Up to `limit` body-weight measurements with an id above `id`, by id.
    func storedBodyWeights(after id: Int64, limit: Int) throws(LogbookError) -> [StoredBodyWeight]
    /// Adds the measurements whose `uid` is not here yet, creating their
    /// members by name, in one transaction; returns how many were new.
    func adoptBodyWeights(_ measurements: [StoredBodyWeight], now: Date) throws(LogbookError) -> Int

    /// A watch on the database that wakes when any terminal, in any process,
    /// commits a change: what keeps the board live with one query a change.
    func changes() throws(LogbookError) -> any LogbookChanges

    /// Forgets wrong PIN attempts and any wait (`topweight admin unlock`).
    func clearPinLockout() throws(LogbookError)
}

extension StorageEngine {
    public func findOrCreateUsers(named names: [String]) throws(LogbookError) -> [User] {
        try findOrCreateUsers(named: names, now: Date())
    }

    public func findOrCreateExercises(_ entries: [ExerciseEntry]) throws(LogbookError) -> [Exercise] {
        try findOrCreateExercises(entries, now: Date())
    }

    public func insertRecords(_ next: () -> BulkRecord?) throws(LogbookError) -> Int {
        try insertRecords(batchSize: 10_000, next)
    }
}
