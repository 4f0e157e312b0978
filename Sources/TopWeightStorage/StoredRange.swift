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
