import Foundation

/// A member known to the database.
public struct User: Sendable, Hashable {
    public var id: Int64
    public var name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// An exercise known to the database.
public struct Exercise: Sendable, Hashable {
    public var id: Int64
    public var name: String
    public var category: String?
    /// What its sets measure: the prompts and the one-line entry follow it.
    public var kind: ExerciseKind

    public init(id: Int64, name: String, category: String?, kind: ExerciseKind = .weight) {
        self.id = id
        self.name = name
        self.category = category
        self.kind = kind
    }

    /// The id of an exercise chosen but not stored yet: a new name or a
    /// catalog lift becomes a row only with its first saved set.
    public static let unsavedID: Int64 = 0

    /// An exercise chosen by name that has no row yet.
    public static func unsaved(named name: String, category: String?, kind: ExerciseKind = .weight) -> Exercise {
        Exercise(id: unsavedID, name: name, category: category, kind: kind)
    }

    /// True once the exercise has its row (engines number rows from 1).
    public var isStored: Bool { id != Self.unsavedID }
}

/// An exercise to find, or to create with its category and kind.
public typealias ExerciseEntry = (name: String, category: String?, kind: ExerciseKind)

/// A set about to be saved: who, what, the numbers and when.
public struct NewRecord: Sendable, Hashable {
    public var user: User
    public var exercise: Exercise
    public var values: SetValues
    public var performedAt: Date
    /// The record's stable id, chosen before the first attempt: saving the
    /// same `NewRecord` again (a retry after the server went away before it
    /// answered) finds the row already there instead of adding a second one.
    public var uid: String
    /// A warm-up, drop or failure set (from imports); `nil` for a working set.
    public var kind: SetKind?

    public init(user: User, exercise: Exercise, values: SetValues, performedAt: Date, uid: String = RecordUID.make(at: Date()),
                kind: SetKind? = nil) {
        self.user = user
        self.exercise = exercise
        self.values = values
        self.performedAt = performedAt
        self.uid = uid
        self.kind = kind
    }
}

/// One line of `topweight users`: a member and how much they logged.
public struct UserSummary: Sendable, Hashable {
    public var user: User
    public var records: Int
    public var lastPerformedAt: Date?
    /// Kept off the gym's board (`users private`, `:private on`).
    public var isPrivate: Bool

    public init(user: User, records: Int, lastPerformedAt: Date?, isPrivate: Bool = false) {
        self.user = user
        self.records = records
        self.lastPerformedAt = lastPerformedAt
        self.isPrivate = isPrivate
    }
}

/// One line of `topweight exercises`.
public struct ExerciseSummary: Sendable, Hashable {
    public var exercise: Exercise
    public var records: Int

    public init(exercise: Exercise, records: Int) {
        self.exercise = exercise
        self.records = records
    }
}

/// Which records a history query returns, and how many.
public struct HistoryQuery: Sendable {
    public var userID: Int64?
    public var exerciseID: Int64?
    /// Only records performed at or after this instant.
    public var since: Date?
    /// Only records performed before this instant.
    public var until: Date?
    /// Keyset cursor: only records strictly older than this (performedAt, id).
    public var before: (performedAt: Date, id: Int64)?
    /// At most this many; `nil` for all.
    public var limit: Int?
    /// Tombstones (deleted records) instead of live ones.
    public var deleted = false

    public init(userID: Int64? = nil, exerciseID: Int64? = nil, since: Date? = nil, limit: Int? = nil) {
        self.userID = userID
        self.exerciseID = exerciseID
        self.since = since
        self.limit = limit
    }
}

/// What `topweight check` reports.
public struct StoreHealth: Sendable {
    public var integrity: String
    public var schemaVersion: String
    public var knownMigrations: Int
    public var appliedMigrations: Int
    public var users: Int
    public var exercises: Int
    public var records: Int
    /// Deleted records kept as tombstones (`topweight restore` brings one back).
    public var tombstones: Int
    /// Records whose stored numbers Top Weight could not have written (another tool's edit).
    public var recordsOutOfRange: [Int64]
    public var journalMode: String
    /// Why no set can be saved (the disk is full, the file read-only), when the database can only be read.
    public var savingFault: LogbookError?

    public init(integrity: String, schemaVersion: String, knownMigrations: Int, appliedMigrations: Int,
                users: Int, exercises: Int, records: Int, tombstones: Int = 0, recordsOutOfRange: [Int64], journalMode: String) {
        self.integrity = integrity
        self.schemaVersion = schemaVersion
        self.knownMigrations = knownMigrations
        self.appliedMigrations = appliedMigrations
        self.users = users
        self.exercises = exercises
        self.records = records
        self.tombstones = tombstones
        self.recordsOutOfRange = recordsOutOfRange
        self.journalMode = journalMode
    }
}

/// An exercise as listed: a stored one (with its id) or a catalog entry nobody used yet.
public struct ExerciseRow: Sendable, Hashable {
    public var id: Int64?
    public var name: String
    public var category: String?
    /// What the lift needs and the muscle group it trains, as the catalog
    /// says (for a stored exercise, the catalog entry of its name).
    public var equipment: String?
    public var muscle: String?
    public var records: Int
    /// What its sets measure.
    public var kind: ExerciseKind

    public init(id: Int64?, name: String, category: String?, equipment: String? = nil, muscle: String? = nil, records: Int,
                kind: ExerciseKind = .weight) {
        self.kind = kind
        self.id = id
        self.name = name
        self.category = category
        self.equipment = equipment
        self.muscle = muscle
        self.records = records
    }
}

/// One record for bulk loading (`topweight demo`, the benchmarks' fixtures):
/// who and what already resolved to ids.
public struct BulkRecord: Sendable, Hashable {
    public var userID: Int64
    public var exerciseID: Int64
    public var values: SetValues
    public var performedAt: Date
    public var createdAt: Date

    public init(userID: Int64, exerciseID: Int64, values: SetValues, performedAt: Date, createdAt: Date) {
        self.userID = userID
        self.exerciseID = exerciseID
        self.values = values
        self.performedAt = performedAt
        self.createdAt = createdAt
    }
}

/// A record as it travels between databases (`topweight copy`): everything
/// stored about it, with names instead of one database's ids.
public struct StoredRecord: Sendable, Hashable {
    /// The id in the database it was read from (paging only; never copied).
    public var id: Int64
    public var uid: String
    public var user: String
    public var exercise: String
    public var category: String?
    public var values: SetValues
    public var performedAt: Date
    public var createdAt: Date
    public var editedAt: Date?
    public var deletedAt: Date?
    public var kind: SetKind?
    /// The kind its exercise gets if it is created for this record; `nil`:
    /// what the record measures.
    public var exerciseKind: ExerciseKind?
    /// Its place in a superset (`A1`), when it was one's.
    public var superset: String?
    /// The coach who logged it for its member at a kiosk, by name (`adoptCoachMarks`).
    public var coach: String?
    /// The app it was imported from, with that app's names (`RecordSource`).
    public var source: RecordSource?

    public init(id: Int64, uid: String, user: String, exercise: String, category: String?, values: SetValues,
                performedAt: Date, createdAt: Date, editedAt: Date?, deletedAt: Date?, kind: SetKind? = nil,
                exerciseKind: ExerciseKind? = nil, superset: String? = nil, coach: String? = nil, source: RecordSource? = nil) {
        self.kind = kind
        self.source = source
        self.coach = coach
        self.superset = superset
        self.exerciseKind = exerciseKind
        self.id = id
        self.uid = uid
        self.user = user
        self.exercise = exercise
        self.category = category
        self.values = values
        self.performedAt = performedAt
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.deletedAt = deletedAt
    }
}

/// A member's day as kept beside its sets (its note and routine), as it
/// travels between databases (`topweight copy`): the member by name.
public struct StoredSession: Sendable, Hashable {
    public var user: String
    public var day: LocalDay
    public var note: String?
    public var routine: String?
    /// The program's day the routine was (`week 2 day 1`), if it was one.
    public var programDay: String?
    public var editedAt: Date

    public init(user: String, day: LocalDay, note: String?, routine: String?, programDay: String? = nil, editedAt: Date) {
        self.user = user
        self.day = day
        self.note = note
        self.routine = routine
        self.programDay = programDay
        self.editedAt = editedAt
    }
}

/// A body-weight measurement as it travels between databases (`topweight
/// copy`): the member by name, matched by `uid` so a second copy adds nothing.
public struct StoredBodyWeight: Sendable, Hashable {
    /// The id in the database it was read from (paging only; never copied).
    public var id: Int64
    public var uid: String
    public var user: String
    public var weight: Weight
    public var measuredAt: Date
    public var createdAt: Date

    public init(id: Int64, uid: String, user: String, weight: Weight, measuredAt: Date, createdAt: Date) {
        self.id = id
        self.uid = uid
        self.user = user
        self.weight = weight
        self.measuredAt = measuredAt
        self.createdAt = createdAt
    }
}
