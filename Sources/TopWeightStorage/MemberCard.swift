import Crypto
import Foundation
import TopWeightCore

/// A member card's number, kept only as a keyed hash (HMAC-SHA256) under a
/// key of the database's own: a scan is found by one indexed equality (no
/// per-member salt to try in turn), the number is never written anywhere,
/// and the hashes of one gym's database are worthless against another's
/// (no table of every card number computed once serves both).
///
/// The key is a `setting` row (`key`), made at the first card given, and
/// not reachable as a `GymSetting`: every terminal of the database must
/// compute the same hash, so it lives with the database. It travels only
/// beside the cards' hashes it made (`copy`, our JSON export:
/// `WholeCopy.adoptAccess`), never as a setting of its own. Whoever can read the whole database can still try every card
/// number; the file's permissions, or the server's accounts, protect it.
public enum MemberCard {
    /// The `setting` key of the database's card key (64 hex digits).
    public static let key = "cardKey"

    /// A new random key, as stored.
    public static func newKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return AdminPin.hex((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The stored form of `card` under the database's `key`.
    public static func digest(_ card: String, key: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(card.utf8), using: SymmetricKey(data: Array(key.utf8)))
        return "hmac-sha256$" + AdminPin.hex(Array(code))
    }
}
