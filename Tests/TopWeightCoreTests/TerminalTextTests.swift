import Testing
@testable import TopWeightCore

/// A scalar a terminal could act on: C0 and C1 controls, DEL, bidirectional controls.
private func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}

@Suite("Terminal text")
struct TerminalTextTests {
    // MARK: - safe

    @Test("shows control characters as visible text", arguments: [
        ("\u{1B}[31mred", "^[[31mred"),
        ("\u{1B}]0;title\u{07}", "^[]0;title^G"),
        ("a\u{0}b", "a^@b"),
        ("tab\there", "tab^Ihere"),
        ("line\n", "line^J"),
        ("del\u{7F}", "del^?"),
        ("csi\u{9B}2J", "csi<U+9B>2J"),
        ("\u{202E}evil", "<U+202E>evil"),
        ("a\u{2066}b\u{2069}", "a<U+2066>b<U+2069>"),
        ("bad\u{FFFD}", "bad<U+FFFD>"),
    ])
    func showsControls(raw: String, shown: String) {
        #expect(TerminalText.safe(raw) == shown)
    }

    @Test("leaves ordinary text alone", arguments: ["", "Ana", "Bench Press", "Zoë", "李雷", "Ana 💪", "e\u{301}"])
    func leavesTextAlone(_ text: String) {
        #expect(Array(TerminalText.safe(text).unicodeScalars) == Array(text.unicodeScalars))
    }

    static let dangerous: [UInt32] = Array(0x00...0x1F) + Array(0x7F...0x9F)
        + [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    @Test("never lets a control scalar through", arguments: dangerous)
    func neverLeavesControls(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = "Ana" + String(Character(scalar)) + "Lee"
        let shown = TerminalText.safe(text)
        #expect(!shown.unicodeScalars.contains(where: isDangerous))
        #expect(shown.hasPrefix("Ana") && shown.hasSuffix("Lee"))
        #expect(shown.count > text.count, "the control is replaced by visible characters, not dropped")
    }

    @Test("makes a whole escape sequence harmless")
    func wholeSequence() {
        let all = String(String.UnicodeScalarView(Self.dangerous.compactMap(Unicode.Scalar.init)))
        let shown = TerminalText.safe("x" + all + "y")
        #expect(!shown.unicodeScalars.contains(where: isDangerous))
        #expect(shown.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F })
    }

    // MARK: - width

    @Test("measures display columns", arguments: [
        ("", 0),
        ("Ana", 3),
        ("Bench Press", 11),
        ("Zoë", 3),
        ("Łukasz", 6),
        ("李雷", 4),
        ("深蹲", 4),
        ("한국", 4),
        ("ＡＢ", 4),
        ("💪", 2),
        ("Ana 💪", 6),
        ("❤️", 2),
        ("🇪🇸", 2),
        ("👩‍👩‍👧", 2),
        ("e\u{301}", 1),
        ("Zoe\u{308}", 3),
        ("a\u{301}\u{302}\u{303}", 1),
        ("\u{301}", 0),
        ("a\u{200B}b", 2),
        ("李a💪e\u{301}", 6),
    ])
    func width(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    @Test("measures precomposed and decomposed letters alike")
    func composedWidth() {
        #expect(TerminalText.width("Jos\u{E9}") == TerminalText.width("Jose\u{301}"))
    }

    // MARK: - pad

    @Test("pads to a display width", arguments: [
        ("Ana", 5, "Ana  "),
        ("李雷", 5, "李雷 "),
        ("李雷", 4, "李雷"),
        ("Ana 💪", 8, "Ana 💪  "),
        ("e\u{301}", 3, "e\u{301}  "),
        ("", 2, "  "),
        ("toolong", 3, "toolong"),
    ])
    func pads(text: String, columns: Int, padded: String) {
        let result = TerminalText.pad(text, to: columns)
        #expect(Array(result.unicodeScalars) == Array(padded.unicodeScalars))
        #expect(TerminalText.width(result) == max(columns, TerminalText.width(text)))
    }
}
