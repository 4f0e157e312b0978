import Foundation
import Testing
import TopWeightText

private let esc = "\u{1B}"
private let bold = "\(esc)[1m", boldOff = "\(esc)[22m"
private let italic = "\(esc)[3m", italicOff = "\(esc)[23m"
private let underline = "\(esc)[4m", underlineOff = "\(esc)[24m"

@Suite("Markdown notes for the terminal")
struct MarkdownTextTests {
    /// A note and its lines, in colour and plain (the same when nothing is styled).
    struct Rendering: Sendable, CustomTestStringConvertible {
        var note: String
        var color: [String]
        var plain: [String]

        init(_ note: String, _ color: [String], plain: [String]? = nil) {
            self.note = note
            self.color = color
            self.plain = plain ?? color
        }

        var testDescription: String { note.debugDescription }
    }

    static let emphasisCases: [Rendering] = [
        // Bold and italics.
        Rendering("**strong** words", ["\(bold)strong\(boldOff) words"], plain: ["strong words"]),
        Rendering("__strong__ too", ["\(bold)strong\(boldOff) too"], plain: ["strong too"]),
        Rendering("*it* and _it_", ["\(italic)it\(italicOff) and \(italic)it\(italicOff)"], plain: ["it and it"]),
        Rendering("a **b *c* d** e", ["a \(bold)b \(italic)c\(italicOff) d\(boldOff) e"], plain: ["a b c d e"]),
        // Headings: bold, and underlined for the first level.
        Rendering("# Leg day", ["\(bold)\(underline)Leg day\(underlineOff)\(boldOff)"], plain: ["Leg day"]),
        Rendering("## Squats\nfelt good", ["\(bold)Squats\(boldOff)", "felt good"], plain: ["Squats", "felt good"]),
        Rendering("###### Small", ["\(bold)Small\(boldOff)"], plain: ["Small"]),
        // Links with their address, underlined in colour.
        Rendering("see [the plan](https://example.com/p?a=1&b=2)",
                  ["see \(underline)the plan\(underlineOff) (https://example.com/p?a=1&b=2)"],
                  plain: ["see the plan (https://example.com/p?a=1&b=2)"]),
        Rendering("[https://x.org](https://x.org)", ["\(underline)https://x.org\(underlineOff)"], plain: ["https://x.org"]),
        Rendering("5x5 done\n*easy*\n| a |", ["5x5 done", "\(italic)easy\(italicOff)", "| a |"], plain: ["5x5 done", "easy", "| a |"]),
    ]

    static let listCases: [Rendering] = [
        // Bullets, nested by indentation.
        Rendering("- squat\n- bench", ["• squat", "• bench"]),
        Rendering("* squat\n  * 5x5\n  * belt\n* bench", ["• squat", "  • 5x5", "  • belt", "• bench"]),
        Rendering("- a\n  - b\n    - c\n- d", ["• a", "  • b", "    • c", "• d"]),
        Rendering("- **heavy** day", ["• \(bold)heavy\(boldOff) day"], plain: ["• heavy day"]),
        // Ordered lists, from their first number.
        Rendering("1. warm up\n2. squat\n3. stretch", ["1. warm up", "2. squat", "3. stretch"]),
        Rendering("3. third\n4. fourth", ["3. third", "4. fourth"]),
        Rendering("1. legs\n   - squat\n2. arms", ["1. legs", "   • squat", "2. arms"]),
        Rendering("1. one\n1. two\n1. three", ["1. one", "2. two", "3. three"]),
        // Back out of nested lists by one level or several (Ink alone would keep them inside).
        Rendering("- a\n  - b\n    - c\n  - e\n- d", ["• a", "  • b", "    • c", "  • e", "• d"]),
        Rendering("- bullet\n1. number", ["• bullet", "1. number"]),
        Rendering("- a\n  carried on\n- b", ["• a", "  carried on", "• b"]),
        Rendering("- a\n\n- b", ["• a", "• b"]),
        Rendering("intro\n- a\n# Next", ["intro", "• a", "\(bold)\(underline)Next\(underlineOff)\(boldOff)"], plain: ["intro", "• a", "Next"]),
        Rendering("-5 kg next time\n3.5 kg plates\n2020 best year", ["-5 kg next time", "3.5 kg plates", "2020 best year"]),
    ]

    static let textCases: [Rendering] = [
        // Entities, typed or made by Ink from the note's own characters.
        Rendering("Fish &amp; chips &lt;3 &gt; &quot;x&quot; &#39;y&#39; &#169; &#x41;", ["Fish & chips <3 > \"x\" 'y' © A"]),
        Rendering("1 < 2 & 3 > 2", ["1 < 2 & 3 > 2"]),
        Rendering("&unknown; &#xZZ; & ;", ["&unknown; &#xZZ; & ;"]),
        // Code as typed.
        Rendering("`x*2*y` stays", ["x*2*y stays"]),
        Rendering("```\nlet a = 1 < 2\n\n**not bold**\n```", ["let a = 1 < 2", "", "**not bold**"]),
        // Lines kept as typed; quotes; a rule.
        Rendering("Squat felt heavy\nBench was fine", ["Squat felt heavy", "Bench was fine"]),
        Rendering("first\n\nsecond", ["first", "second"]),
        Rendering("> keep the back straight", ["│ keep the back straight"]),
        Rendering("coach said:\n> keep the back straight\n> and breathe\nthen left",
                  ["coach said:", "│ keep the back straight", "│ and breathe", "then left"]),
        Rendering("> **form** first", ["│ \(bold)form\(boldOff) first"], plain: ["│ form first"]),
        Rendering("above\n\n---\n\nbelow", ["above", String(repeating: "─", count: 20), "below"]),
        Rendering("---\nnot: front matter\n---\nafter", [String(repeating: "─", count: 20), "not: front matter", String(repeating: "─", count: 20), "after"]),
        Rendering("", []),
        Rendering("   \n\n  ", []),
    ]

    @Test("renders bold, italics, headings and links", arguments: emphasisCases)
    func emphasis(_ rendering: Rendering) {
        #expect(MarkdownText.render(rendering.note, style: .color) == rendering.color)
        #expect(MarkdownText.render(rendering.note, style: .plain) == rendering.plain)
    }

    @Test("renders bullets and numbered lists, nested by indentation", arguments: listCases)
    func lists(_ rendering: Rendering) {
        #expect(MarkdownText.render(rendering.note, style: .color) == rendering.color)
        #expect(MarkdownText.render(rendering.note, style: .plain) == rendering.plain)
    }

    @Test("renders entities, code, lines, quotes and rules", arguments: textCases)
    func text(_ rendering: Rendering) {
        #expect(MarkdownText.render(rendering.note, style: .color) == rendering.color)
        #expect(MarkdownText.render(rendering.note, style: .plain) == rendering.plain)
    }

    /// A note holding terminal control bytes, typed or as character references.
    @Test("shows control characters in a note as visible text, never as escapes", arguments: [
        ("clear \u{1B}[2J now", "clear ^[[2J now"),
        ("bell \u{07} rings", "bell ^G rings"),
        ("title \u{1B}]0;owned\u{07} set", "title ^[]0;owned^G set"),
        ("csi \u{9B}31m red", "csi <U+9B>31m red"),
        ("ref &#27;[31m red", "ref ^[[31m red"),
        ("ref &#x1b;[2J &#x9B;m &#7; &#0; &#xD800;", "ref ^[[2J <U+9B>m ^G <U+FFFD> <U+FFFD>"),
        ("bidi \u{202E}olleh", "bidi <U+202E>olleh"),
    ])
    func controls(note: String, shown: String) {
        for style in [TextStyle.plain, .color] {
            let lines = MarkdownText.render(note, style: style)
            #expect(lines == [shown], "\(style)")
            #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("adds only its own escapes around a note's control bytes in colour")
    func ownEscapesOnly() {
        let lines = MarkdownText.render("**x** \u{1B}[31m *y*", style: .color)
        #expect(lines == ["\(bold)x\(boldOff) ^[[31m \(italic)y\(italicOff)"])
    }

    @Test("keeps a tab in code as spaces, not as a control character")
    func tabs() {
        #expect(MarkdownText.render("```\n\tindented\n```", style: .plain) == ["    indented"])
    }

    /// Raw HTML in a note: shown as typed, never taken as markup.
    @Test("shows raw HTML as the text typed", arguments: [
        "<script>alert(1)</script>",
        "<b>not bold</b> and <i>not italic</i>",
        "<p>a paragraph?</p>",
        "<img src=x onerror=alert(1)>",
        "<!-- hidden? -->",
        "text with <br> inside",
        "<a href=\"javascript:alert(1)\">click</a>",
    ])
    func rawHTML(note: String) {
        #expect(MarkdownText.render(note, style: .plain) == [note])
        #expect(MarkdownText.render(note, style: .color) == [note])
    }

    @Test("prints no control character but its own styles, whatever the note holds")
    func anyNote() {
        // Markdown's characters, controls, C1 controls, entities' pieces, wide and combining characters.
        let alphabet: [String] = [
            "*", "**", "_", "~~", "`", "```", "#", "-", "+", "1.", "2)", ">", "|", "[", "]", "(", ")", "!", "<", ">", "&",
            "&#27;", "&#x9b;", "&amp;", ";", "\\", " ", "  ", "\t", "\n", "\n\n", "\r", "\u{1B}", "\u{07}", "\u{9B}", "\u{0}",
            "\u{7F}", "\u{202E}", "\u{E000}", "a", "Zoë", "深蹲", "e\u{301}", "💪", "<b>", "</p>", "<script>", "http://x",
        ]
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<3_000 {
            let note = (0..<next(40)).map { _ in alphabet[next(alphabet.count)] }.joined()
            for style in [TextStyle.plain, .color] {
                let shown = MarkdownText.render(note, style: style).joined(separator: "\n")
                let ours = shown.replacingOccurrences(of: "\u{1B}\\[[0-9]+m", with: "", options: .regularExpression)
                let stray = ours.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
                #expect(stray == nil, "\(note.debugDescription) in \(style) shows U+\(String(stray?.value ?? 0, radix: 16))")
                if style == .plain { #expect(!shown.contains("\u{1B}")) }
            }
        }
    }

    @Test("has no escape sequence at all in plain text")
    func plainHasNoEscapes() {
        let note = "# Day\n**bold** *it* ~~no~~ [l](u)\n- a\n  - b\n1. c\n> q\n```\ncode\n```"
        let plain = MarkdownText.render(note, style: .plain)
        #expect(!plain.isEmpty)
        #expect(!plain.joined().contains(esc))
        #expect(MarkdownText.render(note, style: .color).joined().contains(esc))
    }

    @Test("closes styles at the end of a line that breaks inside them")
    func stylesAcrossLines() {
        let lines = MarkdownText.render("**heavy\nday**", style: .color)
        #expect(lines == ["\(bold)heavy\(esc)[0m", "\(bold)day\(boldOff)"])
    }
}

@Suite("Text style")
struct TextStyleTests {
    @Test("chooses plain or colour from the environment and the terminal", arguments: [
        (["TERM": "xterm-256color"], true, TextStyle.color),
        (["TERM": "xterm-256color"], false, .plain),
        (["TERM": "xterm", "NO_COLOR": "1"], true, .plain),
        (["TERM": "xterm", "NO_COLOR": "anything"], true, .plain),
        (["TERM": "xterm", "NO_COLOR": ""], true, .color),
        (["TERM": "dumb"], true, .plain),
        (["TERM": ""], true, .plain),
        ([:], true, .plain),
        (["TERM": "linux"], true, .color),
    ])
    func detect(environment: [String: String], isTerminal: Bool, expected: TextStyle) {
        #expect(TextStyle.detect(environment: environment, isTerminal: isTerminal) == expected)
    }
}
