import CSQLiteWAL
import Foundation
import GRDBSQLite
import Testing
import TopWeightTestSupport

/// What the VFS that writes a commit's frames in one call (Sources/CSQLiteWAL)
/// guards: a failed write fails its commit and never reaches the file later,
/// exclusive locking mode is refused, and it runs only on the SQLite it was
/// tested with.
@Suite("The write-ahead-log VFS's guards")
struct WALFramesGuardTests {
    /// A raw connection to `path` through the default VFS (this one, once registered).
    static func open(_ path: String) throws -> OpaquePointer? {
        #expect(topweight_register_wal_vfs() == SQLITE_OK)
        var connection: OpaquePointer?
        try #require(sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK)
        return connection
    }

    /// Runs `sql`; answers SQLite's result code and its message.
    @discardableResult
    static func run(_ connection: OpaquePointer?, _ sql: String) -> (code: Int32, message: String) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(connection, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        return (rc, message.map { String(cString: $0) } ?? "")
    }

    /// In a debug build the VFS also stops the process should a run holding a
    /// commit's frame be met at a barrier or a shared-memory lock, where a
    /// failed write could not be answered (Sources/CSQLiteWAL, `MUST`).
    @Test(
        "a commit whose frames meet a full disk fails, and its frames never reach the log later, when space is back",
        .enabled(if: SmallDisk.unavailable == nil, "needs root (CAP_SYS_ADMIN) to mount a small tmpfs")
    )
    func failedCommitStaysFailed() throws {
        let disk = try SmallDisk(size: "2m")
        let path = disk.point + "/frames.sqlite"
        let writer = try Self.open(path)
        defer { sqlite3_close(writer) }
        #expect(Self.run(writer, """
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0;
            CREATE TABLE r (id INTEGER PRIMARY KEY, a TEXT);
            INSERT INTO r (a) VALUES ('first');
            """).code == SQLITE_OK)
        // A reader in the same process: its barriers and shared-memory locks go through the same VFS.
        let reader = try Self.open(path)
        defer { sqlite3_close(reader) }
        #expect(Self.run(reader, "SELECT COUNT(*) FROM r").code == SQLITE_OK)

        try disk.fill()
        // Six pages or so of frames past the log's end (one run, its commit's
        // frame last: under the 64 KiB a run may hold): the disk has none of them.
        let refused = Self.run(writer, "INSERT INTO r (a) SELECT hex(randomblob(1500)) FROM (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 5) SELECT i FROM c)")
        #expect(refused.code == SQLITE_FULL, "\(refused)")
        #expect(refused.message == "database or disk is full")

        try disk.free()
        // Space is back: the reader reads (barriers, locks), the writer commits a set of its own.
        #expect(Self.run(reader, "SELECT COUNT(*) FROM r").code == SQLITE_OK)
        #expect(Self.run(writer, "INSERT INTO r (a) VALUES ('after')").code == SQLITE_OK)
        #expect(Self.run(reader, "SELECT COUNT(*) FROM r").code == SQLITE_OK)

        // A crash now: the file and its log as they are, read by SQLite's own VFS.
        let copy = NSTemporaryDirectory() + "frames-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        #expect(try WALFramesTests.readWithSQLitesOwn(copy, "SELECT group_concat(a, ',') FROM r") == "first,after")
        #expect(try WALFramesTests.readWithSQLitesOwn(copy, "PRAGMA integrity_check") == "ok")
    }

    @Test("exclusive locking mode is refused with a clear error; normal mode and asking which mode still work")
    func exclusiveLockingRefused() throws {
        let directory = NSTemporaryDirectory() + "exclusive-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let connection = try Self.open(directory + "/exclusive.sqlite")
        defer { sqlite3_close(connection) }
        #expect(Self.run(connection, "PRAGMA journal_mode = WAL; CREATE TABLE r (a TEXT)").code == SQLITE_OK)
        let refusal = "locking_mode=EXCLUSIVE is refused: Top Weight's write-ahead-log writer needs SQLite's shared-memory locks"
        for pragma in ["PRAGMA locking_mode = EXCLUSIVE", "PRAGMA main.locking_mode = exclusive", "pragma LOCKING_MODE='Exclusive'"] {
            let refused = Self.run(connection, pragma)
            #expect(refused.code == SQLITE_ERROR, "\(pragma)")
            #expect(refused.message == refusal, "\(pragma)")
        }
        #expect(Self.run(connection, "PRAGMA locking_mode = NORMAL").code == SQLITE_OK)
        #expect(Self.run(connection, "INSERT INTO r VALUES ('still shared')").code == SQLITE_OK)
        // The mode is still normal: another connection writes beside this one.
        let other = try Self.open(directory + "/exclusive.sqlite")
        defer { sqlite3_close(other) }
        #expect(Self.run(other, "INSERT INTO r VALUES ('beside')").code == SQLITE_OK)
        #expect(try WALFramesTests.readWithSQLitesOwn(directory + "/exclusive.sqlite", "PRAGMA locking_mode") == "normal")
        #expect(try WALFramesTests.readWithSQLitesOwn(directory + "/exclusive.sqlite", "SELECT COUNT(*) FROM r") == "2")
    }

    /// `Scripts/test` runs this one first and prints its line: the SQLite the suite tested.
    @Test("the SQLite under test is one the VFS was tested on; on any other it stands aside with a line on stderr")
    func testedSQLite() {
        let version = String(cString: sqlite3_libversion())
        print("SQLite under test: \(version) (source id \(String(cString: sqlite3_sourceid())))")
        #expect(topweight_register_wal_vfs() == SQLITE_OK)
        #expect(String(cString: topweight_default_vfs_name()) == "topweight-wal")
        #expect(topweight_wal_vfs_supports(sqlite3_libversion_number()) == 1,
                "SQLite \(version): run WALFrames*Tests and CrashSafetyTests on it, then widen the range in Sources/CSQLiteWAL/wal_guards.c")
        #expect(topweight_wal_vfs_refusal(sqlite3_libversion_number(), sqlite3_libversion()) == nil)
        for other: Int32 in [3_039_004, 3_041_000, 3_046_001, 4_000_000] {
            #expect(topweight_wal_vfs_supports(other) == 0, "\(other)")
        }
        let line = topweight_wal_vfs_refusal(3_046_001, "3.46.1").map { String(cString: $0) }
        #expect(line == "topweight: SQLite 3.46.1 is not one its write-ahead-log writer was tested on (3.40); SQLite's own writes the log")
    }
}
