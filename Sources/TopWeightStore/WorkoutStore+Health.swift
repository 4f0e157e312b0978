import Foundation
import GRDB
import TopWeightCore

// MARK: - Health

extension WorkoutStore {

    /// Integrity, schema version and counts, for whoever runs the kiosk.
    public func health() throws(LogbookError) -> StoreHealth {
        var health = try perform {
            try writer.read { db in
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
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
}
