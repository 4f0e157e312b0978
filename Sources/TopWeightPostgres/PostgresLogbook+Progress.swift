import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStore

// MARK: - Personal records and stats

extension PostgresLogbook {
    /// One round trip: the heaviest and the strongest candidates, and the set
    /// with the most reps at `atLeast` or more, each through the v6 indexes.
    public func bests(userID: Int64, exerciseID: Int64, excluding: Int64?, atLeast: Weight) throws(LogbookError) -> ExerciseBests {
        let kilograms = ProgressSQL.kilograms
        let others = excluding ?? 0
        // The terms of the v6 indexes' WHERE, spelt as there.
        func workingSets() -> String {
            "deletedat IS NULL AND kind IS DISTINCT FROM 'warmup'"
        }
        let rows = try link.query("""
            (SELECT 1 AS part, id, weight, unit, reps FROM record
             WHERE userid = \(userID) AND exerciseid = \(exerciseID) AND \(unescaped: workingSets()) AND id <> \(others)
             ORDER BY \(unescaped: kilograms) DESC LIMIT 20)
            UNION ALL
            (SELECT 2, id, weight, unit, reps FROM record
             WHERE userid = \(userID) AND exerciseid = \(exerciseID) AND \(unescaped: workingSets()) AND id <> \(others)
             ORDER BY \(unescaped: ProgressSQL.estimate) DESC LIMIT 20)
            UNION ALL
            (SELECT 3, id, weight, unit, reps FROM record
             WHERE userid = \(userID) AND exerciseid = \(exerciseID) AND \(unescaped: workingSets()) AND id <> \(others)
               AND \(unescaped: kilograms) BETWEEN \(atLeast.kilograms - 0.005) AND \(ProgressSQL.heaviestKilograms)
               AND reps BETWEEN \(Limits.reps.lowerBound) AND \(Limits.reps.upperBound)
             ORDER BY reps DESC, \(unescaped: kilograms) DESC LIMIT 20)
            """)
        var found: [Int: BestSet] = [:]
        for row in rows {
            let (part, id, weight, unit, reps) = try Self.decode(row, as: (Int, Int64, Double, String, Int).self)
            guard found[part] == nil, let values = StoredRange.values(weight: weight, unit: unit, reps: reps, series: 1) else { continue }
            found[part] = BestSet(id: id, weight: values.weight, reps: values.reps)
        }
        guard let heaviest = found[1] else { return ExerciseBests() }
        return ExerciseBests(heaviest: heaviest, strongest: found[2], mostReps: found[3])
    }

    public func dayTotals(userID: Int64, zone: ZoneOffsets) throws(LogbookError) -> [DayTotals] {
        let rows = try link.query("""
            SELECT \(unescaped: ProgressSQL.localDay(zone)) AS day, COUNT(*), SUM(series), SUM(\(unescaped: ProgressSQL.volume))
            FROM record WHERE userid = \(userID) AND deletedat IS NULL AND \(unescaped: StoredRange.conditionSQL)
            GROUP BY day ORDER BY day
            """)
        var totals: [DayTotals] = []
        for row in rows {
            let (number, records, sets, volume) = try Self.decode(row, as: (Int64, Int64, Int64, Double).self)
            guard let day = LocalDay(daysSince1970: Int(number)) else { continue }
            totals.append(DayTotals(day: day, records: Int(records), sets: Int(sets), volumeKilograms: volume))
        }
        return totals
    }

    public func exerciseTotals(userID: Int64) throws(LogbookError) -> [ExerciseTotals] {
        let rows = try link.query("""
            SELECT e.name, e.category, t.records, t.sets, t.volume FROM (
                SELECT exerciseid, COUNT(*) AS records, SUM(series) AS sets, SUM(\(unescaped: ProgressSQL.volume)) AS volume
                FROM record WHERE userid = \(userID) AND deletedat IS NULL AND \(unescaped: StoredRange.conditionSQL)
                GROUP BY exerciseid
            ) t JOIN exercise e ON e.id = t.exerciseid ORDER BY e.namekey COLLATE "C"
            """)
        var totals: [ExerciseTotals] = []
        for row in rows {
            let (name, category, records, sets, volume) = try Self.decode(row, as: (String, String?, Int64, Int64, Double).self)
            totals.append(ExerciseTotals(exercise: name, category: category, records: Int(records), sets: Int(sets), volumeKilograms: volume))
        }
        return totals
    }
}
