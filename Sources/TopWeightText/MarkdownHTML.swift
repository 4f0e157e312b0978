import Foundation
import TopWeightCore

/// Ink's HTML read back: its tags and text runs, and each run turned back
/// into the note's characters, made terminal-safe.

// MARK: - Text pieces

/// Turning a run of Ink's HTML text back into the note's characters.
enum Pieces {
    /// Entities decoded, the note's `<` back, tabs as spaces, then made safe.
    static func text(_ html: String) -> String {
        var decoded = String.UnicodeScalarView()
        for scalar in decodeEntities(html).unicodeScalars {
            switch scalar {
            case MarkdownText.lessThan: decoded.append("<")
            case "\t": decoded.append(contentsOf: "    ".unicodeScalars)
            default: decoded.append(scalar)
            }
        }
        return TerminalText.safe(String(decoded))
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&#39;` `&apos;` `&nbsp;` and numeric
    /// references (`&#65;`, `&#x41;`); anything else stays as written. A
    /// number that is no character (0, a surrogate, past U+10FFFF) is U+FFFD.
    static func decodeEntities(_ text: String) -> String {
        guard text.unicodeScalars.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "&",
                  let end = scalars[(index + 1)...].prefix(12).firstIndex(of: ";"),
                  let decoded = entity(String(String.UnicodeScalarView(scalars[(index + 1)..<end]))) else {
                out.append(scalars[index])
                index += 1
                continue
            }
            out.append(decoded)
            index = end + 1
        }
        return String(out)
    }

    private static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#"), name.count > 1 else { return nil }
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                let hex = digits.dropFirst()
                value = hex.isEmpty || !hex.allSatisfy(\.isHexDigit) ? nil : UInt32(hex, radix: 16)
            } else {
                value = digits.allSatisfy({ $0.isASCII && $0.isNumber }) ? UInt32(digits) : nil
            }
            guard let value else { return nil }
            return value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
        }
    }
}

// MARK: - Ink's HTML

/// A tag or a run of text in the HTML Ink writes.
enum HTMLToken: Equatable {
    case open(String, attributes: String)
    case close(String)
    case text(String)
}

/// Splits Ink's HTML into tags and text. Every `<` in it starts a tag of
/// Ink's, since the note's own are hidden; scanning is by Unicode scalar so a
/// combining mark after a `>` can't hide the end of a tag.
enum HTMLTokens {
    static func tokens(of html: String) -> [HTMLToken] {
        var tokens: [HTMLToken] = []
        var text = String.UnicodeScalarView()
        var scalars = html.unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            guard scalar == "<" else {
                text.append(scalar)
                continue
            }
            if !text.isEmpty {
                tokens.append(.text(String(text)))
                text = String.UnicodeScalarView()
            }
            let body = scalars.prefix(while: { $0 != ">" })
            scalars = scalars.dropFirst(body.count + 1)
            var tag = String(String.UnicodeScalarView(body))
            if tag.hasSuffix("/") { tag.removeLast() }
            let name = String(tag.prefix(while: { !$0.isWhitespace })).lowercased()
            let attributes = String(tag.dropFirst(name.count))
            if name.hasPrefix("/") {
                tokens.append(.close(String(name.dropFirst())))
            } else {
                tokens.append(.open(name, attributes: attributes))
            }
        }
        if !text.isEmpty { tokens.append(.text(String(text))) }
        return tokens
    }

    /// The value of `name="…"` in a tag's attributes, up to the last quote
    /// before the next attribute Ink writes (a URL is written as typed and
    /// may hold quotes itself).
    static func attribute(_ name: String, in attributes: String, before next: String? = nil) -> String? {
        guard let start = attributes.range(of: " \(name)=\"") else { return nil }
        var rest = attributes[start.upperBound...]
        if let next, let following = rest.range(of: "\" \(next)=\"") {
            return String(rest[..<following.lowerBound])
        }
        guard let end = rest.lastIndex(of: "\"") else { return nil }
        rest = rest[..<end]
        return String(rest)
    }
}
