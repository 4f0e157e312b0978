import Foundation
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

            var connection: OpaquePointer?
            try #require(sqlite3_open_v2(copy, &connection, SQLITE_OPEN_READWRITE, "unix") == SQLITE_OK)
            defer { sqlite3_close(connection) }
            func text(_ sql: String) -> String? {
                var statement: OpaquePointer?
                guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
                defer { sqlite3_finalize(statement) }
                guard sqlite3_step(statement) == SQLITE_ROW, let value = sqlite3_column_text(statement, 0) else { return nil }
                return String(cString: value)
            }
            #expect(text("PRAGMA integrity_check") == "ok")
            #expect(text("SELECT COUNT(*) FROM record") == "120")
            #expect(text("SELECT SUM(weight) FROM record") == (1...120).map { String(40 + $0 % 30) }.compactMap(Int.init).reduce(0, +).description + ".0")
        }
    }
}
