import Foundation
import Ink
import Testing
@testable import TopWeightCore
import TopWeightText

/// The coach's report put into words, from figures made by hand: the
/// terminal's table, Markdown that parses to the table meant, JSON with the
/// issue's keys, and a page with no script whose charts have a bar a week.
@Suite("The coach's report as text, Markdown, JSON and a page")
struct ReportTextTests {
    static func report() throws -> GymReport {
        let period = try #require(ReportPeriod(week: "2026-W47"))
        let squat = WorkoutRecord(id: 42, user: "Ana", exercise: "Back Squat", values: SetValues(weight: Weight(value: 107.5, unit: .kg), reps: 5, series: 4),
                                  performedAt: Date(timeIntervalSince1970: 1_763_661_600))
        var best = ExerciseRecords(exercise: "Back Squat", formula: .epley)
        best.add(squat)
        let ana = MemberReport(member: "Ana | *A*", isPrivate: true, days: 2, sets: 37, volumeKilograms: 8_540, volumeBeforeKilograms: 7_600,
                               records: Array(best.bests.prefix(2)), program: ProgramCompliance(program: "5x5", days: 2, prescribed: 26, done: 20),
                               bodyWeight: BodyWeightChange(from: Weight(value: 70, unit: .kg), to: Weight(value: 69.4, unit: .kg)),
                               lastSeen: period.first.adding(days: 4), weeklyVolume: [0, 0, 0, 0, 0, 0, 7_600, 8_540])
        let bo = MemberReport(member: "Bo", isPrivate: false, days: 2, sets: 30, volumeKilograms: 2_700, volumeBeforeKilograms: 0,
                              records: [], program: nil, bodyWeight: nil, lastSeen: period.first.adding(days: 3),
                              weeklyVolume: [1_000, 0, 0, 0, 0, 0, 0, 2_700])
        let cy = QuietMember(member: "Cy <script>", isPrivate: false, lastSeen: period.last.adding(days: -23), daysQuiet: 23)
        return GymReport(period: period, inactiveAfterDays: 14, members: [ana, bo], inactive: [cy])
    }

    @Test("text: the title, the private note, one aligned row a member, PRs, the quiet, the totals")
    func text() throws {
        let lines = ReportText.lines(try Self.report())
        #expect(lines.prefix(2) == ["Week 2026-W47 · Mon 16 Nov – Sun 22 Nov 2026", "Private members are in this report: it is the coach's, not for the wall."])
        #expect(lines[3] == "Member               Days  Sets    Volume  vs before  PRs  Program    Body weight  Last seen")
        #expect(lines[4] == "Ana | *A* (private)     2    37  8 540 kg    +12.4 %    2  5x5 20/26  −0.6 kg      Fri 20 Nov")
        #expect(lines[5] == "Bo                      2    30  2 700 kg        new    0  -          -            Thu 19 Nov")
        #expect(lines.contains("  Ana | *A*  Back Squat: heaviest 107.5 kg, e1RM 125.4 kg"))
        #expect(lines.contains("  Cy <script> — last seen Fri 30 Oct 2026 (23 days)"))
        #expect(lines.contains("Gym: 2 members · 4 training days · 67 sets · 11 240 kg · 2 PRs"))
    }

    @Test("markdown: Ink reads the figures' table cell for cell, the names as written")
    func markdown() throws {
        let html = MarkdownParser().html(from: ReportText.markdown(try Self.report()).joined(separator: "\n"))
        #expect(html.contains("<h1>Week 2026-W47 · Mon 16 Nov – Sun 22 Nov 2026</h1>"))
        #expect(html.contains("<td>Ana | *A* (private)</td><td align=\"right\">2</td><td align=\"right\">37</td><td align=\"right\">8 540 kg</td>"))
        #expect(html.contains("<td>Bo</td><td align=\"right\">2</td><td align=\"right\">30</td><td align=\"right\">2 700 kg</td><td align=\"right\">new</td>"))
        #expect(html.contains("Cy &lt;script&gt;") || html.contains("Cy &lt;script>"))
        #expect(!html.contains("<script>"))
    }

    @Test("JSON: the issue's keys, numbers as numbers, null where there is nothing")
    func json() throws {
        let text = ReportJSON.object(try Self.report(), timeZone: TimeZone(identifier: "UTC") ?? .current)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((object["period"] as? [String: String]) == ["label": "2026-W47", "from": "2026-11-16", "to": "2026-11-22"])
        let members = try #require(object["members"] as? [[String: Any]])
        #expect(Set(members[0].keys) == ["member", "private", "days", "sets", "volume", "volumeBefore", "volumeChange", "prs", "program",
                                         "bodyWeightChange", "bodyWeightUnit", "lastSeen", "weeklyVolume"])
        #expect(members[0]["volumeChange"] as? Double == 12.4)
        #expect(members[0]["bodyWeightChange"] as? Double == -0.6)
        #expect((members[0]["program"] as? [String: Any])?["done"] as? Int == 20)
        #expect((members[0]["prs"] as? [[String: Any]])?.first?["kind"] as? String == "heaviest")
        #expect(members[1]["volumeChange"] is NSNull)
        #expect(members[1]["program"] is NSNull)
        #expect((object["inactive"] as? [[String: Any]])?.first?["lastSeen"] as? String == "2026-10-30")
        #expect((object["totals"] as? [String: Double]) == ["members": 2, "days": 4, "sets": 67, "volume": 11_240, "prs": 2])
    }

    @Test("html: no script, nothing fetched, a chart of eight bars a member, names escaped, not for the wall")
    func page() throws {
        let page = ReportHTML.page(try Self.report(), gym: "Iron & Co", made: "2026-11-23T08:00:00+00:00")
        #expect(!page.contains("<script"))
        #expect(!page.contains("src="))
        #expect(!page.contains("href="))
        #expect(page.contains("default-src 'none'"))
        #expect(page.contains("Coach's copy · not for the wall"))
        #expect(page.contains("Cy &lt;script&gt;"))
        #expect(page.contains("<title>Iron &amp; Co · Week 2026-W47"))
        #expect(page.components(separatedBy: "<svg").count == 3)
        #expect(page.components(separatedBy: "<rect").count == 1 + 16)
        #expect(page.contains("<span class=\"short\">20/26 sets</span>"))
        #expect(page.contains("@media print"))
    }
}
