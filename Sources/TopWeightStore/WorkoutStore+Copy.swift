import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - Moving everything to another database (`topweight copy`)

extension WorkoutStore {
    public func storedMembers() throws(LogbookError) -> [StoredMember] {
        // Read before the read below: GRDB's reads are not reentrant.
        let teams = try teamsByMember()
        return try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT u.id, u.name, u.isPrivate, a.pin, a.card, a.coach FROM user u LEFT JOIN memberAccess a ON a.userId = u.id ORDER BY u.nameKey
                    """).compactMap { row in
                    String.fromDatabaseValue(row["name"]).map {
                        StoredMember(name: $0, isPrivate: Bool.fromDatabaseValue(row["isPrivate"]) ?? false, pin: row["pin"], card: row["card"],
                                     isCoach: (Int64.fromDatabaseValue(row["coach"]) ?? 0) == 1,
                                     teams: Int64.fromDatabaseValue(row["id"]).flatMap { teams[$0] } ?? [])
                    }
                }
            }
        }
    }

    public func storedRecords(after id: Int64, limit: Int) throws(LogbookError) -> [StoredRecord] {
        try perform {
            try writer.read { db in
                let sql = """
                    SELECT r.id, r.uid, u.name AS user, e.name AS exercise, e.category, e.kind AS exerciseKind,
                           r.weight, r.unit, r.reps, r.series, r.performedAt, r.createdAt, r.editedAt, r.deletedAt, r.kind, r.superset,
                           \(StoredValues.kindColumnsSQL("r.")), cu.name AS coach, \(Self.sourceColumnsSQL), r.userId, r.exerciseId
                    FROM record r JOIN user u ON u.id = r.userId JOIN exercise e ON e.id = r.exerciseId
                    LEFT JOIN recordCoach c ON c.recordId = r.id LEFT JOIN user cu ON cu.id = c.coachId
                    LEFT JOIN recordSource s ON s.recordId = r.id
                    WHERE r.id > ? ORDER BY r.id LIMIT ?
                    """
                let statement = try db.cachedStatement(sql: sql)
                let rows = try Row.fetchCursor(statement, arguments: [id, limit])
                // Columns by their place in the SELECT above, read from the statement's row as it stands:
                // a million rows are read with no `Row` value asked for each column.
                let sqlite = statement.sqliteStatement
                func column(_ index: Int) -> DatabaseValue { DatabaseValue(sqliteStatement: sqlite, index: CInt(index)) }
                // A member's and an exercise's names are read once a page, not once a record.
                var users: [Int64: String] = [:]
                var exercises: [Int64: (name: String, category: String?, kind: ExerciseKind)] = [:]
                var found: [StoredRecord] = []
                found.reserveCapacity(min(limit, 10_000))
                while try rows.next() != nil {
                    // Rows another tool damaged are not carried over (`check` lists them).
                    guard let id = Int64.fromDatabaseValue(column(0)), let uid = String.fromDatabaseValue(column(1)),
                          let user = Self.once(Int64.fromDatabaseValue(column(28)), in: &users, { String.fromDatabaseValue(column(2)) }),
                          let exercise = Self.once(Int64.fromDatabaseValue(column(29)), in: &exercises, {
                              String.fromDatabaseValue(column(3)).map {
                                  ($0, String.fromDatabaseValue(column(4)), String.fromDatabaseValue(column(5)).flatMap(ExerciseKind.init(rawValue:)) ?? .weight)
                              }
                          })
                    else { continue }
                    guard let values = StoredValues.decode(numbers: 6, kinds: 16, column), let performedAt = StoredValues.date(column(10)),
                          let createdAt = StoredValues.date(column(11))
                    else { continue }
                    found.append(StoredRecord(
                        id: id, uid: uid, user: user, exercise: exercise.name, category: exercise.category,
                        values: values, performedAt: performedAt, createdAt: createdAt,
                        editedAt: StoredValues.date(column(12)), deletedAt: StoredValues.date(column(13)),
                        kind: String.fromDatabaseValue(column(14)).flatMap(SetKind.init(rawValue:)),
                        exerciseKind: exercise.kind,
                        superset: Supersets.label(String.fromDatabaseValue(column(15))),
                        coach: String.fromDatabaseValue(column(22)), source: Self.source(at: 23, column)
                    ))
                }
                return found
            }
        }
    }

    /// What `read` reads for `key`, read once: kept in `known` (`key` a row's
    /// member or exercise, the same all through one read), and read each
    /// time for a row without one.
    private static func once<Value>(_ key: Int64?, in known: inout [Int64: Value], _ read: () -> Value?) -> Value? {
        guard let key else { return read() }
        if let value = known[key] { return value }
        let value = read()
        if let value { known[key] = value }
        return value
    }

    public func adoptRecords(_ records: [StoredRecord], now: Date) throws(LogbookError) -> Int {
        guard !records.isEmpty else { return 0 }
        let users = try findOrCreateUsers(named: Self.distinct(records.map(\.user)), now: now)
        var exerciseEntries: [ExerciseEntry] = []
        var seen = Set<String>()
        for record in records where seen.insert(NameRules.key(record.exercise)).inserted {
            exerciseEntries.append((record.exercise, record.category, record.exerciseKind ?? record.values.measure))
        }
        let exercises = try findOrCreateExercises(exerciseEntries, now: now)
        let userIDs = Dictionary(users.map { (NameRules.key($0.name), $0.id) }, uniquingKeysWith: { first, _ in first })
        let exerciseIDs = Dictionary(exercises.map { (NameRules.key($0.name), $0.id) }, uniquingKeysWith: { first, _ in first })
        return try perform {
            try writer.write { db in
                let insert = try db.cachedStatement(sql: """
                    INSERT INTO record (id, uid, userId, exerciseId, weight, unit, reps, series, performedAt, createdAt, editedAt, deletedAt,
                                        kind, measure, assisted, seconds, distance, distanceUnit, rpe, superset)
                    VALUES (\(Schema.RecordIDs.next), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING
                    """)
                let kept = try db.cachedStatement(sql: Schema.Best.keptSQL)
                var added = 0
                for record in records {
                    guard let user = userIDs[NameRules.key(record.user)], let exercise = exerciseIDs[NameRules.key(record.exercise)] else { continue }
                    guard record.values.isWellFormed else {
                        throw LogbookError(.other, "refused a set that is not one of its kind: \(record.values.description)")
                    }
                    let more = StoredRange.kindColumns(record.values)
                    try insert.execute(arguments: [
                        record.uid, user, exercise, record.values.weight.value, record.values.weight.unit.rawValue,
                        record.values.reps, record.values.series, Self.milliseconds(record.performedAt),
                        Self.milliseconds(record.createdAt), record.editedAt.map(Self.milliseconds), record.deletedAt.map(Self.milliseconds),
                        record.kind?.rawValue, more.measure, more.assisted, more.seconds, more.distance, more.distanceUnit, more.rpe,
                        Supersets.label(record.superset),
                    ])
                    guard db.changesCount > 0 else { continue }
                    added += 1
                    try kept.execute(arguments: [db.lastInsertedRowID])
                }
                try Self.adoptSources(records, db)
                try Schema.Tally.fold(db)
                return added
            }
        }
    }

    public func settings() throws(LogbookError) -> [(key: String, value: String)] {
        try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: "SELECT key, value FROM setting WHERE key NOT IN (?, ?, ?) ORDER BY key",
                                 arguments: [AdminPin.failuresKey, AdminPin.lockedUntilKey, MemberCard.key])
                    .compactMap { row in
                        guard let key = String.fromDatabaseValue(row["key"]), let value = String.fromDatabaseValue(row["value"]) else { return nil }
                        return (key, value)
                    }
            }
        }
    }

    public func adoptSettings(_ settings: [(key: String, value: String)]) throws(LogbookError) -> Int {
        try perform {
            try writer.write { db in
                var added = 0
                for setting in settings where ![AdminPin.failuresKey, AdminPin.lockedUntilKey, MemberCard.key].contains(setting.key) {
                    try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                                   arguments: [setting.key, setting.value])
                    added += db.changesCount
                }
                return added
            }
        }
    }

    public func storedSessions() throws(LogbookError) -> [StoredSession] {
        try perform {
            try writer.read { db in
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT u.name AS user, s.day, s.note, s.routine, s.programDay, s.editedAt
                    FROM session s JOIN user u ON u.id = s.userId ORDER BY s.userId, s.day
                    """)
                var found: [StoredSession] = []
                while let row = try rows.next() {
                    // Rows another tool damaged are not carried over.
                    guard let user = String.fromDatabaseValue(row["user"]),
                          let day = String.fromDatabaseValue(row["day"]).flatMap(LocalDay.init(parsing:)),
                          let editedAt = StoredValues.date(row["editedAt"])
                    else { continue }
                    found.append(StoredSession(user: user, day: day, note: String.fromDatabaseValue(row["note"]),
                                               routine: String.fromDatabaseValue(row["routine"]),
                                               programDay: String.fromDatabaseValue(row["programDay"]), editedAt: editedAt))
                }
                return found
            }
        }
    }

    public func adoptSessions(_ sessions: [StoredSession], now: Date) throws(LogbookError) -> Int {
        guard !sessions.isEmpty else { return 0 }
        let users = try findOrCreateUsers(named: Self.distinct(sessions.map(\.user)), now: now)
        let userIDs = Dictionary(users.map { (NameRules.key($0.name), $0.id) }, uniquingKeysWith: { first, _ in first })
        return try perform {
            try writer.write { db in
                let insert = try db.cachedStatement(sql: """
                    INSERT INTO session (userId, day, note, routine, programDay, editedAt) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (userId, day) DO NOTHING
                    """)
                var added = 0
                for session in sessions {
                    guard let user = userIDs[NameRules.key(session.user)] else { continue }
                    try insert.execute(arguments: [user, session.day.description, session.note, session.routine,
                                                   session.programDay, Self.milliseconds(session.editedAt)])
                    added += db.changesCount
                }
                return added
            }
        }
    }

    public func adoptRoutines(_ routines: [Routine], now: Date) throws(LogbookError) -> Int {
        try perform {
            try writer.write { db in
                let insert = try db.cachedStatement(sql: """
                    INSERT INTO routine (name, nameKey, exercises, createdAt) VALUES (?, ?, ?, ?) ON CONFLICT (nameKey) DO NOTHING
                    """)
                var added = 0
                for routine in routines {
                    try insert.execute(arguments: [routine.name, NameRules.key(routine.name), routine.storedExercises, Self.milliseconds(now)])
                    added += db.changesCount
                }
                return added
            }
        }
    }

    /// The names once each (by `NameRules.key`), first spelling first.
    static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert(NameRules.key($0)).inserted }
    }
}
