import Foundation
import Ink
import TopWeightCore

/// A session note (markdown) as lines for the terminal: headings and bold in
/// bold, italics in italics, bullets as `• ` indented by nesting, ordered
/// lists numbered, code as typed, links as `text (url)`.
///
/// Ink parses the markdown into HTML; `HTMLTokens` (in `MarkdownHTML.swift`)
/// reads back the small set of tags Ink writes and `MarkdownRenderer` turns
/// them into lines. Raw HTML typed in a note is never interpreted: every `<` of
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
        var renderer = MarkdownRenderer(style: style)
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

    static func normalizedLines(_ text: String) -> [String] {
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
    static func withBreaks(_ lines: [String]) -> [String] {
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
