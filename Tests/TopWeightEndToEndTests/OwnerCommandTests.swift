import Foundation
import Testing

/// Smaller things a gym owner meets at the command line. In
/// `CommandLineTests`, so `Scripts/test` runs them on PostgreSQL too.
extension CommandLineTests {
    @Test("delete of a deleted set says so and how to bring it back; restore of a live one says it is not deleted")
    func deleteTwice() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["delete", "1"], db: scratch.db).status == 0)

        let again = try Binary.run(["delete", "1"], db: scratch.db)
        #expect(again.status == 64)
        #expect(again.stderr == "topweight: #1 is already deleted; 'topweight restore 1' brings it back\n", "\(again.stderr)")
        #expect(try Binary.run(["restore", "1"], db: scratch.db).status == 0)
        let live = try Binary.run(["restore", "1"], db: scratch.db)
        #expect(live.status == 64)
        #expect(live.stderr == "topweight: #1 is not deleted; 'topweight history' shows it\n", "\(live.stderr)")
        let none = try Binary.run(["delete", "7"], db: scratch.db)
        #expect(none.stderr == "topweight: no record #7; 'topweight history' shows them\n", "\(none.stderr)")
    }

    @Test("import of a directory says it is a directory, not that the file is empty")
    func importDirectory() throws {
        let scratch = try Scratch()
        let result = try Binary.run(["import", scratch.directory.path, "--user", "Ana"], db: scratch.db)
        #expect(result.status == 64)
        #expect(result.stderr == "topweight: \(scratch.directory.path) is a directory; give the export file inside it\n", "\(result.stderr)")
    }

    @Test("check --format json: the same figures as the text, as one object")
    func checkJSON() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Ana", "Bench Press", "62.5", "5", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["delete", "2"], db: scratch.db).status == 0)

        let result = try Binary.run(["check", "--format", "json"], db: scratch.db)

        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["integrity"] as? String == "ok")
        #expect(object["users"] as? Int == 1 && object["exercises"] as? Int == 1)
        #expect(object["records"] as? Int == 1 && object["deleted"] as? Int == 1)
        #expect(object["recordsOutOfRange"] as? [Int] == [])
        #expect(object["schema"] is String && object["appliedMigrations"] is Int && object["knownMigrations"] is Int)
    }
}

extension CommandLineTests {
    @Test("a usage error has the one shape every error has: 'topweight: reason' on one line, then where the usage is", arguments: [
        ["add", "Ana"], ["add", "Ana", "Bench", "60", "5", "3", "--unit", "stone"], ["history", "--bogus"],
        ["chart", "--user", "Ana"], ["exercises", "merge", "Only"],
    ])
    func usageShape(arguments: [String]) throws {
        let scratch = try Scratch().made()
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3 && lines[2].isEmpty, "two lines: \(lines)")
        #expect(lines[0].hasPrefix("topweight: ") && !lines[0].contains("Error:"), "\(lines)")
        #expect(lines.count > 1 && lines[1].hasPrefix("See 'topweight ") && lines[1].hasSuffix("--help' for its usage."), "\(lines)")
    }

    @Test("a value not among many (export's seven formats) is refused naming each of them on the reason's line")
    func longListOfValues() throws {
        let scratch = try Scratch().made()
        let result = try Binary.run(["export", "--format", "strng"], db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasSuffix("one of 'json', 'csv', 'strong', 'strong-semicolon', 'hevy', 'fitnotes' or 'markdown'."), "\(result.stderr)")
    }
}

extension CommandLineTests {
    @Test("demo makes only the exercises its sets use: 10 sets for 100 members are on 10 exercises at most")
    func demoExercises() throws {
        let scratch = try Scratch()
        let demo = try Binary.run(["demo", "--records", "10", "--users", "100"], db: scratch.db)
        #expect(demo.status == 0, "\(demo.stderr)")
        let rows = try Binary.run(["exercises", "--format", "csv"], db: scratch.db).stdout.split(separator: "\n").dropFirst()
        #expect(!rows.isEmpty && rows.count <= 10, "\(rows.count) exercises: \(demo.stdout)")
        #expect(demo.stdout.contains("and \(rows.count) exercises"), "the summary counts them: \(demo.stdout)")
    }
}
