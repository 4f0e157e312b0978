import Testing
@testable import LineEditor

/// What libedit gets from the keyboard: nothing that opens its command mode.
@Suite("Key filter")
struct KeyFilterTests {
    /// Runs the filter over `keys` as one burst (as one key's bytes arrive).
    func filtered(_ keys: String) -> String {
        var scalars = Array(keys.unicodeScalars)[...]
        var out = String.UnicodeScalarView()
        while let first = scalars.popFirst() {
            if let passed = KeyFilter.filter(first, following: { scalars.popFirst() }) { out.append(passed) }
        }
        return String(out)
    }

    @Test("printable text passes untouched", arguments: ["Ana", "Zoë", "62.5x8x3", "Łukasz 👩‍👩‍👧", ":history all 50", "ø"])
    func printable(text: String) {
        #expect(filtered(text) == text)
    }

    @Test("Esc and Alt sequences, C1 controls and unlisted control keys never reach libedit", arguments: [
        "\u{1B}x", "\u{1B}X", "\u{1B}v", "\u{1B}\u{1B}", "\u{1B}", "\u{1B}:", "\u{1B}[200~", "\u{1B}[?1049h",
        "\u{07}", "\u{13}", "\u{11}", "\u{16}", "\u{18}", "\u{12}", "\u{0F}", "\u{1A}", "\u{1C}", "\u{1D}", "\u{1F}", "\u{00}",
        "\u{9B}", "\u{85}",
    ])
    func dropped(keys: String) {
        #expect(filtered(keys).isEmpty, "\(keys.debugDescription) gave \(filtered(keys).debugDescription)")
    }

    @Test("arrows, Home, End and Delete become the control keys bound to them", arguments: [
        ("\u{1B}[A", "\u{10}"), ("\u{1B}[B", "\u{0E}"), ("\u{1B}[C", "\u{06}"), ("\u{1B}[D", "\u{02}"),
        ("\u{1B}OA", "\u{10}"), ("\u{1B}OD", "\u{02}"), ("\u{1B}[1;5C", "\u{06}"),
        ("\u{1B}[H", "\u{01}"), ("\u{1B}[1~", "\u{01}"), ("\u{1B}[F", "\u{05}"), ("\u{1B}[4~", "\u{05}"),
        ("\u{1B}[3~", "\u{07}"),
        // Alt-Esc is dropped whole; the x after it is only a letter.
        ("\u{1B}\u{1B}x", "x"),
    ])
    func translated(keys: String, expected: String) {
        #expect(filtered(keys) == expected)
    }

    @Test("every one of libedit's 255 key slots is bound, none to a command-mode or editor function")
    func bindings() {
        let bindings = Keymap.bindings
        #expect(bindings.count == 255)
        #expect(Set(bindings.map(\.key)).count == 255)
        let allowed: Set<String> = Set(Keymap.allowedControls.values).union(["ed-insert", "ed-unassigned", "ed-delete-next-char", "tw-redraw"])
        for (key, function) in bindings {
            #expect(allowed.contains(function), "key \(key) → \(function)")
        }
        #expect(bindings.first { $0.key == 0x1B }?.function == "ed-unassigned", "Esc is not a prefix")
        #expect(bindings.first { $0.key == 0x18 }?.function == "ed-unassigned", "Ctrl-X is not a prefix")
        #expect(bindings.filter { $0.key >= 0x80 }.allSatisfy { $0.function == "ed-insert" || $0.function == "ed-unassigned" },
                "no 8-bit meta binding")
        #expect(Keymap.bindingName(0x5E) == "\\136" && Keymap.bindingName(0x07) == "\\007")
        // Written out, not derived from the table under test: none of libedit's
        // doors to its command mode, vi, an editor or the terminal's flow control.
        let forbidden = ["ed-command", "vi-histedit", "em-meta-next", "ed-sequence-lead-in", "vi-command-mode",
                         "ed-quoted-insert", "ed-tty-stop-output", "ed-tty-start-output", "ed-tty-sigint", "ed-tty-sigquit",
                         "ed-tty-sigtstp", "ed-tty-dsusp", "ed-tty-flush-output", "em-inc-search-prev", "ed-search-prev-history"]
        #expect(!bindings.contains { forbidden.contains($0.function) })
        let expected: [UInt8: String] = [0x1B: "ed-unassigned", 0x18: "ed-unassigned", 0x16: "ed-unassigned", 0x13: "ed-unassigned",
                                         0x11: "ed-unassigned", 0xF8: "ed-insert", 0xD8: "ed-insert", 0x04: "em-delete-or-list",
                                         0x09: "tw-complete", 0x0D: "ed-newline"]
        for (key, function) in expected {
            #expect(bindings.first { $0.key == key }?.function == function, "key \(key)")
        }
    }
}
