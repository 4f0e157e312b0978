import Foundation
import Testing
import TopWeightTestSupport

/// A mistyped `--db` path: only what writes a member's sets (and the logger)
/// may create a database; everything else refuses the missing file with one
/// line and exit 2, and leaves nothing behind (no file, no directory).
@Suite("A database path that does not exist")
struct MissingDatabaseTests {
    @Test("commands that only read or change what is there refuse a missing file, exit 2, and create nothing", arguments: [
        ["check"], ["history"], ["users"], ["exercises"], ["sessions", "--user", "Ana"], ["calendar", "--user", "Ana"],
        ["export"], ["export", "--format", "csv"], ["stats", "--user", "Ana"], ["prs", "--user", "Ana"],
        ["chart", "--user", "Ana", "--exercise", "Bench Press"], ["body", "--user", "Ana"], ["body", "add", "80", "--user", "Ana"],
        ["edit", "1", "--reps", "6"], ["delete", "1"], ["restore", "1"], ["note", "add", "--user", "Ana", "hello"],
        ["routines"], ["routines", "show", "5x5 A"], ["users", "rename", "Ana", "Anna"], ["users", "remove", "Ana"],
        ["exercises", "rename", "Bench Press", "Bench"], ["exercises", "remove", "Bench Press"], ["plates", "100"],
        ["admin", "unlock"],
    ])
    func refused(arguments: [String]) throws {
        let scratch = try Scratch(engine: .file)
        let folder = scratch.directory.appendingPathComponent("backups")
        let path = folder.appendingPathComponent("backup-2026-11-25.sqlite").path

        let result = try Binary.run(arguments + ["--db", path], db: nil)

        #expect(result.status == 2, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(DatabaseProblemCommandTests.isOneLine(result.stderr), "\(result.stderr)")
        #expect(result.stderr.contains("no database at \(path)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "\(arguments) created \(folder.path)")
    }

    @Test("the default file, which nobody typed, is still made on first use by any command")
    func defaultFile() throws {
        let scratch = try Scratch(engine: .file)
        let data = scratch.directory.appendingPathComponent("data")

        let result = try Binary.run(["users"], db: nil, environment: ["XDG_DATA_HOME": data.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("topweight/topweight.sqlite").path))
    }

    @Test("copy refuses a missing source and creates neither it nor the destination")
    func copyFromNothing() throws {
        let scratch = try Scratch(engine: .file)
        let source = scratch.directory.appendingPathComponent("nonexistent.sqlite").path
        let destination = scratch.directory.appendingPathComponent("out.sqlite").path

        let result = try Binary.run(["copy", source, destination], db: nil)

        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(DatabaseProblemCommandTests.isOneLine(result.stderr), "\(result.stderr)")
        #expect(result.stderr.contains("no database at \(source)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path).isEmpty)
    }

    @Test("an import that would write nothing (--dry-run) on a missing file counts against an empty database and makes no file")
    func dryRunImport() throws {
        let scratch = try Scratch(engine: .file)
        let export = scratch.directory.appendingPathComponent("strong.csv")
        try Data("Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2026-01-05 10:00:00,A,Bench Press,1,60,5\n".utf8)
            .write(to: export)
        let path = scratch.directory.appendingPathComponent("typo.sqlite").path

        let result = try Binary.run(["import", export.path, "--user", "Ana", "--unit", "kg", "--dry-run", "--db", path], db: nil)

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("doesn't exist yet: counted against an empty database"), "\(result.stdout)\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("what writes a member's sets creates the database and its folder: add, import, the logger, copy's destination, users add")
    func creators() throws {
        let scratch = try Scratch(engine: .file)
        let export = scratch.directory.appendingPathComponent("strong.csv")
        try Data("Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2026-01-05 10:00:00,A,Bench Press,1,60,5\n".utf8)
            .write(to: export)
        // Its own folder only: a folder whose parent is missing too is a typo (CopyCommandTests.typoedFolder).
        func path(_ name: String) -> String { scratch.directory.appendingPathComponent("\(name)/topweight.sqlite").path }

        let added = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5", "--db", path("add")], db: nil)
        #expect(added.status == 0, "\(added.stderr)")
        let imported = try Binary.run(["import", export.path, "--user", "Ana", "--unit", "kg", "--db", path("import")], db: nil)
        #expect(imported.status == 0, "\(imported.stderr)")
        let logged = try Binary.run(["--db", path("repl")], db: nil, input: "Ana\ny\nbench 60x5x5\n")
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(logged.stderr.contains("new database \(path("repl"))"), "the logger says it creates a file: \(logged.stderr)")
        let member = try Binary.run(["users", "add", "Zoë", "--db", path("users")], db: nil)
        #expect(member.status == 0, "\(member.stderr)")
        let copied = try Binary.run(["copy", path("add"), path("copy")], db: nil)
        #expect(copied.status == 0, "\(copied.stderr)")
        for name in ["add", "import", "repl", "users", "copy"] {
            #expect(FileManager.default.fileExists(atPath: path(name)), "\(name) made no database")
        }
        let history = try Binary.run(["history", "--db", path("copy")], db: nil)
        #expect(history.status == 0 && history.stdout.contains("Bench Press"), "\(history.stdout)\(history.stderr)")
    }
}
