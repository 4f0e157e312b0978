import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// `topweight sessions`, `topweight calendar` and notes in `topweight history`, run as scripts run them.
@Suite("The training log on the command line")
struct TrainingLogCommandTests {
    /// Ana trained on Tue 10 and Thu 12 March 2020 (a note on the 10th); Ben once.
    private static func seeded(members: Int = 1) throws -> Scratch {
        let scratch = try Scratch()
        for arguments in [
            ["add", "Ana", "Bench Press", "60", "8", "3", "--at", "2020-03-10T18:00:00Z"],
            ["add", "Ana", "Back Squat", "100", "5", "5", "--unit", "lb", "--at", "2020-03-10T18:20:00Z"],
            ["add", "Ana", "Deadlift", "140", "5", "1", "--at", "2020-03-12T07:00:00Z"],
        ] + (members > 1 ? [["add", "Ben", "Curl", "12.5", "10", "3", "--at", "2020-03-11T09:00:00Z"]] : []) {
            let added = try Binary.run(arguments, db: scratch.db)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let store = try TestEngine.open(scratch.db)
        let ana = try #require(try store.user(named: "Ana"))
        let day = try #require(LocalDay(year: 2020, month: 3, day: 10))
        try store.appendNote(userID: ana.id, day: day, text: "Felt **strong**\n- squat: *belt* next time", now: Date())
        return scratch
    }

    private static func jsonArray(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "not a JSON array: \(text)")
    }

    private static func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    // MARK: - sessions

    @Test("sessions --format json lists a member's days newest first with the contract's keys")
    func sessionsJSON() throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(["sessions", "--user", "ana", "--format", "json"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        let sessions = try Self.jsonArray(result.stdout)
        #expect(sessions.map { $0["date"] as? String } == ["2020-03-12", "2020-03-10"])
        let noted = sessions[1]
        #expect(noted["user"] as? String == "Ana")
        #expect(noted["sets"] as? Int == 8)
        // 60 kg × 8 × 3 + 100 lb × 5 × 5 (1133.98 kg), in kg.
        #expect(noted["volume"] as? Double == 2573.98)
        #expect(noted["exercises"] as? Int == 2)
        #expect(noted["note"] as? String == "Felt **strong**\n- squat: *belt* next time")
        #expect(noted["routine"] is NSNull)
        #expect(sessions[0]["note"] is NSNull)
        #expect(sessions[0]["volume"] as? Int == 700)
    }

    @Test("sessions as text: an aligned table in kg with each note rendered under its day")
    func sessionsText() throws {
        let scratch = try Self.seeded()
        // One member only: --user can be left out.
        let result = try Binary.run(["sessions"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines == [
            "Day               Routine  Sets    Volume  Exercises",
            "Thu 12 Mar 2020   -           1    700 kg  1  Deadlift",
            "Tue 10 Mar 2020 ✎ -           8  2\u{202F}574 kg  2  Bench Press, Back Squat",
            "    Felt strong",
            "    • squat: belt next time",
            "",
        ])
        #expect(!result.stdout.contains("\u{1B}"), "not a terminal: no escapes")
    }

    @Test("sessions --limit and --days keep the newest days")
    func sessionsLimits() throws {
        let scratch = try Self.seeded()
        let one = try Binary.run(["sessions", "--user", "Ana", "--limit", "1"], db: scratch.db)
        #expect(one.status == 0)
        #expect(one.stdout.contains("Thu 12 Mar 2020") && !one.stdout.contains("Tue 10 Mar 2020"))
        #expect(one.stdout.contains("… more sessions: --limit 2 or --limit 0 for all"))
        let json = try Binary.run(["sessions", "--user", "Ana", "--limit", "1", "--format", "json"], db: scratch.db)
        #expect(try Self.jsonArray(json.stdout).count == 1)
        let recent = try Binary.run(["sessions", "--user", "Ana", "--days", "7"], db: scratch.db)
        #expect(recent.status == 0 && recent.stdout == "No sessions.\n")
        let none = try Binary.run(["sessions", "--user", "Ana", "--days", "7", "--format", "json"], db: scratch.db)
        #expect(try Self.jsonArray(none.stdout).isEmpty)
    }

    @Test("sessions and calendar need --user when the database has several members, or none", arguments: [
        ["sessions"], ["calendar"], ["sessions", "--format", "json"],
    ])
    func userNeeded(arguments: [String]) throws {
        let scratch = try Self.seeded(members: 2)
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr == "topweight: --user is needed: the database has 2 members ('topweight users' lists them)\n")
        #expect(result.stdout.isEmpty)
        let empty = try Scratch().made()
        let nobody = try Binary.run(arguments, db: empty.db)
        #expect(nobody.status == 64 && nobody.stderr.hasPrefix("topweight: no members yet"))
    }

    @Test("an unknown or unusable member is bad input, one line", arguments: [
        ["sessions", "--user", "Nobody"], ["calendar", "--user", "Nobody"],
        ["sessions", "--user", "\u{1B}[2JEve"], ["calendar", "--user", "Nobody", "--format", "json"],
    ])
    func unknownUser(arguments: [String]) throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("topweight: ") && result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B })
        #expect(result.stdout.isEmpty)
    }

    // MARK: - calendar

    @Test("calendar --format json gives the month's training days")
    func calendarJSON() throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(["calendar", "--user", "Ana", "--month", "2020-03", "--format", "json"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        let month = try Self.jsonObject(result.stdout)
        #expect(month["month"] as? String == "2020-03")
        let days = try #require(month["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2020-03-10", "2020-03-12"])
        #expect(days.map { $0["sessions"] as? Int } == [1, 1])
        #expect(days.map { $0["sets"] as? Int } == [8, 1])
        #expect(days.first?["volume"] as? Double == 2573.98)

        let other = try Binary.run(["calendar", "--month", "2020-04", "--format", "json"], db: scratch.db)
        #expect(try Self.jsonObject(other.stdout)["days"] as? [Any] != nil)
        #expect((try Self.jsonObject(other.stdout)["days"] as? [Any])?.isEmpty == true)
    }

    @Test("calendar as text: the month, weeks from the locale's first day, a glyph on training days, totals", arguments: [
        ("en_US.UTF-8", " Su   Mo   Tu   We   Th   Fr   Sa", "  8    9   10 ● 11   12 ● 13   14  "),
        ("de_DE.UTF-8", " Mo   Tu   We   Th   Fr   Sa   Su", "  9   10 ● 11   12 ● 13   14   15  "),
    ])
    func calendarText(locale: String, header: String, week: String) throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(["calendar", "--month", "2020-03"], db: scratch.db, environment: ["LC_ALL": locale, "LANG": locale])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.trimmingCharacters(in: .whitespaces) == "March 2020")
        #expect(lines.dropFirst().first?.hasPrefix(header) == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(week) }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("2 sessions · 9 sets · 3\u{202F}274 kg") })
        #expect(Set(lines.map(TerminalText.width)).count == 1, "every line as wide")
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test("calendar with a bad --month says so in one line and exits non-zero (not 2)", arguments: [
        "2020-13", "2020-3", "March", "20-03", "2020-00", "0000-01", "2020-03-01", "",
    ])
    func badMonth(month: String) throws {
        let scratch = try Self.seeded()
        let result = try Binary.run(["calendar", "--month", month], db: scratch.db)
        #expect(result.status != 0 && result.status != 2, "\(result.status)")
        #expect(result.stderr.hasPrefix("topweight: --month takes YYYY-MM"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    // MARK: - history

    @Test("history for one member shows each day's note under the day; for everybody it doesn't")
    func historyNotes() throws {
        let scratch = try Self.seeded()
        let one = try Binary.run(["history", "--user", "Ana"], db: scratch.db)
        #expect(one.status == 0, "\(one.stderr)")
        let lines = one.stdout.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex(of: "Tue 10 Mar 2020"), "\(lines)")
        #expect(lines[heading + 1] == "  ✎ Felt strong")
        #expect(lines[heading + 2] == "    • squat: belt next time")
        #expect(lines[heading + 3].hasPrefix("  18:20  #2  Back Squat"))
        #expect(!one.stdout.contains("**"))

        let everybody = try Binary.run(["history"], db: scratch.db)
        #expect(everybody.status == 0 && !everybody.stdout.contains("Felt"))
        let json = try Binary.run(["history", "--user", "Ana", "--format", "json"], db: scratch.db)
        #expect(try Self.jsonArray(json.stdout).count == 3)
    }

    // MARK: - colour on a terminal

    private func onTerminal(_ arguments: [String], db: String, noColor: Bool) throws -> String {
        let environment = PseudoTerminal.environment(db: db, noColor ? ["NO_COLOR": "1"] : [:])
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: arguments, environment: environment)
        #expect(terminal.waitForExit() == 0)
        return terminal.output
    }

    @Test("colour on a terminal, none under NO_COLOR", arguments: [
        ["history", "--user", "Ana"], ["sessions"], ["calendar", "--month", "2020-03"],
    ])
    func noColor(arguments: [String]) throws {
        let scratch = try Self.seeded()
        let colour = try onTerminal(arguments, db: scratch.db, noColor: false)
        #expect(colour.contains("\u{1B}[1m"), "\(colour)")
        let plain = try onTerminal(arguments, db: scratch.db, noColor: true)
        #expect(!plain.contains("\u{1B}"), "\(plain)")
        #expect(plain.contains("2020"))
        #expect(LogTerminal.stripped(colour) == plain)
    }
}

private enum LogTerminal {
    static func stripped(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}
