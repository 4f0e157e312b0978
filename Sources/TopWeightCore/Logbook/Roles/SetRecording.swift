import Foundation

/// Recording sets: what the logger and `add` do at the rack. Saving (with
/// the bests a new set is measured against), undoing, restoring and editing
/// one set, reading sets back, and the defaults the prompts offer.
///
/// Synchronous on purpose (see `Logbook`); every failure is a `LogbookError`.
public protocol SetRecording: AnyObject, Sendable {
    /// Saves one set in its own transaction and returns its id.
    func save(_ record: NewRecord, now: Date) throws(LogbookError) -> Int64
    /// Saves one set as `save` does and, in the same step (one transaction,
    /// one round trip to a server), finds the bests it is measured against as
    /// `TrainingTotals.bests` does with the set left out; none for a warm-up.
    /// A set of another kind is measured against its own kind's sets instead
    /// (`ExerciseBests`' bodyweight, time and distance bests). The logger's
    /// save: a personal-record check that costs no second trip.
    func saveMeasured(_ record: NewRecord, now: Date) throws(LogbookError) -> (id: Int64, bests: ExerciseBests)
    /// Deletes one record by leaving a tombstone (nothing is erased); `false`
    /// when there is no live record with that id, or (`uid` given) when the
    /// record with that id is not the one shown: only that record is changed.
    func deleteRecord(id: Int64, uid: String?, now: Date) throws(LogbookError) -> Bool
    /// Brings a deleted record back; `false` when there is no tombstone with
    /// that id (and, `uid` given, that uid).
    func restoreRecord(id: Int64, uid: String?) throws(LogbookError) -> Bool
    /// One record by id, live or deleted (`deletedAt` tells).
    func record(id: Int64) throws(LogbookError) -> WorkoutRecord?
    /// Records matching `query`, newest first, one at a time.
    func forEachRecord(_ query: HistoryQuery, _ body: (WorkoutRecord) throws -> Void) throws(LogbookError)
    /// Changes a live record's exercise and numbers and stamps `editedAt`;
    /// `false` when there is no live record with that id (and, `uid` given, that uid).
    func editRecord(id: Int64, uid: String?, exercise: Exercise, values: SetValues, now: Date) throws(LogbookError) -> Bool

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

    /// Why no set can be saved now, as far as the engine knows without trying
    /// one (a full disk or a read-only file met at start, while reads work);
    /// `nil` when nothing is known to stop a save.
    var savingFault: LogbookError? { get }
    /// Why the database's server can't be reached, as the last call that
    /// tried it (or the start) found: sets are saved on this terminal
    /// meanwhile, to wait there (`WorkoutRecord.isKept`). `nil` when nothing
    /// is known to stop it (always, for a file). The logger says it once at
    /// start, refuses a new member or exercise at once with it, before any
    /// number is typed, and says its history shows only the sets that wait.
    var unreachable: LogbookError? { get }
}

extension SetRecording {
    public var savingFault: LogbookError? { nil }
    public var unreachable: LogbookError? { nil }

    public func save(_ record: NewRecord) throws(LogbookError) -> Int64 {
        try save(record, now: Date())
    }

    @discardableResult
    public func deleteRecord(id: Int64) throws(LogbookError) -> Bool {
        try deleteRecord(id: id, uid: nil, now: Date())
    }

    /// Deletes the record with that id, whichever it is.
    @discardableResult
    public func deleteRecord(id: Int64, now: Date) throws(LogbookError) -> Bool {
        try deleteRecord(id: id, uid: nil, now: now)
    }

    /// Brings back the tombstone with that id, whichever it is.
    public func restoreRecord(id: Int64) throws(LogbookError) -> Bool {
        try restoreRecord(id: id, uid: nil)
    }

    /// Changes the live record with that id, whichever it is.
    public func editRecord(id: Int64, exercise: Exercise, values: SetValues, now: Date) throws(LogbookError) -> Bool {
        try editRecord(id: id, uid: nil, exercise: exercise, values: values, now: now)
    }

    /// Every record matching `query`, newest first.
    public func history(_ query: HistoryQuery) throws(LogbookError) -> [WorkoutRecord] {
        var records: [WorkoutRecord] = []
        try forEachRecord(query) { records.append($0) }
        return records
    }
}
