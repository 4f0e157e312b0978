import Crypto
import Foundation

/// Stable ids for what an import brings: the same source row, imported for
/// the same member, always gets the same id, so a second import of the file
/// (or of a later export that repeats it) finds it already there.
///
/// A SHA-256 of the parts, shaped as a UUID (version 8, "custom", RFC 9562)
/// in the canonical lower-case form `RecordUID.isValid` accepts.
public enum SourceUID {
    /// The id for `parts`, joined with a separator no part can hold unescaped.
    public static func make(_ parts: [String]) -> String {
        var hasher = SHA256()
        for part in parts {
            // Each part with its length first: ("ab", "c") and ("a", "bc") differ.
            hasher.update(data: Data("\(part.utf8.count):".utf8))
            hasher.update(data: Data(part.utf8))
        }
        var bytes = Array(hasher.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
