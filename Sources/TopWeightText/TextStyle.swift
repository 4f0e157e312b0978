import TopWeightCore

/// Whether text for the terminal may carry colour and bold/italic escapes.
public enum TextStyle: Sendable {
    /// Characters only: what a pipe, a file, a dumb terminal or `NO_COLOR` gets.
    case plain
    /// ANSI SGR escapes for bold, italics, underline and colours.
    case color

    /// `.plain` when `NO_COLOR` is set to anything but the empty string
    /// (https://no-color.org), when `TERM` is unset, empty or `dumb`, or when
    /// the output is not a terminal; `.color` otherwise.
    public static func detect(environment: [String: String], isTerminal: Bool) -> TextStyle {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .plain }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return .plain }
        return isTerminal ? .color : .plain
    }
}

/// The few SGR escapes the renderers add, and the width of text holding them.
enum SGR {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let boldOff = "\u{1B}[22m"
    static let italic = "\u{1B}[3m"
    static let italicOff = "\u{1B}[23m"
    static let underline = "\u{1B}[4m"
    static let underlineOff = "\u{1B}[24m"
    static let strike = "\u{1B}[9m"
    static let strikeOff = "\u{1B}[29m"
    static let reverse = "\u{1B}[7m"
    static let reverseOff = "\u{1B}[27m"
    static let colorOff = "\u{1B}[39m"

    /// The foreground colour with this SGR code (31–37, 90–97).
    static func color(_ code: Int) -> String {
        "\u{1B}[\(code)m"
    }

    /// `text` between `on` and `off` in colour; `text` alone when plain.
    static func wrap(_ text: String, _ on: String, _ off: String, _ style: TextStyle) -> String {
        style == .color ? on + text + off : text
    }

    /// Terminal columns of `text`, not counting the SGR escapes in it.
    static func width(_ text: String) -> Int {
        TerminalText.width(strip(text))
    }

    /// `text` without its SGR escapes (`ESC [ digits/semicolons m`).
    static func strip(_ text: String) -> String {
        guard text.unicodeScalars.contains("\u{1B}") else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                out.append(scalar)
                continue
            }
            // Skip "[", the parameters and the final "m".
            while let next = scalars.next(), next != "m" {}
        }
        return String(out)
    }
}
