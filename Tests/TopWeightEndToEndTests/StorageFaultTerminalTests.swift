import Foundation
import GRDB
import Testing
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The logger and the command line on a database that can be read but not
/// written, as a kiosk under autologin meets it: it starts, says why once,
/// shows history, keeps the member's entry, and saves it once the cause is gone.
@Suite("A full disk or a read-only file at a real terminal", .serialized)
struct StorageFaultTerminalTests {
    /// Every record, read from a copy of the file and its WAL outside the
    /// full disk (reading in place needs room for the -shm file).
    static func records(in path: String) throws -> [String] {
        let copy = try Scratch(engine: .file)
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy.db + suffix)
        }
        let queue = try DatabaseQueue(path: copy.db)
        defer { try? queue.close() }
        return try queue.read { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            return try String.fetchAll(db, sql: "SELECT id || ' ' || userId || ' ' || exerciseId || ' ' || weight || unit || ' ' || reps || 'x' || series FROM record ORDER BY id")
        }
    }

    /// Starts the logger on `db`, waits for its first prompt, and walks one
    /// member through history and a refused save: what the screen showed up
    /// to the entry kept at the series prompt.
    static func refusedWalk(_ db: String, notice: String, refusal: String) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: db))
        try terminal.waitFor(notice)
        try terminal.waitFor("user [Ana]: ")
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)

        mark = terminal.mark
        terminal.type(":history\r")
        try terminal.waitFor("Bench Press  60 kg × 5 × 5", after: mark)
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)

        mark = terminal.mark
        terminal.type("Bench Press 70x5x5\r")
        try terminal.waitFor(refusal, after: mark)
        try terminal.waitFor("series [5]: ", after: mark)
        #expect(!terminal.text(after: mark).contains("Saved"))

        // Enter while the cause is still there: refused again, the entry still kept.
        terminal.settle(0.2)
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor(refusal, after: mark)
        try terminal.waitFor("series [5]: ", after: mark)
        return terminal
    }

    /// Enter at the series prompt saves the kept entry, once; then the logger quits.
    static func savedWalk(_ terminal: PseudoTerminal) throws {
        terminal.settle(0.2)
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("Saved #2  Ana · Bench Press · 70 kg × 5 reps × 5 series", after: mark)
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        mark = terminal.mark
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: mark))")
    }

    @Test(
        "started on a full disk, the logger names it once, shows history, keeps the entry, and saves it once space is freed; history and check work meanwhile",
        .enabled(if: SmallDisk.unavailable == nil, "needs root (CAP_SYS_ADMIN) to mount a small tmpfs")
    )
    func fullDisk() throws {
        let disk = try SmallDisk(size: "2m")
        let db = disk.point + "/topweight.sqlite"
        let seeded = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: db)
        try #require(seeded.status == 0, "\(seeded.stderr)")
        try disk.fill()

        let history = try Binary.run(["history"], db: db)
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("Bench Press  60 kg × 5 × 5"), "\(history.stdout)")
        let check = try Binary.run(["check"], db: db)
        #expect(check.status == 2, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("integrity     ok"), "\(check.stdout)")
        #expect(check.stdout.contains("saving        refused: database \(db) is full (no space left)"), "\(check.stdout)")
        #expect(check.stderr == "topweight: database \(db) is full (no space left): history can be read, but no set can be saved until space is freed\n")
        let add = try Binary.run(["add", "Ana", "Bench Press", "70", "5", "5"], db: db)
        #expect(add.status == 2)
        #expect(add.stderr == "topweight: database \(db) is full (no space left); nothing was saved\n")

        let notice = "database \(db) is full (no space left): history can be read, but no set can be saved until space is freed"
        let terminal = try Self.refusedWalk(db, notice: notice, refusal: "database \(db) is full (no space left); nothing was saved")
        #expect(terminal.output.components(separatedBy: notice).count == 2, "said once")
        #expect(try Self.records(in: db) == ["1 1 1 60.0kg 5x5"])

        try disk.free()
        try Self.savedWalk(terminal)
        #expect(try Self.records(in: db) == ["1 1 1 60.0kg 5x5", "2 1 1 70.0kg 5x5"])
    }

    @Test("started on a file it may not write, the logger names the file once, shows history, keeps the entry, and saves it once the file may be written")
    func readOnlyFile() throws {
        let scratch = try Scratch(engine: .file)
        let seeded = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db)
        try #require(seeded.status == 0, "\(seeded.stderr)")
        let protection = try WriteProtection(scratch.db)
        defer { protection.lift() }

        let cause = "database \(scratch.db) is read-only (\(scratch.db) may not be written; check its permissions)"
        let terminal = try Self.refusedWalk(scratch.db, notice: cause + ": history can be read, but no set can be saved until it may be written",
                                            refusal: cause + "; nothing was saved")
        #expect(try Self.records(in: scratch.db) == ["1 1 1 60.0kg 5x5"])

        protection.lift()
        try Self.savedWalk(terminal)
        #expect(try Self.records(in: scratch.db) == ["1 1 1 60.0kg 5x5", "2 1 1 70.0kg 5x5"])
    }
}
