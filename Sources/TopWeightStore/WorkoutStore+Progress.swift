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

    /// The bests on `db`: in a read, or inside a save's transaction.
    static func bests(_ db: Database, userID: Int64, exerciseID: Int64, excluding: Int64?, atLeast: Weight) throws -> ExerciseBests {
        let arguments: StatementArguments = [userID, exerciseID, excluding ?? 0]
        var bests = ExerciseBests()
        bests.heaviest = try firstBest(db.cachedStatement(sql: heaviestSQL), arguments)
        guard bests.heaviest != nil else { return bests }
        bests.strongest = try firstBest(db.cachedStatement(sql: strongestSQL), arguments)
        bests.mostReps = try mostReps(db, arguments, atLeast: atLeast.kilograms - 0.005, heaviest: bests.heaviest)
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

    /// The set with the most reps at `atLeast` kg or more: for each rep
    /// count the member did, most first, the heaviest set with it, until one
    /// is heavy enough. A look or two per distinct rep count, not one per set.
    private static func mostReps(_ db: Database, _ arguments: StatementArguments, atLeast: Double, heaviest: BestSet?) throws -> BestSet? {
        // Nothing at that weight or more: no need to look.
        guard let heaviest, heaviest.weight.kilograms >= atLeast else { return nil }
        let next = try db.cachedStatement(sql: nextRepsSQL)
        let at = try db.cachedStatement(sql: atRepsSQL)
        var below = (Limits.reps.upperBound + 1).databaseValue
        while let reps = try Row.fetchOne(next, arguments: arguments + [below]).map({ $0[0] as DatabaseValue }) {
            if let found = try firstBest(at, arguments + [reps, atLeast]) { return found }
            below = reps
        }
        return nil
    }

    /// The first row of `statement` (reps, id, weight, unit) holding numbers
    /// Top Weight could have written: a tampered row is passed over.
    private static func firstBest(_ statement: Statement, _ arguments: StatementArguments) throws -> BestSet? {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            guard let id = Int64.fromDatabaseValue(row[1]),
                  let values = StoredValues.decode(weight: row[2], unit: row[3], reps: row[0], series: 1.databaseValue) else { continue }
            return BestSet(id: id, weight: values.weight, reps: values.reps)
        }
        return nil
    }

    /// Arguments: user id, exercise id, the record left out. The terms of the
    /// v9 indexes' WHERE (weight sets only), spelt as there, so the partial
    /// indexes serve; each statement reads its index alone (the numbers are in it).
    static let workingSetsSQL = "userId = ? AND exerciseId = ? AND deletedAt IS NULL AND kind IS NOT 'warmup' AND measure IS NULL AND id <> ?"

    static let heaviestSQL = """
        SELECT reps, id, weight, unit FROM record INDEXED BY record_on_user_exercise_kilograms
        WHERE \(workingSetsSQL) ORDER BY \(ProgressSQL.kilograms) DESC LIMIT 50
        """

    static let strongestSQL = """
        SELECT reps, id, weight, unit FROM record INDEXED BY record_on_user_exercise_estimate
        WHERE \(workingSetsSQL) ORDER BY \(ProgressSQL.estimate) DESC LIMIT 50
        """

    /// Arguments: as `workingSetsSQL`, then a rep count: the largest below it.
    static let nextRepsSQL = """
        SELECT reps FROM record INDEXED BY record_on_user_exercise_reps
        WHERE \(workingSetsSQL) AND reps < ? ORDER BY reps DESC LIMIT 1
        """

    /// Arguments: as `workingSetsSQL`, then a rep count and the lightest
    /// weight in kilograms: the heaviest set with those reps, if heavy enough.
    static let atRepsSQL = """
        SELECT reps, id, weight, unit FROM record INDEXED BY record_on_user_exercise_reps
        WHERE \(workingSetsSQL) AND reps = ? AND \(ProgressSQL.kilograms) BETWEEN ? AND \(ProgressSQL.heaviestKilograms)
        ORDER BY \(ProgressSQL.kilograms) DESC LIMIT 50
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
