import Foundation
import Ink
import TopWeightCore

/// A session note (markdown) as lines for the terminal: headings and bold in
/// bold, italics in italics, bullets as `• ` indented by nesting, ordered
/// lists numbered, code as typed, links as `text (url)`.
///
/// Ink parses the markdown into HTML; this reads back the small set of tags
/// Ink writes. Raw HTML typed in a note is never interpreted: every `<` of
/// the note is hidden from Ink and comes back as the character it was, so a
/// `<script>` or `<b>` shows as text. Every piece of the note's text goes
/// through `TerminalText.safe` after entities are decoded and before any
/// escape of ours is added, so the only escapes printed are the ones added
/// here, and none at all with `.plain`.
///
/// Lines of a note are kept as typed (a single line break is a line break,
/// as in chat apps and GitHub comments), since notes are typed line by line
/// at the logger. The nesting of lists is read here from the lines'
/// indentation, and only each item's text is given to Ink: Ink 0.6.0 ends a
/// nested list only at a blank line, so an item back at an outer level
/// would join the inner list.
public enum MarkdownText {
    public static func render(_ markdown: String, style: TextStyle) -> [String] {
        var renderer = Renderer(style: style)
        for block in blocks(of: hidden(normalizedLines(markdown))) {
            let tokens: [HTMLToken]
            switch block {
            case .markdown(let lines):
                var source = withBreaks(lines).joined(separator: "\n")
                // Ink takes a text opening with `---` for front matter and drops it: an
                // empty comment first (which it passes through, and which shows nothing) keeps it.
                if source.drop(while: \.isWhitespace).hasPrefix("-") { source = "<!-- -->\n" + source }
                tokens = parsed(source)
            case .list(let lines): tokens = listTokens(lines)
            }
            tokens.forEach { renderer.take($0) }
        }
        var lines = renderer.finish()
        while lines.last?.allSatisfy({ $0 == " " }) == true { lines.removeLast() }
        if lines.isEmpty, markdown.contains(where: { !$0.isWhitespace }) {
            // Ink kept nothing (a front-matter block, say): the text as typed, made safe.
            lines = normalizedLines(markdown).map { Pieces.text($0) }
        }
        return lines
    }

    /// Stands for the note's own `<` while Ink parses (a private-use character).
    static let lessThan: Unicode.Scalar = "\u{E000}"

    private static func parsed(_ markdown: String) -> [HTMLToken] {
        HTMLTokens.tokens(of: MarkdownParser().html(from: markdown))
    }

    private static func normalizedLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The note's `<` hidden from Ink (and a stray stand-in made harmless).
    private static func hidden(_ lines: [String]) -> [String] {
        lines.map { line in
            var out = String.UnicodeScalarView()
            for scalar in line.unicodeScalars {
                switch scalar {
                case "<": out.append(lessThan)
                case lessThan: out.append("\u{FFFD}")  // never mistaken for a hidden `<`
                default: out.append(scalar)
                }
            }
            return String(out)
        }
    }

    // MARK: - Blocks

    enum Block: Equatable {
        /// Lines for Ink as they are.
        case markdown([String])
        /// Consecutive list items (and their continuation lines).
        case list([String])
    }

    /// The note cut into list runs and everything else; code fences are
    /// never read for lists. A blank line ends a list; so does an unindented
    /// line that starts another kind of block.
    static func blocks(of lines: [String]) -> [Block] {
        var blocks: [Block] = []
        var fenced = false
        func add(_ line: String, list: Bool) {
            switch (blocks.last, list) {
            case (.list(let lines)?, true): blocks[blocks.count - 1] = .list(lines + [line])
            case (.markdown(let lines)?, false): blocks[blocks.count - 1] = .markdown(lines + [line])
            default: blocks.append(list ? .list([line]) : .markdown([line]))
            }
        }
        for line in lines {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if fenced || trimmed.hasPrefix("```") {
                if trimmed.hasPrefix("```") { fenced.toggle() }
                add(line, list: false)
            } else if ListItem(line) != nil {
                add(line, list: true)
            } else if case .list? = blocks.last, let first = trimmed.first,
                      trimmed.count < line.count || !startsBlock(first) {
                add(line, list: true)
            } else {
                add(line, list: false)
            }
        }
        return blocks
    }

    /// Trailing double spaces where a line break must stay one (Ink's hard
    /// break), except before a line where Ink starts a block of its own
    /// (`#`, a code fence, `-`). A quote line is a quote of its own, set
    /// apart by blank lines: Ink would glue the next line's text to it.
    private static func withBreaks(_ lines: [String]) -> [String] {
        var fenced = false
        var out: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.hasPrefix("```") { fenced.toggle() }
            guard !fenced, !trimmed.isEmpty, !trimmed.hasPrefix("```"), index + 1 < lines.count,
                  let next = lines[index + 1].first(where: { $0 != " " && $0 != "\t" }) else {
                out.append(line)
                continue
            }
            if trimmed.first == ">" || next == ">" {
                out += [line, ""]
            } else if "#`-".contains(next) || line.hasSuffix("  ") || isBlockLine(trimmed) {
                out.append(line)
            } else {
                out.append(line + "  ")
            }
        }
        return out
    }

    /// A heading or a rule (`---`, `***`): a block of its own line, which
    /// trailing spaces would turn back into text for Ink.
    private static func isBlockLine(_ trimmed: Substring) -> Bool {
        trimmed.first == "#" || trimmed.allSatisfy { "-*_ ".contains($0) }
    }

    /// Whether an unindented line starting with `character` ends a list: a
    /// heading, a quote, a table, code, emphasis or a number.
    private static func startsBlock(_ character: Character) -> Bool {
        "#`-*+>|_".contains(character) || character.isNumber
    }

    // MARK: - Lists

    /// `- text`, `* text`, `+ text`, `1. text` or `1) text`, indented by any spaces.
    struct ListItem: Equatable {
        /// Columns before the marker (a tab counts four).
        var indent: Int
        /// The first number of an ordered item, `nil` for a bullet.
        var number: Int?
        var text: String

        init?(_ line: String) {
            let body = line.drop(while: { $0 == " " || $0 == "\t" })
            indent = line[..<body.startIndex].reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            var rest: Substring
            if let first = body.first, "-*+".contains(first) {
                number = nil
                rest = body.dropFirst()
            } else {
                let digits = body.prefix(while: { $0.isASCII && $0.isNumber })
                guard (1...9).contains(digits.count), let value = Int(digits),
                      let mark = body.dropFirst(digits.count).first, mark == "." || mark == ")" else { return nil }
                number = value
                rest = body.dropFirst(digits.count + 1)
            }
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
            text = String(rest.drop(while: { $0 == " " || $0 == "\t" }))
        }
    }

    /// A list run as the tags Ink would write for it, nested by indentation:
    /// a deeper item opens a list inside the previous one, a shallower one
    /// closes lists down to its level. Each item's text is Ink's.
    static func listTokens(_ lines: [String]) -> [HTMLToken] {
        var items: [(item: ListItem, lines: [String])] = []
        for line in lines {
            if let item = ListItem(line) {
                items.append((item, [item.text]))
            } else if !items.isEmpty {
                items[items.count - 1].lines.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        var tokens: [HTMLToken] = []
        var open: [(indent: Int, ordered: Bool)] = []
        func tag(_ ordered: Bool) -> String { ordered ? "ol" : "ul" }
        func close() {
            guard let level = open.popLast() else { return }
            tokens += [.close("li"), .close(tag(level.ordered))]
        }
        for (item, text) in items {
            let ordered = item.number != nil
            while let level = open.last, level.indent > item.indent { close() }
            if let level = open.last, level.indent == item.indent, level.ordered == ordered {
                tokens.append(.close("li"))
            } else {
                if let level = open.last, level.indent == item.indent { close() }
                let start = item.number.map { $0 == 1 ? "" : " start=\"\($0)\"" } ?? ""
                tokens.append(.open(tag(ordered), attributes: start))
                open.append((item.indent, ordered))
            }
            tokens.append(.open("li", attributes: ""))
            tokens += parsed(withBreaks(text).joined(separator: "\n"))
        }
        while !open.isEmpty { close() }
        return tokens
    }
}

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

// MARK: - Rendering

/// Lines from the tokens: blocks start lines, inline tags switch styles.
private struct Renderer {
    let style: TextStyle
    private(set) var lines: [String] = []
    private var line = ""
    private var isOpen = false

    private struct ListLevel {
        var ordered: Bool
        var next: Int
        /// Where this list's markers start.
        var indent: Int
        /// Where its current item's text starts.
        var contentIndent: Int
    }
    private var lists: [ListLevel] = []
    /// The current item's marker, written when its first line starts.
    private var marker: String?
    private var quotes = 0
    private var preformatted = 0
    private var cells = 0
    private var links: [(href: String, text: String)] = []

    private enum Emphasis: CaseIterable {
        case bold, italic, underline, strike
        var on: String {
            switch self {
            case .bold: SGR.bold
            case .italic: SGR.italic
            case .underline: SGR.underline
            case .strike: SGR.strike
            }
        }
        var off: String {
            switch self {
            case .bold: SGR.boldOff
            case .italic: SGR.italicOff
            case .underline: SGR.underlineOff
            case .strike: SGR.strikeOff
            }
        }
    }
    private var depth: [Emphasis: Int] = [:]

    init(style: TextStyle) {
        self.style = style
    }

    mutating func finish() -> [String] {
        endLine()
        return lines
    }

    mutating func take(_ token: HTMLToken) {
        switch token {
        case .text(let html):
            // Line breaks are structure here, never a control character to show.
            guard preformatted > 0 else { return write(Pieces.text(html.replacingOccurrences(of: "\n", with: " "))) }
            var pieces = html.split(separator: "\n", omittingEmptySubsequences: false)
            if pieces.count > 1, pieces.last?.isEmpty == true { pieces.removeLast() }
            for (index, piece) in pieces.enumerated() {
                if index > 0 { breakLine() }
                write(Pieces.text(String(piece)))
            }
        case .open(let name, let attributes):
            open(name, attributes: attributes)
        case .close(let name):
            close(name)
        }
    }

    private mutating func open(_ name: String, attributes: String) {
        switch name {
        case "p", "table", "thead", "tbody":
            endLine()
        case "h1", "h2", "h3", "h4", "h5", "h6":
            endLine()
            begin(.bold)
            if name == "h1" { begin(.underline) }
        case "strong", "th":
            if name == "th" { cell() }
            begin(.bold)
        case "td":
            cell()
        case "em":
            begin(.italic)
        case "s":
            if style == .plain { write("~~") }
            begin(.strike)
        case "a":
            links.append((href: Pieces.text(HTMLTokens.attribute("href", in: attributes) ?? ""), text: ""))
            begin(.underline)
        case "img":
            let alt = Pieces.text(HTMLTokens.attribute("alt", in: attributes) ?? "")
            let source = Pieces.text(HTMLTokens.attribute("src", in: attributes, before: "alt") ?? "")
            write((alt.isEmpty ? "image" : alt) + (source.isEmpty ? "" : " (\(source))"))
        case "br":
            breakLine()
        case "hr":
            endLine()
            write(String(repeating: "─", count: 20))
            endLine()
        case "pre":
            endLine()
            preformatted += 1
        case "blockquote":
            endLine()
            quotes += 1
        case "ul", "ol":
            flushMarker()
            endLine()
            let start = HTMLTokens.attribute("start", in: attributes).flatMap { Int($0) } ?? 1
            let indent = lists.last?.contentIndent ?? 0
            lists.append(ListLevel(ordered: name == "ol", next: start, indent: indent, contentIndent: indent))
        case "li":
            endLine()
            guard var level = lists.popLast() else { return }
            let mark = level.ordered ? "\(level.next). " : "• "
            level.next += 1
            level.contentIndent = level.indent + mark.count
            lists.append(level)
            marker = mark
        case "tr":
            endLine()
            cells = 0
        default:
            break  // code (kept as typed), and anything else Ink might add
        }
    }

    private mutating func close(_ name: String) {
        switch name {
        case "p", "table", "thead", "tbody", "tr", "pre":
            endLine()
            if name == "pre" { preformatted = max(0, preformatted - 1) }
        case "h1", "h2", "h3", "h4", "h5", "h6":
            if name == "h1" { end(.underline) }
            end(.bold)
            endLine()
        case "strong", "th":
            end(.bold)
        case "em":
            end(.italic)
        case "s":
            end(.strike)
            if style == .plain { write("~~") }
        case "a":
            end(.underline)
            guard let link = links.popLast() else { return }
            if !link.href.isEmpty, link.href != link.text { write(" (\(link.href))") }
        case "blockquote":
            endLine()
            quotes = max(0, quotes - 1)
        case "ul", "ol":
            flushMarker()
            endLine()
            _ = lists.popLast()
        case "li":
            flushMarker()
            endLine()
        default:
            break
        }
    }

    // MARK: Lines

    private mutating func write(_ text: String) {
        guard !text.isEmpty else { return }
        if !isOpen { startLine() }
        line += text
        for index in links.indices { links[index].text += text }
    }

    private mutating func startLine() {
        line = String(repeating: "│ ", count: quotes)
        if let level = lists.last {
            if let marker {
                line += String(repeating: " ", count: level.indent) + marker
                self.marker = nil
            } else {
                line += String(repeating: " ", count: level.contentIndent)
            }
        }
        if style == .color {
            for emphasis in Emphasis.allCases where depth[emphasis, default: 0] > 0 { line += emphasis.on }
        }
        isOpen = true
    }

    private mutating func endLine() {
        guard isOpen else { return }
        if style == .color, depth.values.contains(where: { $0 > 0 }) { line += SGR.reset }
        lines.append(line)
        line = ""
        isOpen = false
    }

    /// A line break that counts even on an empty line (`<br>`, code).
    private mutating func breakLine() {
        if !isOpen { startLine() }
        endLine()
    }

    /// An item with no text of its own still shows its marker.
    private mutating func flushMarker() {
        if marker != nil, !isOpen { startLine() }
    }

    private mutating func cell() {
        if cells > 0 { write(" | ") }
        cells += 1
    }

    private mutating func begin(_ emphasis: Emphasis) {
        depth[emphasis, default: 0] += 1
        if style == .color, isOpen, depth[emphasis] == 1 { line += emphasis.on }
    }

    private mutating func end(_ emphasis: Emphasis) {
        let current = depth[emphasis, default: 0]
        guard current > 0 else { return }
        depth[emphasis] = current - 1
        if style == .color, isOpen, current == 1 { line += emphasis.off }
    }
}
