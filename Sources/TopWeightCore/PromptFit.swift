/// A prompt made to fit one row of a narrow terminal, with room left to type.
///
/// A routine's prompt (`rest 1:59 [Zofia Grünberg · Push Pull 3/7 A1]
/// exercise [Barbell Bulgarian Split Squat]: `) is wider than an 80-column
/// console. Wrapped, it puts the line typed on a second row that a redraw
/// of the countdown can't find again after a resize. So the words inside
/// the brackets (the member, the routine's place, the lift offered) are
/// cut with `…`, the longest first (the member's name and the lift before
/// the routine's place beside them), until the prompt leaves a fifth of
/// the row (at least 10 columns) for the member's line; what is outside
/// the brackets (`rest 1:59`, `exercise`) stays whole. A prompt that still
/// doesn't fit leaves only six columns to type, and then keeps its end,
/// where the member types.
public enum PromptFit {
    /// Columns kept free for the line typed after the prompt.
    public static func room(columns: Int) -> Int {
        max(10, columns / 5)
    }

    /// `prompt` as it fits in `columns`, unchanged when it already does.
    public static func fit(_ prompt: String, columns: Int) -> String {
        let limit = columns - room(columns: columns)
        guard limit > 0, TerminalText.width(prompt) > limit else { return prompt }
        var parts = Self.parts(of: prompt)
        var excess = TerminalText.width(prompt) - limit
        while excess > 0 {
            // The longest word that can still lose a character (it keeps two and
            // the `…`): the member's name and the lift first, then what follows
            // them in their brackets (the routine's place), only if it must.
            let first = parts.indices.filter { parts[$0].cuttable && parts[$0].leads && parts[$0].kept.count > 2 }
            let candidates = first.isEmpty ? parts.indices.filter { parts[$0].cuttable && parts[$0].kept.count > 2 } : first
            guard let longest = candidates.max(by: { TerminalText.width(parts[$0].shown) < TerminalText.width(parts[$1].shown) }) else { break }
            let before = TerminalText.width(parts[longest].shown)
            parts[longest].kept.removeLast()
            excess -= before - TerminalText.width(parts[longest].shown)
        }
        let shortened = parts.map(\.shown).joined()
        guard excess > 0 else { return shortened }
        // Every word cut: less room to type before anything else goes.
        let tight = columns - 6
        if TerminalText.width(shortened) <= tight { return shortened }
        // Still too wide: its start goes, its end (the question and the default) stays.
        var tail = Substring(shortened)
        while TerminalText.width(String(tail)) + 1 > tight, !tail.isEmpty { tail = tail.dropFirst() }
        return "…" + tail
    }

    /// A piece of the prompt: text outside brackets or a separator (kept as
    /// it is), or a word inside brackets (cut at its end with `…`).
    struct Part {
        var text: String
        var cuttable: Bool
        /// The first word of its brackets: the member or the lift.
        var leads: Bool
        var kept: [Character]

        init(_ text: String, cuttable: Bool, leads: Bool = false) {
            self.text = text
            self.cuttable = cuttable
            self.leads = leads
            kept = Array(text)
        }

        var shown: String {
            kept.count == text.count ? text : String(kept) + "…"
        }
    }

    /// The prompt in pieces: inside each `[…]`, the words between ` · ` apart.
    static func parts(of prompt: String) -> [Part] {
        var parts: [Part] = []
        var outside = ""
        var rest = Substring(prompt)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            outside += rest[...open]
            parts.append(Part(outside, cuttable: false))
            outside = ""
            let words = rest[rest.index(after: open)..<close].components(separatedBy: " · ")
            for (index, word) in words.enumerated() {
                if index > 0 { parts.append(Part(" · ", cuttable: false)) }
                parts.append(Part(word, cuttable: true, leads: index == 0))
            }
            rest = rest[close...]
            outside = String(rest.prefix(1))
            rest = rest.dropFirst()
        }
        parts.append(Part(outside + rest, cuttable: false))
        return parts
    }
}
