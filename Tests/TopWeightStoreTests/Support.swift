import Foundation
import TopWeightCore

/// A fixed instant plus `seconds` and `milliseconds`, built exactly the way the
/// store decodes `performedAt` (whole milliseconds), so dates compare equal
/// after a round trip. No test reads the wall clock.
func instant(_ seconds: Int, milliseconds: Int = 0) -> Date {
    let total: Int64 = 1_750_000_000_000 + Int64(seconds) * 1000 + Int64(milliseconds)
    return Date(timeIntervalSince1970: Double(total) / 1000)
}

extension SetValues {
    /// `SetValues(62.5, .kg, 8, 3)` is 62.5 kg × 8 × 3.
    init(_ weight: Double, _ unit: WeightUnit, _ reps: Int, _ series: Int) {
        self.init(weight: Weight(value: weight, unit: unit), reps: reps, series: series)
    }
}

extension SetRecording {
    /// Saves a set and returns its id; a shorthand for the tests. The uid is
    /// made from `performedAt`, so ids sort the way the sets were made.
    @discardableResult
    func save(
        _ user: User, _ exercise: Exercise, _ values: SetValues, at performedAt: Date
    ) throws(LogbookError) -> Int64 {
        try save(NewRecord(user: user, exercise: exercise, values: values, performedAt: performedAt,
                           uid: RecordUID.make(at: performedAt)), now: performedAt)
    }
}
