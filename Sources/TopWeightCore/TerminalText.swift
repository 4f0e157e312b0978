/// Text made safe to print on a shared terminal.
///
/// Names are validated on the way in, but a database can be edited by other
/// tools; everything shown goes through `safe` so that a stored escape
/// sequence is printed as visible characters (`^[`) and never interpreted.
public enum TerminalText {
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: NameRules.isForbidden) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard NameRules.isForbidden(scalar) else {
                out.append(scalar)
                continue
            }
            if scalar.value < 0x20 {
                out.append("^")
                out.append(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            } else if scalar.value == 0x7F {
                out.append(contentsOf: "^?".unicodeScalars)
            } else {
                out.append(contentsOf: "<U+\(String(scalar.value, radix: 16, uppercase: true))>".unicodeScalars)
            }
        }
        return String(out)
    }

    /// Columns a string takes on a terminal: wide East Asian characters and
    /// emoji take two, combining marks and zero-width characters none.
    public static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if first.properties.isEmojiPresentation || isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
             0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Pads with spaces to `columns` display columns (never truncates).
    public static func pad(_ text: String, to columns: Int) -> String {
        let missing = columns - width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
