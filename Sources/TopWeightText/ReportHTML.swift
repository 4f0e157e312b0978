import Foundation
import TopWeightCore

/// The coach's report as one web page (`--format html`): self-contained (its
/// style inline, its charts inline SVG, no script, no file or font fetched;
/// its Content-Security-Policy forbids them too), light, and laid out for a
/// browser's "Print to PDF" on A4 or Letter: a member's rows never split
/// across pages and the table's header repeats on each. Each member has a
/// bar chart of their last eight weeks' volume beside their figures.
/// Private members are in it, and the page says it is not for the wall.
public enum ReportHTML {
    static let style = """
        :root { color-scheme: light; --ink: #1b1f24; --muted: #5b6570; --rule: #d8dde3; --accent: #b45309; --up: #15803d; --down: #b91c1c; }
        * { box-sizing: border-box; }
        html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        body { margin: 0 auto; max-width: 1100px; padding: 24px 28px 40px; color: var(--ink); background: #fff; line-height: 1.35;
               font: 14px/1.35 "DejaVu Sans", "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
        header { display: flex; justify-content: space-between; align-items: flex-end; gap: 16px;
                 border-bottom: 3px solid var(--accent); padding-bottom: 8px; margin-bottom: 14px; }
        h1 { margin: 0; font-size: 22px; }
        h1 small { display: block; font-size: 13px; font-weight: 400; color: var(--muted); letter-spacing: .04em; text-transform: uppercase; }
        .stamp { border: 2px solid var(--down); color: var(--down); font-weight: 700; padding: 4px 10px; border-radius: 4px;
                 text-transform: uppercase; letter-spacing: .05em; font-size: 12px; white-space: nowrap; }
        .totals { display: grid; grid-template-columns: repeat(6, 1fr); gap: 8px; margin: 0 0 16px; }
        .totals div { border: 1px solid var(--rule); border-radius: 6px; padding: 6px 10px; }
        .totals b { display: block; font-size: 20px; font-variant-numeric: tabular-nums; }
        .totals span { color: var(--muted); font-size: 12px; }
        h2 { font-size: 15px; margin: 20px 0 6px; text-transform: uppercase; letter-spacing: .05em; color: var(--accent); }
        table { width: 100%; border-collapse: collapse; }
        .wide { overflow-x: auto; }
        thead { display: table-header-group; }
        th { text-align: left; font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted);
             border-bottom: 2px solid var(--rule); padding: 4px 6px; white-space: nowrap; }
        td { padding: 5px 6px; vertical-align: middle; }
        tbody { break-inside: avoid; page-break-inside: avoid; }
        tbody + tbody tr:first-child td { border-top: 1px solid var(--rule); }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        th.num { text-align: right; }
        .name { font-weight: 700; white-space: nowrap; }
        .tag { font-size: 10px; font-weight: 700; color: var(--down); border: 1px solid var(--down); border-radius: 3px; padding: 0 4px; margin-left: 6px;
               text-transform: uppercase; vertical-align: 1px; }
        .up { color: var(--up); } .down { color: var(--down); } .muted { color: var(--muted); }
        td.chart { width: 104px; }
        td.program { white-space: nowrap; }
        td.chart svg { display: block; }
        tr.prs td { padding-top: 0; color: var(--muted); font-size: 12.5px; }
        tr.prs b { color: var(--ink); font-weight: 600; }
        .short { color: var(--down); font-weight: 700; }
        ul.quiet { margin: 0; padding-left: 18px; columns: 2; }
        p.note { color: var(--muted); font-size: 12px; margin-top: 18px; }
        @media (max-width: 760px) { .totals { grid-template-columns: repeat(3, 1fr); } }
        @page { size: A4; margin: 12mm; }
        @media print {
          body { max-width: none; padding: 0; font-size: 8.5pt; }
          .wide { overflow: visible; }
          h1 { font-size: 14pt; } h1 small { font-size: 8pt; }
          .stamp { font-size: 7.5pt; padding: 2px 6px; }
          .totals { gap: 5px; } .totals div { padding: 3px 6px; }
          .totals b { font-size: 11.5pt; white-space: nowrap; } .totals span { font-size: 7.5pt; }
          th { font-size: 7pt; padding: 3px 4px; } td { padding: 3px 4px; }
          tr.prs td { font-size: 7.5pt; }
          h2 { font-size: 10pt; break-after: avoid; page-break-after: avoid; }
          p.note { font-size: 7.5pt; }
        }
        """

    /// The whole page; `made` says when it was made, in the header.
    public static func page(_ report: GymReport, gym: String, made: String) -> String {
        let title = ReportText.title(report)
        var html = HTMLPage.opening(title: "\(gym) · \(title)", style: style,
                                    policy: "default-src 'none'; style-src 'unsafe-inline'") + """
            <header><h1><small>\(escape(gym)) · coach's report</small>\(escape(title))</h1>
            <div class="stamp">Coach's copy · not for the wall</div></header>

            """
        html += totals(report)
        if let comparison = ReportText.comparison(report) { html += "<p class=\"muted\">\(escape(comparison))</p>\n" }
        if report.hasPrivateMembers {
            html += "<p class=\"muted\">Members marked <span class=\"tag\">private</span> keep off the gym's board: this page is for the coach only.</p>\n"
        }
        html += "<h2>Who trained</h2>\n"
        if report.members.isEmpty {
            html += "<p class=\"muted\">\(escape(ReportText.nobody(report)))</p>\n"
        } else {
            html += "<div class=\"wide\"><table>\n<thead><tr><th>Member</th><th class=\"num\">Days</th><th class=\"num\">Sets</th><th class=\"num\">Volume</th>"
                + "<th class=\"num\">vs before</th><th>Last 8 weeks</th><th>Program</th><th class=\"num\">Body weight</th><th class=\"num\">Last seen</th></tr></thead>\n"
            for member in report.members { html += row(member) }
            html += "</table></div>\n"
        }
        if report.member == nil {
            html += "<h2>Gone quiet</h2>\n<p class=\"muted\">\(escape(ReportText.quietRule(report).prefix(1).uppercased() + ReportText.quietRule(report).dropFirst())).</p>\n"
            if report.inactive.isEmpty {
                html += "<p>Nobody.</p>\n"
            } else {
                html += "<ul class=\"quiet\">\n" + report.inactive.map { member in
                    "<li><span class=\"name\">\(escape(member.member))</span>\(member.isPrivate ? "<span class=\"tag\">private</span>" : "") "
                        + "<span class=\"muted\">last seen \(escape(ReportText.short(member.lastSeen, year: true))) · \(member.daysQuiet) days</span></li>\n"
                }.joined() + "</ul>\n"
            }
        }
        html += "<p class=\"note\">\(escape(ReportText.volumeNote)) Made \(escape(made)).</p>\n</body>\n</html>\n"
        return html
    }

    private static func totals(_ report: GymReport) -> String {
        let totals = report.totals
        var cells = [(ReportText.grouped(totals.members), totals.members == 1 ? "member trained" : "members trained"),
                     (ReportText.grouped(totals.days), "training days"), (ReportText.grouped(totals.sets), "sets"),
                     (ReportText.volume(totals.volumeKilograms), "volume"),
                     (ReportText.grouped(totals.records), totals.records == 1 ? "PR" : "PRs"),
                     (ReportText.grouped(totals.firsts), totals.firsts == 1 ? "first" : "firsts"),
                     (ReportText.grouped(report.inactive.count), "gone quiet")]
        if report.member != nil { cells = cells.filter { $0.1 != "gone quiet" && !$0.1.hasPrefix("member") } }
        return "<div class=\"totals\">" + cells.map { "<div><b>\(escape($0.0))</b><span>\(escape($0.1))</span></div>" }.joined() + "</div>\n"
    }

    /// A member's rows: their figures with the chart, then their PRs.
    static func row(_ member: MemberReport) -> String {
        let change = member.volumeChangePercent
        let changeClass = change.map { $0 > 0 ? "num up" : $0 < 0 ? "num down" : "num" } ?? "num muted"
        var program = "<span class=\"muted\">none</span>"
        if let compliance = member.program, compliance.prescribed == 0 {
            program = "\(escape(compliance.program)) <span class=\"muted\">no day of it</span>"
        } else if let compliance = member.program {
            let short = compliance.done < compliance.prescribed
            program = "\(escape(compliance.program)) <span class=\"\(short ? "short" : "muted")\">\(compliance.done)/\(compliance.prescribed) sets</span>"
        }
        var html = "<tbody><tr><td class=\"name\">\(escape(member.member))\(member.isPrivate ? "<span class=\"tag\">private</span>" : "")</td>"
            + "<td class=\"num\">\(ReportText.grouped(member.days))</td><td class=\"num\">\(ReportText.grouped(member.sets))</td>"
            + "<td class=\"num\">\(escape(ReportText.volume(member.volumeKilograms, in: member.unit)))</td>"
            + "<td class=\"\(changeClass)\">\(escape(ReportText.change(change, isNew: member.isNew)))</td>"
            + "<td class=\"chart\">\(chart(member.weeklyVolume, member: member.member))</td>"
            + "<td class=\"program\">\(program)</td><td class=\"num\">\(escape(ReportText.bodyWeight(member.bodyWeight)))</td>"
            + "<td class=\"num\">\(escape(ReportText.short(member.lastSeen)))</td></tr>\n"
        let records = ReportText.records(member)
        if !records.isEmpty {
            html += "<tr class=\"prs\"><td colspan=\"9\">PRs: " + records.map { line in
                let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
                return "<b>\(escape(parts[0]))</b>\(escape(parts.count > 1 ? ":" + parts[1] : ""))"
            }.joined(separator: " · ") + "</td></tr>\n"
        }
        return html + "</tbody>\n"
    }

    /// Eight bars, one a week, oldest first, scaled to the member's best
    /// week; the last (the period's own) in the accent colour. Its title
    /// gives the figures to a reader who hovers or a screen reader.
    static func chart(_ weeks: [Double], member: String) -> String {
        let width = 96.0
        let height = 26.0
        let gap = 2.0
        let bar = (width - gap * Double(max(weeks.count - 1, 0))) / Double(max(weeks.count, 1))
        let top = weeks.max() ?? 0
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\">"
        svg += "<title>\(escape(member)): weekly volume over 8 weeks, \(escape(weeks.map { ReportText.volume($0) }.joined(separator: ", ")))</title>"
        svg += "<line x1=\"0\" y1=\"\(height - 0.5)\" x2=\"\(Int(width))\" y2=\"\(height - 0.5)\" stroke=\"#d8dde3\" stroke-width=\"1\"/>"
        for (index, volume) in weeks.enumerated() {
            let tall = top > 0 ? max((volume / top) * (height - 2), volume > 0 ? 1.5 : 0) : 0
            let x = Double(index) * (bar + gap)
            let fill = index == weeks.count - 1 ? "#b45309" : "#9aa6b2"
            svg += "<rect x=\"\(format(x))\" y=\"\(format(height - 1 - tall))\" width=\"\(format(bar))\" height=\"\(format(tall))\" fill=\"\(fill)\"/>"
        }
        return svg + "</svg>"
    }

    private static func format(_ value: Double) -> String {
        Decimal2.format(Int((value * 100).rounded()))
    }

    static func escape(_ text: String) -> String {
        BoardHTML.escape(text)
    }
}
