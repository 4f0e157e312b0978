import Foundation
import GRDB
import GRDBSQLite
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport

/// The VFS that writes each write-ahead-log frame in one call
/// (Sources/CSQLiteWAL): SQLite's default once a store opens a file, and
/// what it leaves in the log is what SQLite's own VFS reads back.
@Suite("Write-ahead-log frames in one write")
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
}
