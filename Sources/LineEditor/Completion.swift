import TopWeightCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Helpers for Tab completion that do not depend on libedit.
public enum Completion {
    /// The longest common prefix of the candidates, compared case-insensitively
    /// and spelled as the first candidate spells it.
    public static func commonPrefix(_ candidates: [String]) -> String {
        guard var prefix = candidates.first.map(Array.init) else { return "" }
        for candidate in candidates.dropFirst() {
            let other = Array(candidate)
            var length = 0
            while length < prefix.count, length < other.count,
                  String(prefix[length]).lowercased() == String(other[length]).lowercased() {
                length += 1
            }
            prefix = Array(prefix.prefix(length))
        }
        return String(prefix)
    }

    /// Lays the candidates out in columns that fit `width` cells, in reading
    /// order (left to right, then down), each shown terminal-safe (a name from
    /// a tampered file can't colour the screen); at most `rows` lines, the
    /// last saying how many more there are.
    public static func columns(_ candidates: [String], width: Int, rows: Int = 20) -> String {
        let safe = candidates.map(TerminalText.safe)
        let cell = (safe.prefix(200).map(TerminalText.width).max() ?? 0) + 2
        let perRow = max(1, width / max(cell, 1))
        let fits = safe.count <= perRow * rows ? safe.count : perRow * max(0, rows - 1)
        let shown = safe.prefix(fits)
        var lines: [String] = []
        var row = ""
        for (index, candidate) in shown.enumerated() {
            row += TerminalText.pad(candidate, to: cell)
            if (index + 1) % perRow == 0 {
                lines.append(row)
                row = ""
            }
        }
        if !row.isEmpty { lines.append(row) }
        if candidates.count > shown.count { lines.append("… \(candidates.count - shown.count) more") }
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }

    /// Columns and rows of the terminal on standard output, 80 × 24 when unknown.
    public static func terminalSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (80, 24) }
        return (Int(size.ws_col), size.ws_row > 0 ? Int(size.ws_row) : 24)
    }
}
