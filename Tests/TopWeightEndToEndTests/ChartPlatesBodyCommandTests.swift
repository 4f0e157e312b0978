import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// `topweight chart`, `plates`, `body` and `admin plates`, run as scripts run them.
@Suite("Charts, plates and body weight on the command line")
struct ChartPlatesBodyCommandTests {
    /// A UTF-8 terminal 60 columns wide (LC_ALL and LC_CTYPE emptied so LANG decides).
    static let utf8: [String: String] = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": "", "COLUMNS": "60"]
    static let plain: [String: String] = ["LANG": "C", "LC_ALL": "", "LC_CTYPE": "", "COLUMNS": "60"]

    /// Ana's squats over three weeks in March 2020 (a PR on the 5th, a lighter
    /// day, a tie, a PR in pounds), a warm-up heavier than all of them, Ben's curl.
    private static func seeded() throws -> Scratch {
        let scratch = try Scratch()
        for arguments in [
            ["add", "Ana", "Back Squat", "100", "5", "3", "--at", "2020-03-02T18:00:00Z"],
            ["add", "Ana", "Back Squat", "105", "5", "3", "--at", "2020-03-05T18:00:00Z"],
            ["add", "Ana", "Back Squat", "95", "8", "3", "--at", "2020-03-09T18:00:00Z"],
            ["add", "Ana", "Back Squat", "105", "5", "3", "--at", "2020-03-12T18:00:00Z"],
            ["add", "Ana", "Back Squat", "100", "3", "1", "--at", "2020-03-12T18:10:00Z"],
            ["add", "Ana", "Back Squat", "240", "3", "1", "--unit", "lb", "--at", "2020-03-19T18:00:00Z"],
            ["add", "Ben", "Curl", "12.5", "10", "3", "--at", "2020-03-11T09:00:00Z"],
        ] {
            let added = try Binary.run(arguments, db: scratch.db)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let store = try TestEngine.open(scratch.db)
        let ana = try #require(try store.user(named: "Ana"))
        let squat = try #require(try store.exercise(named: "Back Squat"))
        let warmUp = try #require(ISO8601DateFormatter().date(from: "2020-03-09T17:50:00Z"))
        _ = try store.save(NewRecord(user: ana, exercise: squat, values: SetValues(weight: Weight(value: 200, unit: .kg), reps: 5, series: 1),
                                     performedAt: warmUp, kind: .warmup), now: warmUp)
        return scratch
    }

    private static func jsonArray(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "not a JSON array: \(text)")
    }

    private static func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
    }

    // MARK: - chart

    @Test("chart --format json: a point a day, the day's best e1RM, warm-ups left out, PRs flagged, in the newest set's unit")
    func chartJSON() throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(["chart", "--user", "ana", "--exercise", "back squat", "--format", "json"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        let points = try Self.jsonArray(result.stdout)
        #expect(points.map { $0["date"] as? String } == ["2020-03-02", "2020-03-05", "2020-03-09", "2020-03-12", "2020-03-19"])
        // 100 × (1 + 5/30) kg in lb; 95 × (1 + 8/30) = 120.33 kg; 240 lb × 1.1.
        #expect(points.map { $0["value"] as? Double } == [257.21, 270.07, 265.29, 270.07, 264])
        #expect(points.allSatisfy { $0["unit"] as? String == "lb" })
        #expect(points.map { $0["pr"] as? Bool } == [false, true, false, false, false])
    }

    @Test("chart --metric weight and volume: the heaviest set, and weight × reps × series in kg")
    func chartMetrics() throws {
        let scratch = try Self.seeded()
        let weight = try Binary.run(["chart", "--user", "Ana", "--exercise", "Back Squat", "--metric", "weight", "--format", "json",
                                     "--since", "2020-03-05"], db: scratch.db)
        #expect(try Self.jsonArray(weight.stdout).map { $0["value"] as? Double } == [231.49, 209.44, 231.49, 240])
        // 105 kg on the window's first day beats 100 kg on 2 March, before it: a PR all the same.
        #expect(try Self.jsonArray(weight.stdout).map { $0["pr"] as? Bool } == [true, false, false, true])
        let volume = try Binary.run(["chart", "--user", "Ana", "--exercise", "Back Squat", "--metric", "volume", "--format", "json"], db: scratch.db)
        let values = try Self.jsonArray(volume.stdout)
        #expect(values.map { $0["value"] as? Double } == [1500, 1575, 2280, 1875, 326.59])
        #expect(values.allSatisfy { $0["unit"] as? String == "kg" })
    }

    @Test("chart as text on a UTF-8 terminal: braille to $COLUMNS, the unit, round labels, PRs, first and last dates")
    func chartText() throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(["chart", "--user", "Ana", "--exercise", "Back Squat", "--metric", "weight"], db: scratch.db,
                                    environment: Self.utf8)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Self.lines(result.stdout)
        #expect(lines.first == "Ana · Back Squat · heaviest set a day")
        #expect(lines[1] == " lb")
        #expect(lines.contains { $0.hasPrefix("240 ┤") && $0.hasSuffix("●") }, "the last day is a PR at the top")
        #expect(lines.contains("     2020-03-02                                   2020-03-19"))
        #expect(lines.last == "5 days · last 240 lb · best 240 lb · ● PR")
        #expect(lines.contains { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }, "braille dots")
        #expect(lines.allSatisfy { $0.count <= 60 })
        #expect(lines.contains { $0.count == 60 })
        #expect(!result.stdout.contains("\u{1B}"))

        let wide = try Binary.run(["chart", "--user", "Ana", "--exercise", "Back Squat"], db: scratch.db,
                                  environment: Self.utf8.merging(["COLUMNS": "100"]) { $1 })
        #expect(Self.lines(wide.stdout).map(\.count).max() == 100)
    }

    @Test("chart as text where the locale is not UTF-8: plain ASCII, * for a PR")
    func chartASCII() throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(["chart", "--user", "Ana", "--exercise", "Back Squat", "--metric", "weight"], db: scratch.db,
                                    environment: Self.plain)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutBytes.allSatisfy { $0 < 0x80 })
        let lines = Self.lines(result.stdout)
        #expect(lines.first == "Ana - Back Squat - heaviest set a day")
        #expect(lines.contains { $0.hasPrefix("240 +") && $0.hasSuffix("*") })
        #expect(lines.last == "5 days, last 240 lb, best 240 lb, * PR")
    }

    @Test("chart --metric bodyweight draws what body add kept; no --exercise needed")
    func chartBodyWeight() throws {
        let scratch = try Self.seeded()
        for (weight, at) in [("82.5", "2020-03-02T07:00:00Z"), ("81.7", "2020-03-09T07:00:00Z"), ("180lb", "2020-03-16T07:00:00Z")] {
            let added = try Binary.run(["body", "add", weight, "--user", "Ana", "--at", at], db: scratch.db)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let json = try Binary.run(["chart", "--user", "Ana", "--metric", "bodyweight", "--format", "json"], db: scratch.db)
        let points = try Self.jsonArray(json.stdout)
        #expect(points.map { $0["value"] as? Double } == [181.88, 180.12, 180])
        #expect(points.allSatisfy { $0["unit"] as? String == "lb" && $0["pr"] as? Bool == false })
        let text = try Binary.run(["chart", "--user", "Ana", "--metric", "bodyweight"], db: scratch.db, environment: Self.utf8)
        #expect(text.status == 0)
        #expect(Self.lines(text.stdout).first == "Ana · body weight")
        #expect(Self.lines(text.stdout).last == "3 days · last 180 lb · from 180 to 181.88 lb")
    }

    @Test("chart with nothing to draw says why in a line (JSON: an empty array)")
    func chartEmpty() throws {
        let scratch = try Self.seeded()
        let none = try Binary.run(["chart", "--user", "Ben", "--exercise", "Back Squat"], db: scratch.db)
        #expect(none.status == 0 && none.stdout == "No working sets of Back Squat by Ben.\n")
        let json = try Binary.run(["chart", "--user", "Ben", "--exercise", "Back Squat", "--format", "json"], db: scratch.db)
        #expect(json.status == 0 && json.stdout == "[]\n")
        let later = try Binary.run(["chart", "--user", "Ana", "--exercise", "Back Squat", "--since", "2021-01-01"], db: scratch.db)
        #expect(later.stdout == "No working sets of Back Squat by Ana since 2021-01-01.\n")
        // A name no catalog lift starts with: `Curl` alone would be the catalog's most logged curl.
        let high = try Binary.run(["add", "Ben", "Special Curl", "10", "20", "3"], db: scratch.db)
        #expect(high.status == 0)
        let brzycki = try Binary.run(["chart", "--user", "Ben", "--exercise", "Special Curl", "--formula", "brzycki", "--since", "2021-01-01"], db: scratch.db)
        #expect(brzycki.stdout.hasPrefix("No e1RM to draw: Brzycki is meant for 12 reps or fewer"), "\(brzycki.stdout)")
        let body = try Binary.run(["chart", "--user", "Ben", "--metric", "bodyweight"], db: scratch.db)
        #expect(body.stdout.hasPrefix("No body weight for Ben"))
    }

    @Test("chart refuses what it can't draw, one line, bad-input exit", arguments: [
        ["chart", "--user", "Ana", "--exercise", "Nope"],
        ["chart", "--user", "Nobody", "--exercise", "Back Squat"],
        ["chart", "--user", "Ana", "--exercise", "Back Squat", "--since", "2020-13-01"],
        ["chart", "--user", "Ana", "--exercise", "Back Squat", "--format", "json", "--since", "yesterday"],
        ["chart", "--exercise", "Back Squat"],
    ])
    func chartRefused(arguments: [String]) throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("topweight: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("chart's own usage errors: no exercise, an exercise with bodyweight, an unknown metric or formula", arguments: [
        ["chart", "--user", "Ana"],
        ["chart", "--user", "Ana", "--metric", "bodyweight", "--exercise", "Back Squat"],
        ["chart", "--user", "Ana", "--exercise", "Back Squat", "--metric", "speed"],
        ["chart", "--user", "Ana", "--exercise", "Back Squat", "--formula", "lombardi"],
    ])
    func chartUsage(arguments: [String]) throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    // MARK: - plates

    @Test("plates as text: the plates a side, or the nearest loads; in pounds on a 45 lb bar")
    func platesText() throws {
        let scratch = try Scratch().made()
        let exact = try Binary.run(["plates", "100"], db: scratch.db)
        #expect(exact.status == 0, "\(exact.stderr)")
        #expect(exact.stdout == "100 kg on a 20 kg bar: per side 25 + 15 kg\n")
        let near = try Binary.run(["plates", "101"], db: scratch.db)
        #expect(near.stdout == """
            101 kg can't be made exactly on a 20 kg bar.
            Nearest below: 100 kg: per side 25 + 15 kg
            Nearest above: 102.5 kg: per side 25 + 15 + 1.25 kg
            The gym's kg plates: 25, 20, 15, 10, 5, 2.5, 1.25

            """)
        #expect(try Binary.run(["plates", "315", "--unit", "lb"], db: scratch.db).stdout == "315 lb on a 45 lb bar: per side 45 + 45 + 45 lb\n")
        #expect(try Binary.run(["plates", "225lb", "--unit", "kg"], db: scratch.db).stdout == "225 lb on a 45 lb bar: per side 45 + 45 lb\n")
        #expect(try Binary.run(["plates", "62,5", "--bar", "15"], db: scratch.db).stdout == "62.5 kg on a 15 kg bar: per side 20 + 2.5 + 1.25 kg\n")
    }

    @Test("plates --format json: target, unit, bar, exact and the loads")
    func platesJSON() throws {
        let scratch = try Scratch().made()
        let exact = try Self.jsonObject(try Binary.run(["plates", "140", "--format", "json"], db: scratch.db).stdout)
        #expect(exact["exact"] as? Bool == true && exact["bar"] as? Int == 20 && exact["unit"] as? String == "kg")
        #expect((exact["load"] as? [String: Any])?["perSide"] as? [Double] == [25, 25, 10])
        let near = try Self.jsonObject(try Binary.run(["plates", "232", "--unit", "lb", "--format", "json"], db: scratch.db).stdout)
        #expect(near["exact"] as? Bool == false && near["load"] is NSNull && near["target"] as? Int == 232)
        #expect((near["below"] as? [String: Any])?["total"] as? Int == 230)
        #expect((near["above"] as? [String: Any])?["total"] as? Int == 235)
    }

    @Test("plates refuses a weight under the bar, mixed units and nonsense, one line, bad-input exit", arguments: [
        ["plates", "15"], ["plates", "100", "--bar", "45lb"], ["plates", "heavy"], ["plates", "100", "--format", "json", "--bar", "light"],
        ["plates", "5000"],
    ])
    func platesRefused(arguments: [String]) throws {
        let scratch = try Scratch().made()
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("topweight: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("admin plates: shows the sets; changing one takes the admin PIN; plates loads from it; --standard goes back")
    func adminPlates() throws {
        let scratch = try Scratch().made()
        let shown = try Binary.run(["admin", "plates"], db: scratch.db)
        #expect(shown.stdout == "kg: 25, 20, 15, 10, 5, 2.5, 1.25 (standard)\nlb: 45, 35, 25, 10, 5, 2.5 (standard)\n")
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)

        let wrong = try Binary.run(["admin", "plates", "--unit", "kg", "20x2,10,5"], db: scratch.db, input: "0000\n")
        #expect(wrong.status == 77)
        #expect(wrong.stderr == "topweight: wrong admin PIN; nothing was changed\n")
        let typo = try Binary.run(["admin", "plates", "--unit", "kg", "20x2,,5"], db: scratch.db, input: "2468\n")
        #expect(typo.status == 64 && typo.stderr.hasPrefix("topweight: an empty entry is not a plate weight"), "read before the PIN")

        let changed = try Binary.run(["admin", "plates", "--unit", "kg", "20x2, 10, 5, 2.5"], db: scratch.db, input: "2468\n")
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout == "The gym's kg plates: 20x2, 10, 5, 2.5\n")
        #expect(try Binary.run(["admin", "plates", "--unit", "kg"], db: scratch.db).stdout == "kg: 20x2, 10, 5, 2.5\n")
        #expect(try Binary.run(["plates", "100"], db: scratch.db).stdout == "100 kg on a 20 kg bar: per side 20 + 20 kg\n")
        #expect(try Binary.run(["plates", "101"], db: scratch.db).stdout.contains("Nearest above: 105 kg: per side 20 + 20 + 2.5 kg\n"))
        #expect(try Binary.run(["admin", "plates", "--unit", "kg", "20x1,10x1"], db: scratch.db, input: "2468\n").status == 0)
        #expect(try Binary.run(["plates", "100"], db: scratch.db).stdout.hasSuffix("Nearest above: none, the plates run out\nThe gym's kg plates: 20x1, 10x1\n"))
        #expect(try Binary.run(["plates", "225lb"], db: scratch.db).stdout == "225 lb on a 45 lb bar: per side 45 + 45 lb\n", "lb is its own set")

        let back = try Binary.run(["admin", "plates", "--unit", "kg", "--standard"], db: scratch.db, input: "2468\n")
        #expect(back.stdout == "The gym's kg plates: 25, 20, 15, 10, 5, 2.5, 1.25 (standard)\n")
        #expect(try Binary.run(["plates", "100"], db: scratch.db).stdout == "100 kg on a 20 kg bar: per side 25 + 15 kg\n")
        #expect(try Binary.run(["admin", "plates", "20,10"], db: scratch.db).status == 64, "--unit says which set")
    }

    // MARK: - body

    @Test("body add keeps a weight (now or --at); body lists them newest first with the change, as text and JSON")
    func body() throws {
        let scratch = try Self.seeded()
        let first = try Binary.run(["body", "add", "82.5", "--user", "Ana", "--at", "2020-03-02T07:30:00Z"], db: scratch.db)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Weighed: Ana 82.5 kg (Mon 2 Mar 2020 07:30)\n")
        #expect(try Binary.run(["body", "add", "181lb", "--user", "ana", "--at", "2020-03-09T07:30:00Z"], db: scratch.db).status == 0)
        #expect(try Binary.run(["body", "add", "81", "--user", "Ana", "--at", "2020-03-16T07:30"], db: scratch.db).status == 0)

        let text = try Binary.run(["body", "--user", "Ana"], db: scratch.db)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = Self.lines(text.stdout)
        #expect(lines.count == 3)
        #expect(lines == [
            "Mon 16 Mar 2020 07:30    81 kg  -1.1 kg",
            "Mon 9 Mar 2020 07:30    181 lb  -0.9 lb",
            "Mon 2 Mar 2020 07:30   82.5 kg",
        ])
        #expect(try Binary.run(["body", "list", "--user", "Ana"], db: scratch.db).stdout == text.stdout)

        let limited = try Binary.run(["body", "--user", "Ana", "--limit", "1"], db: scratch.db)
        #expect(Self.lines(limited.stdout).count == 2)
        #expect(limited.stdout.contains("-1.1 kg\n… more: --limit 2 or --limit 0 for all\n"), "the change from the one not shown")

        let json = try Binary.run(["body", "list", "--user", "Ana", "--format", "json", "--since", "2020-03-03"], db: scratch.db)
        let rows = try Self.jsonArray(json.stdout)
        #expect(rows.count == 2)
        #expect(rows[1]["date"] as? String == "2020-03-09" && rows[1]["weight"] as? Int == 181 && rows[1]["unit"] as? String == "lb")
        #expect(rows[1]["measuredAt"] as? String == "2020-03-09T07:30:00+00:00")
        let one = try Binary.run(["body", "--user", "Ana", "--format", "json", "--limit", "1"], db: scratch.db)
        #expect(try Self.jsonArray(one.stdout).count == 1)

        let nobody = try Binary.run(["body", "--user", "Ben"], db: scratch.db)
        #expect(nobody.stdout == "No body weights for Ben yet: 'topweight body add WEIGHT' keeps one.\n")
        #expect(try Binary.run(["body", "--user", "Ben", "--format", "json"], db: scratch.db).stdout == "[]\n")
        let now = try Binary.run(["body", "add", "80", "--user", "Ben"], db: scratch.db)
        #expect(now.stdout.hasPrefix("Weighed: Ben 80 kg (Today "), "now, labelled from the same clock reading")
    }

    @Test("body --limit out of range is a usage error, not a crash", arguments: ["-1", "1000001", "9223372036854775807"])
    func bodyLimit(limit: String) throws {
        let scratch = try Self.seeded()
        for format in ["text", "json"] {
            let result = try Binary.run(["body", "--user", "Ana", "--limit=\(limit)", "--format", format], db: scratch.db)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("--limit must be a whole number from 0 to 1000000"), "\(result.stderr)")
        }
    }

    @Test("body add refuses a typo, the future, an unknown member and nonsense, one line, bad-input exit", arguments: [
        ["body", "add", "8", "--user", "Ana"], ["body", "add", "82.5", "--user", "Ana", "--at", "2099-01-01"],
        ["body", "add", "82.5", "--user", "Nobody"], ["body", "add", "heavy", "--user", "Ana"],
        ["body", "add", "82.5", "--user", "Ana", "--at", "soon"], ["body", "add", "82.5"],
        ["body", "--user", "Ana", "--since", "March"],
    ])
    func bodyRefused(arguments: [String]) throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("topweight: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let store = try TestEngine.open(scratch.db)
        let ana = try #require(try store.user(named: "Ana"))
        #expect(try store.bodyWeights(userID: ana.id, since: nil, limit: nil).isEmpty)
    }

    // MARK: - The logger at a real terminal

    @Test(":chart fits the terminal's own width (100 columns, no $COLUMNS) in braille; :weigh and :plates answer at once")
    func logger() throws {
        let scratch = try Scratch()
        let store = try TestEngine.open(scratch.db)
        let ana = try store.createUser(named: "Ana")
        let squat = try store.createExercise(named: "Back Squat")
        let now = Date()
        for (daysAgo, weight) in [(9.0, 100.0), (6, 97.5), (3, 105)] {
            _ = try store.save(NewRecord(user: ana, exercise: squat, values: SetValues(weight: Weight(value: weight, unit: .kg), reps: 5, series: 3),
                                         performedAt: now.addingTimeInterval(-daysAgo * 86_400)))
        }
        let environment = [
            "TOPWEIGHT_DB": scratch.db, "TERM": "xterm", "HOME": FileManager.default.temporaryDirectory.path,
            "LANG": "C.UTF-8", "TZ": "UTC", "PATH": "/usr/bin:/bin",
        ]
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try terminal.waitFor("user [Ana]: ")
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)

        mark = terminal.mark
        terminal.type(":chart\r")
        try terminal.waitFor("Ana · Back Squat · best e1RM a day (Epley)", after: mark)
        try terminal.waitFor("3 days · last 122.5 kg · best 122.5 kg · ● PR", after: mark)
        let drawn = terminal.text(after: mark)
        let axis = try #require(drawn.components(separatedBy: "\r\n").first { $0.contains("└") })
        #expect(axis.count == 100, "the axis runs to the terminal's edge, not past it: \(axis)")
        #expect(drawn.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille dots")

        mark = terminal.mark
        terminal.type(":weigh 82.5\r")
        try terminal.waitFor("Weighed: Ana 82.5 kg (Today ", after: mark)
        terminal.type(":plates 100\r")
        try terminal.waitFor("100 kg on a 20 kg bar: per side 25 + 15 kg", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(try store.bodyWeights(userID: ana.id, since: nil, limit: nil).map(\.weight) == [Weight(value: 82.5, unit: .kg)])
    }
}

extension ChartPlatesBodyCommandTests {
    @Test("chart --since marks a PR only where it beats the whole history, not only the days drawn")
    func chartSinceKeepsHistory() throws {
        let scratch = try Scratch()
        for (weight, at) in [("220", "2026-07-10T10:00:00+00:00"), ("176", "2026-09-03T10:00:00+00:00"), ("187", "2026-09-10T10:00:00+00:00")] {
            #expect(try Binary.run(["add", "Ana", "Deadlift", weight, "1", "1", "--at", at], db: scratch.db).status == 0)
        }
        let chart = try Binary.run(["chart", "--user", "Ana", "--exercise", "Deadlift", "--since", "2026-09-01", "--format", "json"], db: scratch.db)
        #expect(chart.status == 0, "\(chart.stderr)")
        #expect(chart.stdout.contains("\"date\":\"2026-09-10\"") && !chart.stdout.contains("\"pr\":true"), "\(chart.stdout)")
        #expect(!chart.stdout.contains("2026-07-10"), "the window only: \(chart.stdout)")
    }
}
