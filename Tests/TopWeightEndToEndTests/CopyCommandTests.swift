import Foundation
import Testing
import TopWeightTestSupport

/// `topweight copy` with the real binary: what it carries of members and
/// exercises on every pair of engines, and the paths it refuses.
@Suite("Copying a database with the binary", .serialized)
struct CopyCommandTests {
    /// From where to where.
    enum Route: String, CaseIterable, CustomTestStringConvertible {
        case fileToFile, fileToServer, serverToFile

        var testDescription: String { rawValue }
        var source: TestEngine { self == .serverToFile ? .postgres : .file }
        var destination: TestEngine { self == .fileToServer ? .postgres : .file }
    }

    /// Ana public and Zoë private, both lifting today; a gym's own timed lift
    /// of its own category, and a distance lift nobody logged yet.
    static func seed(_ db: String) throws {
        for arguments in [
            ["add", "Ana", "Bench Press", "60", "5", "3"],
            ["add", "Zoë", "Deadlift", "140", "3", "1"],
            ["users", "private", "Zoë"],
            ["exercises", "add", "Tuck Hold Drill", "--kind", "time", "--category", "core work"],
            ["add", "Ana", "Tuck Hold Drill", "0:45", "3"],
            ["exercises", "add", "Keg Carry", "--kind", "distance", "--category", "strongman"],
        ] {
            let result = try Binary.run(arguments, db: db)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }

    /// `exercises --format json` as name → (kind, category).
    static func exercises(_ db: String) throws -> [String: (kind: String, category: String?)] {
        let listed = try Binary.run(["exercises", "--format", "json"], db: db)
        try #require(listed.status == 0, "\(listed.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        var found: [String: (kind: String, category: String?)] = [:]
        for row in rows {
            guard let name = row["name"] as? String, row["id"] is NSNumber, let kind = row["kind"] as? String else { continue }
            found[name] = (kind, row["category"] as? String)
        }
        return found
    }

    /// What a move must keep: Zoë off the board, the gym's own lifts with their kinds and categories.
    static func expectKept(in db: String, _ comment: String) throws {
        let board = try Binary.run(["board"], db: db, environment: ["COLUMNS": "100"])
        #expect(board.status == 0, "\(comment): \(board.stderr)")
        #expect(board.stdout.contains("Ana"), "\(comment): \(board.stdout)")
        #expect(!board.stdout.contains("Zoë"), "\(comment): the private member is on the board:\n\(board.stdout)")
        let exercises = try exercises(db)
        #expect(exercises["Tuck Hold Drill"]?.kind == "time" && exercises["Tuck Hold Drill"]?.category == "core work",
                "\(comment): \(String(describing: exercises["Tuck Hold Drill"]))")
        #expect(exercises["Keg Carry"]?.kind == "distance" && exercises["Keg Carry"]?.category == "strongman",
                "\(comment): \(String(describing: exercises["Keg Carry"]))")
    }

    @Test("a private member stays off the board and the gym's own lifts keep kind and category, on every pair of engines",
          arguments: Route.allCases)
    func privacyAndKinds(route: Route) throws {
        let source = try Scratch(engine: route.source)
        let destination = try Scratch(engine: route.destination)
        try Self.seed(source.db)

        let copied = try Binary.run(["copy", source.db, destination.db], db: nil)

        #expect(copied.status == 0, "\(copied.stderr)")
        try Self.expectKept(in: destination.db, "\(route)")
    }

    @Test("a destination whose folder's folder is missing is refused in one line, and nothing is made")
    func typoedFolder() throws {
        let scratch = try Scratch(engine: .file)
        try Self.seed(scratch.db)
        let missing = scratch.directory.appendingPathComponent("nonexistent")
        let destination = missing.appendingPathComponent("dir/x.sqlite").path

        let copied = try Binary.run(["copy", scratch.db, destination], db: nil)
        let added = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "3", "--db", destination], db: nil)

        for result in [copied, added] {
            #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
            #expect(DatabaseProblemCommandTests.isOneLine(result.stderr), "\(result.stderr)")
            #expect(result.stderr.contains(missing.path), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path), "a typo made \(missing.path)")
    }

    @Test("the database's own folder is still made when its parent is there")
    func ownFolder() throws {
        let scratch = try Scratch(engine: .file)
        try Self.seed(scratch.db)
        let destination = scratch.directory.appendingPathComponent("backups/x.sqlite").path

        let copied = try Binary.run(["copy", scratch.db, destination], db: nil)

        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(FileManager.default.fileExists(atPath: destination))
    }

    @Test("the same file named two ways is refused as the same database", arguments: ["./", "dots", "link"])
    func sameFile(spelling: String) throws {
        let scratch = try Scratch(engine: .file)
        try Self.seed(scratch.db)
        let other: String
        switch spelling {
        case "./": other = scratch.directory.path + "/./topweight.sqlite"
        case "dots": other = scratch.directory.path + "/../" + scratch.directory.lastPathComponent + "/topweight.sqlite"
        default:
            other = scratch.directory.appendingPathComponent("link.sqlite").path
            try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: scratch.db)
        }

        let copied = try Binary.run(["copy", scratch.db, other], db: nil)

        #expect(copied.status == 64, "a usage mistake: \(copied.stdout)\(copied.stderr)")
        #expect(copied.stderr.contains("same database"), "\(copied.stderr)")
    }

    @Test("a relative path and its absolute form are the same file")
    func relativeSameFile() throws {
        let scratch = try Scratch(engine: .file)
        try Self.seed(scratch.db)

        let copied = try Binary.run(["copy", "topweight.sqlite", "./topweight.sqlite"], db: nil, directory: scratch.directory)

        #expect(copied.status == 64, "a usage mistake: \(copied.stdout)\(copied.stderr)")
        #expect(copied.stderr.contains("same database"), "\(copied.stderr)")
    }
}
