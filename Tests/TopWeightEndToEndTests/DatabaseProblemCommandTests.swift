import Foundation
import GRDB
import Testing
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Database problems met through the real binary: exit code 2, one line on
/// stderr, and the member's file never changed to "fix" anything.
@Suite("Database problems at the command line")
struct DatabaseProblemCommandTests {
    /// `topweight: …` and nothing else.
    static func isOneLine(_ stderr: String) -> Bool {
        stderr.hasPrefix("topweight: ") && stderr.hasSuffix("\n") && stderr.dropLast().split(separator: "\n").count == 1
    }

    static func records(in path: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") ?? -1 }
    }

    @Test("a database from a newer Top Weight exits 2 with one line, and not a byte of it changes", arguments: [
        ["add", "Ana", "Bench Press", "70", "5", "5"],
        ["history"],
        ["users"],
        ["check"],
        [],
    ])
    func newerSchema(arguments: [String]) throws {
        let scratch = try Scratch()
        let created = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db)
        try #require(created.status == 0, "\(created.stderr)")
        // What a newer Top Weight would have left: a migration this build does not know.
        do {
            let queue = try DatabaseQueue(path: scratch.db)
            try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v999')") }
            try queue.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.db))

        let result = try Binary.run(arguments, db: scratch.db, input: "Ana\nBench Press 70x5x5\n")

        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(Self.isOneLine(result.stderr), "\(result.stderr)")
        #expect(result.stderr.contains("newer Top Weight"), "\(result.stderr)")
        #expect(!result.stdout.contains("Saved"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.db)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path) == ["topweight.sqlite"], "no -wal or -shm left behind")
    }

    @Test("a writer stuck past TOPWEIGHT_BUSY_TIMEOUT gets exit 2 and one line, nothing is saved, and the same command works once it lets go")
    func stuckWriter() throws {
        let scratch = try Scratch()
        let created = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db)
        try #require(created.status == 0, "\(created.stderr)")

        // Another program takes the write lock and sits on it.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: scratch.db, configuration: configuration)
        defer { try? holder.close() }
        try holder.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }

        let command = ["add", "Ana", "Bench Press", "70", "5", "5"]
        let clock = ContinuousClock()
        let refusedStart = clock.now
        let refused = try Binary.run(command, db: scratch.db, environment: ["TOPWEIGHT_BUSY_TIMEOUT": "0.3"])
        let refusedAfter = clock.now - refusedStart
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(Self.isOneLine(refused.stderr), "\(refused.stderr)")
        #expect(refused.stderr.contains("held by another program"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was saved"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)

        try holder.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        #expect(try Self.records(in: scratch.db) == 1, "the refused set is not in the file")

        let retried = try Binary.run(command, db: scratch.db, environment: ["TOPWEIGHT_BUSY_TIMEOUT": "0.3"])
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stdout.hasPrefix("Saved #2  Ana · Bench Press · 70 kg × 5 reps × 5 series"), "\(retried.stdout)")
        #expect(try Self.records(in: scratch.db) == 2)
        print("DatabaseProblemCommandTests: a write held elsewhere was refused after \(refusedAfter) with TOPWEIGHT_BUSY_TIMEOUT=0.3")
    }

    @Test("a database in a directory that does not exist yet is created with its directory, from TOPWEIGHT_DB, by the logger; a missing parent is refused")
    func missingDirectory() throws {
        let scratch = try Scratch()
        let db = scratch.directory.appendingPathComponent("kiosk/topweight.sqlite").path
        let result = try Binary.run([], db: db, input: "Ana\ny\nBench Press 60x5x5\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Saved #1  Ana · Bench Press · 60 kg × 5 reps × 5 series"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: db))
        #expect(try Self.records(in: db) == 1)

        let deeper = scratch.directory.appendingPathComponent("gym/data/2026/topweight.sqlite").path
        let refused = try Binary.run([], db: deeper, input: "Ana\ny\nBench Press 60x5x5\n")
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(Self.isOneLine(refused.stderr) && refused.stderr.contains("no folder \(scratch.directory.path)/gym/data for"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.directory.appendingPathComponent("gym").path))
    }

    // MARK: - A disk that really fills up

    /// A 2 MiB tmpfs (a new database and its log take about 1 MiB) is a disk that really fills up. Mounting one needs root
    /// (CAP_SYS_ADMIN); without it the test is skipped, and the store-level test
    /// (Tests/TopWeightStoreTests/DatabaseProblemTests.swift, max_page_count) still
    /// covers a full database.
    @Test(
        "on a full disk a save exits 2 with one line and the records stay as they were; once there is room the same command saves",
        .enabled(if: SmallDisk.unavailable == nil, "needs root to mount a small tmpfs")
    )
    func diskFull() throws {
        let disk = try SmallDisk(size: "2m")
        let db = disk.point + "/topweight.sqlite"
        let created = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: db)
        try #require(created.status == 0, "\(created.stderr)")

        // Fill the disk to the last byte.
        try disk.fill()
        let before = try Self.contents(of: db)
        #expect(before.integrity == ["ok"] && before.records.count == 1)

        // Give back 8 KiB at a time until the save fits: every refusal on the way is clean.
        let command = ["add", "Ana", "Bench Press", "70", "5", "5"]
        var refusals: [String] = []
        var saved: Binary.Result?
        while disk.filled > 0 {
            let result = try Binary.run(command, db: db)
            if result.status == 0 {
                saved = result
                break
            }
            #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
            #expect(Self.isOneLine(result.stderr), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            // Not byte for byte: a start on a file with no log commits GRDB's WAL
            // set-up (a table created and dropped), which bumps counters in the file's header.
            #expect(try Self.contents(of: db) == before, "a refused save changed what the file holds")
            refusals.append(result.stderr)
            try disk.giveBack(8_192)
        }

        #expect(!refusals.isEmpty, "a save on a full disk went through")
        #expect(refusals.contains { $0.contains("is full (no space left); nothing was saved") }, "\(Set(refusals))")
        let success = try #require(saved, "no save fitted even with the filler gone")
        #expect(success.stdout.hasPrefix("Saved #2  Ana · Bench Press · 70 kg × 5 reps × 5 series"), "\(success.stdout)")
        let check = try Binary.run(["check"], db: db)
        #expect(check.status == 0 && check.stdout.contains("integrity     ok") && check.stdout.contains("records       2"), "\(check.stdout)")
        #expect(try Self.contents(of: db).records == before.records + ["2 1 1 70.0kg 5x5"])
        print("DatabaseProblemCommandTests: full 2 MiB tmpfs: \(refusals.count) refusals (\(Set(refusals).sorted().joined(separator: " | ").replacingOccurrences(of: "\n", with: ""))), then saved after giving back \(refusals.count * 8) KiB")
    }

    /// Integrity and every record, read from a copy of the file and its WAL
    /// outside the full disk (reading in place needs room for the -shm file):
    /// what a member would find if the machine stopped now.
    static func contents(of db: String) throws -> (integrity: [String], records: [String]) {
        let copy = try Scratch()
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: db + suffix) {
            try FileManager.default.copyItem(atPath: db + suffix, toPath: copy.db + suffix)
        }
        let queue = try DatabaseQueue(path: copy.db)
        defer { try? queue.close() }
        return try queue.read { db in
            (
                try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                try String.fetchAll(db, sql: "SELECT id || ' ' || userId || ' ' || exerciseId || ' ' || weight || unit || ' ' || reps || 'x' || series FROM record ORDER BY id")
            )
        }
    }

    // MARK: - A file the member may not write

    static let runuser = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Root ignores file permissions, so as root the command runs as `nobody`
    /// through runuser; as anybody else it runs directly on a 0444 file in a 0555 directory.
    static func canBeRefusedWriting() -> Bool {
        guard getuid() == 0 else { return true }
        guard let runuser else { return false }
        // nobody must be able to reach and run the built binary.
        let probe = try? PipedChild.run(["-u", "nobody", "--", Binary.url.path, "--help"], db: "/nonexistent", executable: runuser)
        return probe?.ending == .exited(0)
    }

    @Test(
        "a file the member may not write exits 2 with one line saying it is read-only, and is left untouched",
        .enabled(if: canBeRefusedWriting(), "as root, needs runuser and a binary that nobody may run")
    )
    func readOnlyFile() throws {
        let scratch = try Scratch()
        let created = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db)
        try #require(created.status == 0, "\(created.stderr)")
        let asRoot = getuid() == 0
        try #require(chmod(scratch.db, 0o444) == 0 && chmod(scratch.directory.path, asRoot ? 0o755 : 0o555) == 0)
        defer { chmod(scratch.directory.path, 0o755) }
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.db))
        let log = try Data(contentsOf: URL(fileURLWithPath: scratch.db + "-wal"))

        let command = ["add", "Ana", "Bench Press", "70", "5", "5"]
        let result = try asRoot
            ? PipedChild.run(["-u", "nobody", "--", Binary.url.path] + command, db: scratch.db, executable: try #require(Self.runuser))
            : PipedChild.run(command, db: scratch.db)

        #expect(result.ending == .exited(2), "\(result.stdout)\(result.stderr)")
        #expect(Self.isOneLine(result.stderr), "\(result.stderr)")
        #expect(result.stderr.contains("is read-only (\(scratch.db) may not be written; check its permissions); nothing was saved"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.db)) == before)
        // The log the save before it left for the next start, unchanged too.
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.db + "-wal")) == log)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path).sorted()
                == ["topweight.sqlite", "topweight.sqlite-shm", "topweight.sqlite-wal"])
    }
}
