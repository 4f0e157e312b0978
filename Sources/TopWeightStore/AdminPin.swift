import TopWeightCore
import Crypto
import _CryptoExtras
import Foundation

/// The admin PIN, kept only as a salted PBKDF2-SHA256 hash.
///
/// Stored form: `pbkdf2-sha256$ROUNDS$SALT_HEX$HASH_HEX`. The PIN itself is
/// never written anywhere; two kiosks with the same PIN store different hashes.
public enum AdminPin {
    /// The `setting` keys every engine uses: the hash, the count of wrong
    /// PINs in a row, and the end of the current wait.
    public static let key = "adminPin"
    public static let failuresKey = "adminPinFailures"
    public static let lockedUntilKey = "adminPinLockedUntil"

    /// The `setting` rows an attempt's verdict changes, the same on every
    /// engine: a value to store, or `nil` to delete the row.
    public static func settings(after change: PinLockout.Change) -> [(key: String, value: String?)] {
        switch change {
        case .none: []
        case .clear: [(failuresKey, nil), (lockedUntilKey, nil)]
        case .record(let failures, let lockedUntil):
            [(failuresKey, String(failures))] + (lockedUntil.map { [(lockedUntilKey, String($0))] } ?? [])
        }
    }

    static let rounds = 210_000
    static let scheme = "pbkdf2-sha256"

    /// Why a PIN can't be used: the core's rule.
    public static func problem(with pin: String) -> String? {
        AdminPinRule.problem(with: pin)
    }

    /// A new salted hash of `pin`.
    public static func hash(_ pin: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let derived = try derive(pin, salt: salt, rounds: rounds)
        return "\(scheme)$\(rounds)$\(hex(salt))$\(hex(derived))"
    }

    /// True when `pin` matches the stored hash.
    public static func verify(_ pin: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        // Rounds outside what a PIN ever gets would crash swift-crypto (above
        // UInt32) or hang the kiosk for hours: such a stored value never verifies.
        guard parts.count == 4, parts[0] == scheme, let rounds = Int(parts[1]), (1_000...10_000_000).contains(rounds),
              let salt = bytes(fromHex: parts[2]), let expected = bytes(fromHex: parts[3]),
              let derived = try? derive(pin, salt: salt, rounds: rounds), derived.count == expected.count
        else { return false }
        // Compare every byte, whatever the first difference, so timing tells nothing.
        return zip(derived, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func derive(_ pin: String, salt: [UInt8], rounds: Int) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(pin.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: rounds
        )
        return key.withUnsafeBytes { Array($0) }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private static func bytes(fromHex text: Substring) -> [UInt8]? {
        guard text.count % 2 == 0, !text.isEmpty else { return nil }
        var result: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            result.append(byte)
            index = next
        }
        return result
    }
}

// MARK: - Stored PIN

extension WorkoutStore {
    static let adminPinKey = AdminPin.key
    static let pinFailuresKey = AdminPin.failuresKey
    static let pinLockedUntilKey = AdminPin.lockedUntilKey

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
                func setting(_ key: String) throws -> Int64? {
                    try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]).flatMap { Int64($0) }
                }
                let (verdict, change) = PinLockout.judge(
                    matches: matches, failures: try setting(Self.pinFailuresKey),
                    lockedUntil: try setting(Self.pinLockedUntilKey), now: nowMilliseconds
                )
                for (key, value) in AdminPin.settings(after: change) {
                    if let value {
                        try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
                    } else {
                        try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
                    }
                }
                return verdict
            }
        }
    }

    /// Replaces the admin PIN (`nil` removes it) and forgets earlier wrong attempts.
    public func setAdminPin(_ pin: String?) throws(LogbookError) {
        let encoded: String?
        do {
            encoded = try pin.map(AdminPin.hash)
        } catch {
            throw LogbookError(.other, "could not hash the PIN: \(error)")
        }
        try perform {
            try writer.write { db in
                if let encoded {
                    try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [Self.adminPinKey, encoded])
                } else {
                    try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [Self.adminPinKey])
                }
                try db.execute(sql: "DELETE FROM setting WHERE key IN (?, ?)", arguments: [Self.pinFailuresKey, Self.pinLockedUntilKey])
            }
        }
    }

    /// Forgets wrong attempts and any wait. Not guarded by the PIN: the wait
    /// slows guessing at the keyboard; whoever can run commands as the
    /// database's owner can change the file itself anyway.
    public func clearPinLockout() throws(LogbookError) {
        try perform {
            try writer.write { db in
                try db.execute(sql: "DELETE FROM setting WHERE key IN (?, ?)", arguments: [Self.pinFailuresKey, Self.pinLockedUntilKey])
            }
        }
    }

    func storedAdminPin() throws(LogbookError) -> String? {
        try perform {
            try writer.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.adminPinKey])
            }
        }
    }
}
