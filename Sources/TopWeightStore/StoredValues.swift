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

    /// The numbers of the row's `weight`, `unit`, `reps` and `series`
    /// columns, and of the v7 columns (`kindColumnsSQL`) when it has them.
    static func decode(_ row: Row) -> SetValues? {
        guard let values = decode(weight: row[RecordColumns.weight], unit: row[RecordColumns.unit],
                                  reps: row[RecordColumns.reps], series: row[RecordColumns.series]) else { return nil }
        guard row.hasColumn("measure") else { return values }
        func typed<T: DatabaseValueConvertible>(_ name: String, _ type: T.Type) -> T?? {
            let value: DatabaseValue = row[name]
            if value.isNull { return .some(nil) }
            return T.fromDatabaseValue(value).map { .some($0) }
        }
        guard let measure = typed("measure", String.self), let assisted = typed("assisted", Int64.self),
              let seconds = typed("seconds", Int64.self), let distance = typed("distance", Double.self),
              let distanceUnit = typed("distanceUnit", String.self), let rpe = typed("rpe", Double.self) else { return nil }
        // Fast path: a plain weight set has none of them.
        if measure == nil, assisted == nil, seconds == nil, distance == nil, rpe == nil { return values }
        return StoredRange.kinded(values, measure: measure, assisted: assisted, seconds: seconds,
                                  distance: distance, distanceUnit: distanceUnit, rpe: rpe)
    }

    /// `decode(row)` of a row whose `weight`, `unit`, `reps` and `series`
    /// are the four columns from `numbers` on and the v7 columns
    /// (`kindColumnsSQL`, in its order) the six from `kinds` on: found by
    /// place, not by name, for reads of thousands of rows.
    static func decode(_ row: Row, numbers: Int, kinds: Int) -> SetValues? {
        decode(numbers: numbers, kinds: kinds) { row[$0] }
    }

    /// `decode(row, numbers:kinds:)` of the columns `column` reads by place
    /// (straight from the statement, for a read of a million rows).
    static func decode(numbers: Int, kinds: Int, _ column: (Int) -> DatabaseValue) -> SetValues? {
        guard let values = decode(weight: column(numbers), unit: column(numbers + 1),
                                  reps: column(numbers + 2), series: column(numbers + 3)) else { return nil }
        func typed<T: DatabaseValueConvertible>(_ index: Int, _ type: T.Type) -> T?? {
            let value = column(index)
            if value.isNull { return .some(nil) }
            return T.fromDatabaseValue(value).map { .some($0) }
        }
        guard let measure = typed(kinds, String.self), let assisted = typed(kinds + 1, Int64.self),
              let seconds = typed(kinds + 2, Int64.self), let distance = typed(kinds + 3, Double.self),
              let distanceUnit = typed(kinds + 4, String.self), let rpe = typed(kinds + 5, Double.self) else { return nil }
        if measure == nil, assisted == nil, seconds == nil, distance == nil, rpe == nil { return values }
        return StoredRange.kinded(values, measure: measure, assisted: assisted, seconds: seconds,
                                  distance: distance, distanceUnit: distanceUnit, rpe: rpe)
    }

    /// The v7 columns a read of `record` (aliased `prefix`) selects for `decode`.
    static func kindColumnsSQL(_ prefix: String = "") -> String {
        ["measure", "assisted", "seconds", "distance", "distanceUnit", "rpe"].map { prefix + $0 }.joined(separator: ", ")
    }

    /// A stored millisecond timestamp, or `nil` when it is not one (years 0001–9999).
    static func date(_ value: DatabaseValue) -> Date? {
        Int64.fromDatabaseValue(value).flatMap(StoredRange.date(milliseconds:))
    }

    /// The same rule as `decode` and `date`, as an SQL condition on `record`.
    static var inRangeSQL: String {
        """
        typeof(weight) IN ('integer', 'real') AND typeof(reps) = 'integer' AND typeof(series) = 'integer' \
        AND typeof(performedAt) = 'integer' AND \(StoredRange.conditionSQL) AND \(StoredRange.kindConditionSQL)
        """
    }
}
