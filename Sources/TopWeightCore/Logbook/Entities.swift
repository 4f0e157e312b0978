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

    public init(id: Int64, name: String, category: String?) {
        self.id = id
        self.name = name
        self.category = category
    }
}

/// A set about to be saved: who, what, the numbers and when.
public struct NewRecord: Sendable, Hashable {
    public var user: User
    public var exercise: Exercise
    public var values: SetValues
    public var performedAt: Date

    public init(user: User, exercise: Exercise, values: SetValues, performedAt: Date) {
        self.user = user
        self.exercise = exercise
        self.values = values
        self.performedAt = performedAt
    }
}

/// One line of `topweight users`: a member and how much they logged.
public struct UserSummary: Sendable, Hashable {
    public var user: User
    public var records: Int
    public var lastPerformedAt: Date?

    public init(user: User, records: Int, lastPerformedAt: Date?) {
        self.user = user
        self.records = records
        self.lastPerformedAt = lastPerformedAt
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
    public var records: Int

    public init(id: Int64?, name: String, category: String?, records: Int) {
        self.id = id
        self.name = name
        self.category = category
        self.records = records
    }
}
