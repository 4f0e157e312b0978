import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// `topweight search` and the logger's `:search`, through the real binary,
/// over a real Strong export brought in by `import` (its set notes become
/// the days' notes): what is found, how it is marked, and what is refused.
@Suite("Search on the command line and in the logger")
struct SearchCommandTests {
    static let export = SharedExports.path("strong/albTian__strong-export-parser__strong.csv")
    static var present: Bool { FileManager.default.fileExists(atPath: export) }

    /// Ana's log: the export, imported in kg.
    static func imported() throws -> Scratch {
        let scratch = try Scratch()
        let result = try Binary.run(["import", export, "--user", "Ana", "--unit", "kg"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        return scratch
    }

    @Test("search finds an imported note's words in any order, folded, and JSON names the day, its note and its sets",
          .enabled(if: present, SharedExports.absentNote))
    func importedNotes() throws {
        let scratch = try Self.imported()
        let result = try Binary.run(["search", "ROTATOR", "emphas", "--user", "ana", "--format", "json"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(!days.isEmpty && object["terms"] as? [String] == ["rotator", "emphas"])
        let dates = days.compactMap { $0["date"] as? String }
        #expect(dates == dates.sorted(by: >), "newest first")
        #expect(days.allSatisfy { ($0["note"] as? String)?.contains("Emphasize rotator cuff") == true })
        #expect(days.allSatisfy { ($0["sets"] as? [Any])?.isEmpty == true }, "no exercise named by the words")
    }

    @Test("search as text marks the words between brackets when piped, and shows the matching sets under each day",
          .enabled(if: present, SharedExports.absentNote))
    func textMarked() throws {
        let scratch = try Self.imported()
        let result = try Binary.run(["search", "squ", "--limit", "2"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "2 newest days with squ")
        #expect(lines.contains { $0.hasPrefix("  Back [Squat]") || $0.hasPrefix("  Front [Squat]") }, "\(lines)")
        #expect(lines.last == "… older days match too: --limit N (0 for all)")
        #expect(!result.stdout.contains("\u{1B}"), "not a terminal: no escapes")
    }

    @Test("search with no word, or for a member who isn't there, says so in one line and exits non-zero")
    func refusals() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3"], db: scratch.db).status == 0)
        let empty = try Binary.run(["search", "--", "?!"], db: scratch.db)
        #expect(empty.status == 64 && empty.stderr.contains("say what to look for"), "\(empty.stderr)")
        let nobody = try Binary.run(["search", "bench", "--user", "Zed"], db: scratch.db)
        #expect(nobody.status != 0 && nobody.stderr.split(separator: "\n").count == 1, "\(nobody.stderr)")
        let none = try Binary.run(["search", "curl"], db: scratch.db)
        #expect(none.status == 0 && none.stdout == "Nothing in Ana's log has curl.\n", "\(none.stdout)")
    }

    @Test("the logger's :search looks through the member's own log, never another member's")
    func loggerOwnLog() throws {
        let scratch = try Scratch()
        for arguments in [["add", "Ana", "Back Squat", "100", "5", "5"], ["add", "Bo", "Front Squat", "80", "5", "3"]] {
            #expect(try Binary.run(arguments, db: scratch.db).status == 0)
        }
        let result = try Binary.run([], db: scratch.db, input: "Ana\n:search squat\n:quit\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Back [Squat]  100 kg × 5 × 5"), "\(result.stdout)")
        #expect(!result.stdout.contains("Front"), "Bo's squats are Bo's")
    }
}
