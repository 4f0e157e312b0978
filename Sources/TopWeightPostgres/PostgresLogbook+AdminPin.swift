import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - The admin PIN, kept in `setting` (see `AdminPin`)

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
        let encoded = try AdminPin.storedForm(of: pin)
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
}
