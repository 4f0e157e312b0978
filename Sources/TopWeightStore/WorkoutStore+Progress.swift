import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - Personal records and stats

extension WorkoutStore {
    public func bests(userID: Int64, exerciseID: Int64, excluding: Int64?, atLeast: Weight) throws(LogbookError) -> ExerciseBests {
        try perform {
            try writer.read { db in try Self.bests(db, userID: userID, exerciseID: exerciseID, excluding: excluding, atLeast: atLeast) }
        }
    }

    /// The bests on `db`: in a read, or inside a save's transaction. From
    /// the member's few recordBest rows of the exercise, one a rep count
    /// (the heaviest at it): the heaviest and the best e1RM are among them
    /// (at one rep count a heavier set is also a stronger one), and the most
    /// reps at `atLeast` is the first heavy enough from the most reps down.
    /// A best that is the record `excluding` gives way to the next heaviest
    /// at its rep count, read from the records.
    static func bests(_ db: Database, userID: Int64, exerciseID: Int64, excluding: Int64?, atLeast: Weight) throws -> ExerciseBests {
        try measured(db, try frontier(db, userID: userID, exerciseID: exerciseID), userID: userID, exerciseID: exerciseID,
                     excluding: excluding, atLeast: atLeast)
    }

    /// The member's `recordBest` rows of the exercise, most reps first.
    static func frontier(_ db: Database, userID: Int64, exerciseID: Int64) throws -> [KeptFrontier.Row] {
        var frontier: [KeptFrontier.Row] = []
        // Walked as they are read (a save's path): no copy of each row.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: frontierSQL), arguments: [userID, exerciseID])
        while let row = try rows.next() {
            frontier.append(KeptFrontier.Row(reps: row[0], recordID: Int64.fromDatabaseValue(row[1]), best: bestSet(row),
                                             kilograms: Double.fromDatabaseValue(row[4])))
        }
        return frontier
    }

    /// `bests` from the `frontier` rows.
    static func measured(_ db: Database, _ rows: [KeptFrontier.Row], userID: Int64, exerciseID: Int64, excluding: Int64?,
                         atLeast: Weight) throws -> ExerciseBests {
        var frontier: [BestSet] = []
        for row in rows {
            if let excluding, row.recordID == excluding {
                let next = try firstBest(db.cachedStatement(sql: nextAtRepsSQL), [userID, exerciseID, row.reps, excluding])
                if let next { frontier.append(next) }
            } else if let best = row.best {
                frontier.append(best)
            }
        }
        var bests = ExerciseBests()
        bests.heaviest = frontier.max { ($0.weight.kilograms, $0.reps) < ($1.weight.kilograms, $1.reps) }
        // Epley as ProgressSQL.estimate spells it, so equal sets compare equal.
        func estimate(_ set: BestSet) -> Double {
            set.reps == 1 ? set.weight.kilograms : set.weight.kilograms * Double(30 + set.reps) / 30
        }
        bests.strongest = frontier.max { (estimate($0), $0.weight.kilograms) < (estimate($1), $1.weight.kilograms) }
        let lightest = atLeast.kilograms - 0.005
        bests.mostReps = frontier.filter { $0.weight.kilograms >= lightest }.max { $0.reps < $1.reps }
        return bests
    }

    /// The bests a set of another kind than weight is measured against
    /// (`ProgressSQL.kindBestsSQL`), on `db`; none for a weight set.
    static func kindBests(_ db: Database, for values: SetValues, userID: Int64, exerciseID: Int64, excluding: Int64) throws -> ExerciseBests {
        guard let sql = ProgressSQL.kindBestsSQL(for: values, userID: userID, exerciseID: exerciseID, excluding: excluding) else {
            return ExerciseBests()
        }
        let rows = try Row.fetchAll(db, sql: sql).map { row -> (part: Int, id: Int64, values: SetValues?) in
            (Int.fromDatabaseValue(row[0]) ?? 0, Int64.fromDatabaseValue(row[1]) ?? 0, StoredValues.decode(row))
        }
        return ProgressSQL.kindBests(rows)
    }

    /// The first row of `statement` (reps, id, weight, unit) holding numbers
    /// Top Weight could have written: a tampered row is passed over.
    private static func firstBest(_ statement: Statement, _ arguments: StatementArguments) throws -> BestSet? {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            if let best = bestSet(row) { return best }
        }
        return nil
    }

    /// A best from a row (reps, id, weight, unit), or `nil` for numbers Top Weight would not write.
    private static func bestSet(_ row: Row) -> BestSet? {
        guard let id = Int64.fromDatabaseValue(row[1]),
              let values = StoredValues.decode(weight: row[2], unit: row[3], reps: row[0], series: 1.databaseValue) else { return nil }
        return BestSet(id: id, weight: values.weight, reps: values.reps)
    }

    /// Arguments: user id, exercise id. The heaviest set at each rep count, most reps first.
    static let frontierSQL = """
        SELECT reps, recordId, weight, unit, kilograms FROM recordBest WHERE userId = ? AND exerciseId = ? ORDER BY reps DESC
        """

    /// Arguments: user id, exercise id, a rep count, the record left out:
    /// the heaviest other working weight set with those reps, through
    /// (userId, exerciseId) (only when a best is left out).
    static let nextAtRepsSQL = """
        SELECT reps, id, weight, unit FROM record
        WHERE userId = ? AND exerciseId = ? AND reps = ? AND \(Schema.Best.workingSQL) AND id <> ?
        ORDER BY \(ProgressSQL.kilograms) DESC, id LIMIT 50
        """

    public func dayTotals(userID: Int64, zone: ZoneOffsets) throws(LogbookError) -> [DayTotals] {
        try perform {
            try writer.read { db in
                let sql = """
                    SELECT \(ProgressSQL.localDay(zone)) AS day, COUNT(*), SUM(series), SUM(\(ProgressSQL.volume))
                    FROM record WHERE userId = ? AND deletedAt IS NULL AND \(StoredValues.inRangeSQL)
                    GROUP BY day ORDER BY day
                    """
                return try Row.fetchAll(db, sql: sql, arguments: [userID]).compactMap { row in
                    guard let number = Int.fromDatabaseValue(row[0]), let day = LocalDay(daysSince1970: number) else { return nil }
                    return DayTotals(day: day, records: row[1], sets: row[2], volumeKilograms: row[3])
                }
            }
        }
    }

    public func exerciseTotals(userID: Int64) throws(LogbookError) -> [ExerciseTotals] {
        try perform {
            try writer.read { db in
                try Row.fetchAll(db.cachedStatement(sql: Self.exerciseTotalsSQL), arguments: [userID]).map { row in
                    ExerciseTotals(exercise: row[0], category: row[1], records: row[2], sets: row[3], volumeKilograms: row[4])
                }
            }
        }
    }

    /// Argument: user id.
    static let exerciseTotalsSQL = """
        SELECT e.name, e.category, t.records, t.sets, t.volume FROM (
            SELECT exerciseId, COUNT(*) AS records, SUM(series) AS sets, SUM(\(ProgressSQL.volume)) AS volume
            FROM record WHERE userId = ? AND deletedAt IS NULL AND \(StoredValues.inRangeSQL) GROUP BY exerciseId
        ) t JOIN exercise e ON e.id = t.exerciseId ORDER BY e.nameKey
        """
}
