import Foundation
import TopWeightCore

/// JSON built as bytes in one growing buffer, for an export's million
/// records: each name, number and instant goes straight in, with no string
/// made for it on the way, and a page of records leaves as one string.
public struct JSONBytes {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    public var isEmpty: Bool { bytes.isEmpty }

    /// The bytes so far, as one string (they are whole UTF-8: only strings and ASCII go in).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Empties the buffer and keeps its room, for the next page.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Text as it is, unquoted: punctuation, keys, numbers already written.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A string's bytes as they are, unquoted.
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// One ASCII byte.
    public mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// `QuotedLiteral.escaped(text)`, byte for byte: printable ASCII other
    /// than the quote and the backslash is copied as it is, anything else
    /// takes the escaping way.
    public mutating func quoted(_ text: String) {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        guard plain else {
            raw(QuotedLiteral.escaped(text))
            return
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `String(value)`: the decimal digits, a minus sign before them when negative.
    public mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        guard rest >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(rest))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var at = 20
            while rest > 0 {
                at -= 1
                digits[at] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[at...]))
        }
    }

    /// At most `capacity` bytes that `fill` writes into scratch space and
    /// says how many of it it wrote.
    public mutating func append(upTo capacity: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
            let count = fill(scratch)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<count]))
        }
    }
}
