import Foundation
import TopWeightCore

/// History as aligned text: a heading per day, then one row per record.
///
/// ```
/// Today
///   18:42  #12  Ana  Bench Press   62.5 kg × 8 × 3
/// Fri 14 Nov
///   07:10   #9  Ana  Back Squat     100 kg × 5 × 5
/// ```
/// Columns are measured in terminal cells, so names in any script line up.
/// Each kind of set reads as its own (`BW + 10 kg × 8 × 3`, `1:30 × 3`,
/// `2 000 m in 7:45`, `@8` after a rated one), its first number aligned
/// with the weights.
/// A day's session note, when given, follows its heading, rendered as
/// markdown in `noteStyle`:
///
/// ```
/// Today
///   ✎ Felt strong, the left knee was fine
///     • next time 65 kg
///   18:42  #12  Bench Press   62.5 kg × 8 × 3
/// ```
public enum HistoryText {
    public static func render(
        _ records: [WorkoutRecord], grouping: HistoryGrouping, now: Date, showUser: Bool,
        notes: [LocalDay: String] = [:], noteStyle: TextStyle = .plain, coaches: [Int64: String] = [:]
    ) -> [String] {
        let users = records.map { TerminalText.safe($0.user) }
        let exercises = records.map { TerminalText.safe($0.exercise) }
        let sets = records.map { Self.columns(of: $0.values) }
        let weights = sets.map(\.lead)
        let userWidth = users.map(TerminalText.width).max() ?? 0
        let exerciseWidth = exercises.map(TerminalText.width).max() ?? 0
        let weightWidth = weights.map(TerminalText.width).max() ?? 0
        let repsWidth = sets.compactMap { $0.reps?.count }.max() ?? 0
        // The set's number: what `:edit`, `delete` and `restore` ask for.
        let idWidth = records.map { $0.number.count }.max() ?? 0

        var index: [Int64: Int] = [:]
        for (position, record) in records.enumerated() { index[record.id] = position }

        var lines: [String] = []
        for group in grouping.group(records, now: now, date: { $0.performedAt }) {
            lines.append(group.label)
            if let note = notes[LocalDay(group.day, in: grouping.calendar)] {
                lines += MarkdownText.render(note, style: noteStyle).enumerated().map { ($0.offset == 0 ? "  ✎ " : "    ") + $0.element }
            }
            for record in group.items {
                guard let i = index[record.id] else { continue }
                var line = "  " + grouping.time(of: record.performedAt) + "  "
                let number = record.number
                line += String(repeating: " ", count: idWidth - number.count) + number + "  "
                if showUser { line += TerminalText.pad(users[i], to: userWidth) + "  " }
                line += TerminalText.pad(exercises[i], to: exerciseWidth) + "  "
                line += String(repeating: " ", count: weightWidth - TerminalText.width(weights[i])) + weights[i]
                if let reps = sets[i].reps {
                    line += " × " + String(repeating: " ", count: repsWidth - reps.count) + reps
                }
                line += sets[i].rest
                if let kind = record.kind { line += "  " + Self.label(kind) }
                // Logged by a coach for the member (`:user NAME` at a kiosk).
                if let coach = coaches[record.id] { line += "  by " + TerminalText.safe(coach) }
                // A superset's place: A1, A2 (one label a set, as the walk saved it).
                if let superset = record.superset { line += "  " + superset }
                lines.append(line)
            }
        }
        return lines
    }

    /// A set's numbers in the columns of a history row: what leads
    /// (right-aligned: the weight, the added load, the hold, the distance),
    /// the reps when the kind has them (aligned too), then the rest as
    /// `SetValues.description` words it: `62.5 kg × 8 × 3`, `BW + 10 kg × 8 × 3`,
    /// `1:30 × 3`, `2 000 m in 7:45`, each with ` @8` when rated.
    static func columns(of values: SetValues) -> (lead: String, reps: String?, rest: String) {
        let rated = values.effort.map { " \($0.description)" } ?? ""
        switch values.measure {
        case .weight:
            return (values.weight.description, String(values.reps), " × \(values.series)\(rated)")
        case .bodyweight:
            return (AddedLoad.describe(values.signedLoadHundredths, unit: values.weight.unit), String(values.reps), " × \(values.series)\(rated)")
        case .time:
            return (values.duration?.description ?? "?", nil, " × \(values.series)\(rated)")
        case .distance:
            return (values.distance?.description ?? "?", nil, " in \(values.duration?.description ?? "?")\(rated)")
        }
    }

    /// How a set that was not a working set reads in a listing.
    public static func label(_ kind: SetKind) -> String {
        switch kind {
        case .warmup: "warm-up"
        case .drop: "drop set"
        case .failure: "to failure"
        }
    }
}
