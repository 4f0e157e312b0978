import Foundation
import GRDB
import TopWeightCore

/// Numbers read back from the file, checked before anything does arithmetic
/// with them: another tool may have written `1e300` kg or a text into `reps`.
/// Top Weight itself only writes values inside `Limits`, so anything outside is
/// left out of history and defaults, and `topweight check` lists it.
enum StoredValues {
    /// The numbers of a record, or `nil` when one is of the wrong type or out of range.
    static func decode(weight: DatabaseValue, unit: DatabaseValue, reps: DatabaseValue, series: DatabaseValue) -> SetValues? {
        guard let unit = String.fromDatabaseValue(unit), let weight = Double.fromDatabaseValue(weight),
              let reps = Int.fromDatabaseValue(reps), let series = Int.fromDatabaseValue(series) else { return nil }
        return StoredRange.values(weight: weight, unit: unit, reps: reps, series: series)
    }

    /// The numbers of the row's `weight`, `unit`, `reps` and `series` columns.
    static func decode(_ row: Row) -> SetValues? {
        decode(weight: row[RecordColumns.weight], unit: row[RecordColumns.unit],
               reps: row[RecordColumns.reps], series: row[RecordColumns.series])
    }

    /// A stored millisecond timestamp, or `nil` when it is not one (years 0001–9999).
    static func date(_ value: DatabaseValue) -> Date? {
        Int64.fromDatabaseValue(value).flatMap(StoredRange.date(milliseconds:))
    }

    /// The same rule as `decode` and `date`, as an SQL condition on `record`.
    static var inRangeSQL: String {
        """
        typeof(weight) IN ('integer', 'real') AND typeof(reps) = 'integer' AND typeof(series) = 'integer' \
        AND typeof(performedAt) = 'integer' AND \(StoredRange.conditionSQL)
        """
    }
}

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
