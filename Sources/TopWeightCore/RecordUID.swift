import Foundation

/// A record's stable unique id across databases (import, export, `copy`):
/// a UUID version 7, so ids sort by when the set was created.
public enum RecordUID {
    /// A new id for a record created at `date`, its random bits the
    /// system's, drawn a block at a time (`RandomWords`).
    public static func make(at date: Date) -> String {
        var generator = RandomWords()
        return make(at: date, using: &generator)
    }

    /// The same with a given source of randomness (tests, repeatable fixtures).
    public static func make(at date: Date, using generator: inout some RandomNumberGenerator) -> String {
        // On the save path: two random words and one string, no arrays.
        let milliseconds = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded())) & 0xFFFF_FFFF_FFFF
        let randomA = generator.next()
        let randomB = generator.next()
        // 48 bits of time, version 7, 12 random bits; variant 10, 62 random bits.
        let high = milliseconds << 16 | 0x7000 | (randomA & 0x0FFF)
        let low = 0x8000_0000_0000_0000 | (randomB & 0x3FFF_FFFF_FFFF_FFFF)
        return String(unsafeUninitializedCapacity: 36) { buffer in
            let digits: StaticString = "0123456789abcdef"
            var position = 0
            func put(_ word: UInt64, nibbles: ClosedRange<Int>) {
                for nibble in nibbles.reversed() {
                    if position == 8 || position == 13 || position == 18 || position == 23 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = digits.utf8Start[Int((word >> (4 * UInt64(nibble))) & 0xF)]
                    position += 1
                }
            }
            put(high, nibbles: 0...15)
            put(low, nibbles: 0...15)
            return position
        }
    }

    /// True for the canonical lower-case form of a UUID.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy { $0.isHexDigit && !$0.isUppercase } }
    }
}
