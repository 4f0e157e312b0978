import Foundation
import TopWeightCore

/// The coach's report in words: for the terminal (`--format text`) and as
/// Markdown (`--format markdown`). One row per member, the same cells in
/// both; their PRs under the table; the members gone quiet; the totals.
public enum ReportText {
    /// The figures' columns, in order.
    static let header = ["Member", "Days", "Sets", "Volume", "vs before", "PRs", "Program", "Body weight", "Last seen"]
    /// The columns that hold numbers (right-aligned).
    static let numeric: Set<Int> = [1, 2, 3, 4, 5]

    /// `Week 2026-W47 · Mon 16 Nov – Sun 22 Nov 2026`, `Month 2026-11 · …`,
    /// `Days 2026-11-03 to 2026-11-20 · Tue 3 Nov – Fri 20 Nov 2026 (18 days)`.
    public static func title(_ period: ReportPeriod) -> String {
        let kind: String
        switch period.span {
        case .week: kind = "Week"
        case .month: kind = "Month"
        case .days: kind = period.dayCount == 1 ? "Day" : "Days"
        }
        let days = period.first == period.last ? short(period.first, year: true)
            : "\(short(period.first, year: period.first.year != period.last.year)) – \(short(period.last, year: true))"
        let count = period.span == .days && period.dayCount > 1 ? " (\(grouped(period.dayCount)) days)" : ""
        return "\(kind) \(period) · \(days)\(count)"
    }

    /// The title of `report`, with its team, and `so far, to Tue 1 Dec` while its period runs.
    public static func title(_ report: GymReport) -> String {
        title(report.period) + (report.team.map { " · team \($0)" } ?? "") + (report.complete ? "" : " · so far, to \(short(report.through))")
    }

    /// What "vs before" compares with, said when the period is under way:
    /// `vs before: the same days of the week before, Mon 23 Nov – Tue 24 Nov`.
    public static func comparison(_ report: GymReport) -> String? {
        guard !report.complete else { return nil }
        let kind: String
        switch report.period.span {
        case .week: kind = "week"
        case .month: kind = "month"
        case .days: kind = "\(grouped(report.period.dayCount)) day\(report.period.dayCount == 1 ? "" : "s")"
        }
        let days = report.beforeFirst == report.beforeLast
            ? short(report.beforeFirst) : "\(short(report.beforeFirst)) – \(short(report.beforeLast))"
        return "vs before: the same days of the \(kind) before, \(days)"
    }

    /// `Mon 16 Nov` (and the year when asked).
    static func short(_ day: LocalDay, year: Bool = false) -> String {
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[(day.weekday - 1) % 7]) \(day.day) \(months[(day.month - 1) % 12])" + (year ? " \(day.year)" : "")
    }

    /// One member's cells (names as stored: each front end makes them safe its own way).
    static func cells(_ member: MemberReport) -> [String] {
        [member.member + (member.isPrivate ? " (private)" : ""), grouped(member.days), grouped(member.sets),
         volume(member.volumeKilograms, in: member.unit), change(member.volumeChangePercent, isNew: member.isNew), grouped(member.records.count),
         program(member.program), bodyWeight(member.bodyWeight), short(member.lastSeen)]
    }

    /// `12 340 kg` rounded to the kilogram, thousands apart.
    public static func volume(_ kilograms: Double) -> String {
        "\(grouped(Int(kilograms.rounded()))) kg"
    }

    /// `18 850 lb`: a member's volume in the unit they train in.
    public static func volume(_ kilograms: Double, in unit: WeightUnit) -> String {
        guard unit == .lb else { return volume(kilograms) }
        return "\(grouped(Int((kilograms / 0.45359237).rounded()))) lb"
    }

    /// `12 340`: a whole number written the one way (`Figures`).
    static func grouped(_ number: Int) -> String {
        Figures.grouped(number)
    }

    /// `+8.2 %`, `−12 %`, `±0 %`; with nothing the period before, `new`
    /// for a member whose first set is in the period, else `none before`.
    public static func change(_ percent: Double?, isNew: Bool = true) -> String {
        guard let percent else { return isNew ? "new" : "none before" }
        if percent == 0 { return "±0 %" }
        return (percent > 0 ? "+" : "−") + Decimal2.format(Int((abs(percent) * 100).rounded())) + " %"
    }

    /// `5x5 14/15` (prescribed sets done out of prescribed), `5x5 no day`
    /// when no training day was one of the program's, `-` on no program.
    static func program(_ compliance: ProgramCompliance?) -> String {
        guard let compliance else { return "-" }
        guard compliance.prescribed > 0 else { return "\(compliance.program) no day" }
        return "\(compliance.program) \(compliance.done)/\(compliance.prescribed)"
    }

    /// `69.4 kg (−0.4 kg)`, `180 lb (+1 lb)`: the period's last weigh-in
    /// and its change; `-` without two weigh-ins to compare.
    public static func bodyWeight(_ change: BodyWeightChange?) -> String {
        guard let change else { return "-" }
        return "\(change.to.description) (\(bodyWeightChange(change)))"
    }

    /// `−0.4 kg`, `+1 lb`, `±0 kg`.
    public static func bodyWeightChange(_ change: BodyWeightChange) -> String {
        let value = change.change
        let sign = value > 0 ? "+" : value < 0 ? "−" : "±"
        return sign + Decimal2.format(Int((abs(value) * 100).rounded())) + " " + change.unit.rawValue
    }

    /// A member's PRs, one a set the rack announced, as its line said it:
    /// `Back Squat: heaviest 105 kg (was 100 kg) · e1RM 122.5 kg (was 116.7 kg)`;
    /// then their firsts: `first: Deadlift, Plank`.
    static func records(_ member: MemberReport) -> [String] {
        var lines = member.records.map { "\($0.record.exercise): " + ProgressText.recordParts($0.beaten).joined(separator: " · ") }
        if !member.firsts.isEmpty {
            lines.append("first: " + member.firsts.map(\.exercise).joined(separator: ", "))
        }
        return lines
    }

    /// `Bo Li — last seen Tue 3 Nov (19 days)`.
    static func quiet(_ member: QuietMember) -> String {
        member.member + (member.isPrivate ? " (private)" : "") + " — last seen \(short(member.lastSeen, year: true)) (\(member.daysQuiet) days)"
    }

    /// `12 members · 34 training days · 540 sets · 145 230 kg · 9 PRs · 2 firsts`
    /// (a member's report leaves out the members).
    public static func totals(_ report: GymReport) -> String {
        let totals = report.totals
        let members = report.member == nil ? [count(totals.members, "member")] : []
        return (members + [count(totals.days, "training day"), count(totals.sets, "set"),
                           volume(totals.volumeKilograms), count(totals.records, "PR"), count(totals.firsts, "first")])
            .joined(separator: " · ")
    }

    /// `1 set`, `1 224 sets`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `Gym: …`, or `Ana: …` in a member's report, `Juniors: …` in a team's.
    static func totalsLabel(_ report: GymReport) -> String {
        (report.member ?? report.team ?? "Gym") + ": "
    }

    /// `Nobody trained in 2026-W47.`, `Ana has no set in 2026-W47.` (`so far` while it runs).
    static func nobody(_ report: GymReport) -> String {
        let when = "\(report.period)\(report.complete ? "" : " so far")"
        guard let member = report.member else { return "Nobody\(report.team.map { " in \($0)" } ?? "") trained in \(when)." }
        return "\(member) has no set in \(when)."
    }

    static let quietHeading = "Gone quiet"
    static func quietRule(_ report: GymReport) -> String {
        "no set for \(report.inactiveAfterDays) days or more by \(short(report.through)), after training in the \(GymReport.quietLookback / 7) weeks before"
    }
    static let privateNote = "Private members are in this report: it is the coach's, not for the wall."
    static let volumeNote = "Sets and volume as stats counts them (warm-ups in, volume loads only; each member's in the unit they train in, the gym's in kg); PRs as the rack announced them, one a set (a tie is none; a member's first set of an exercise is a first); program: prescribed sets done out of prescribed."

    // MARK: - Text

    /// The report for the terminal.
    public static func lines(_ report: GymReport) -> [String] {
        var lines = [title(report)]
        if let comparison = comparison(report) { lines.append(comparison) }
        if report.hasPrivateMembers { lines.append(privateNote) }
        lines.append("")
        if report.members.isEmpty {
            lines.append(TerminalText.safe(nobody(report)))
        } else {
            let rows = [header] + report.members.map { cells($0).map(TerminalText.safe) }
            lines += ProgressText.table(rows, rightAligned: numeric)
        }
        let withRecords = report.members.filter { !$0.records.isEmpty || !$0.firsts.isEmpty }
        if !withRecords.isEmpty {
            lines += ["", "PRs"]
            for member in withRecords {
                for (index, line) in records(member).enumerated() {
                    lines.append("  " + TerminalText.pad(index == 0 ? TerminalText.safe(member.member) : "", to: width(withRecords)) + "  " + TerminalText.safe(line))
                }
            }
        }
        if report.member == nil {
            lines += ["", "\(quietHeading) (\(quietRule(report)))"]
            lines += report.inactive.isEmpty ? ["  nobody"] : report.inactive.map { "  " + TerminalText.safe(quiet($0)) }
        }
        lines += ["", TerminalText.safe(totalsLabel(report)) + totals(report), volumeNote]
        return lines
    }

    private static func width(_ members: [MemberReport]) -> Int {
        members.map { TerminalText.width(TerminalText.safe($0.member)) }.max() ?? 0
    }

    // MARK: - Markdown

    /// The report as Markdown (GitHub's tables): a heading, the figures'
    /// table, the PRs and the quiet members as lists, the totals.
    public static func markdown(_ report: GymReport) -> [String] {
        var lines = ["# " + MarkdownLog.inline(title(report)), ""]
        if let comparison = comparison(report) { lines += [MarkdownLog.inline(comparison), ""] }
        if report.hasPrivateMembers { lines += ["> " + privateNote, ""] }
        if report.members.isEmpty {
            lines.append(MarkdownLog.inline(nobody(report)))
        } else {
            lines += MarkdownLog.table(header: header, rows: report.members.map(cells), rightAligned: numeric)
        }
        let withRecords = report.members.filter { !$0.records.isEmpty || !$0.firsts.isEmpty }
        if !withRecords.isEmpty {
            lines += ["", "## PRs", ""]
            for member in withRecords {
                lines.append("- **\(MarkdownLog.inline(member.member))**: " + records(member).map { MarkdownLog.inline($0) }.joined(separator: "; "))
            }
        }
        if report.member == nil {
            lines += ["", "## \(quietHeading)", "", MarkdownLog.inline(quietRule(report).prefix(1).uppercased() + quietRule(report).dropFirst()) + ".", ""]
            lines += report.inactive.isEmpty ? ["Nobody."] : report.inactive.map { "- " + MarkdownLog.inline(quiet($0)) }
        }
        lines += ["", "## " + MarkdownLog.inline(report.member ?? report.team ?? "Gym"), "", MarkdownLog.inline(totals(report)), "", MarkdownLog.inline(volumeNote)]
        return lines
    }
}
