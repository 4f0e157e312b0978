import Foundation
import GRDB
import Testing
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `topweight backup`: checked copies made while terminals save, kept by
/// number, put back only with no logger on the file; `migrate`; a file from
/// a newer program named by its version.
@Suite("Backups, restores and migrations from the command line")
struct BackupCommandTests {
    /// The backups `backup` made in `folder`, by name.
    static func backups(in folder: String) -> [String] {
        // Oldest first, as `backup` orders them: a second backup in one second (`…Z-2.sqlite`) after the first (`…Z.sqlite`).
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("topweight-") }
            .sorted { $0.replacingOccurrences(of: ".sqlite", with: "") < $1.replacingOccurrences(of: ".sqlite", with: "") }
    }

    /// What a file holds, read on a connection of the test's own.
    static func sets(in file: String) throws -> (ids: Set<Int64>, integrity: [String]) {
        let queue = try DatabaseQueue(path: file)
        defer { try? queue.close() }
        return try queue.read { db in
            (Set(try Int64.fetchAll(db, sql: "SELECT id FROM record WHERE deletedAt IS NULL")),
             try String.fetchAll(db, sql: "PRAGMA integrity_check"))
        }
    }

    static func isOneLine(_ text: String) -> Bool {
        text.hasSuffix("\n") && text.dropLast().firstIndex(of: "\n") == nil
    }

    @Test("a backup while four loggers save holds every set they said Saved before it began, and checks out")
    func backupWhileFourLoggersSave() throws {
        let scratch = try Scratch(engine: .file)
        let created = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db)
        try #require(created.status == 0, "\(created.stderr)")
        let folder = scratch.directory.appendingPathComponent("backups").path
        var loggers: [PipedChild] = []
        for writer in 1...4 {
            let child = try PipedChild(db: scratch.db)
            let lines = (1...400).map { SetNumbers(hundredths: $0 * 50, unit: "kg", reps: writer, series: 1).line(exercise: "Bench Press") + "\n" }
            child.send("Runner\(writer)\ny\n" + lines.joined() + ":quit\n")
            loggers.append(child)
        }
        defer { for child in loggers where child.ended() == nil { child.signal(SIGKILL); child.wait() } }
        // Well into the saving: every logger has saved some.
        for child in loggers { child.waitFor(lines: 40) }
        let before = Set(loggers.flatMap { $0.stdout.completeLines.compactMap(SavedLine.init).map(\.id) })
        let backup = try Binary.run(["backup", "--to", folder], db: scratch.db)
        let stillSaving = loggers.filter { $0.ended() == nil }.count
        for child in loggers { #expect(child.wait() == .exited(0), "\(child.stderr.text)") }

        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout.hasPrefix("Backed up \(scratch.db) to \(folder)/topweight-"), "\(backup.stdout)")
        #expect(backup.stdout.contains(": integrity ok, 5 users, "), "\(backup.stdout)")
        let names = Self.backups(in: folder)
        try #require(names.count == 1, "\(names)")
        let copy = try Self.sets(in: "\(folder)/\(names[0])")
        #expect(copy.integrity == ["ok"])
        #expect(before.count >= 160)
        let missing = before.subtracting(copy.ids)
        #expect(missing.isEmpty, "sets said Saved before the backup began but not in it: \(missing.sorted().prefix(10))")
        #expect(backup.stdout.contains(" \(copy.ids.count) sets ("), "\(backup.stdout)")
        // It really was made while they saved: the file went on growing after it.
        let final = try Self.sets(in: scratch.db)
        #expect(stillSaving > 0 && copy.ids.count < final.ids.count, "\(copy.ids.count) of \(final.ids.count) sets; \(stillSaving) still saving")
        // A file of its own: no log beside it.
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/\(names[0])-wal"))
    }

    @Test("backups keep the newest N by --keep, and only files of their own names are removed")
    func keepsTheNewest() throws {
        let scratch = try Scratch(engine: .file)
        try #require(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let folder = scratch.directory.appendingPathComponent("kept").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: "\(folder)/topweight-notes.sqlite", contents: Data("mine".utf8))
        var outputs: [String] = []
        for _ in 1...3 {
            let run = try Binary.run(["backup", "--to", folder, "--keep", "2"], db: scratch.db)
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(run.stdout)
        }
        let names = Self.backups(in: folder)
        #expect(names.count == 3, "\(names)")
        #expect(names.contains("topweight-notes.sqlite"))
        #expect(outputs[2].hasSuffix("the newest 2 kept, 1 older removed\n"), "\(outputs[2])")
        // The one removed is the first made.
        let first = outputs[0].components(separatedBy: " to ")[1].components(separatedBy: ": ")[0]
        #expect(!FileManager.default.fileExists(atPath: first), "\(first)")
        let zero = try Binary.run(["backup", "--to", folder, "--keep", "0"], db: scratch.db)
        #expect(zero.status == 64 && zero.stderr.contains("--keep"), "\(zero.stderr)")
    }

    @Test("restore is refused while a logger has the file open, and once it quit puts the backup back, the database as it was kept")
    func restoreRefusedWhileALoggerRuns() throws {
        let scratch = try Scratch(engine: .file)
        try #require(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let folder = scratch.directory.appendingPathComponent("backups").path
        try #require(try Binary.run(["backup", "--to", folder], db: scratch.db).status == 0)
        let backup = "\(folder)/\(Self.backups(in: folder)[0])"
        try #require(try Binary.run(["add", "Ana", "Bench Press", "70", "5", "5"], db: scratch.db).status == 0)

        let logger = try PipedChild(db: scratch.db)
        defer { if logger.ended() == nil { logger.signal(SIGKILL); logger.wait() } }
        logger.send("Bo\ny\n")
        #expect(logger.waitFor(lines: 1, startingWith: "Welcome") == 1, "\(logger.stderr.text)")
        let refused = try Binary.run(["backup", "--restore", backup, "--to", folder], db: scratch.db)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(Self.isOneLine(refused.stderr) && refused.stderr.contains("a logger has \(scratch.db) open: stop it first"), "\(refused.stderr)")
        #expect(try Self.sets(in: scratch.db).ids.count == 2, "a refused restore changed the database")
        #expect(Self.backups(in: folder).count == 1, "a refused restore left a backup behind")
        // The logger still saves after the refusal.
        logger.send("Bench Press 80x5x5\n")
        #expect(logger.waitFor(lines: 1) == 1)
        logger.send(":quit\n")
        #expect(logger.wait() == .exited(0))

        let restored = try Binary.run(["backup", "--restore", backup, "--to", folder], db: scratch.db)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.hasPrefix("Restored \(scratch.db) from \(backup): integrity ok, 1 user, "), "\(restored.stdout)")
        let now = try Self.sets(in: scratch.db)
        #expect(now.ids.count == 1 && now.integrity == ["ok"])
        // The database as it was, three sets, backed up first.
        let names = Self.backups(in: folder)
        #expect(names.count == 2 && restored.stdout.contains("the database as it was is in \(folder)/\(names[1])"), "\(names) \(restored.stdout)")
        #expect(try Self.sets(in: "\(folder)/\(names[1])").ids.count == 3)
        // And a logger opens the restored file as any other.
        let after = try Binary.run(["history", "--limit", "5"], db: scratch.db)
        #expect(after.status == 0 && after.stdout.contains("60 kg") && !after.stdout.contains("70 kg"), "\(after.stdout)\(after.stderr)")
    }

    @Test("restore refuses a file that is not a Top Weight database, and a backup that is not there, changing nothing")
    func restoreRefusesBadFiles() throws {
        let scratch = try Scratch(engine: .file)
        try #require(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let text = scratch.directory.appendingPathComponent("notes.txt").path
        _ = FileManager.default.createFile(atPath: text, contents: Data(String(repeating: "not a database\n", count: 400).utf8))
        let refused = try Binary.run(["backup", "--restore", text], db: scratch.db)
        #expect(refused.status == 2 && Self.isOneLine(refused.stderr), "\(refused.stderr)")
        #expect(refused.stderr.contains(text) && refused.stderr.contains("it was left untouched"), "\(refused.stderr)")
        let missing = try Binary.run(["backup", "--restore", text + ".gone"], db: scratch.db)
        #expect(missing.status == 2 && missing.stderr.contains("no backup at \(text).gone"), "\(missing.stderr)")
        #expect(try Self.sets(in: scratch.db).ids.count == 1)
    }

    @Test(
        "a backup onto a full disk is refused in one line and leaves nothing there",
        .enabled(if: SmallDisk.unavailable == nil, "needs root to mount a small tmpfs")
    )
    func backupOntoAFullDisk() throws {
        let scratch = try Scratch(engine: .file)
        try #require(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let disk = try SmallDisk(size: "256k")
        let folder = disk.point + "/backups"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try disk.fill()
        let refused = try Binary.run(["backup", "--to", folder], db: scratch.db)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(Self.isOneLine(refused.stderr), "\(refused.stderr)")
        #expect(refused.stderr == "topweight: no room for a backup in \(folder): the disk is full; nothing was written there, and the database is untouched\n",
                "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["?"]).isEmpty)
        #expect(try Self.sets(in: scratch.db).ids.count == 1)
    }

    @Test("migrate brings an old file up to date once; a file a newer Top Weight migrated names the version to install")
    func migrateAndNewerFiles() throws {
        let scratch = try Scratch(engine: .file)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TopWeightStoreTests/Fixtures/schema-v6.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: scratch.db)
        let first = try Binary.run(["migrate"], db: scratch.db)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("migrations applied now, schema v"), "\(first.stdout)")
        let second = try Binary.run(["migrate"], db: scratch.db)
        #expect(second.stdout.contains(": already up to date, schema v"), "\(second.stdout)")
        let version = try Binary.run(["--version"], db: nil).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = version.split(separator: ".").compactMap { Int($0) }
        try #require(parts.count == 3)
        let queue = try DatabaseQueue(path: scratch.db)
        let stamped = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
        #expect(stamped == parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2], "the migrating program's version is not in the file")
        // As a Top Weight 98.7.6 would leave it: a migration this one does not know.
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999')")
            try db.execute(sql: "PRAGMA user_version = 98007006")
        }
        try queue.close()
        let refused = try Binary.run(["history"], db: scratch.db)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr == "topweight: database \(scratch.db) was written by a newer Top Weight (98.7.6); install topweight 98.7.6 or later to use it (the file was left untouched)\n",
                "\(refused.stderr)")
        let backup = try Binary.run(["backup", "--to", scratch.directory.appendingPathComponent("b").path], db: scratch.db)
        #expect(backup.status == 2 && backup.stderr.contains("install topweight 98.7.6"), "\(backup.stderr)")
    }

    @Test("on a PostgreSQL database backup says to use pg_dump and whether it is installed, and writes nothing")
    func postgresSaysPgDump() throws {
        let scratch = try Scratch(engine: .file)
        let url = "postgres://gym@127.0.0.1:1/topweight"
        let run = try Binary.run(["backup", "--to", scratch.directory.path], db: url)
        #expect(run.status == 69, "\(run.stdout)\(run.stderr)")
        #expect(Self.isOneLine(run.stderr), "\(run.stderr)")
        #expect(run.stderr.contains("a PostgreSQL database is backed up by the server's own tool: pg_dump --format=custom"), "\(run.stderr)")
        #expect(run.stderr.contains("(pg_dump is /") || run.stderr.contains("pg_dump is not installed here"), "\(run.stderr)")
        #expect(Self.backups(in: scratch.directory.path).isEmpty)
    }
}
