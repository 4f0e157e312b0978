import Foundation
import GRDB
import TopWeightCore

// MARK: - Saving, deleting, restoring

extension WorkoutStore {

    /// Saves one set in its own transaction and returns its id.
    ///
    /// This is the path every Enter that completes an entry takes: one cached,
    /// prepared INSERT; the last-used defaults are derived from the records
    /// themselves through indexes, so nothing else is written.
    public func save(_ record: NewRecord, now: Date = Date()) throws(LogbookError) -> Int64 {
        try perform {
            // The transaction `writer.write` would open (BEGIN IMMEDIATE …
            // COMMIT, rolled back on any error), through cached statements:
            // `write` prepares its BEGIN and COMMIT anew on every call, which
            // was half of a save's allocations.
            try writer.writeWithoutTransaction { db in
                try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
                do {
                    let statement = try db.cachedStatement(sql: Self.saveSQL)
                    try statement.execute(arguments: [
                        record.uid, record.user.id, record.exercise.id, record.values.weight.value,
                        record.values.weight.unit.rawValue, record.values.reps, record.values.series,
                        Self.milliseconds(record.performedAt), Self.milliseconds(now), record.kind?.rawValue,
                    ])
                    // Saved before (a retry of the same entry): the row already there.
                    let id = db.changesCount > 0 ? db.lastInsertedRowID
                        : try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM record WHERE uid = ?"), arguments: [record.uid]) ?? 0
                    try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                    return id
                } catch {
                    if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK TRANSACTION") }
                    throw error
                }
            }
        }
    }

    /// Arguments: uid, user id, exercise id, weight, unit, reps, series, performedAt, createdAt.
    static let insertSQL = """
        INSERT INTO record (uid, userId, exerciseId, weight, unit, reps, series, performedAt, createdAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// One set, with its kind, leaving an existing record with the same uid alone.
    static let saveSQL = """
        INSERT INTO record (uid, userId, exerciseId, weight, unit, reps, series, performedAt, createdAt, kind)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING
        """

    /// Leaves a tombstone on one live record (`:undo`, `topweight delete`):
    /// the row stays, so `topweight restore` can bring it back.
    public func deleteRecord(id: Int64, now: Date) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE record SET deletedAt = ? WHERE id = ? AND deletedAt IS NULL",
                               arguments: [Self.milliseconds(now), id])
                return db.changesCount > 0
            }
        }
    }

    public func restoreRecord(id: Int64) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE record SET deletedAt = NULL WHERE id = ? AND deletedAt IS NOT NULL", arguments: [id])
                return db.changesCount > 0
            }
        }
    }
}
