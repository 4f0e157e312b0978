import NIOCore
import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Personal records and stats

extension PostgresLogbook {
    /// One round trip: the heaviest and the strongest candidates, and the set
    /// with the most reps at `atLeast` or more, each through the v6 indexes
    /// (in `topweight_bests`, the v6 migration's function).
    public func bests(userID: Int64, exerciseID: Int64, excluding: Int64?, atLeast: Weight) throws(LogbookError) -> ExerciseBests {
        try bests(userID: userID, exerciseID: exerciseID, excluding: excluding, atLeast: atLeast, within: nil)
    }

    /// `bests`, bounded by `within` when it runs as part of a save.
    func bests(userID: Int64, exerciseID: Int64, excluding: Int64?, atLeast: Weight, within: TimeAmount?) throws(LogbookError) -> ExerciseBests {
        let rows = try link.query("""
            SELECT * FROM topweight_bests(\(userID), \(exerciseID), \(excluding ?? 0), \(atLeast.kilograms - 0.005))
            """, within: within)
        return try Self.decodeBests(rows).bests
    }

    /// The bests a set of another kind than weight is measured against
    /// (`ProgressSQL.kindBestsSQL`); none for a weight set.
    func kindBests(for values: SetValues, userID: Int64, exerciseID: Int64, excluding: Int64, within: TimeAmount? = nil) throws(LogbookError) -> ExerciseBests {
        guard let sql = ProgressSQL.kindBestsSQL(for: values, userID: userID, exerciseID: exerciseID, excluding: excluding) else {
            return ExerciseBests()
        }
        var found: [(part: Int, id: Int64, values: SetValues?)] = []
        for row in try link.query(PostgresQuery(unsafeSQL: sql), within: within) {
            let (part, id, weight, unit, reps, series, m, a, s, d, du, rpe) =
                try Self.decode(row, as: (Int, Int64, Double, String, Int, Int, String?, Int64?, Int64?, Double?, String?, Double?).self)
            found.append((part, id, Self.kinded(StoredRange.values(weight: weight, unit: unit, reps: reps, series: series), (m, a, s, d, du, rpe))))
        }
        return ProgressSQL.kindBests(found)
    }

    /// The saved record's id (part 0) and, of each other part, the first row
    /// holding numbers Top Weight could have written.
    static func decodeBests(_ rows: PostgresQueryResult) throws(LogbookError) -> (savedID: Int64?, bests: ExerciseBests) {
        var savedID: Int64?
        var found: [Int: BestSet] = [:]
        for row in rows {
            let (part, id, weight, unit, reps) = try decode(row, as: (Int, Int64, Double, String, Int).self)
            if part == 0 {
                savedID = savedID ?? id
                continue
            }
            guard found[part] == nil, let values = StoredRange.values(weight: weight, unit: unit, reps: reps, series: 1) else { continue }
            found[part] = BestSet(id: id, weight: values.weight, reps: values.reps)
        }
        guard let heaviest = found[1] else { return (savedID, ExerciseBests()) }
        return (savedID, ExerciseBests(heaviest: heaviest, strongest: found[2], mostReps: found[3]))
    }

    /// The row of `topweight_save_weight_set`: the saved record's id, then
    /// each best as id, weight, unit and reps (NULL when there is none),
    /// kept when its numbers are ones Top Weight could have written.
    static func decodeSaved(_ cells: [PostgresCell]) throws(LogbookError) -> (id: Int64?, bests: ExerciseBests) {
        guard cells.count == 13 else { throw LogbookError(.other, "the server's save answered \(cells.count) columns, not 13") }
        do {
            func best(from first: Int) throws -> BestSet? {
                guard let id = try cells[first].decode(Int64?.self), let weight = try cells[first + 1].decode(Double?.self),
                      let unit = try cells[first + 2].decode(String?.self), let reps = try cells[first + 3].decode(Int?.self),
                      let values = StoredRange.values(weight: weight, unit: unit, reps: reps, series: 1) else { return nil }
                return BestSet(id: id, weight: values.weight, reps: values.reps)
            }
            let id = try cells[0].decode(Int64?.self)
            guard let heaviest = try best(from: 1) else { return (id, ExerciseBests()) }
            return (id, ExerciseBests(heaviest: heaviest, strongest: try best(from: 5), mostReps: try best(from: 9)))
        } catch {
            throw LogbookError(.other, "the database holds a value Top Weight can't read (\(String(describing: error).prefix(120)))")
        }
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
