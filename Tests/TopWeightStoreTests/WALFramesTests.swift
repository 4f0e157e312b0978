import CSQLiteWAL
import Foundation
import GRDB
import GRDBSQLite
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport

/// The VFS that writes a commit's write-ahead-log frames in one call
/// (Sources/CSQLiteWAL): SQLite's default once a store opens a file, and
/// what it leaves in the log is what SQLite's own VFS reads back.
@Suite("A commit's write-ahead-log frames in one write")
struct WALFramesTests {
    static func save(_ count: Int, into store: WorkoutStore) throws {
        let ana = try store.createUser(named: "Ana")
        let bench = try store.createExercise(named: "Bench Press")
        for index in 1...count {
            let at = instant(index * 60)
            _ = try store.saveMeasured(NewRecord(user: ana, exercise: bench, values: SetValues(Double(40 + index % 30), .kg, 5, 5),
                                                 performedAt: at, uid: RecordUID.make(at: at)), now: at)
        }
    }

    @Test("a store on a file makes it SQLite's default VFS")
    func isTheDefault() throws {
        try withTemporaryDatabase { database in
            _ = try database.open()
            let name = sqlite3_vfs_find(nil).map { String(cString: $0.pointee.zName) }
            #expect(name == "topweight-wal")
        }
    }

    /// Opens `path` with SQLite's own unix VFS and answers the first column of `sql`'s first row.
    static func readWithSQLitesOwn(_ path: String, _ sql: String) throws -> String? {
        var connection: OpaquePointer?
        try #require(sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, "unix") == SQLITE_OK)
        defer { sqlite3_close(connection) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let value = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: value)
    }

    @Test("a transaction bigger than the page cache, whose spilled pages it writes again, is whole in the log once it commits")
    func spilledTransaction() throws {
        try withTemporaryDatabase { database in
            _ = try database.open()
            // At the commit SQLite rewrites the headers of frames spilled earlier in the
            // transaction, each alone after a read: none may wait in memory.
            let path = database.path + ".spill"
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: """
                    CREATE TABLE r (id INTEGER PRIMARY KEY, a TEXT, b INTEGER); CREATE INDEX r_on_a ON r (a);
                    WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 5000)
                    INSERT INTO r (a, b) SELECT hex(randomblob(20)), i FROM c;
                    PRAGMA wal_checkpoint(TRUNCATE);
                    PRAGMA cache_size = 20;
                    PRAGMA synchronous = NORMAL;
                    """)
            }
            try queue.write { db in
                try db.execute(sql: """
                    WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000)
                    INSERT INTO r (a, b) SELECT hex(randomblob(20)), i FROM c;
                    UPDATE r SET b = -b WHERE id <= 5000;
                    """)
            }
            // The connection still open: the file and its log as they are now.
            let copy = path + ".copy"
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
            #expect(try Self.readWithSQLitesOwn(copy, "SELECT COUNT(*) || ' ' || SUM(b < 0) FROM r") == "25000 5000")
            #expect(try Self.readWithSQLitesOwn(copy, "PRAGMA integrity_check") == "ok")
            try queue.close()
        }
    }

    @Test("sets saved through it are read back from the log alone by SQLite's own unix VFS")
    func readBackBySQLitesOwn() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            try Self.save(120, into: store)
            // Every save since the schema is still in the log (no checkpoint under 1 000 pages).
            let log = try #require(FileManager.default.attributesOfItem(atPath: database.path + "-wal")[.size] as? Int)
            #expect(log > 120 * 4_120)
            let copy = database.path + ".copy"
            try FileManager.default.copyItem(atPath: database.path, toPath: copy)
            try FileManager.default.copyItem(atPath: database.path + "-wal", toPath: copy + "-wal")

            #expect(try Self.readWithSQLitesOwn(copy, "PRAGMA integrity_check") == "ok")
            #expect(try Self.readWithSQLitesOwn(copy, "SELECT COUNT(*) FROM record") == "120")
            let weights = (1...120).map { 40 + $0 % 30 }.reduce(0, +)
            #expect(try Self.readWithSQLitesOwn(copy, "SELECT SUM(weight) FROM record") == "\(weights).0")
        }
    }

    /// The writes the VFS has handed to `db`'s log since it was opened.
    static func logWrites(_ db: Database) -> Int64 {
        var log: UnsafeMutableRawPointer?
        guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log) == SQLITE_OK else { return -1 }
        return topweight_wal_writes(log)
    }

    @Test("a save's frames (the record, its indexes, the sequence) reach the log in one write")
    func oneWriteASave() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            try Self.save(3, into: store)
            let ana = try store.createUser(named: "Bo")
            let bench = try store.createExercise(named: "Squat")
            var counts: [Int64] = []
            for index in 1...20 {
                let before = store.writer.writeWithoutTransaction { Self.logWrites($0) }
                try #require(before >= 0, "the store's log is not this VFS's")
                let at = instant(10_000 + index * 60)
                _ = try store.saveMeasured(NewRecord(user: ana, exercise: bench, values: SetValues(Double(50 + index), .kg, 5, 5),
                                                     performedAt: at, uid: RecordUID.make(at: at)), now: at)
                counts.append(store.writer.writeWithoutTransaction { Self.logWrites($0) } - before)
            }
            // Seven frames a save (the record, its four indexes, the sequence, the
            // best), fourteen writes without the VFS; a save that starts the log
            // over writes its 32-byte header first.
            #expect(counts.allSatisfy { $0 == 1 || $0 == 2 }, "\(counts)")
            #expect(counts.filter { $0 == 1 }.count >= 18, "\(counts)")
        }
    }

    /// Runs `sql` on a raw connection; fails the test on an error.
    static func run(_ connection: OpaquePointer?, _ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(connection, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        try #require(rc == SQLITE_OK, "\(sql.prefix(60)): \(message.map { String(cString: $0) } ?? "")")
    }

    @Test("a transaction rolled back after spilling pages never writes them over the next writer's commit")
    func rolledBackSpill() throws {
        try withTemporaryDatabase { database in
            _ = try database.open()   // the VFS is the default from here on
            let path = database.path + ".rollback"
            var first: OpaquePointer?, second: OpaquePointer?
            try #require(sqlite3_open_v2(path, &first, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK)
            defer { sqlite3_close(first) }
            try Self.run(first, """
                PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
                CREATE TABLE r (id INTEGER PRIMARY KEY, a TEXT);
                WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)
                INSERT INTO r (a) SELECT hex(randomblob(40)) FROM c;
                PRAGMA wal_checkpoint(TRUNCATE);
                PRAGMA cache_size = 8;
                """)
            try #require(sqlite3_open_v2(path, &second, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
            defer { sqlite3_close(second) }
            // The first spills some 30 pages to the log, then gives them up.
            try Self.run(first, """
                BEGIN IMMEDIATE;
                UPDATE r SET a = 'gone ' || id;
                ROLLBACK;
                """)
            // The second writes where those frames went, and commits.
            try Self.run(second, """
                UPDATE r SET a = 'kept ' || id;
                """)
            // The first reads again (through its log).
            try Self.run(first, "SELECT COUNT(*) FROM r WHERE a LIKE 'kept %'")
            let copy = path + ".copy"
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
            #expect(try Self.readWithSQLitesOwn(copy, "SELECT COUNT(*) || ' ' || SUM(a LIKE 'kept %') FROM r") == "2000 2000")
            #expect(try Self.readWithSQLitesOwn(copy, "PRAGMA integrity_check") == "ok")
        }
    }
}
