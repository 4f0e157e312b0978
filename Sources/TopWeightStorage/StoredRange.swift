import Foundation
import TopWeightCore

/// What Top Weight ever writes into a record, for every engine: values read
/// back outside it come from another tool and are left out, never trapped on.
public enum StoredRange {
    /// The numbers of a record, or `nil` when one is out of range.
    public static func values(weight: Double, unit: String, reps: Int, series: Int) -> SetValues? {
        guard let unit = WeightUnit(rawValue: unit), weight.isFinite, weight >= 0,
              weight * 100 <= Double(unit.maximumHundredths),
              Limits.reps.contains(reps), Limits.series.contains(series)
        else { return nil }
        return SetValues(weight: Weight(value: weight, unit: unit), reps: reps, series: series)
    }

    /// A member's own rest, in seconds (0: off), up to an hour.
    public static let restSeconds = 0...3600

    /// A stored millisecond timestamp, or `nil` outside the years 0001–9999.
    public static func date(milliseconds: Int64) -> Date? {
        // No `abs`: it traps on Int64.min, which a tampered row can hold.
        guard milliseconds > -253_402_300_800_000, milliseconds < 253_402_300_800_000 else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// How every engine stores an instant: whole milliseconds since 1970.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `values` and `date` as an SQL condition on `record`'s columns (types aside).
    public static var conditionSQL: String {
        let kg = Double(WeightUnit.kg.maximumHundredths) / 100
        let lb = Double(WeightUnit.lb.maximumHundredths) / 100
        return """
            weight >= 0 AND ((unit = 'kg' AND weight <= \(kg)) OR (unit = 'lb' AND weight <= \(lb))) \
            AND reps BETWEEN \(Limits.reps.lowerBound) AND \(Limits.reps.upperBound) \
            AND series BETWEEN \(Limits.series.lowerBound) AND \(Limits.series.upperBound) \
            AND performedAt > -253402300800000 AND performedAt < 253402300800000
            """
    }
}

extension StoredRange {
    /// `values` with the columns of migration v7 read back: what the set
    /// measures, whether its load is assistance, its time, distance and
    /// RPE; `nil` when they don't make a set of their kind or are out of
    /// range (another tool wrote them).
    public static func kinded(_ values: SetValues, measure: String?, assisted: Int64?, seconds: Int64?,
                              distance: Double?, distanceUnit: String?, rpe: Double?) -> SetValues? {
        var kinded = values
        if let measure {
            guard let kind = ExerciseKind(rawValue: measure) else { return nil }
            kinded.measure = kind
        }
        kinded.assisted = (assisted ?? 0) != 0
        if let seconds {
            guard SetDuration.range.contains(Int(clamping: seconds)) else { return nil }
            kinded.duration = SetDuration(seconds: Int(seconds))
        }
        if let distance {
            guard let unit = distanceUnit.flatMap(DistanceUnit.init(rawValue:)), distance.isFinite, distance > 0,
                  distance * 1000 < Double(Int32.max) else { return nil }
            let thousandths = Int((distance * 1000).rounded())
            guard Distance.isInRange(thousandths, unit: unit) else { return nil }
            kinded.distance = Distance(thousandths: thousandths, unit: unit)
        }
        if let rpe {
            guard rpe.isFinite, let effort = Effort(rpe: rpe) else { return nil }
            kinded.effort = effort
        }
        return kinded.isWellFormed ? kinded : nil
    }

    /// The columns of migration v7 for `values`, as every engine writes them
    /// (`nil` is NULL): measure (NULL for weight), assisted (1 or NULL),
    /// seconds, distance, distanceUnit, rpe.
    public static func kindColumns(_ values: SetValues)
        -> (measure: String?, assisted: Int64?, seconds: Int64?, distance: Double?, distanceUnit: String?, rpe: Double?) {
        (values.measure == .weight ? nil : values.measure.rawValue,
         values.assisted ? 1 : nil,
         values.duration.map { Int64($0.seconds) },
         values.distance.map(\.value),
         values.distance.map(\.unit.rawValue),
         values.effort.map(\.rpe))
    }

    /// The v7 columns' rule as an SQL condition on `record` (NULLs pass).
    public static var kindConditionSQL: String {
        """
        (measure IS NULL OR measure IN ('bodyweight', 'time', 'distance')) \
        AND (seconds IS NULL OR seconds BETWEEN \(SetDuration.range.lowerBound) AND \(SetDuration.range.upperBound)) \
        AND (rpe IS NULL OR rpe BETWEEN 6 AND 10)
        """
    }
}
