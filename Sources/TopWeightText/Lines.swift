import Foundation
import TopWeightCore

/// The lines the logger and the command line print the same way, each
/// made terminal-safe here, once, and aligned in terminal cells.
public enum Lines {
    /// A save the database server could not take: the entry stays for Enter.
    public static let unreachable = "database unreachable, your entry is kept: press Enter to try again"

    /// A new member or exercise named while the database server is away
    /// (`why`: the server's one line).
    public static func newNameWhileAway(_ why: String) -> String {
        "\(why): a new member or exercise needs the server; the ones this terminal knows keep saving (Tab lists them)"
    }

    /// `Saved #12  Ana · Bench Press · 62.5 kg × 8 reps × 3 series`, with
    /// `· warm-up` after a program's warm-up (`:go`), and
    /// `Saved #k3  …  (kept on this terminal; sent when the server is back)`
    /// for a set the terminal kept while its server was away.
    public static func saved(_ record: WorkoutRecord) -> String {
        let mark = record.kind.map { " · \(HistoryText.label($0))" } ?? ""
        let kept = record.isKept ? "  (kept on this terminal; sent when the server is back)" : ""
        return "Saved \(record.number)  \(summary(record))\(mark)\(kept)"
    }

    /// `Edited #12: Ana · Bench Press · 60 kg × 8 reps × 3 series → Bench Press · 62.5 kg × 8 reps × 3 series`
    /// (the member does not change, so the new side leaves them out).
    public static func edited(_ before: WorkoutRecord, _ after: WorkoutRecord) -> String {
        let values = after.values
        return "Edited #\(after.id): \(summary(before)) → \(TerminalText.safe(after.exercise)) · \(numbers(values))"
    }

    /// `Ana · Bench Press · 62.5 kg × 8 reps × 3 series`
    public static func summary(_ record: WorkoutRecord) -> String {
        let values = record.values
        return "\(TerminalText.safe(record.user)) · \(TerminalText.safe(record.exercise)) · \(numbers(values))"
    }

    /// The set in its kind: `62.5 kg × 8 reps × 3 series`, `200 kg × 1 rep ×
    /// 1 series` (series is its own plural), `BW + 10 kg × 8 reps × 3 series`,
    /// `1:30 × 3 series`, `2 000 m in 7:45`, each with ` @8` when rated.
    public static func numbers(_ values: SetValues) -> String {
        let rated = values.effort.map { " \($0.description)" } ?? ""
        switch values.measure {
        case .weight:
            return "\(values.weight.description) × \(count(values.reps, "rep")) × \(values.series) series\(rated)"
        case .bodyweight:
            let load = AddedLoad.describe(values.signedLoadHundredths, unit: values.weight.unit)
            return "\(load) × \(count(values.reps, "rep")) × \(values.series) series\(rated)"
        case .time:
            return "\(values.duration?.description ?? "?") × \(values.series) series\(rated)"
        case .distance:
            return "\(values.distance?.description ?? "?") in \(values.duration?.description ?? "?")\(rated)"
        }
    }

    /// One line per member: name, records, when they last trained.
    /// With `privacy` (the owner's `topweight users`, not the rack's
    /// `:users`), a member who keeps off the board says so at the end.
    public static func members(_ summaries: [UserSummary], grouping: HistoryGrouping, now: Date, privacy: Bool = false) -> [String] {
        let names = summaries.map { TerminalText.safe($0.user.name) }
        let width = names.map(TerminalText.width).max() ?? 0
        return zip(summaries, names).map { summary, name in
            let hidden = privacy && summary.isPrivate ? "; private (off the board)" : ""
            guard summary.records > 0 else { return "\(TerminalText.pad(name, to: width))  no records yet\(hidden)" }
            let last = summary.lastPerformedAt.map { ", last " + grouping.label(for: $0, now: now) } ?? ""
            return "\(TerminalText.pad(name, to: width))  \(count(summary.records, "record"))\(last)\(hidden)"
        }
    }

    /// One line per exercise: name, records (or "catalog" for one not used
    /// yet), category, and its kind when it is not weight (`time`).
    public static func exercises(_ rows: [ExerciseRow]) -> [String] {
        let names = rows.map { TerminalText.safe($0.name) }
        let width = names.map(TerminalText.width).max() ?? 0
        // The counts padded too, so the categories stay in one column past 99 records.
        let uses = rows.map { $0.id == nil ? "catalog" : count($0.records, "record") }
        let usedWidth = uses.map(\.count).max() ?? 0
        let categories = rows.map { $0.category.map(TerminalText.safe) ?? "" }
        let categoryWidth = categories.map(TerminalText.width).max() ?? 0
        return zip(zip(rows, names), zip(uses, categories)).map { pair, shownPair in
            let (row, name) = pair
            let (used, category) = shownPair
            let kind = row.kind == .weight ? "" : row.kind.rawValue
            var columns = [TerminalText.pad(name, to: width), used]
            if !category.isEmpty || !kind.isEmpty {
                columns[1] = used.padding(toLength: usedWidth, withPad: " ", startingAt: 0)
                columns.append(kind.isEmpty ? category : TerminalText.pad(category, to: categoryWidth))
            }
            if !kind.isEmpty { columns.append(kind) }
            return columns.joined(separator: "  ")
        }
    }

    /// `1 record`, `3 records`.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(Figures.grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }
}
