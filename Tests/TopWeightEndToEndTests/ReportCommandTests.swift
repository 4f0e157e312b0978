import Foundation
import Testing
import TopWeightCore

/// `topweight report` and `topweight export --format markdown`, run as a
/// coach runs them: figures against the sets `add` saved and against `prs`,
/// every format, and the typos refused before the database is opened.
@Suite("The coach's report and the Markdown export on the command line")
struct ReportCommandTests {
    /// Ana in weeks 10 and 11 of 2020 (9–22 March), Bo only in week 10, Cy three weeks before.
    static let sets: [[String]] = [
        ["Ana", "Back Squat", "100", "5", "5", "--at", "2020-03-09T18:00:00Z"],
        ["Ana", "Back Squat", "100", "5", "5", "--at", "2020-03-11T18:00:00Z"],
        ["Ana", "Back Squat", "105", "5", "5", "--at", "2020-03-16T18:00:00Z"],
        ["Ana", "Plank", "1:30", "3", "--at", "2020-03-16T18:20:00Z"],
        ["Ana", "Back Squat", "225lb", "3", "2", "--at", "2020-03-19T18:00:00Z"],
        ["Bo", "Bench Press", "80", "5", "3", "--at", "2020-03-10T18:00:00Z"],
        ["Cy", "Deadlift", "140", "3", "3", "--at", "2020-02-20T18:00:00Z"],
    ]

    static func seeded() throws -> Scratch {
        let scratch = try Scratch()
        for set in sets {
            let added = try Binary.run(["add"] + set, db: scratch.db)
            try #require(added.status == 0, "\(added.stderr)")
        }
        for (weight, at) in [("70", "2020-03-12T07:00:00Z"), ("69.2", "2020-03-20T07:00:00Z")] {
            let body = try Binary.run(["body", "add", weight, "--user", "Ana", "--at", at], db: scratch.db)
            try #require(body.status == 0, "\(body.stderr)")
        }
        let note = try Binary.run(["note", "add", "--user", "Ana", "--date", "2020-03-16", "**Heavy** | new belt"], db: scratch.db)
        try #require(note.status == 0, "\(note.stderr)")
        return scratch
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("JSON: the week's figures from the sets saved, the PRs as the rack announced them, the quiet member, the totals")
    func json() throws {
        let scratch = try Self.seeded()
        let run = try Binary.run(["report", "--week", "2020-W12", "--format", "json"], db: scratch.db)
        try #require(run.status == 0, "\(run.stderr)")
        let report = try Self.object(run.stdout)
        #expect((report["period"] as? [String: String]) == ["label": "2020-W12", "from": "2020-03-16", "to": "2020-03-22"])
        let members = try #require(report["members"] as? [[String: Any]])
        #expect(members.map { $0["member"] as? String } == ["Ana"])
        let ana = try #require(members.first)
        // 105 × 5 × 5 + 225 lb (102.058 kg) × 3 × 2; the plank adds sets, not volume. Before: 2 × 100 × 5 × 5.
        #expect(ana["days"] as? Int == 2)
        #expect(ana["sets"] as? Int == 5 + 3 + 2)
        #expect(ana["volume"] as? Double == 3237.35)
        #expect(ana["volumeBefore"] as? Double == 5000)
        #expect(ana["volumeChange"] as? Double == -35.3)
        #expect(ana["bodyWeightChange"] as? Double == -0.8)
        #expect(ana["bodyWeight"] as? Double == 69.2)
        #expect(report["complete"] as? Bool == true)
        #expect(ana["bodyWeightUnit"] as? String == "kg")
        #expect(ana["lastSeen"] as? String == "2020-03-19")
        #expect(ana["program"] is NSNull)
        #expect((ana["weeklyVolume"] as? [Double])?.suffix(2) == [5000, 3237.35])
        // One PR: the 105 kg squat, heavier and stronger than the 100s (5 reps at it a tie is none); the
        // second 100 × 5 × 5 and the 225 lb triples beat nothing; the plank was a first. prs names the same set.
        let records = try #require(ana["prs"] as? [[String: Any]])
        #expect(records.map { $0["exercise"] as? String } == ["Back Squat"])
        let beaten = try #require(records.first?["beaten"] as? [[String: Any]])
        #expect(beaten.map { "\($0["kind"]!) \($0["value"]!) \($0["unit"]!) was \($0["was"]!)" }
                == ["heaviest 105 kg was 100", "e1rm 122.5 kg was 116.67"])
        #expect((ana["firsts"] as? [[String: Any]])?.map { $0["exercise"] as? String } == ["Plank"])
        let prsRun = try Binary.run(["prs", "--user", "Ana", "--format", "json"], db: scratch.db)
        let prs = try #require(try JSONSerialization.jsonObject(with: Data(prsRun.stdout.utf8)) as? [[String: Any]])
        for kind in ["heaviest", "e1rm"] {
            let row = prs.first { $0["exercise"] as? String == "Back Squat" && $0["kind"] as? String == kind }
            #expect(row?["recordId"] as? Int == records.first?["recordId"] as? Int, "\(kind)")
        }
        // Bo's last set was 12 days before the week's end: not yet quiet; Cy's 31 days: quiet.
        let quiet = try #require(report["inactive"] as? [[String: Any]])
        #expect(quiet.map { $0["member"] as? String } == ["Cy"])
        #expect(quiet.first?["daysQuiet"] as? Int == 31)
        #expect((report["totals"] as? [String: Double]) == ["members": 1, "days": 2, "sets": 10, "volume": 3237.35, "prs": 1, "firsts": 1])
    }

    @Test("text, markdown and html: the same report, the page with no script and a chart per member")
    func formats() throws {
        let scratch = try Self.seeded()
        let hidden = try Binary.run(["users", "private", "Ana"], db: scratch.db)
        try #require(hidden.status == 0, "\(hidden.stderr)")
        let text = try Binary.run(["report", "--week", "2020-W12"], db: scratch.db)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Week 2020-W12 · Mon 16 Mar – Sun 22 Mar 2020\n"))
        #expect(text.stdout.contains("Ana (private)"))
        #expect(text.stdout.contains("Cy — last seen Thu 20 Feb 2020 (31 days)"))
        let markdown = try Binary.run(["report", "--week", "2020-W12", "--format", "markdown"], db: scratch.db)
        #expect(markdown.stdout.contains("| Member | Days | Sets | Volume | vs before | PRs | Program | Body weight | Last seen |"))
        #expect(markdown.stdout.contains("| Ana (private) | 2 | 10 | 3\u{202F}237 kg | −35.3 % | 1 | - | 69.2 kg (−0.8 kg) | Thu 19 Mar |"),
                "\(markdown.stdout)")
        let html = try Binary.run(["report", "--week", "2020-W12", "--format", "html", "--title", "Gym <One>"], db: scratch.db)
        #expect(html.status == 0)
        #expect(!html.stdout.contains("<script"))
        #expect(html.stdout.contains("<title>Gym &lt;One&gt; · Week 2020-W12"))
        #expect(html.stdout.components(separatedBy: "<svg").count == 2)
        #expect(html.stdout.contains("not for the wall"))
        #expect(html.stdout.contains("<span class=\"tag\">private</span>"))
    }

    @Test("on a fixed clock mid-week: so far, against the same days before, quiet counted to today; a week to come refused in one line")
    func midWeek() throws {
        let scratch = try Self.seeded()
        let wednesday = ["TOPWEIGHT_NOW": "2020-03-18T12:00:00Z"]
        let run = try Binary.run(["report", "--week", "2020-W12", "--format", "json"], db: scratch.db, environment: wednesday)
        try #require(run.status == 0, "\(run.stderr)")
        let report = try Self.object(run.stdout)
        #expect(report["complete"] as? Bool == false)
        #expect(report["through"] as? String == "2020-03-18")
        #expect((report["before"] as? [String: String]) == ["from": "2020-03-09", "to": "2020-03-11"])
        let ana = try #require((report["members"] as? [[String: Any]])?.first)
        #expect(ana["days"] as? Int == 1)
        #expect(ana["volume"] as? Double == 2625)
        #expect(ana["volumeChange"] as? Double == -47.5)
        // Cy quiet 27 days by today, not 31 by Sunday.
        #expect((report["inactive"] as? [[String: Any]])?.map { $0["daysQuiet"] as? Int } == [27])
        let text = try Binary.run(["report", "--week", "2020-W12"], db: scratch.db, environment: wednesday)
        #expect(text.stdout.hasPrefix("Week 2020-W12 · Mon 16 Mar – Sun 22 Mar 2020 · so far, to Wed 18 Mar\n"
                                      + "vs before: the same days of the week before, Mon 9 Mar – Wed 11 Mar\n"), "\(text.stdout)")
        let month = try Self.object(try Binary.run(["report", "--month", "2020-03", "--format", "json"], db: scratch.db, environment: wednesday).stdout)
        #expect(month["complete"] as? Bool == false)
        #expect((month["before"] as? [String: String]) == ["from": "2020-02-01", "to": "2020-02-18"])

        let future = try Binary.run(["report", "--week", "2020-W13"], db: scratch.db, environment: wednesday)
        #expect(future.status == 64)
        #expect(future.stdout.isEmpty)
        #expect(future.stderr == "topweight: 2020-W13 hasn't begun: it starts on 2020-03-23 and today is 2020-03-18; a report counts what was done\n")
    }

    @Test("--user: that member alone; one with no set in the period is said so, no gym's totals, nobody gone quiet")
    func memberAlone() throws {
        let scratch = try Self.seeded()
        let run = try Binary.run(["report", "--week", "2020-W12", "--user", "Bo"], db: scratch.db)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Bo has no set in 2020-W12."), "\(run.stdout)")
        #expect(!run.stdout.contains("Gym:") && !run.stdout.contains("Gone quiet") && !run.stdout.contains("Nobody trained"), "\(run.stdout)")
        #expect(run.stdout.contains("Bo: 0 training days · 0 sets · 0 kg · 0 PRs · 0 firsts"), "\(run.stdout)")
    }

    @Test("the gym's quiet days: set, used, refused out of range")
    func inactiveAfter() throws {
        let scratch = try Self.seeded()
        let set = try Binary.run(["admin", "inactive-after", "40"], db: scratch.db)
        #expect(set.status == 0)
        #expect(set.stdout == "The report names a member as gone quiet after 40 days without a set.\n")
        let report = try Self.object(try Binary.run(["report", "--week", "2020-W12", "--format", "json"], db: scratch.db).stdout)
        #expect(report["inactiveAfterDays"] as? Int == 40)
        #expect((report["inactive"] as? [Any])?.isEmpty == true)
        let refused = try Binary.run(["admin", "inactive-after", "0"], db: scratch.db)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("DAYS is 1 to 365"))
    }

    @Test("--from and --to: any days, both included, against as many days before; so far when it reaches today, refused before it begins")
    func anyRange() throws {
        let scratch = try Self.seeded()
        let run = try Binary.run(["report", "--from", "2020-03-11", "--to", "2020-03-17", "--format", "json"], db: scratch.db)
        try #require(run.status == 0, "\(run.stderr)")
        let report = try Self.object(run.stdout)
        #expect((report["period"] as? [String: String]) == ["label": "2020-03-11 to 2020-03-17", "from": "2020-03-11", "to": "2020-03-17"])
        #expect(report["complete"] as? Bool == true)
        #expect((report["before"] as? [String: String]) == ["from": "2020-03-04", "to": "2020-03-10"])
        // Ana: 100 × 5 × 5 on the 11th, 105 × 5 × 5 and the plank on the 16th (both ends in); before: the 9th's 100 × 5 × 5.
        let members = try #require(report["members"] as? [[String: Any]])
        #expect(members.map { $0["member"] as? String } == ["Ana"])
        #expect(members.first?["days"] as? Int == 2)
        #expect(members.first?["volume"] as? Double == 5125)
        #expect(members.first?["volumeBefore"] as? Double == 2500)
        #expect((report["inactive"] as? [[String: Any]])?.map { "\($0["member"]!) \($0["daysQuiet"]!)" } == ["Cy 26"])
        let text = try Binary.run(["report", "--from", "2020-03-11", "--to", "2020-03-17"], db: scratch.db)
        #expect(text.stdout.hasPrefix("Days 2020-03-11 to 2020-03-17 · Wed 11 Mar – Tue 17 Mar 2020 (7 days)\n"), "\(text.stdout)")
        let day = try Binary.run(["report", "--from", "2020-03-16", "--to", "2020-03-16"], db: scratch.db)
        #expect(day.stdout.hasPrefix("Day 2020-03-16 · Mon 16 Mar 2020\n"), "\(day.stdout)")

        let wednesday = ["TOPWEIGHT_NOW": "2020-03-18T12:00:00Z"]
        let running = try Binary.run(["report", "--from", "2020-03-16", "--to", "2020-03-25"], db: scratch.db, environment: wednesday)
        #expect(running.stdout.hasPrefix("Days 2020-03-16 to 2020-03-25 · Mon 16 Mar – Wed 25 Mar 2020 (10 days) · so far, to Wed 18 Mar\n"
                                         + "vs before: the same days of the 10 days before, Fri 6 Mar – Sun 8 Mar\n"), "\(running.stdout)")
        let since = try Self.object(try Binary.run(["report", "--from", "2020-03-16", "--format", "json"], db: scratch.db,
                                                   environment: wednesday).stdout)
        #expect((since["period"] as? [String: String])?["to"] == "2020-03-18")
        #expect(since["complete"] as? Bool == false)
        let future = try Binary.run(["report", "--from", "2020-03-19", "--to", "2020-03-20"], db: scratch.db, environment: wednesday)
        #expect(future.status == 64)
        #expect(future.stderr == "topweight: 2020-03-19 to 2020-03-20 hasn't begun: it starts on 2020-03-19 and today is 2020-03-18; "
                + "a report counts what was done\n")
    }

    @Test("typos refused with one line and an example", arguments: [
        (["report", "--week", "2025-W53"], "--week takes an ISO week YYYY-Www that the year has, e.g. 2026-W47 (not 2025-W53)"),
        (["report", "--week", "2026-W47", "--month", "2026-11"], "--week and --month can't be given together"),
        (["report", "--month", "2026-13"], "--month takes YYYY-MM"),
        (["report", "--user", "Nobody"], "no member named Nobody"),
        (["report", "--from", "2020-03-17", "--to", "2020-03-11"], "--to (2020-03-11) is before --from (2020-03-17): no day is both"),
        (["report", "--from", "17 March"], "--from takes a day YYYY-MM-DD, e.g. 2026-11-01 (not 17 March)"),
        (["report", "--to", "2020-03-11"], "--to needs --from: the first day"),
        (["report", "--from", "2020-03-11", "--week", "2020-W12"], "--from and --to can't be given with --week or --month"),
        (["export", "--from", "2020-03-01"], "--from and --to are for --format markdown"),
        (["export", "--format", "markdown", "--from", "1 March"], "--from takes a day YYYY-MM-DD"),
        (["export", "--format", "markdown", "--from", "2020-03-20", "--to", "2020-03-10"], "--to (2020-03-10) is before --from (2020-03-20)"),
    ])
    func typos(arguments: [String], message: String) throws {
        let scratch = try Self.seeded()
        let run = try Binary.run(arguments, db: scratch.db)
        #expect(run.status != 0)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("export --format markdown: a heading per member and day, the sets' table in their kinds, the note as written, the days asked")
    func markdownExport() throws {
        let scratch = try Self.seeded()
        let run = try Binary.run(["export", "--format", "markdown", "--user", "Ana", "--from", "2020-03-16", "--to", "2020-03-16"], db: scratch.db)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            # Training log

            From 2020-03-16 through 2020-03-16.

            ## Ana

            ### Mon 16 Mar 2020

            | Time | Exercise | Load | Reps | Series | Duration |
            | --- | --- | --- | ---: | ---: | --- |
            | 18:00 | Back Squat | 105 kg | 5 | 5 |   |
            | 18:20 | Plank |   |   | 3 | 1:30 |

            **Heavy** | new belt

            """)
        let everybody = try Binary.run(["export", "--format", "markdown"], db: scratch.db)
        #expect(everybody.stdout.contains("## Ana\n"))
        #expect(everybody.stdout.contains("## Bo\n"))
        #expect(everybody.stdout.contains("### Thu 19 Mar 2020\n\n| Time | Exercise | Load | Reps | Series |\n| --- | --- | --- | ---: | ---: |\n| 18:00 | Back Squat | 225 lb | 3 | 2 |"))
    }
}
