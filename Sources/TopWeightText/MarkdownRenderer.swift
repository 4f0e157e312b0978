import Foundation
import TopWeightCore

/// A note's lines from the tokens of its HTML: blocks start lines, inline
/// tags switch styles (escapes only with `.color`).
struct MarkdownRenderer {
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
