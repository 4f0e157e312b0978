/// A double-quoted string literal as JSON writes it, which YAML's
/// double-quoted scalars read the same: quotes, backslashes and control
/// characters escaped, line and paragraph separators too (JavaScript and
/// some YAML readers end a line there). One rule for every file we write.
public enum QuotedLiteral {
    /// `text` between double quotes, escaped; `alsoEscaping` names further
    /// scalars written as `\uXXXX` (a byte-order mark, where a reader drops it).
    public static func escaped(_ text: String, alsoEscaping extra: Set<UInt32> = []) -> String {
        // Printable ASCII other than the quote and the backslash comes as it is: one copy, not a scalar at a time.
        if extra.isEmpty, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                    || extra.contains(value) {
                    let hex = String(value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
