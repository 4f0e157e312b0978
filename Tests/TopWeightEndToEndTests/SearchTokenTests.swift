import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// The same words found on both engines: numbers split at punctuation as
/// SQLite's index splits them (`5/3/1` is 5, 3 and 1; `62.5` is 62 and 5),
/// whole where letters and digits run together (`3x5`); a member named
/// with their accents left off (`bjorn papadopoulos` for Björn).
@Suite("Search words alike on SQLite and PostgreSQL", .serialized)
struct SearchTokenTests {
    /// Björn's days: a 5/3/1 day, a 3x5 day at 62.5 kg, and a knee-high box jump.
    static func gym(_ engine: TestEngine) throws -> Scratch {
        let scratch = try Scratch(engine: engine)
        try TeamCommandTests.run(["add", "Björn Papadopoulos", "Bench Press", "60", "5", "3"], scratch.db)
        let today = LocalDay(Date(), in: .current)
        for (offset, note) in [(2, "did 5/3/1 week 1"), (1, "3x5 at 62.5, felt fine"), (0, "knee-high box jump")] {
            try TeamCommandTests.run(["note", "add", "--user", "Björn Papadopoulos", "--date", today.adding(days: -offset).description, note], scratch.db)
        }
        return scratch
    }

    static func found(_ words: [String], in scratch: Scratch, user: String = "Björn Papadopoulos") throws -> String {
        let result = try Binary.run(["search"] + words + ["--user", user, "--format", "json"], db: scratch.db)
        try #require(result.status == 0, "\(words): \(result.stderr)")
        let object = try #require(try TeamCommandTests.json(result.stdout) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        return days.compactMap { $0["note"] as? String }.joined(separator: " | ")
    }

    @Test("5/3/1, 3x5, 1, 62.5, high and 5 find the same days on both engines")
    func numbers() throws {
        let file = try Self.gym(.file)
        let server = try Self.gym(.postgres)
        let expected: [[String]: String] = [
            ["5/3/1"]: "did 5/3/1 week 1",
            ["3x5"]: "3x5 at 62.5, felt fine",
            ["1"]: "did 5/3/1 week 1",
            ["62.5"]: "3x5 at 62.5, felt fine",
            ["high"]: "knee-high box jump",
            ["5"]: "3x5 at 62.5, felt fine | did 5/3/1 week 1",
        ]
        for (words, notes) in expected {
            #expect(try Self.found(words, in: file) == notes, "\(words) on SQLite")
            #expect(try Self.found(words, in: server) == notes, "\(words) on PostgreSQL")
        }
    }

    @Test("--user takes a member's name with the accents left off, as the words are folded", arguments: [TestEngine.file, .postgres])
    func foldedMember(engine: TestEngine) throws {
        let scratch = try Self.gym(engine)
        try TeamCommandTests.run(["add", "Zoe", "Bench Press", "40", "5", "3"], scratch.db)
        #expect(try Self.found(["knee"], in: scratch, user: "bjorn papadopoulos") == "knee-high box jump")
        #expect(try Self.found(["knee"], in: scratch, user: "BJÖRN  PAPADOPOULOS") == "knee-high box jump")
        let nobody = try Binary.run(["search", "knee", "--user", "bjorn"], db: scratch.db)
        #expect(nobody.status != 0 && nobody.stderr.contains("no member named bjorn"), "\(nobody.stderr)")
    }
}
