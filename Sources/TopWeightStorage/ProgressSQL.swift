import TopWeightCore

/// The expressions both engines use for personal records and stats, on
/// `record`'s columns (unquoted, so PostgreSQL folds them to its lower-case
/// names). The indexes of migration v6 are built on the first two: a query
/// must spell them exactly so for the index to serve it.
public enum ProgressSQL {
    /// A set's weight in kilograms (1 lb = 0.45359237 kg), as `Weight.kilograms`.
    public static let kilograms = "(CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)"

    /// A set's Epley e1RM in kilograms, as `OneRepMaxFormula.epley` (one rep: the weight itself).
    public static let estimate = "(CASE WHEN reps = 1 THEN \(kilograms) ELSE \(kilograms) * (30 + reps) / 30.0 END)"

    /// A set's volume in kilograms, loads only (as `SetValues.volumeKilograms`):
    /// weight × reps × series of a weight set, or of a bodyweight set's added
    /// load; an assisted set's assistance is no load, and a timed or distance
    /// set weighs 0.
    public static let volume = "(CASE WHEN assisted IS NULL THEN \(kilograms) * reps * series ELSE 0 END)"

    /// The heaviest weight Top Weight stores, in kilograms (2 200 lb is less).
    public static let heaviestKilograms = Double(WeightUnit.kg.maximumHundredths) / 100

    /// The local day of `performedAt` as days since 1970, with `zone`'s
    /// offsets (newest first in the CASE: most sets are recent). Integer
    /// division truncates, so instants are shifted by whole days before it to
    /// be positive back to year 1 and the days taken off after.
    public static func localDay(_ zone: ZoneOffsets) -> String {
        let changes = zone.changes
        var shifted = "performedAt"
        if let only = changes.first, changes.count == 1 {
            shifted += " + \(Int64(only.seconds) * 1000)"
        } else if let first = changes.first {
            let cases = changes.dropFirst().reversed().map { change in
                "WHEN performedAt >= \(change.from) THEN \(Int64(change.seconds) * 1000)"
            }
            shifted += " + CASE \(cases.joined(separator: " ")) ELSE \(Int64(first.seconds) * 1000) END"
        }
        let bias: Int64 = 3_000_000
        return "((\(shifted) + \(bias * ZoneOffsets.millisecondsPerDay)) / \(ZoneOffsets.millisecondsPerDay) - \(bias))"
    }
}

// MARK: - The bests of the other kinds

extension ProgressSQL {
    /// A distance set's distance in metres (as `Distance.metres`).
    public static let metres = "(distance * CASE distanceUnit WHEN 'km' THEN 1000 WHEN 'mi' THEN 1609.344 ELSE 1 END)"

    /// A distance set's pace in seconds per kilometre (as `Distance.pace(over:)`).
    public static let pace = "(seconds * 1000.0 / \(metres))"

    /// The parts `kindBestsSQL` returns, one a best.
    public enum KindPart: Int, CaseIterable, Sendable {
        case mostRepsUnassisted = 1, addedLoad, longestHold, longestDistance, fastestPace
    }

    /// The columns each part of `kindBestsSQL` returns, after the part's number.
    public static let kindBestColumns = "id, weight, unit, reps, series, measure, assisted, seconds, distance, distanceUnit, rpe"

    /// The candidates for the bests a new set of another kind than weight is
    /// measured against, as rows (part, then `kindBestColumns`), best first
    /// in each part: the member's other live working sets of the exercise of
    /// the same kind, the record `excluding` left out. `nil` for a weight set
    /// (its bests are the v6 indexes' queries). Few rows a member has of one
    /// exercise: read through the (user, exercise) index, no index of its own.
    public static func kindBestsSQL(for values: SetValues, userID: Int64, exerciseID: Int64, excluding: Int64) -> String? {
        let working = """
            userId = \(userID) AND exerciseId = \(exerciseID) AND deletedAt IS NULL \
            AND (kind IS NULL OR kind <> 'warmup') AND id <> \(excluding)
            """
        func part(_ part: KindPart, _ condition: String, orderBy: String) -> String {
            """
            SELECT \(part.rawValue) AS part, \(kindBestColumns) FROM (
                SELECT \(kindBestColumns) FROM record WHERE \(working) AND \(condition) ORDER BY \(orderBy) LIMIT 20
            ) AS part\(part.rawValue)
            """
        }
        switch values.measure {
        case .weight:
            return nil
        case .bodyweight:
            let unassisted = "measure = 'bodyweight' AND assisted IS NULL"
            return part(.mostRepsUnassisted, unassisted, orderBy: "reps DESC, \(kilograms) DESC")
                + "\nUNION ALL\n" + part(.addedLoad, unassisted, orderBy: "\(kilograms) DESC, reps DESC")
        case .time:
            return part(.longestHold, "measure = 'time'", orderBy: "seconds DESC")
        case .distance:
            // The pace over any distance: the fastest `prs` names.
            return part(.longestDistance, "measure = 'distance'", orderBy: "\(metres) DESC")
                + "\nUNION ALL\n" + part(.fastestPace, "measure = 'distance'", orderBy: "\(pace) ASC")
        }
    }

    /// The bests from `kindBestsSQL`'s rows, as each engine decoded them
    /// (`nil` values: numbers Top Weight would not write, passed over).
    public static func kindBests(_ rows: [(part: Int, id: Int64, values: SetValues?)]) -> ExerciseBests {
        var bests = ExerciseBests()
        for row in rows {
            guard let part = KindPart(rawValue: row.part), let values = row.values else { continue }
            let best = KindBest(id: row.id, values: values)
            switch part {
            case .mostRepsUnassisted where values.measure == .bodyweight && !values.assisted:
                bests.mostRepsUnassisted = bests.mostRepsUnassisted ?? best
            case .addedLoad where values.measure == .bodyweight && !values.assisted:
                bests.addedLoad = bests.addedLoad ?? best
            case .longestHold where values.measure == .time:
                bests.longestHold = bests.longestHold ?? best
            case .longestDistance where values.measure == .distance:
                bests.longestDistance = bests.longestDistance ?? best
            case .fastestPace where values.measure == .distance:
                bests.fastestPace = bests.fastestPace ?? best
            default:
                continue
            }
        }
        return bests
    }
}

// MARK: - A day's loads as whole numbers (the coach's report)

/// What `TrainingTotals.dayVolumes` sums, on every engine.
public enum DayVolumeSQL {
    /// A set's load as `DayVolume.add` counts it: hundredths × reps × series
    /// when `SetValues.countsLoad` (a weight set; a bodyweight set's added
    /// load unless assisted), else 0.
    static let load = """
        (CASE WHEN measure IS NULL OR (measure = 'bodyweight' AND COALESCE(assisted, 0) = 0) \
        THEN CAST(ROUND(weight * 100) AS BIGINT) * reps * series ELSE 0 END)
        """

    /// Two sums: the loads in kilograms, then those in pounds (whole
    /// numbers on either engine: PostgreSQL sums a bigint as numeric).
    public static let sums = """
        CAST(COALESCE(SUM(CASE WHEN unit = 'lb' THEN 0 ELSE \(load) END), 0) AS BIGINT), \
        CAST(COALESCE(SUM(CASE WHEN unit = 'lb' THEN \(load) ELSE 0 END), 0) AS BIGINT)
        """
}
