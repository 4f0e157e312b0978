import Foundation
import GRDB
import Testing
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A `--db` that names a file Top Weight did not make: another program's
/// SQLite database is refused by every command, in one line, and left as it
/// was (its tables, its journal mode, its permissions); an empty file is
/// no database yet, made into one only by a command that creates databases.
@Suite("A file that is not Top Weight's")
struct ForeignDatabaseTests {
    /// Another program's database: two tables, a rollback journal, mode 0644.
    static func foreign(in scratch: Scratch) throws -> String {
        let path = scratch.directory.appendingPathComponent("notes.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); CREATE TABLE tag (name TEXT)")
            try db.execute(sql: "INSERT INTO note (body) VALUES ('buy chalk')")
        }
        try queue.close()
        #expect(chmod(path, 0o644) == 0)
        return path
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test("another program's SQLite file is refused in one line, exit 2, by readers and writers alike; not a byte, its mode or its journal changes", arguments: [
        ["history"], ["users"], ["check"], ["export"], ["sessions", "--user", "Ana"],
        ["add", "Ana", "Bench Press", "60", "5", "5"], ["users", "add", "Ana"], ["body", "add", "80", "--user", "Ana"], [],
    ])
    func foreignFile(arguments: [String]) throws {
        let scratch = try Scratch(engine: .file)
        let path = try Self.foreign(in: scratch)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let result = try Binary.run(arguments + ["--db", path], db: nil, input: "Ana\ny\nbench 60x5x5\n")

        #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(DatabaseProblemCommandTests.isOneLine(result.stderr), "\(result.stderr)")
        #expect(result.stderr.contains("\(path) is another program's SQLite database"), "\(result.stderr)")
        #expect(!result.stdout.contains("Saved"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file changed")
        #expect(Self.mode(path) == 0o644, "its mode changed to \(String(Self.mode(path), radix: 8))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path) == ["notes.sqlite"], "no -wal or -shm left behind")
    }

    @Test("an empty file is no database: reading commands refuse it and leave it empty; add makes a database in it", arguments: [
        ["check"], ["history"], ["users"], ["export"], ["body", "add", "80", "--user", "Ana"], ["note", "add", "--user", "Ana", "hello"],
    ])
    func emptyFile(arguments: [String]) throws {
        let scratch = try Scratch(engine: .file)
        let path = scratch.directory.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))

        let result = try Binary.run(arguments + ["--db", path], db: nil)

        #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(DatabaseProblemCommandTests.isOneLine(result.stderr), "\(result.stderr)")
        #expect(result.stderr.contains("no database at \(path)"), "\(result.stderr)")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 0, "the empty file was made a database")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path) == ["empty.sqlite"])

        let added = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5", "--db", path], db: nil)
        #expect(added.status == 0, "\(added.stderr)")
        let history = try Binary.run(["history", "--db", path], db: nil)
        #expect(history.status == 0 && history.stdout.contains("Bench Press"), "\(history.stdout)\(history.stderr)")
    }
}
