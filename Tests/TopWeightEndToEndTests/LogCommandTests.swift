import Foundation
import Testing
import TopWeightCore

/// `note add`, `routines` and `edit`, run as scripts run them, on either engine.
@Suite("Notes, routines and edits on the command line")
struct LogCommandTests {
    // MARK: - Notes

    @Test("note add keeps the words, or standard input after -, on today's session or --date's")
    func notes() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["users", "add", "Ana"], db: scratch.db).status == 0)

        let before = Self.today()
        let words = try Binary.run(["note", "add", "--user", "Ana", "Felt", "strong,", "**new**", "bench", "PR"], db: scratch.db)
        let after = Self.today()
        #expect(words.status == 0, "\(words.stderr)")
        let today = try #require([before, after].first { words.stdout == "Note added to Ana's session of \($0).\n" },
                                 "\(words.stdout)")

        let markdown = "# Leg day\n\n- squats felt **heavy**\n- knee *fine*\n"
        let piped = try Binary.run(["note", "add", "--user", "ana", "--date", "2026-11-20", "-"], db: scratch.db, input: markdown)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == "Note added to Ana's session of 2026-11-20.\n")
        let again = try Binary.run(["note", "add", "--user", "Ana", "--date", "2026-11-20", "Stretch", "after"], db: scratch.db)
        #expect(again.status == 0, "\(again.stderr)")

        #expect(try Self.notes(of: "Ana", db: scratch.db) == [
            "2026-11-20": "# Leg day\n\n- squats felt **heavy**\n- knee *fine*\n\nStretch after",
            today.description: "Felt strong, **new** bench PR",
        ])
    }

    @Test("note add refuses a future or malformed date, an unknown member and an empty or unsafe note, storing nothing",
          arguments: [
              (["--user", "Ana", "--date", "2999-01-01", "Too", "soon"], ""),
              (["--user", "Ana", "--date", "2026-02-30", "No", "such", "day"], ""),
              (["--user", "Ana", "--date", "yesterday", "Words"], ""),
              (["--user", "Ana", "--date", "2026-11-20T10:00", "Words"], ""),
              (["--user", "Nobody", "Who", "is", "this"], ""),
              (["--user", "Ana", "-"], "   \n\n"),
              (["--user", "Ana", "Clear", "\u{1B}[2J", "screen"], ""),
              (["--user", "Ana"], ""),
          ])
    func badNotes(arguments: [String], input: String) throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["users", "add", "Ana"], db: scratch.db).status == 0)
        let result = try Binary.run(["note", "add"] + arguments, db: scratch.db, input: input)
        #expect(result.status == 64, "\(result.stderr)")
        Self.expectOneLine(result)
        #expect(try Self.notes(of: "Ana", db: scratch.db).isEmpty)
    }

    // MARK: - Helpers

    /// Today in the time zone the binary runs in (UTC unless the environment says otherwise).
    private static func today() -> LocalDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: ProcessInfo.processInfo.environment["TZ"] ?? "UTC") ?? TimeZone(identifier: "UTC")!
        return LocalDay(Date(), in: calendar)
    }

    /// The member's notes by day, read from the store the binary wrote (either engine).
    private static func notes(of name: String, db: String) throws -> [String: String] {
        let store = try TestEngine.open(db)
        guard let member = try store.user(named: name) else { return [:] }
        let infos = try store.sessionInfos(userID: member.id, from: LocalDay(year: 1, month: 1, day: 1)!, through: LocalDay(year: 9999, month: 12, day: 31)!)
        return Dictionary(uniqueKeysWithValues: infos.compactMap { info in info.note.map { (info.day.description, $0) } })
    }

    private static func routines(db: String) throws -> [[String: Any]] {
        let result = try Binary.run(["routines", "list", "--format", "json"], db: db)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private static func routine(_ name: String, db: String) throws -> [String: Any] {
        let result = try Binary.run(["routines", "show", name, "--format", "json"], db: db)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private static func history(db: String) throws -> [[String: Any]] {
        let result = try Binary.run(["history", "--format", "json"], db: db)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private static func file(in scratch: Scratch, _ text: String, name: String = "routines.yaml") throws -> String {
        let url = scratch.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private static func expectOneLine(_ result: Binary.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.stderr.hasPrefix("topweight: "), sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B }, sourceLocation: sourceLocation)
    }
}
