import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

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
