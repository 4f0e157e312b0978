import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - The admin PIN, kept in `setting` (see `AdminPin`)

extension WorkoutStore {
    /// Whether an admin PIN protects renaming, removing and deleting.
    public func adminPinIsSet() throws(LogbookError) -> Bool {
        try storedAdminPin() != nil
    }

    /// Checks `pin` against the stored hash, counting wrong attempts in the
    /// database so that the wait holds across terminals and processes.
    ///
    /// The hash is always computed, locked or not, so a locked attempt takes as
    /// long as a wrong one; during a wait even the right PIN is refused.
    public func checkAdminPin(_ pin: String, now: Date = Date()) throws(LogbookError) -> PinVerdict {
        guard let stored = try storedAdminPin() else { return .accepted }
        let matches = AdminPin.verify(pin, against: stored)
        let nowMilliseconds = Self.milliseconds(now)
        return try perform {
            try writer.write { db in
                try AdminPin.attempt(matches: matches, now: nowMilliseconds) { key in
                    try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
                } write: { key, value in
                    try Self.put(key, value, db)
                }
            }
        }
    }

    /// Replaces the admin PIN (`nil` removes it) and forgets earlier wrong attempts.
    public func setAdminPin(_ pin: String?) throws(LogbookError) {
        let encoded = try AdminPin.storedForm(of: pin)
        try perform {
            try writer.write { db in
                try Self.put(AdminPin.key, encoded, db)
                try Self.clearPinCounters(db)
            }
        }
    }

    /// Forgets wrong attempts and any wait. Not guarded by the PIN: the wait
    /// slows guessing at the keyboard; whoever can run commands as the
    /// database's owner can change the file itself anyway.
    public func clearPinLockout() throws(LogbookError) {
        try perform {
            try writer.write { db in try Self.clearPinCounters(db) }
        }
    }

    func storedAdminPin() throws(LogbookError) -> String? {
        try perform {
            try writer.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [AdminPin.key])
            }
        }
    }

    /// Stores `value` under `key`, or deletes the row when it is `nil`.
    private static func put(_ key: String, _ value: String?, _ db: Database) throws {
        if let value {
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
        }
    }

    private static func clearPinCounters(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM setting WHERE key IN (?, ?)", arguments: [AdminPin.failuresKey, AdminPin.lockedUntilKey])
    }
}
