import Foundation

// MARK: - A note made safe to stand under its day

extension MarkdownLog {
    /// How many levels a note's headings go down: its `#` is the day's `###` one under.
    static let noteHeadingShift = 3

    /// A note's lines as the export writes them under its day: each ATX
    /// heading three levels down (`# Legs` is `#### Legs`, at most `######`),
    /// so a note never breaks the page's outline; each link or image whose
    /// address is not http(s) or mailto written as its text and address,
    /// plain (`a (javascript:alert(1))`). Code (fenced, or between
    /// backticks) is left as typed.
    static func noteLines(_ lines: [String]) -> [String] {
        var fenced = false
        return lines.map { line in
            if line.drop(while: { $0 == " " }).hasPrefix("```") {
                fenced.toggle()
                return line
            }
            guard !fenced else { return line }
            return plainLinks(nestedHeading(line))
        }
    }

    /// `# Legs` as `#### Legs`; any other line as it is.
    static func nestedHeading(_ line: String) -> String {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return line }
        let rest = line.dropFirst(indent.count)
        let hashes = rest.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return line }
        let after = rest.dropFirst(hashes.count)
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return line }
        return String(repeating: "#", count: min(6, hashes.count + noteHeadingShift)) + after
    }

    /// Whether a link's address is one the export keeps as a link.
    static func keepsLink(_ address: String) -> Bool {
        let lowered = address.trimmingCharacters(in: .whitespaces).lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || lowered.hasPrefix("mailto:")
    }

    /// The line with each `[text](address)` (or `![text](address)`) whose
    /// address is not kept written as `text (address)`, escaped, outside
    /// backticks; brackets and parentheses nest as Markdown reads them.
    static func plainLinks(_ line: String) -> String {
        let characters = Array(line)
        var out = ""
        var index = 0
        var inCode = false
        while index < characters.count {
            let character = characters[index]
            if character == "`" { inCode.toggle() }
            guard !inCode, character == "[" || (character == "!" && index + 1 < characters.count && characters[index + 1] == "["),
                  let link = link(in: characters, at: character == "!" ? index + 1 : index) else {
                out.append(character)
                index += 1
                continue
            }
            if keepsLink(link.address) {
                out += String(characters[index..<link.end])
            } else {
                out += inline(link.text, lineStart: false) + " (" + inline(link.address, lineStart: false) + ")"
            }
            index = link.end
        }
        return out
    }

    /// The link opening at `open` (a `[`): its text, its address (without
    /// `<>` or a title), and the index past its `)`; `nil` when there is none.
    private static func link(in characters: [Character], at open: Int) -> (text: String, address: String, end: Int)? {
        var depth = 0
        var close: Int?
        for index in open..<characters.count {
            if characters[index] == "\\" { continue }
            if characters[index] == "[" { depth += 1 }
            if characters[index] == "]" {
                depth -= 1
                if depth == 0 {
                    close = index
                    break
                }
            }
        }
        guard let close, close + 1 < characters.count, characters[close + 1] == "(" else { return nil }
        depth = 0
        for index in (close + 1)..<characters.count {
            if characters[index] == "(" { depth += 1 }
            if characters[index] == ")" {
                depth -= 1
                if depth == 0 {
                    var address = String(characters[(close + 2)..<index]).trimmingCharacters(in: .whitespaces)
                    if let space = address.firstIndex(where: { $0 == " " }) { address = String(address[..<space]) }
                    if address.hasPrefix("<"), address.hasSuffix(">") { address = String(address.dropFirst().dropLast()) }
                    return (String(characters[(open + 1)..<close]), address, index + 1)
                }
            }
        }
        return nil
    }
}
