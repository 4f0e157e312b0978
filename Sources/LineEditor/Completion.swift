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

    /// Lays the candidates out in columns that fit `width` cells.
    public static func columns(_ candidates: [String], width: Int) -> String {
        let shown = Array(candidates.prefix(60))
        let cell = (shown.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / max(cell, 1))
        var lines: [String] = []
        var row = ""
        for (index, candidate) in shown.enumerated() {
            row += candidate + String(repeating: " ", count: max(0, cell - candidate.count))
            if (index + 1) % perRow == 0 {
                lines.append(row)
                row = ""
            }
        }
        if !row.isEmpty { lines.append(row) }
        if candidates.count > shown.count { lines.append("… and \(candidates.count - shown.count) more") }
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }

    /// Width of the terminal on standard output, 80 when unknown.
    public static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
