import Foundation
import Testing
import TopWeightCore

/// `topweight add`'s record line, `topweight prs` and `topweight stats`, run as scripts run them.
@Suite("Progress on the command line")
struct ProgressCommandTests {
    /// Ana's sets in March 2020 (the last on Saturday the 14th), each as `add` saves it, and what `add` printed.
    static let sets: [(arguments: [String], printed: [String])] = [
        (["Back Squat", "100", "5", "5", "--at", "2020-03-10T18:00:00Z"],
         ["Saved #1  Ana · Back Squat · 100 kg × 5 reps × 5 series"]),
        (["Back Squat", "105", "5", "5", "--at", "2020-03-12T18:00:00Z"],
         ["Saved #2  Ana · Back Squat · 105 kg × 5 reps × 5 series",
          "New PR on Back Squat: heaviest 105 kg (was 100 kg) · e1RM 122.5 kg (was 116.7 kg)"]),
        (["Back Squat", "225lb", "3", "1", "--at", "2020-03-13T18:00:00Z"],
         ["Saved #3  Ana · Back Squat · 225 lb × 3 reps × 1 series"]),
        (["Curl", "12.5", "15", "3", "--at", "2020-03-13T18:30:00Z"],
         ["Saved #4  Ana · Curl · 12.5 kg × 15 reps × 3 series"]),
        (["Curl", "10", "20", "3", "--at", "2020-03-14T09:00:00Z"],
         ["Saved #5  Ana · Curl · 10 kg × 20 reps × 3 series",
          "New PR on Curl: 20 reps at 10 kg (was 15 at 12.5 kg)"]),
    ]

    /// A scratch database with Ana's sets saved by `add`; what each `add`
    /// printed is in `printed`, in order, for the test that reads it.
    private static func seeded() throws -> (db: Scratch, printed: [(stdout: String, stderr: String)]) {
        let scratch = try Scratch()
        // The gym's own `Curl`: stored, it is what `Curl` names (else a short
        // name would pick the catalog's most logged curl, as the logger does).
        let curl = try Binary.run(["exercises", "add", "Curl"], db: scratch.db)
        try #require(curl.status == 0, "\(curl.stderr)")
        var printed: [(stdout: String, stderr: String)] = []
        for set in sets {
            let added = try Binary.run(["add", "Ana"] + set.arguments, db: scratch.db)
            try #require(added.status == 0, "\(added.stderr)")
            printed.append((added.stdout, added.stderr))
        }
        return (scratch, printed)
    }

    private static func jsonArray(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "not a JSON array: \(text)")
    }

    private static func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    // MARK: - add

    @Test("add prints the records a set beat on the line under Saved; a first set or a lighter one prints none")
    func addPrintsRecords() throws {
        let printed = try Self.seeded().printed
        try #require(printed.count == Self.sets.count)
        for (set, output) in zip(Self.sets, printed) {
            #expect(output.stdout == set.printed.map { $0 + "\n" }.joined(), "\(set.arguments)")
            #expect(output.stderr.isEmpty, "\(set.arguments)")
        }
    }

    @Test("add --format json and csv stay one record, whatever the set beat")
    func addDataFormats() throws {
        let scratch = try Self.seeded().db
        let json = try Binary.run(["add", "Ana", "Back Squat", "110", "5", "5", "--format", "json"], db: scratch.db)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try Self.jsonObject(json.stdout)["weight"] as? Int == 110)
        let csv = try Binary.run(["add", "Ana", "Back Squat", "115", "5", "5", "--format", "csv"], db: scratch.db)
        #expect(csv.stdout.split(separator: "\n").count == 2 && !csv.stdout.contains("PR"))
    }

    // MARK: - prs

    @Test("prs as text: every exercise's records with its set and day, e1RM by Epley")
    func prsText() throws {
        let scratch = try Self.seeded().db
        let result = try Binary.run(["prs", "--user", "ana"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "Personal records of Ana (e1RM by Epley)",
            "Exercise    Record     Best      Set               Day",
            "Back Squat  heaviest   105 kg    105 kg × 5 × 5    Thu 12 Mar 2020  #2",
            "            e1RM       122.5 kg  105 kg × 5 × 5    Thu 12 Mar 2020  #2",
            "            most reps  5 reps    105 kg × 5 × 5    Thu 12 Mar 2020  #2",
            "            volume     2625 kg   105 kg × 5 × 5    Thu 12 Mar 2020  #2",
            "Curl        heaviest   12.5 kg   12.5 kg × 15 × 3  Fri 13 Mar 2020  #4",
            "            e1RM       18.8 kg   12.5 kg × 15 × 3  Fri 13 Mar 2020  #4",
            "            most reps  20 reps   10 kg × 20 × 3    Sat 14 Mar 2020  #5",
            "            volume     600 kg    10 kg × 20 × 3    Sat 14 Mar 2020  #5",
            "",
        ])
    }

    @Test("prs --format json: one row per record with the contract's keys")
    func prsJSON() throws {
        let scratch = try Self.seeded().db
        // One member: --user can be left out.
        let result = try Binary.run(["prs", "--format", "json"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try Self.jsonArray(result.stdout)
        #expect(rows.map { "\($0["exercise"] ?? "") \($0["kind"] ?? "")" } == [
            "Back Squat heaviest", "Back Squat e1rm", "Back Squat reps", "Back Squat volume",
            "Curl heaviest", "Curl e1rm", "Curl reps", "Curl volume",
        ])
        let heaviest = rows[0]
        #expect(heaviest["value"] as? Int == 105 && heaviest["unit"] as? String == "kg")
        #expect(heaviest["performedAt"] as? String == "2020-03-12T18:00:00+00:00")
        #expect(heaviest["recordId"] as? Int == 2)
        #expect(rows[1]["value"] as? Double == 122.5 && rows[1]["formula"] as? String == "epley")
        #expect(rows[6]["value"] as? Int == 20 && rows[6]["unit"] as? String == "reps" && rows[6]["weight"] as? Int == 10)
        #expect(rows[7]["value"] as? Int == 600 && rows[7]["recordId"] as? Int == 5)
        // Only one exercise.
        let curl = try Binary.run(["prs", "--user", "Ana", "--exercise", "curl", "--format", "json"], db: scratch.db)
        #expect(try Self.jsonArray(curl.stdout).allSatisfy { $0["exercise"] as? String == "Curl" })
        #expect(try Self.jsonArray(curl.stdout).count == 4)
    }

    @Test("--exercise takes any name the catalog knows the lift by (Squat is Back Squat) in prs, chart and history")
    func exerciseByAlias() throws {
        let scratch = try Self.seeded().db
        let prs = try Binary.run(["prs", "--user", "Ana", "--exercise", "squat", "--format", "json"], db: scratch.db)
        #expect(prs.status == 0, "\(prs.stderr)")
        #expect(try Self.jsonArray(prs.stdout).map { $0["exercise"] as? String } == Array(repeating: "Back Squat", count: 4))
        let chart = try Binary.run(["chart", "--user", "Ana", "--exercise", "Barbell Back Squat", "--format", "json"], db: scratch.db)
        #expect(chart.status == 0, "\(chart.stderr)")
        #expect(try Self.jsonArray(chart.stdout).count == 3)
        let history = try Binary.run(["history", "--exercise", "SQUATS", "--format", "json"], db: scratch.db)
        #expect(history.status == 0, "\(history.stderr)")
        #expect(try Self.jsonArray(history.stdout).map { $0["exercise"] as? String } == Array(repeating: "Back Squat", count: 3))
        // A catalog name nobody has logged is still not found, and says so.
        let unlogged = try Binary.run(["prs", "--user", "Ana", "--exercise", "Deadlift"], db: scratch.db)
        #expect(unlogged.status == 64 && unlogged.stderr.contains("no exercise named Deadlift"), "\(unlogged.stderr)")
    }

    @Test("prs --formula brzycki: no e1RM above 12 reps, and the text says why")
    func brzycki() throws {
        let scratch = try Self.seeded().db
        let text = try Binary.run(["prs", "--user", "Ana", "--formula", "brzycki"], db: scratch.db)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Personal records of Ana (e1RM by Brzycki)"))
        // The reason stands in the e1RM row, right under the heaviest.
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let curl = try #require(lines.firstIndex { $0.hasPrefix("Curl ") }, "\(lines)")
        #expect(lines[curl + 1] == "            e1RM       -  no Brzycki e1RM: all 2 sets have more than 12 reps", "\(lines)")
        let json = try Self.jsonArray(try Binary.run(["prs", "--formula", "brzycki", "--format", "json"], db: scratch.db).stdout)
        #expect(json.filter { $0["kind"] as? String == "e1rm" }.map { $0["exercise"] as? String } == ["Back Squat"])
        // 105 kg × 36 / 32.
        #expect(json.first { $0["kind"] as? String == "e1rm" }?["value"] as? Double == 118.13)
    }

    @Test("prs refuses an unknown member, exercise or formula in one line, not as a database problem", arguments: [
        ["prs", "--user", "Nobody"], ["prs", "--user", "Ana", "--exercise", "Deadlift"],
        ["prs", "--formula", "lombardi"], ["stats", "--user", "Nobody", "--format", "json"],
    ])
    func refusals(arguments: [String]) throws {
        let scratch = try Self.seeded().db
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status != 0 && result.status != 2, "\(result.status) \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test("prs and stats of a member with no sets say so")
    func noSets() throws {
        let scratch = try Self.seeded().db
        #expect(try Binary.run(["users", "add", "Ben"], db: scratch.db).status == 0)
        let prs = try Binary.run(["prs", "--user", "Ben"], db: scratch.db)
        #expect(prs.status == 0 && prs.stdout == "No personal records yet for Ben.\n", "\(prs.stderr)")
        #expect(try Self.jsonArray(try Binary.run(["prs", "--user", "Ben", "--format", "json"], db: scratch.db).stdout).isEmpty)
        let stats = try Binary.run(["stats", "--user", "Ben"], db: scratch.db)
        #expect(stats.status == 0 && stats.stdout == "Ben has no sets yet.\n")
        let json = try Self.jsonObject(try Binary.run(["stats", "--user", "Ben", "--format", "json"], db: scratch.db).stdout)
        #expect(json["daysSinceLastLift"] is NSNull && json["weeksActiveStreak"] as? Int == 0 && json["totalVolume"] as? Int == 0)
    }

    // MARK: - stats

    /// Days from Saturday 14 March 2020 (Ana's last lift) to today, in UTC (the tests' zone).
    private static var daysSinceLastLift: Int {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? .current
        let last = utc.date(from: DateComponents(year: 2020, month: 3, day: 14)) ?? Date()
        return utc.dateComponents([.day], from: last, to: utc.startOfDay(for: Date())).day ?? 0
    }

    @Test("stats --format json: the contract's keys, volume in kg")
    func statsJSON() throws {
        let scratch = try Self.seeded().db
        let result = try Binary.run(["stats", "--user", "Ana", "--format", "json"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try Self.jsonObject(result.stdout)
        #expect(stats["user"] as? String == "Ana")
        #expect(stats["weeksActiveStreak"] as? Int == 0)
        // 2500 + 2625 + 225 lb × 3 (306.17 kg) + 562.5 + 600.
        #expect(stats["totalVolume"] as? Double == 6593.67)
        #expect(stats["daysSinceLastLift"] as? Int == Self.daysSinceLastLift)
        #expect(stats["lastLift"] as? String == "2020-03-14" && stats["firstLift"] as? String == "2020-03-10")
        let sessions = try #require(stats["sessions"] as? [String: Int])
        #expect(sessions == ["thisWeek": 0, "thisMonth": 0, "allTime": 4])
        let sets = try #require(stats["sets"] as? [String: Int])
        #expect(sets == ["thisWeek": 0, "thisMonth": 0, "allTime": 17])
        let most = try #require(stats["mostTrained"] as? [[String: Any]])
        #expect(most.map { $0["exercise"] as? String } == ["Back Squat", "Curl"])
        #expect(most.map { $0["sets"] as? Int } == [11, 6])
        let categories = try #require(stats["volumeByCategory"] as? [[String: Any]])
        #expect(categories.count == 2)
    }

    @Test("stats as text; a set saved now makes this week's session and a streak of one")
    func statsText() throws {
        let scratch = try Self.seeded().db
        let old = try Binary.run(["stats"], db: scratch.db)
        #expect(old.status == 0, "\(old.stderr)")
        let lines = old.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Ana: no session this week or last (weeks from Monday) · last lift \(Self.daysSinceLastLift) days ago (Sat 14 Mar 2020)")
        #expect(Array(lines.dropFirst()) == [
            "            Sessions  Sets    Volume",
            "This week          0     0      0 kg",
            "This month         0     0      0 kg",
            "All time           4    17  6\u{202F}594 kg",
            "Volume counts loads only: weights and added loads, not body weight, holds or distances.",
            "Most trained: Back Squat 11 sets · Curl 6 sets",
            "Volume by category: barbell 82 % · other 18 %",
        ])

        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let now = try Self.jsonObject(try Binary.run(["stats", "--format", "json"], db: scratch.db).stdout)
        #expect(now["weeksActiveStreak"] as? Int == 1)
        #expect(now["daysSinceLastLift"] as? Int == 0)
        #expect((now["sessions"] as? [String: Int])?["thisWeek"] == 1)
        #expect((now["sets"] as? [String: Int])?["thisMonth"] == 5)
    }
}
