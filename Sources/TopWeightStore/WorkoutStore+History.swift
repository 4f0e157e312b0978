import Foundation
import GRDB
import TopWeightCore

// MARK: - History: every read of records goes through `historySQL`

extension WorkoutStore {
    /// Streams records matching `query`, newest first, without holding them all.
    public func forEachRecord(_ query: HistoryQuery, _ body: (WorkoutRecord) throws -> Void) throws(LogbookError) {
        let (sql, arguments) = Self.historySQL(query)
        try perform {
            try writer.read { db in
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
                while let row = try rows.next() {
                    // A row another tool wrote out of range is left out, never trapped on.
                    if let record = Self.workoutRecord(from: row) { try body(record) }
                }
            }
        }
    }

    /// The columns `workoutRecord(from:)` reads, with the names joined in,
    /// in the order it reads them by place.
    static let recordSelectSQL = """
        SELECT r.id, u.name AS user, e.name AS exercise, r.weight, r.unit, r.reps, r.series, r.performedAt, r.uid, r.deletedAt, r.kind, r.superset,
               \(StoredValues.kindColumnsSQL("r."))
        FROM record r JOIN user u ON u.id = r.userId JOIN exercise e ON e.id = r.exerciseId
        """

    /// A record from a row of `recordSelectSQL`, or `nil` when a stored value
    /// is of the wrong type or outside what Top Weight writes (a tampered file).
    /// Its columns are read by their place in `recordSelectSQL`.
    static func workoutRecord(from row: Row) -> WorkoutRecord? {
        guard let id = Int64.fromDatabaseValue(row[0]), let user = String.fromDatabaseValue(row[1]),
              let exercise = String.fromDatabaseValue(row[2]),
              let values = StoredValues.decode(row, numbers: 3, kinds: 12),
              let performedAt = StoredValues.date(row[7])
        else { return nil }
        return WorkoutRecord(
            id: id, user: user, exercise: exercise, values: values, performedAt: performedAt,
            uid: String.fromDatabaseValue(row[8]), deletedAt: StoredValues.date(row[9]),
            kind: String.fromDatabaseValue(row[10]).flatMap(SetKind.init(rawValue:)),
            superset: Supersets.label(String.fromDatabaseValue(row[11]))
        )
    }

    /// The statement and arguments `forEachRecord` runs for `query`.
    static func historySQL(_ query: HistoryQuery) -> (sql: String, arguments: StatementArguments) {
        // Every read of records goes through here: live ones, or only tombstones.
        // Live ones are nearly all of them, so their test must not pick the
        // tombstone index (`+` keeps it off any index): a file never analysed
        // sorted every live record for `history --limit 1` (0.67 s on a
        // million); the order's index reads newest first and stops.
        var conditions: [String] = [query.deleted ? "r.deletedAt IS NOT NULL" : "+r.deletedAt IS NULL"]
        var arguments: StatementArguments = []
        if let user = query.userID {
            conditions.append("r.userId = ?")
            arguments += [user]
        }
        if let exercise = query.exerciseID {
            // Everybody's sets of one exercise: member by member through
            // (userId, exerciseId), since record has no index on exerciseId
            // alone (v11); the (performedAt) index read a rare lift's whole log.
            conditions.append(query.userID == nil ? "r.userId IN (SELECT id FROM user) AND r.exerciseId = ?" : "r.exerciseId = ?")
            arguments += [exercise]
        }
        if let since = query.since {
            conditions.append("r.performedAt >= ?")
            arguments += [Self.milliseconds(since)]
        }
        if let until = query.until {
            conditions.append("r.performedAt < ?")
            arguments += [Self.milliseconds(until)]
        }
        if let before = query.before {
            let at = Self.milliseconds(before.performedAt)
            conditions.append("(r.performedAt < ? OR (r.performedAt = ? AND r.id < ?))")
            arguments += [at, at, before.id]
        }
        var sql = recordSelectSQL
        if query.exerciseID != nil, query.userID == nil {
            // Whatever the planner guesses from a small gym's statistics.
            sql = sql.replacingOccurrences(of: "FROM record r ", with: "FROM record r INDEXED BY record_on_user_exercise ")
        }
        sql += " WHERE " + conditions.joined(separator: " AND ")
        sql += " ORDER BY r.performedAt DESC, r.id DESC"
        if let limit = query.limit {
            sql += " LIMIT ?"
            arguments += [limit]
        }
        return (sql, arguments)
    }

    /// One record by id, names included.
    public func record(id: Int64) throws(LogbookError) -> WorkoutRecord? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db, sql: Self.recordSelectSQL + " WHERE r.id = ?", arguments: [id])
                    .flatMap(Self.workoutRecord(from:))
            }
        }
    }
}
