import Crypto
import Foundation
import TopWeightCore
import _CryptoExtras

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
    static func settings(after change: PinLockout.Change) -> [(key: String, value: String?)] {
        switch change {
        case .none: []
        case .clear: [(failuresKey, nil), (lockedUntilKey, nil)]
        case .record(let failures, let lockedUntil):
            [(failuresKey, String(failures))] + (lockedUntil.map { [(lockedUntilKey, String($0))] } ?? [])
        }
    }

    /// One attempt at the PIN on any engine: judges it by `PinLockout` on the
    /// counters `read` finds and hands `write` what to store (`nil`: delete),
    /// both inside the engine's transaction, so every terminal counts it.
    public static func attempt(
        matches: Bool, now: Int64,
        read: (_ key: String) throws -> String?, write: (_ key: String, _ value: String?) throws -> Void
    ) throws -> PinVerdict {
        let (verdict, change) = PinLockout.judge(
            matches: matches, failures: try read(failuresKey).flatMap { Int64($0) },
            lockedUntil: try read(lockedUntilKey).flatMap { Int64($0) }, now: now
        )
        for (key, value) in settings(after: change) {
            try write(key, value)
        }
        return verdict
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

    /// What an engine stores for `pin`: its hash, or `nil` for no PIN.
    public static func storedForm(of pin: String?) throws(LogbookError) -> String? {
        do {
            return try pin.map(hash)
        } catch {
            throw LogbookError(.other, "could not hash the PIN: \(error)")
        }
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

    /// Checks `pin` against a member's stored hash, or, with none stored,
    /// against a hash nobody's PIN matches, so an attempt takes as long
    /// whether a PIN is set or not (and the right one no longer than a wrong one).
    public static func verify(_ pin: String, againstOptional stored: String?) -> Bool {
        guard let stored else {
            _ = verify(pin, against: unmatchable)
            return false
        }
        return verify(pin, against: stored)
    }

    /// A well-formed hash of the full rounds that no PIN was hashed to.
    private static let unmatchable = "\(scheme)$\(rounds)$" + String(repeating: "00", count: 16) + "$" + String(repeating: "00", count: 32)

    static func hex(_ bytes: [UInt8]) -> String {
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
