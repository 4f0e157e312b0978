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

    /// `Week 2026-W47 · Mon 16 Nov – Sun 22 Nov 2026`, `Month 2026-11 · …`.
    public static func title(_ period: ReportPeriod) -> String {
        let kind: String
        switch period.span {
        case .week: kind = "Week"
        case .month: kind = "Month"
        }
        return "\(kind) \(period) · \(short(period.first, year: period.first.year != period.last.year)) – \(short(period.last, year: true))"
    }

    /// `Mon 16 Nov` (and the year when asked).
    static func short(_ day: LocalDay, year: Bool = false) -> String {
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[(day.weekday - 1) % 7]) \(day.day) \(months[(day.month - 1) % 12])" + (year ? " \(day.year)" : "")
    }

    /// One member's cells (names as stored: each front end makes them safe its own way).
    static func cells(_ member: MemberReport) -> [String] {
        [member.member + (member.isPrivate ? " (private)" : ""), String(member.days), String(member.sets),
         volume(member.volumeKilograms), change(member.volumeChangePercent), String(member.records.count),
         program(member.program), bodyWeight(member.bodyWeight), short(member.lastSeen)]
    }

    /// `12 340 kg` rounded to the kilogram, thousands apart.
    public static func volume(_ kilograms: Double) -> String {
        "\(grouped(Int(kilograms.rounded()))) kg"
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(abs(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += " " }
            out.append(digit)
        }
        return (number < 0 ? "−" : "") + out
    }

    /// `+8.2 %`, `−12 %`, `±0 %`; `new` with nothing the period before.
    public static func change(_ percent: Double?) -> String {
        guard let percent else { return "new" }
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

    /// `−0.4 kg`, `+1 lb`, `-` without two weigh-ins to compare.
    public static func bodyWeight(_ change: BodyWeightChange?) -> String {
        guard let change else { return "-" }
        let value = change.change
        let sign = value > 0 ? "+" : value < 0 ? "−" : "±"
        return sign + Decimal2.format(Int((abs(value) * 100).rounded())) + " " + change.unit.rawValue
    }

    /// `Bench Press heaviest 62.5 kg`: one PR.
    static func record(_ best: PersonalBest) -> String {
        "\(ProgressText.label(best.kind)) \(ProgressText.bestText(best))"
    }

    /// A member's PRs, by exercise: `Bench Press: heaviest 62.5 kg, e1RM 72.9 kg`.
    static func records(_ member: MemberReport) -> [String] {
        var lines: [(exercise: String, records: [String])] = []
        for best in member.records {
            if lines.last?.exercise == best.record.exercise {
                lines[lines.count - 1].records.append(record(best))
            } else {
                lines.append((best.record.exercise, [record(best)]))
            }
        }
        return lines.map { "\($0.exercise): \($0.records.joined(separator: ", "))" }
    }

    /// `Bo Li — last seen Tue 3 Nov (19 days)`.
    static func quiet(_ member: QuietMember) -> String {
        member.member + (member.isPrivate ? " (private)" : "") + " — last seen \(short(member.lastSeen, year: true)) (\(member.daysQuiet) days)"
    }

    /// `12 members · 34 days · 540 sets · 145 230 kg · 9 PRs`.
    public static func totals(_ report: GymReport) -> String {
        let totals = report.totals
        return [Lines.count(totals.members, "member"), Lines.count(totals.days, "training day"), Lines.count(totals.sets, "set"),
                volume(totals.volumeKilograms), Lines.count(totals.records, "PR")].joined(separator: " · ")
    }

    static let quietHeading = "Gone quiet"
    static func quietRule(_ report: GymReport) -> String {
        "no set for \(report.inactiveAfterDays) days or more by \(short(report.period.last)), after training in the \(GymReport.quietLookback / 7) weeks before"
    }
    static let privateNote = "Private members are in this report: it is the coach's, not for the wall."
    static let volumeNote = "Sets and volume as stats counts them (warm-ups in, volume loads only, kg); PRs as prs finds them, set in the period and standing at its end; program: prescribed sets done out of prescribed."

    // MARK: - Text

    /// The report for the terminal.
    public static func lines(_ report: GymReport) -> [String] {
        var lines = [title(report.period)]
        if report.hasPrivateMembers { lines.append(privateNote) }
        lines.append("")
        if report.members.isEmpty {
            lines.append("Nobody trained in \(report.period).")
        } else {
            let rows = [header] + report.members.map { cells($0).map(TerminalText.safe) }
            lines += ProgressText.table(rows, rightAligned: numeric)
        }
        let withRecords = report.members.filter { !$0.records.isEmpty }
        if !withRecords.isEmpty {
            lines += ["", "PRs"]
            for member in withRecords {
                for (index, line) in records(member).enumerated() {
                    lines.append("  " + TerminalText.pad(index == 0 ? TerminalText.safe(member.member) : "", to: width(withRecords)) + "  " + TerminalText.safe(line))
                }
            }
        }
        lines += ["", "\(quietHeading) (\(quietRule(report)))"]
        lines += report.inactive.isEmpty ? ["  nobody"] : report.inactive.map { "  " + TerminalText.safe(quiet($0)) }
        lines += ["", "Gym: " + totals(report), volumeNote]
        return lines
    }

    private static func width(_ members: [MemberReport]) -> Int {
        members.map { TerminalText.width(TerminalText.safe($0.member)) }.max() ?? 0
    }

    // MARK: - Markdown

    /// The report as Markdown (GitHub's tables): a heading, the figures'
    /// table, the PRs and the quiet members as lists, the totals.
    public static func markdown(_ report: GymReport) -> [String] {
        var lines = ["# " + MarkdownLog.inline(title(report.period)), ""]
        if report.hasPrivateMembers { lines += ["> " + privateNote, ""] }
        if report.members.isEmpty {
            lines.append("Nobody trained in \(report.period).")
        } else {
            lines += MarkdownLog.table(header: header, rows: report.members.map(cells), rightAligned: numeric)
        }
        let withRecords = report.members.filter { !$0.records.isEmpty }
        if !withRecords.isEmpty {
            lines += ["", "## PRs", ""]
            for member in withRecords {
                lines.append("- **\(MarkdownLog.inline(member.member))**: " + records(member).map { MarkdownLog.inline($0) }.joined(separator: "; "))
            }
        }
        lines += ["", "## \(quietHeading)", "", MarkdownLog.inline(quietRule(report).prefix(1).uppercased() + quietRule(report).dropFirst()) + ".", ""]
        lines += report.inactive.isEmpty ? ["Nobody."] : report.inactive.map { "- " + MarkdownLog.inline(quiet($0)) }
        lines += ["", "## Gym", "", MarkdownLog.inline(totals(report)), "", MarkdownLog.inline(volumeNote)]
        return lines
    }
}
