import TopWeightCore

/// Every key libedit may act on, and what it does: nothing else reaches it.
///
/// libedit ships with far more than a shared terminal can allow. Its emacs map
/// binds Meta-x (Esc x, Alt-x, or an 8-bit 0xF8) to `ed-command`, a prompt
/// where `bind`, `echotc` and `settc` rebind keys for every later member and
/// send raw terminal capabilities, and from which `bind -v` / `vi-histedit`
/// start `$EDITOR` (vi, whose `:sh` is a shell). Two independent walls keep
/// all of that out of reach:
///
/// 1. **The filter** (`KeyFilter`): our `EL_GETCFN` hands libedit printable
///    characters and the control keys listed in `allowedControls`, nothing
///    else. Escape sequences are read whole and either translated (arrows,
///    Home, End, Delete) or dropped; a lone Esc, Alt-anything, C1 controls and
///    unlisted control keys are dropped.
/// 2. **The map** (`Keymap.bindings`): every one of the 256 single-key slots of
///    libedit's emacs map is bound explicitly at start-up, so even a key that got
///    past the filter could only insert itself, move, delete or complete. Esc and
///    Ctrl-X stop being prefixes, so libedit's own multi-key bindings (Esc x
///    among them) are unreachable.
public enum Keymap {
    /// Control keys a member may use, and the libedit function each runs.
    ///
    /// Editing and moving as in every shell; Ctrl-D ends the turn on an empty
    /// line (libedit's `em-delete-or-list` returns end-of-file there). Ctrl-C
    /// never arrives as a key: the terminal turns it into SIGINT, which cancels
    /// the entry. Dropped on purpose: Ctrl-S/Ctrl-Q (flow control), Ctrl-V
    /// (quoted insert would put raw Esc into a line), Ctrl-X (a prefix), Ctrl-R,
    /// Ctrl-O, Ctrl-G, Ctrl-Z, Ctrl-\, Ctrl-], Ctrl-^, Ctrl-_, NUL.
    static let allowedControls: [UInt8: String] = [
        0x01: "ed-move-to-beg",          // Ctrl-A
        0x02: "ed-prev-char",            // Ctrl-B
        0x04: "em-delete-or-list",       // Ctrl-D
        0x05: "ed-move-to-end",          // Ctrl-E
        0x06: "ed-next-char",            // Ctrl-F
        0x08: "em-delete-prev-char",     // Ctrl-H, Backspace on some terminals
        0x09: "tw-complete",             // Tab: ours
        0x0A: "ed-newline",              // Ctrl-J
        0x0B: "ed-kill-line",            // Ctrl-K
        0x0C: "ed-clear-screen",         // Ctrl-L
        0x0D: "ed-newline",              // Enter
        0x0E: "ed-next-history",         // Ctrl-N, Down
        0x10: "ed-prev-history",         // Ctrl-P, Up
        0x14: "ed-transpose-chars",      // Ctrl-T
        0x15: "em-kill-line",            // Ctrl-U
        0x17: "ed-delete-prev-word",     // Ctrl-W
        0x19: "em-yank",                 // Ctrl-Y
        0x7F: "em-delete-prev-char",     // Backspace
    ]

    /// The Delete key has no control code of its own, so the filter hands it to
    /// libedit as Ctrl-G, which a member can never send (the filter drops it).
    static let deleteKey: UInt8 = 0x07

    /// A prompt that counts down (a rest) is redrawn by this key, which the
    /// line source hands libedit itself between two keys typed; a member can
    /// never send it (Ctrl-^: the filter drops it). Ours, `tw-redraw`, only
    /// refreshes the line, the text typed and the cursor as they were.
    static let redrawKey: UInt8 = 0x1E

    /// What each of libedit's 256 single-key slots is bound to.
    static var bindings: [(key: UInt8, function: String)] {
        (UInt8(1)...UInt8(255)).map { code in
            if let function = allowedControls[code] { return (code, function) }
            if code == deleteKey { return (code, "ed-delete-next-char") }
            if code == redrawKey { return (code, "tw-redraw") }
            switch code {
            case 0x20...0x7E, 0xA0...0xFF: return (code, "ed-insert")
            default: return (code, "ed-unassigned")  // other controls, Esc, Ctrl-X, DEL's C1 neighbours
            }
        }
    }

    /// `code` written the way libedit's `bind` reads a key: an octal escape,
    /// so that `^`, `\` and `M-` are never taken as prefixes.
    static func bindingName(_ code: UInt8) -> String {
        let octal = String(code, radix: 8)
        return "\\" + String(repeating: "0", count: 3 - octal.count) + octal
    }
}

/// Turns what the keyboard sent into what libedit may see (see `Keymap`).
///
/// Pure: it is fed one scalar at a time through `next`, which can ask for the
/// scalars that follow an Esc (they arrive together in one write when they are
/// one key).
struct KeyFilter {
    /// The scalar libedit should get, or `nil` to drop it. `following` reads the
    /// next scalar of an escape sequence, or `nil` when none came in time.
    static func filter(_ scalar: Unicode.Scalar, following: () -> Unicode.Scalar?) -> Unicode.Scalar? {
        let value = scalar.value
        if value == 0x1B { return escapeSequence(following: following) }
        if value < 0x20 || value == 0x7F {
            return Keymap.allowedControls[UInt8(value)] != nil ? scalar : nil
        }
        if (0x80...0x9F).contains(value) { return nil }
        // Bidirectional overrides, line separators and the stand-in for bad
        // UTF-8 never belong in a name; dropped here, they are never echoed.
        if NameRules.isForbidden(scalar) { return nil }
        return scalar
    }

    /// Reads the rest of an escape sequence and returns the key it stands for.
    private static func escapeSequence(following: () -> Unicode.Scalar?) -> Unicode.Scalar? {
        guard let introducer = following() else { return nil }  // a lone Esc
        switch introducer {
        case "[":
            // CSI: parameters and intermediates, then one final byte.
            var parameters = ""
            for _ in 0..<16 {
                guard let next = following() else { return nil }
                switch next.value {
                case 0x20...0x3F: parameters.unicodeScalars.append(next)
                case 0x40...0x7E: return key(final: next, parameters: parameters)
                default: return nil
                }
            }
            return nil
        case "O":
            // SS3: one final byte (arrows and Home/End in application mode).
            guard let final = following() else { return nil }
            return key(final: final, parameters: "")
        default:
            // Alt/Meta with a key, or Esc Esc: nothing a member needs.
            return nil
        }
    }

    private static func key(final: Unicode.Scalar, parameters: String) -> Unicode.Scalar? {
        switch (final, parameters) {
        case ("A", _): return "\u{10}"  // Up: previous line of history
        case ("B", _): return "\u{0E}"  // Down
        case ("C", _): return "\u{06}"  // Right
        case ("D", _): return "\u{02}"  // Left
        case ("H", _), ("~", "1"), ("~", "7"): return "\u{01}"  // Home
        case ("F", _), ("~", "4"), ("~", "8"): return "\u{05}"  // End
        case ("~", "3"): return Unicode.Scalar(Keymap.deleteKey)
        default: return nil
        }
    }
}
