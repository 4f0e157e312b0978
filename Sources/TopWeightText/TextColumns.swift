import TopWeightCore

/// Text fitted to terminal columns, the same way in every listing and chart.
enum TextColumns {
    /// `text` cut to at most `columns` display columns, a final `…` standing
    /// for the rest; `…` alone when there is no room for more.
    static func cut(_ text: String, to columns: Int) -> String {
        guard TerminalText.width(text) > columns else { return text }
        guard columns > 0 else { return "…" }
        var kept = ""
        var used = 0
        for character in text {
            let width = TerminalText.width(String(character))
            if used + width > columns - 1 { break }
            kept.append(character)
            used += width
        }
        return kept + "…"
    }

    /// `text` (digits, units: one column a character) right-aligned in `columns`.
    static func right(_ text: String, _ columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - text.count)) + text
    }
}
