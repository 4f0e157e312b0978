import Foundation
import TopWeightCore

/// A member's sessions as an aligned table, newest first:
///
/// ```
/// Day          Routine  Sets   Volume  Exercises
/// Today      ✎ Push       12  2450 kg  3  Bench Press, Overhead Press, Dips
/// Fri 14 Nov   -           8  1200 kg  2  Back Squat, Deadlift
/// ```
/// `✎` marks a day with a note; with `notes` set, the note follows its row,
/// rendered as markdown. Exercise names are cut with `…` to fit `width`;
/// after them, the day's warm-ups, drop sets and failed sets, counted:
/// `Bench Press  (2 warm-up, 1 to failure)`.
public enum SessionText {
    public static func render(
        _ sessions: [TrainingSession], grouping: HistoryGrouping, now: Date,
        notes: TextStyle? = nil, width: Int = 80
    ) -> [String] {
        let sorted = sessions.sorted { $0.day > $1.day }
        let days = sorted.map { grouping.label(for: $0.day.start(in: grouping.calendar), now: now) }
        let routines = sorted.map { $0.routine.map(TerminalText.safe) ?? "-" }
        let sets = sorted.map { Figures.grouped($0.sets) }
        let volumes = sorted.map { ReportText.volume($0.volumeKilograms) }
        let counts = sorted.map { String($0.exercises.count) }

        let dayWidth = max(3, days.map(TerminalText.width).max() ?? 0)
        let routineWidth = max(7, routines.map(TerminalText.width).max() ?? 0)
        let setsWidth = max(4, sets.map(\.count).max() ?? 0)
        let volumeWidth = max(6, volumes.map(\.count).max() ?? 0)
        let countWidth = counts.map(\.count).max() ?? 1

        var lines = [
            TerminalText.pad("Day", to: dayWidth) + "   " + TerminalText.pad("Routine", to: routineWidth) + "  "
                + TextColumns.right("Sets", setsWidth) + "  " + TextColumns.right("Volume", volumeWidth) + "  Exercises",
        ]
        for (i, session) in sorted.enumerated() {
            var line = TerminalText.pad(days[i], to: dayWidth) + (session.note == nil ? "   " : " ✎ ")
            line += TerminalText.pad(routines[i], to: routineWidth) + "  " + TextColumns.right(sets[i], setsWidth) + "  "
            line += TextColumns.right(volumes[i], volumeWidth) + "  " + TextColumns.right(counts[i], countWidth) + "  "
            let names = session.exercises.map(TerminalText.safe).joined(separator: ", ")
            // Warm-ups, drop sets and failed sets an import marked, named as history names them.
            let marked = kinds(of: session).map { "\($0.sets) \(HistoryText.label($0.kind))" }
            let marks = marked.isEmpty ? "" : "  (" + marked.joined(separator: ", ") + ")"
            line += TextColumns.cut(names, to: width - TerminalText.width(line) - TerminalText.width(marks)) + marks
            lines.append(line)
            if let style = notes, let note = session.note {
                lines += MarkdownText.render(note, style: style).map { "    " + $0 }
            }
        }
        return lines
    }

    /// The day's sets that are not working sets, counted by kind (each
    /// record counts its series), in the order of `SetKind`; empty when
    /// every set was a working set.
    public static func kinds(of session: TrainingSession) -> [(kind: SetKind, sets: Int)] {
        var counts: [SetKind: Int] = [:]
        for record in session.records {
            if let kind = record.kind { counts[kind, default: 0] += record.values.series }
        }
        return SetKind.allCases.compactMap { kind in counts[kind].map { (kind, $0) } }
    }
}
