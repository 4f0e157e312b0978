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
        notes: [LocalDay: String] = [:], noteStyle: TextStyle = .plain
    ) -> [String] {
        let users = records.map { TerminalText.safe($0.user) }
        let exercises = records.map { TerminalText.safe($0.exercise) }
        let weights = records.map { $0.values.weight.description }
        let userWidth = users.map(TerminalText.width).max() ?? 0
        let exerciseWidth = exercises.map(TerminalText.width).max() ?? 0
        let weightWidth = weights.map(TerminalText.width).max() ?? 0
        let repsWidth = records.map { String($0.values.reps).count }.max() ?? 0
        // The set's number: what `:edit`, `delete` and `restore` ask for.
        let idWidth = records.map { "#\($0.id)".count }.max() ?? 0

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
                let number = "#\(record.id)"
                line += String(repeating: " ", count: idWidth - number.count) + number + "  "
                if showUser { line += TerminalText.pad(users[i], to: userWidth) + "  " }
                line += TerminalText.pad(exercises[i], to: exerciseWidth) + "  "
                line += String(repeating: " ", count: weightWidth - weights[i].count) + weights[i]
                let reps = String(record.values.reps)
                line += " × " + String(repeating: " ", count: repsWidth - reps.count) + reps
                line += " × \(record.values.series)"
                if let kind = record.kind { line += "  " + Self.label(kind) }
                lines.append(line)
            }
        }
        return lines
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
