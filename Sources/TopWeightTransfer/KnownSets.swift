import Foundation
import TopWeightCore

/// A member's live sets on the days an import touches, found by what they
/// are (day, exercise, weight, reps, time, distance, kind) rather than by id.
///
/// An export that carries no ids (Strong's CSV, ours included) gives its rows
/// new ids: a workout a day, sets renumbered, one unit. Without this, our own
/// Strong export imported back doubled the history. A set the member's day
/// already holds is counted once: each stored set answers for one incoming
/// set at most, so a day with two identical sets in the file and one in the
/// database still gains the second.
struct KnownSets {
    /// Stored sets not yet matched, by day, exercise, reps and kind: their
    /// weights in kg and how many of each are left.
    private var slots: [String: [(kilograms: Double, count: Int)]] = [:]
    private let calendar: Calendar

    /// Weights within this of each other (in kg) are one weight: Strong's
    /// file has one unit, and a weight converted to it is rounded to the
    /// hundredth (0.005 kg or 0.0045 lb at most).
    static let tolerance = 0.006

    /// `records`: the member's live sets. A set the file names by a known id
    /// takes its match from here too (`take`), not the stored set of that id:
    /// ids made from another file's rows can fall on other sets (Strong files
    /// numbered from 0 against ours from 1).
    init(_ records: [WorkoutRecord], calendar: Calendar) {
        self.calendar = calendar
        for record in records where record.deletedAt == nil {
            let key = slot(record.exercise, values: record.values, kind: record.kind, at: record.performedAt)
            let kilograms = Self.kilograms(record.values.weight)
            if let index = slots[key]?.firstIndex(where: { abs($0.kilograms - kilograms) < Self.tolerance }) {
                slots[key]?[index].count += record.values.series
            } else {
                slots[key, default: []].append((kilograms, record.values.series))
            }
        }
    }

    /// How many of `record`'s series the day already holds (taken, so no
    /// other incoming set counts them again).
    mutating func take(_ record: StoredRecord) -> Int {
        let key = slot(record.exercise, values: record.values, kind: record.kind, at: record.performedAt)
        let kilograms = Self.kilograms(record.values.weight)
        guard let index = slots[key]?.firstIndex(where: { abs($0.kilograms - kilograms) < Self.tolerance && $0.count > 0 }),
              let available = slots[key]?[index].count else { return 0 }
        let taken = min(available, record.values.series)
        slots[key]?[index].count -= taken
        return taken
    }

    /// A timed or distance set's slot holds its time and distance too (a
    /// weight set's is as it always was); neither the RPE nor bodyweight
    /// against weight tells sets apart: an import made before either was read
    /// still answers for the set.
    private func slot(_ exercise: String, values: SetValues, kind: SetKind?, at date: Date) -> String {
        var parts = [LocalDay(date, in: calendar).description, NameRules.key(exercise), String(values.reps), kind?.rawValue ?? ""]
        if let duration = values.duration { parts.append("t\(duration.seconds)") }
        if let distance = values.distance { parts.append("d\(Int(distance.metres.rounded()))") }
        return parts.joined(separator: "\u{1F}")
    }

    static func kilograms(_ weight: Weight) -> Double {
        weight.unit == .lb ? weight.value * 0.45359237 : weight.value
    }
}
