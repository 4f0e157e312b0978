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
        guard let unit = String.fromDatabaseValue(unit).flatMap(WeightUnit.init(rawValue:)),
              let value = Double.fromDatabaseValue(weight), value.isFinite,
              value >= 0, value * 100 <= Double(unit.maximumHundredths),
              let reps = Int.fromDatabaseValue(reps), Limits.reps.contains(reps),
              let series = Int.fromDatabaseValue(series), Limits.series.contains(series)
        else { return nil }
        return SetValues(weight: Weight(value: value, unit: unit), reps: reps, series: series)
    }

    /// The numbers of the row's `weight`, `unit`, `reps` and `series` columns.
    static func decode(_ row: Row) -> SetValues? {
        decode(weight: row[RecordColumns.weight], unit: row[RecordColumns.unit],
               reps: row[RecordColumns.reps], series: row[RecordColumns.series])
    }

    /// A stored millisecond timestamp, or `nil` when it is not one (years 0001–9999).
    static func date(_ value: DatabaseValue) -> Date? {
        // No `abs`: it traps on Int64.min, which a tampered file can hold.
        guard let milliseconds = Int64.fromDatabaseValue(value),
              milliseconds > -253_402_300_800_000, milliseconds < 253_402_300_800_000 else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The same rule as `decode` and `date`, as an SQL condition on `record`.
    static var inRangeSQL: String {
        let kg = Double(WeightUnit.kg.maximumHundredths) / 100
        let lb = Double(WeightUnit.lb.maximumHundredths) / 100
        return """
            typeof(weight) IN ('integer', 'real') AND weight >= 0 \
            AND ((unit = 'kg' AND weight <= \(kg)) OR (unit = 'lb' AND weight <= \(lb))) \
            AND typeof(reps) = 'integer' AND reps BETWEEN \(Limits.reps.lowerBound) AND \(Limits.reps.upperBound) \
            AND typeof(series) = 'integer' AND series BETWEEN \(Limits.series.lowerBound) AND \(Limits.series.upperBound) \
            AND typeof(performedAt) = 'integer' AND performedAt > -253402300800000 AND performedAt < 253402300800000
            """
    }
}
