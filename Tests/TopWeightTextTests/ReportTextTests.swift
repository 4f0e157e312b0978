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
        let before = ExerciseBests(heaviest: BestSet(id: 40, weight: Weight(value: 105, unit: .kg), reps: 5),
                                   strongest: BestSet(id: 40, weight: Weight(value: 105, unit: .kg), reps: 5),
                                   mostReps: BestSet(id: 40, weight: Weight(value: 105, unit: .kg), reps: 5))
        let beaten = PersonalRecord.beaten(by: squat.values, kind: nil, bests: before)
        let deadlift = WorkoutRecord(id: 43, user: "Ana", exercise: "Deadlift", values: SetValues(weight: Weight(value: 120, unit: .kg), reps: 5, series: 1),
                                     performedAt: Date(timeIntervalSince1970: 1_763_665_200))
        let ana = MemberReport(member: "Ana | *A*", isPrivate: true, days: 2, sets: 1_237, volumeKilograms: 8_540, volumeBeforeKilograms: 7_600,
                               records: [AnnouncedRecord(record: squat, beaten: beaten)], firsts: [deadlift], program: ProgramCompliance(program: "5x5", days: 2, prescribed: 26, done: 20),
                               bodyWeight: BodyWeightChange(from: Weight(value: 70, unit: .kg), to: Weight(value: 69.4, unit: .kg)),
                               lastSeen: period.first.adding(days: 4), weeklyVolume: [0, 0, 0, 0, 0, 0, 7_600, 8_540])
        let bo = MemberReport(member: "Bo", isPrivate: false, days: 2, sets: 30, volumeKilograms: 2_700, volumeBeforeKilograms: 0,
                              records: [], isNew: false, program: nil, bodyWeight: nil, lastSeen: period.first.adding(days: 3),
                              weeklyVolume: [1_000, 0, 0, 0, 0, 0, 0, 2_700])
        let cy = QuietMember(member: "Cy <script>", isPrivate: false, lastSeen: period.last.adding(days: -23), daysQuiet: 23)
        return GymReport(period: period, inactiveAfterDays: 14, members: [ana, bo], inactive: [cy])
    }

    /// Thousands apart by a thin space, as every human-readable output writes them.
    static func thin(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: "\u{202F}")
    }

    @Test("text: the title, the private note, one aligned row a member, PRs, the quiet, the totals")
    func text() throws {
        let lines = ReportText.lines(try Self.report())
        #expect(lines.prefix(2) == ["Week 2026-W47 · Mon 16 Nov – Sun 22 Nov 2026", "Private members are in this report: it is the coach's, not for the wall."])
        #expect(lines[3] == "Member               Days   Sets    Volume    vs before  PRs  Program    Body weight        Last seen")
        #expect(lines[4] == Self.thin("Ana | *A* (private)     2  1_237  8_540 kg      +12.4 %    1  5x5 20/26  69.4 kg (−0.6 kg)  Fri 20 Nov"))
        #expect(lines[5] == Self.thin("Bo                      2     30  2_700 kg  none before    0  -          -                  Thu 19 Nov"))
        // One PR a set, as the rack's line said it; the first deadlift a first.
        #expect(lines.contains("  Ana | *A*  Back Squat: heaviest 107.5 kg (was 105 kg) · e1RM 125.4 kg (was 122.5 kg)"))
        #expect(lines.contains("             first: Deadlift"))
        #expect(lines.contains("  Cy <script> — last seen Fri 30 Oct 2026 (23 days)"))
        #expect(lines.contains(Self.thin("Gym: 2 members · 4 training days · 1_267 sets · 11_240 kg · 1 PR · 1 first")))
    }

    @Test("so far: the title says to which day, what vs before compares with; a member's report has no gym and no quiet")
    func soFarAndMember() throws {
        var report = try Self.report()
        report = GymReport(period: report.period, today: report.period.first.adding(days: 1), inactiveAfterDays: 14,
                           members: report.members, inactive: report.inactive)
        let lines = ReportText.lines(report)
        #expect(lines.prefix(2) == ["Week 2026-W47 · Mon 16 Nov – Sun 22 Nov 2026 · so far, to Tue 17 Nov",
                                    "vs before: the same days of the week before, Mon 9 Nov – Tue 10 Nov"])
        // A member who trains in pounds sees their volume in pounds; the gym's total stays in kg.
        var pounds = report.members[1]
        pounds.unit = .lb
        let mixed = ReportText.lines(GymReport(period: report.period, inactiveAfterDays: 14, members: [pounds], inactive: []))
        #expect(mixed.contains { $0.hasPrefix("Bo ") && $0.contains(Self.thin("5_952 lb")) }, "\(mixed)")
        #expect(mixed.contains { $0.hasPrefix("Gym: ") && $0.contains(Self.thin("2_700 kg")) }, "\(mixed)")
        let alone = GymReport(period: report.period, inactiveAfterDays: 14, members: [], inactive: [], member: "Bo")
        let text = ReportText.lines(alone)
        #expect(text.contains("Bo has no set in 2026-W47."))
        #expect(!text.contains { $0.hasPrefix("Gone quiet") || $0.hasPrefix("Gym:") })
        #expect(text.contains("Bo: 0 training days · 0 sets · 0 kg · 0 PRs · 0 firsts"))
    }

    @Test("markdown: Ink reads the figures' table cell for cell, the names as written")
    func markdown() throws {
        let html = MarkdownParser().html(from: ReportText.markdown(try Self.report()).joined(separator: "\n"))
        #expect(html.contains("<h1>Week 2026-W47 · Mon 16 Nov – Sun 22 Nov 2026</h1>"))
        #expect(html.contains("<td>Ana | *A* (private)</td><td align=\"right\">2</td><td align=\"right\">1\u{202F}237</td><td align=\"right\">8\u{202F}540 kg</td>"))
        #expect(html.contains("<td>Bo</td><td align=\"right\">2</td><td align=\"right\">30</td><td align=\"right\">2\u{202F}700 kg</td><td align=\"right\">none before</td>"))
        #expect(html.contains("Cy &lt;script&gt;") || html.contains("Cy &lt;script>"))
        #expect(!html.contains("<script>"))
    }

    @Test("JSON: the issue's keys, numbers as numbers, null where there is nothing")
    func json() throws {
        let text = ReportJSON.object(try Self.report(), timeZone: TimeZone(identifier: "UTC") ?? .current)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((object["period"] as? [String: String]) == ["label": "2026-W47", "from": "2026-11-16", "to": "2026-11-22"])
        #expect(object["complete"] as? Bool == true)
        #expect(object["through"] as? String == "2026-11-22")
        #expect((object["before"] as? [String: String]) == ["from": "2026-11-09", "to": "2026-11-15"])
        #expect(object["member"] is NSNull)
        let members = try #require(object["members"] as? [[String: Any]])
        #expect(Set(members[0].keys) == ["member", "private", "new", "days", "sets", "volume", "volumeBefore", "volumeChange", "prs", "firsts",
                                         "program", "bodyWeight", "bodyWeightChange", "bodyWeightUnit", "lastSeen", "weeklyVolume"])
        #expect(members[0]["bodyWeight"] as? Double == 69.4)
        #expect(members[0]["volumeChange"] as? Double == 12.4)
        #expect(members[0]["bodyWeightChange"] as? Double == -0.6)
        #expect((members[0]["program"] as? [String: Any])?["done"] as? Int == 20)
        let pr = try #require((members[0]["prs"] as? [[String: Any]])?.first)
        #expect(pr["recordId"] as? Int == 42)
        let beaten = try #require(pr["beaten"] as? [[String: Any]])
        #expect(beaten.map { $0["kind"] as? String } == ["heaviest", "e1rm"])
        #expect(beaten.first?["value"] as? Double == 107.5 && beaten.first?["was"] as? Double == 105)
        #expect((members[0]["firsts"] as? [[String: Any]])?.first?["exercise"] as? String == "Deadlift")
        #expect(members[1]["volumeChange"] is NSNull)
        #expect(members[1]["program"] is NSNull)
        #expect((object["inactive"] as? [[String: Any]])?.first?["lastSeen"] as? String == "2026-10-30")
        #expect((object["totals"] as? [String: Double]) == ["members": 2, "days": 4, "sets": 1_267, "volume": 11_240, "prs": 1, "firsts": 1])

        let week = try #require(ReportPeriod(week: "2026-W47"))
        let running = GymReport(period: week, today: week.first.adding(days: 2), inactiveAfterDays: 14, members: [], inactive: [])
        let so = try #require(try JSONSerialization.jsonObject(with: Data(ReportJSON.object(running, timeZone: .current).utf8)) as? [String: Any])
        #expect(so["complete"] as? Bool == false)
        #expect(so["through"] as? String == "2026-11-18")
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

@Suite("The roster says who can't start")
struct RosterTextTests {
    @Test("a member with a lift that has no training max: needs a max, with the command that gives it")
    func needsAMax() {
        let kenji = ProgramText.RosterLine(member: "Kenji", program: "Texas Method", next: ProgramAssignment.DayRef(week: 1, day: 1),
                                           lastDone: nil, lastDoneAt: nil, stalls: [], trainingMaxes: [],
                                           missing: ["Back Squat", "Bench Press"])
        let lines = ProgramText.roster([kenji], grouping: HistoryGrouping(timeZone: TimeZone(identifier: "UTC") ?? .current), now: Date())
        #expect(lines == ["Kenji  Texas Method  next week 1 day 1  not started  needs a max: Back Squat, Bench Press "
                          + "(topweight programs assign \"Texas Method\" --user Kenji --max \"Back Squat=WEIGHT,Bench Press=WEIGHT\")"])
        #expect(ProgramText.rosterJSON(kenji).contains("\"needsMax\":[\"Back Squat\",\"Bench Press\"]"))
    }
}
