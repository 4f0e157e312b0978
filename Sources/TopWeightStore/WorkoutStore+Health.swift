import Foundation
import GRDB
import GRDBSQLite
import TopWeightCore

// MARK: - Health

extension WorkoutStore {

    /// Integrity, schema version and counts, for whoever runs the kiosk.
    public func health() throws(LogbookError) -> StoreHealth {
        // The integrity check reads the whole file: see `restartLog` and `integrityOfACopy`.
        restartLog(fromCheckpoint: true)
        defer { restartLog() }
        let copied = try perform { try writer.read { db in Self.integrityOfACopy(db) } }
        var health = try perform {
            try writer.read { db in
                let integrity = try copied ?? String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
                let applied = try Schema.migrator.appliedMigrations(db)
                return StoreHealth(
                    integrity: integrity,
                    schemaVersion: applied.last ?? "none",
                    knownMigrations: Schema.knownMigrations.count,
                    appliedMigrations: applied.count,
                    users: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0,
                    exercises: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exercise") ?? 0,
                    records: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE deletedAt IS NULL") ?? 0,
                    tombstones: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE deletedAt IS NOT NULL") ?? 0,
                    recordsOutOfRange: try Int64.fetchAll(db, sql: "SELECT id FROM record WHERE NOT (\(StoredValues.inRangeSQL)) ORDER BY id"),
                    journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?"
                )
            }
        }
        health.savingFault = savingFault
        return health
    }

    /// `PRAGMA integrity_check` of the file as `db` reads it, checked on a
    /// copy of its pages: a whole file checked in its one read keeps the
    /// write-ahead log from restarting for seconds, while every writer adds
    /// to it; the copy is taken page for page (SQLite's backup, the pages as
    /// they are, faults and all) in a read as short as copying them, into a
    /// temporary database SQLite keeps in memory up to its cache's size and
    /// in a temporary file beyond. Nil when the copy could not be made: the
    /// file is then checked in place.
    static func integrityOfACopy(_ db: Database) -> String? {
        var copy: OpaquePointer?
        defer { sqlite3_close(copy) }
        guard sqlite3_open_v2("", &copy, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let copy,
              let backup = sqlite3_backup_init(copy, "main", db.sqliteConnection, "main") else { return nil }
        let stepped = sqlite3_backup_step(backup, -1)
        guard sqlite3_backup_finish(backup) == SQLITE_OK, stepped == SQLITE_DONE else { return nil }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(copy, "PRAGMA integrity_check", -1, &statement, nil) == SQLITE_OK else { return nil }
        var lines: [String] = []
        var rc = sqlite3_step(statement)
        while rc == SQLITE_ROW {
            lines.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
            rc = sqlite3_step(statement)
        }
        return rc == SQLITE_DONE ? lines.joined(separator: "; ") : nil
    }
}
