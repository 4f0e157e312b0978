import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Saving, deleting, restoring, reading records

extension PostgresLogbook {
    /// One round trip: the insert, or (a retry of a save the server already
    /// committed) the row with the same uid.
    public func save(_ record: NewRecord, now: Date) throws(LogbookError) -> Int64 {
        let values = record.values
        let rows = try link.query("""
            WITH inserted AS (
                INSERT INTO record (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat, kind)
                VALUES (\(record.uid), \(record.user.id), \(record.exercise.id), \(values.weight.value), \(values.weight.unit.rawValue),
                        \(values.reps), \(values.series), \(Self.milliseconds(record.performedAt)), \(Self.milliseconds(now)),
                        \(record.kind?.rawValue))
                ON CONFLICT (uid) DO NOTHING RETURNING id
            )
            SELECT id FROM inserted UNION ALL SELECT id FROM record WHERE uid = \(record.uid)
            """)
        guard let row = rows.first else { throw LogbookError(.other, "the server did not return the saved record's id") }
        return try Self.decode(row, as: Int64.self)
    }

    public func deleteRecord(id: Int64, now: Date) throws(LogbookError) -> Bool {
        let result = try link.query("UPDATE record SET deletedat = \(Self.milliseconds(now)) WHERE id = \(id) AND deletedat IS NULL")
        return (result.metadata.rows ?? 0) > 0
    }

    public func restoreRecord(id: Int64) throws(LogbookError) -> Bool {
        let result = try link.query("UPDATE record SET deletedat = NULL WHERE id = \(id) AND deletedat IS NOT NULL")
        return (result.metadata.rows ?? 0) > 0
    }

    public func record(id: Int64) throws(LogbookError) -> WorkoutRecord? {
        let rows = try link.query(PostgresQuery(unsafeSQL: Self.recordSelectSQL + " WHERE r.id = $1", binds: Self.binds(id)))
        return try rows.first.flatMap { row throws(LogbookError) in try Self.workoutRecord(from: row) }
    }

    /// Pages of `pageSize` through the keyset cursor, so a million records
    /// stream without being held at once.
    public func forEachRecord(_ query: HistoryQuery, _ body: (WorkoutRecord) throws -> Void) throws(LogbookError) {
        let pageSize = 2_000
        var page = query
        var remaining = query.limit
        while remaining.map({ $0 > 0 }) ?? true {
            page.limit = min(pageSize, remaining ?? pageSize)
            let rows = try link.query(Self.historySQL(page))
            var last: (Date, Int64)?
            for row in rows {
                let (id, performedAt) = try Self.decode(row, as: (Int64, Int64).self)
                last = (Date(timeIntervalSince1970: Double(performedAt) / 1000), id)
                guard let record = try Self.workoutRecord(from: row) else { continue }
                do {
                    try body(record)
                } catch let error as LogbookError {
                    throw error
                } catch {
                    throw LogbookError(.other, "\(error)")
                }
            }
            remaining = remaining.map { $0 - rows.count }
            guard rows.count == page.limit, let last else { return }
            page.before = (performedAt: last.0, id: last.1)
        }
    }

    /// The columns `workoutRecord(from:)` reads: id and performedAt first.
    static let recordSelectSQL = """
        SELECT r.id, r.performedat, u.name, e.name, r.weight, r.unit, r.reps, r.series, r.uid, r.deletedat, r.kind
        FROM record r JOIN "user" u ON u.id = r.userid JOIN exercise e ON e.id = r.exerciseid
        """

    /// A record, or `nil` when a stored value is outside what Top Weight writes.
    static func workoutRecord(from row: PostgresRow) throws(LogbookError) -> WorkoutRecord? {
        let (id, performedAt, user, exercise, weight, unit, reps, series, uid, deletedAt, kind) =
            try decode(row, as: (Int64, Int64, String, String, Double, String, Int, Int, String, Int64?, String?).self)
        guard let values = StoredRange.values(weight: weight, unit: unit, reps: reps, series: series),
              let performed = StoredRange.date(milliseconds: performedAt) else { return nil }
        return WorkoutRecord(id: id, user: user, exercise: exercise, values: values, performedAt: performed,
                             uid: uid, deletedAt: deletedAt.flatMap(StoredRange.date(milliseconds:)),
                             kind: kind.flatMap(SetKind.init(rawValue:)))
    }

    static func historySQL(_ query: HistoryQuery) -> PostgresQuery {
        var conditions = [query.deleted ? "r.deletedat IS NOT NULL" : "r.deletedat IS NULL"]
        var binds = PostgresBindings()
        func bind(_ value: Int64) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        if let user = query.userID { conditions.append("r.userid = \(bind(user))") }
        if let exercise = query.exerciseID { conditions.append("r.exerciseid = \(bind(exercise))") }
        if let since = query.since { conditions.append("r.performedat >= \(bind(milliseconds(since)))") }
        if let until = query.until { conditions.append("r.performedat < \(bind(milliseconds(until)))") }
        if let before = query.before {
            conditions.append("(r.performedat, r.id) < (\(bind(milliseconds(before.performedAt))), \(bind(before.id)))")
        }
        var sql = recordSelectSQL + " WHERE " + conditions.joined(separator: " AND ") + " ORDER BY r.performedat DESC, r.id DESC"
        if let limit = query.limit { sql += " LIMIT \(bind(Int64(limit)))" }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }
}

// MARK: - Last-used defaults

extension PostgresLogbook {
    public func lastUsedUser() throws(LogbookError) -> User? {
        let rows = try link.query("""
            SELECT u.id, u.name FROM "user" u
            WHERE u.id = (SELECT userid FROM record WHERE deletedat IS NULL ORDER BY id DESC LIMIT 1)
            """)
        return try rows.first.map { row throws(LogbookError) in
            let (id, name) = try Self.decode(row, as: (Int64, String).self)
            return User(id: id, name: name)
        }
    }

    public func lastExercise(of user: User) throws(LogbookError) -> Exercise? {
        let rows = try link.query("""
            SELECT e.id, e.name, e.category FROM exercise e
            WHERE e.id = (SELECT exerciseid FROM record WHERE userid = \(user.id) AND deletedat IS NULL ORDER BY id DESC LIMIT 1)
            """)
        return try rows.first.map { row throws(LogbookError) in
            let (id, name, category) = try Self.decode(row, as: (Int64, String, String?).self)
            return Exercise(id: id, name: name, category: category)
        }
    }

    public func lastValues(of user: User, for exercise: Exercise) throws(LogbookError) -> SetValues? {
        let rows = try link.query("""
            SELECT weight, unit, reps, series FROM record
            WHERE userid = \(user.id) AND exerciseid = \(exercise.id) AND deletedat IS NULL ORDER BY id DESC LIMIT 1
            """)
        guard let row = rows.first else { return nil }
        let (weight, unit, reps, series) = try Self.decode(row, as: (Double, String, Int, Int).self)
        return StoredRange.values(weight: weight, unit: unit, reps: reps, series: series)
    }

    public func recentExercises(of user: User, limit: Int) throws(LogbookError) -> [Exercise] {
        // The member's newest sets through the (userid, performedat) index; a
        // few hundred rows name their exercises, the most used first, each once.
        let rows = try link.query("""
            SELECT e.id, e.name, e.category FROM (
                SELECT exerciseid, COUNT(*) AS uses, MAX(performedat) AS latest FROM (
                    SELECT exerciseid, performedat FROM record
                    WHERE userid = \(user.id) AND deletedat IS NULL ORDER BY performedat DESC LIMIT 500
                ) newest GROUP BY exerciseid
            ) recent JOIN exercise e ON e.id = recent.exerciseid
            ORDER BY recent.uses DESC, recent.latest DESC, e.id LIMIT \(limit)
            """)
        var found: [Exercise] = []
        for row in rows {
            let (id, name, category) = try Self.decode(row, as: (Int64, String, String?).self)
            found.append(Exercise(id: id, name: name, category: category))
        }
        return found
    }
}
