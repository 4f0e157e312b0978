import Foundation
import GRDBSQLite
import TopWeightCore

/// The baseline saves are compared with, here and in the benchmark package:
/// one prepared INSERT through SQLite's C API, each in its own
/// `BEGIN IMMEDIATE` … `COMMIT` (as the store's writes are), in WAL mode
/// with `synchronous` NORMAL (the store's default) or FULL (durable), on a
/// file that already has the store's schema.
public final class RawSQLiteInserter {
    private var db: OpaquePointer?
    private var begin: OpaquePointer?
    private var insert: OpaquePointer?
    private var commit: OpaquePointer?
    private var rollback: OpaquePointer?
    /// The unit texts, bound without a copy (`SQLITE_STATIC`): they outlive every statement.
    private var kilograms = strdup(WeightUnit.kg.rawValue)
    private var pounds = strdup(WeightUnit.lb.rawValue)

    public init(path: String, synchronous: String) throws {
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            close()
            throw Self.failure("cannot open \(path): \(message)")
        }
        sqlite3_busy_timeout(db, 10_000)
        do {
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = \(synchronous)")
            begin = try prepare("BEGIN IMMEDIATE TRANSACTION")
            insert = try prepare("""
                INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            commit = try prepare("COMMIT TRANSACTION")
            rollback = try prepare("ROLLBACK TRANSACTION")
        } catch {
            close()
            throw error
        }
    }

    /// Inserts one record in its own transaction and returns its id.
    public func insert(userID: Int64, exerciseID: Int64, values: SetValues, performedAt: Date, createdAt: Date) throws -> Int64 {
        try step(begin)
        sqlite3_bind_int64(insert, 1, userID)
        sqlite3_bind_int64(insert, 2, exerciseID)
        sqlite3_bind_double(insert, 3, values.weight.value)
        sqlite3_bind_text(insert, 4, values.weight.unit == .kg ? kilograms : pounds, -1, nil)
        sqlite3_bind_int64(insert, 5, Int64(values.reps))
        sqlite3_bind_int64(insert, 6, Int64(values.series))
        sqlite3_bind_int64(insert, 7, milliseconds(performedAt))
        sqlite3_bind_int64(insert, 8, milliseconds(createdAt))
        do {
            try step(insert)
            try step(commit)
        } catch {
            sqlite3_step(rollback)
            sqlite3_reset(rollback)
            throw error
        }
        return sqlite3_last_insert_rowid(db)
    }

    /// Finalizes the statements and closes the connection; call once done.
    public func close() {
        for statement in [begin, insert, commit, rollback] where statement != nil {
            sqlite3_finalize(statement)
        }
        begin = nil
        insert = nil
        commit = nil
        rollback = nil
        if db != nil {
            sqlite3_close_v2(db)
            db = nil
        }
        free(kilograms)
        free(pounds)
        kilograms = nil
        pounds = nil
    }

    private func step(_ statement: OpaquePointer?) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            throw Self.failure("raw SQLite insert: \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw Self.failure("raw SQLite: \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK else {
            throw Self.failure("raw SQLite: \(String(cString: sqlite3_errmsg(db)))")
        }
        return statement
    }

    private static func failure(_ message: String) -> LogbookError {
        LogbookError(.other, message)
    }
}
