import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - The bests as they stood when a period began (the coach's report)

extension WorkoutStore {
    /// One read: the period's members and exercises (its sets through
    /// (performedAt), or (userId, performedAt) for one member), each with
    /// its `recordBest` rows in the same statement, which stand for the time
    /// before `start` whenever their set was done before it (the heaviest at
    /// a rep count ever done is the heaviest done by then); only a pair with a best set
    /// since is read again, once, from record_on_user_exercise alone (v26:
    /// every column the read names is in it, by day). Sets of the other
    /// kinds are few, and read whole, as a save reads them.
    public func standingBests(start: Date, end: Date, userID: Int64?) throws(LogbookError) -> [WorkoutRecord] {
        let (from, until) = (Self.milliseconds(start), Self.milliseconds(end))
        return try perform {
            try writer.read { db in
                var pairsSQL = Self.periodPairsSQL
                var arguments: StatementArguments = [from, until]
                if let userID {
                    pairsSQL += " AND userId = ?"
                    arguments += [userID]
                }
                // Each pair's kept bests beside it, in one statement: the pairs come in order.
                let rows = try Row.fetchAll(db, sql: "WITH pairs AS (\(pairsSQL) GROUP BY userId, exerciseId) " + Self.keptBestsSQL,
                                            arguments: arguments)
                var ids: Set<Int64> = []
                var index = 0
                while index < rows.count {
                    let (user, exercise, kinded): (Int64, Int64, Bool) = (rows[index][0], rows[index][1], rows[index][2])
                    var standing: [StandingRow] = []
                    var since = false
                    while index < rows.count, rows[index][0] as Int64 == user, rows[index][1] as Int64 == exercise {
                        let row = rows[index]
                        index += 1
                        guard let id = row[5] as Int64? else { continue }
                        if row[6] as Bool { since = true }
                        standing.append(StandingRow(reps: row[3], kilograms: row[4], id: id))
                    }
                    if since {
                        standing = try Row.fetchAll(db.cachedStatement(sql: Self.bestsBeforeSQL), arguments: [user, exercise, from])
                            .map { StandingRow(reps: $0[0], kilograms: $0[1], id: $0[2]) }
                    }
                    var before = StandingRow.outstanding(standing).map(\.id)
                    if kinded {
                        before += try Int64.fetchAll(db.cachedStatement(sql: Self.kindsBeforeSQL), arguments: [user, exercise, from])
                    }
                    // Any set done before start says the lift is not new to the member.
                    if before.isEmpty, let one = try Int64.fetchOne(db.cachedStatement(sql: Self.oneBeforeSQL), arguments: [user, exercise, from]) {
                        before.append(one)
                    }
                    ids.formUnion(before)
                }
                var records: [WorkoutRecord] = []
                let all = Array(ids)
                for chunk in stride(from: 0, to: all.count, by: 500) {
                    let some = all[chunk..<min(chunk + 500, all.count)]
                    let sql = Self.recordSelectSQL + " WHERE r.id IN (\(some.map { _ in "?" }.joined(separator: ",")))"
                    let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(Array(some)))
                    while let row = try rows.next() {
                        if let record = Self.workoutRecord(from: row) { records.append(record) }
                    }
                }
                return records
            }
        }
    }

    /// Arguments: start, end (milliseconds). Each member and exercise with
    /// a live working set in the period, and whether one is of another kind.
    static let periodPairsSQL = """
        SELECT userId, exerciseId, MAX(measure IS NOT NULL) AS kinded FROM record
        WHERE performedAt >= ? AND performedAt < ? AND +deletedAt IS NULL AND kind IS NOT 'warmup'
        """

    /// After `pairs` (of `periodPairsSQL`, grouped); arguments: start first.
    /// Each pair with its `recordBest` rows, if any, and whether each was
    /// done since start (among the pair's sets since then, read from the
    /// index: no table page for each best's day), pair by pair.
    static let keptBestsSQL = """
        SELECT p.userId, p.exerciseId, p.kinded, b.reps, b.kilograms, b.recordId, EXISTS (
            SELECT 1 FROM record r INDEXED BY record_on_user_exercise
            WHERE r.userId = p.userId AND r.exerciseId = p.exerciseId AND r.performedAt >= ?1 AND r.id = b.recordId
        ) FROM pairs p LEFT JOIN recordBest b ON b.userId = p.userId AND b.exerciseId = p.exerciseId
        ORDER BY p.userId, p.exerciseId
        """

    /// Arguments: user id, exercise id, start. The heaviest working weight
    /// set at each rep count done before start (MAX's row: the first of equals read).
    static let bestsBeforeSQL = """
        SELECT reps, MAX(\(ProgressSQL.kilograms)), id FROM record INDEXED BY record_on_user_exercise
        WHERE userId = ? AND exerciseId = ? AND performedAt < ? AND \(Schema.Best.workingSQL) AND \(StoredValues.inRangeSQL)
        GROUP BY reps
        """

    /// Arguments: user id, exercise id, start. Its live working sets of the other kinds done before start.
    static let kindsBeforeSQL = """
        SELECT id FROM record INDEXED BY record_on_user_exercise
        WHERE userId = ? AND exerciseId = ? AND performedAt < ? AND deletedAt IS NULL AND kind IS NOT 'warmup'
          AND measure IS NOT NULL AND \(StoredValues.inRangeSQL)
        """

    /// Arguments: user id, exercise id, start. One live working set done before start, if any.
    static let oneBeforeSQL = """
        SELECT id FROM record INDEXED BY record_on_user_exercise
        WHERE userId = ? AND exerciseId = ? AND performedAt < ? AND deletedAt IS NULL AND kind IS NOT 'warmup'
          AND \(StoredValues.inRangeSQL) LIMIT 1
        """
}

/// A member's heaviest weight set of an exercise at one rep count.
struct StandingRow {
    var reps: Int
    var kilograms: Double
    var id: Int64

    /// The rows that no other row outdoes (as heavy or heavier with more
    /// reps): the only ones a new set's heaviest, e1RM or most reps can be
    /// measured against, then or after it.
    static func outstanding(_ rows: [StandingRow]) -> [StandingRow] {
        var kept: [StandingRow] = []
        var heaviest = -Double.infinity
        for row in rows.sorted(by: { $0.reps > $1.reps }) where row.kilograms > heaviest {
            kept.append(row)
            heaviest = row.kilograms
        }
        return kept
    }
}
