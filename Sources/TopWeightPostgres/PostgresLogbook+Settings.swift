import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - The admin PIN and health

extension PostgresLogbook {
    public func adminPinIsSet() throws(LogbookError) -> Bool {
        try storedAdminPin() != nil
    }

    /// The same rule as the file's (`PinLockout.judge`), counted in the
    /// `setting` table under the PIN lock, so every terminal sees each attempt.
    public func checkAdminPin(_ pin: String, now: Date) throws(LogbookError) -> PinVerdict {
        guard let stored = try storedAdminPin() else { return .accepted }
        let matches = AdminPin.verify(pin, against: stored)
        let nowMilliseconds = Self.milliseconds(now)
        return try link.transaction { transaction in
            try transaction.query("SELECT pg_advisory_xact_lock(\(Self.pinLock))")
            return try AdminPin.attempt(matches: matches, now: nowMilliseconds) { key in
                try transaction.query("SELECT value FROM setting WHERE key = \(key)").first
                    .map { row throws in try Self.decode(row, as: String.self) }
            } write: { key, value in
                try Self.put(key, value, transaction)
            }
        }
    }

    public func setAdminPin(_ pin: String?) throws(LogbookError) {
        let encoded: String?
        do {
            encoded = try pin.map(AdminPin.hash)
        } catch {
            throw LogbookError(.other, "could not hash the PIN: \(error)")
        }
        try link.transaction { transaction in
            try transaction.query("SELECT pg_advisory_xact_lock(\(Self.pinLock))")
            try Self.put(AdminPin.key, encoded, transaction)
            try transaction.query("DELETE FROM setting WHERE key IN (\(AdminPin.failuresKey), \(AdminPin.lockedUntilKey))")
        }
    }

    public func clearPinLockout() throws(LogbookError) {
        try link.query("DELETE FROM setting WHERE key IN (\(AdminPin.failuresKey), \(AdminPin.lockedUntilKey))")
    }

    private func storedAdminPin() throws(LogbookError) -> String? {
        guard let row = try link.query("SELECT value FROM setting WHERE key = \(AdminPin.key)").first else { return nil }
        return try Self.decode(row, as: String.self)
    }

    /// Stores `value` under `key`, or deletes the row when it is `nil`.
    private static func put(_ key: String, _ value: String?, _ transaction: PostgresLink.Transaction) throws {
        if let value {
            try transaction.query("""
                INSERT INTO setting (key, value) VALUES (\(key), \(value)) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
                """)
        } else {
            try transaction.query("DELETE FROM setting WHERE key = \(key)")
        }
    }

    /// Counts and the schema, for `topweight check`. The server keeps its own
    /// pages consistent (there is no `integrity_check`); what can be checked
    /// here is that every record points at a member and an exercise and holds
    /// numbers Top Weight writes.
    public func health() throws(LogbookError) -> StoreHealth {
        let applied = try PostgresSchema.applied(link)
        let counts = try link.query("""
            SELECT (SELECT COUNT(*) FROM "user"), (SELECT COUNT(*) FROM exercise),
                   (SELECT COUNT(*) FROM record WHERE deletedat IS NULL), (SELECT COUNT(*) FROM record WHERE deletedat IS NOT NULL),
                   current_setting('server_version')
            """)
        guard let row = counts.first else { throw LogbookError(.other, "the server returned no counts") }
        let (users, exercises, records, tombstones, version) = try Self.decode(row, as: (Int64, Int64, Int64, Int64, String).self)
        let outOfRange = try link.query(PostgresQuery(unsafeSQL: "SELECT id FROM record WHERE NOT (\(StoredRange.conditionSQL)) ORDER BY id"))
        var ids: [Int64] = []
        for row in outOfRange { ids.append(try Self.decode(row, as: Int64.self)) }
        let known = PostgresSchema.knownMigrations
        return StoreHealth(
            integrity: "ok", schemaVersion: known.last(where: applied.contains) ?? applied.last ?? "none",
            knownMigrations: known.count, appliedMigrations: applied.count,
            users: Int(users), exercises: Int(exercises), records: Int(records), tombstones: Int(tombstones),
            recordsOutOfRange: ids, journalMode: "PostgreSQL \(version) (server)"
        )
    }
}
