import Foundation
import TopWeightCore

/// The gym's board as sections of rows: one reading of the figures, drawn
/// full screen in a terminal (`screen`) and as a web page (`BoardHTML`).
public enum BoardText {
    /// One panel of the board: a title and rows of cells (the last cell is a
    /// number, aligned right), or a line saying why it is empty.
    public struct Section: Sendable, Hashable {
        public var id: String
        public var title: String
        public var rows: [[String]]
        public var empty: String
        /// Rows left out of a long list (today's lifters past the tenth).
        public var more = 0
    }

    /// The six panels, in reading order (DOTS in the middle of the second
    /// row, where a wide page has the most room). Names are made terminal-safe.
    public static func sections(_ figures: BoardFigures, timeZone: TimeZone) -> [Section] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func name(_ text: String) -> String { TerminalText.safe(text) }
        return [
            Section(id: "lifters", title: "Lifting today",
                    rows: figures.lifters.prefix(BoardFigures.rows).map { [name($0.name), $0.sets == 1 ? "1 set" : "\($0.sets) sets"] },
                    empty: "Nobody yet today", more: max(0, figures.lifters.count - BoardFigures.rows)),
            Section(id: "records", title: "Today's PRs",
                    rows: figures.records.map { record in
                        let time = calendar.dateComponents([.hour, .minute], from: record.performedAt)
                        let clock = String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0)
                        let set = "\(record.values.weight.number) \(record.values.weight.unit.rawValue) × \(record.values.reps)"
                        return [clock, name(record.user), name(record.exercise), set]
                    },
                    empty: "No PRs yet today"),
            Section(id: "lifts", title: "Best e1RM this month",
                    rows: figures.lifts.flatMap { lift in
                        lift.leaders.enumerated().map { index, leader in
                            [index == 0 ? name(lift.lift) : "", name(leader.user), kilograms(leader.value)]
                        }
                    },
                    empty: "No main lifts this month"),
            Section(id: "volume", title: "Volume this week",
                    rows: figures.volume.enumerated().map { index, row in ["\(index + 1).", name(row.user), tonnage(row.value)] },
                    empty: "No sets this week"),
            Section(id: "strength", title: "Relative strength (DOTS)",
                    rows: figures.strength.enumerated().map { index, row in
                        // The total to the kilogram, then the body weight: `554 @ 94 kg`.
                        ["\(index + 1).", name(row.user), "\(Int(row.totalKilograms.rounded())) @ \(kilograms(row.bodyWeightKilograms))",
                         one(row.dots)]
                    },
                    empty: "Needs a body weight and all three lifts"),
            Section(id: "streaks", title: "Longest streaks",
                    rows: figures.streaks.enumerated().map { index, row in
                        ["\(index + 1).", name(row.user), "\(row.atLeast ? "≥ " : "")\(row.weeks) weeks"]
                    },
                    empty: "No streaks of 2 weeks yet"),
        ]
    }

    /// `Wednesday 25 November 2026`: the day in words, for the board's title.
    public static func day(_ day: LocalDay) -> String {
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                      "November", "December"]
        return "\(weekdays[(day.weekday - 1) % 7]) \(day.day) \(months[(day.month - 1) % 12]) \(day.year)"
    }

    /// `142.5 kg`: kilograms to a tenth, no trailing `.0`.
    public static func kilograms(_ value: Double) -> String {
        "\(one(value)) kg"
    }

    /// A number to one decimal place, without a trailing `.0`.
    public static func one(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = tenths / 10
        let tenth = abs(tenths % 10)
        return tenth == 0 ? "\(whole)" : "\(whole).\(tenth)"
    }

    /// `12 345 kg`: whole kilograms with thousands apart.
    public static func tonnage(_ value: Double) -> String {
        var digits = String(Int(value.rounded()))
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return groups.joined(separator: " ") + " kg"
    }

    // MARK: - The terminal

    /// The board drawn for a terminal of `width` × `height`: at most `height`
    /// lines (`nil`: as many as it takes), none wider than `width` columns. Panels sit side by side as the
    /// width allows (three from 120 columns, two from 80) and share the
    /// height; a panel with more rows than room says how many it left out.
    public static func screen(_ figures: BoardFigures, title: String, clock: String, timeZone: TimeZone,
                              width: Int, height: Int?, style: TextStyle) -> [String] {
        guard width >= 20, (height ?? 4) >= 4 else {
            return [truncate("Top Weight: make this window larger", to: max(width, 1))].prefix(max(height ?? 1, 0)).map { $0 }
        }
        let header = truncate("\(title) · \(day(figures.today))", to: max(1, width - TerminalText.width(clock) - 1))
        var lines = [bold(TerminalText.pad(header, to: width - TerminalText.width(clock)) + clock, style), ""]
        let all = sections(figures, timeZone: timeZone)
        let columns = width >= 120 ? 3 : width >= 80 ? 2 : 1
        let gap = 3
        let panelWidth = (width - gap * (columns - 1)) / columns
        let bands = stride(from: 0, to: all.count, by: columns).map { Array(all[$0..<min(all.count, $0 + columns)]) }
        // Each band as tall as its tallest panel wants (a title, its rows, "… N more").
        let natural = bands.map { band in band.map { 1 + max(1, $0.rows.count + ($0.more > 0 ? 1 : 0)) }.max() ?? 1 }
        // A terminal's height is shared out; without one (a pipe) each band is as tall as its panels.
        let figures = bands.map { band in band.contains { !$0.rows.isEmpty } }
        let heights = height.map { bandHeights(natural: natural, figures: figures, room: $0 - lines.count) } ?? natural.map { ($0, true) }
        for (band, (bandHeight, gapBefore)) in zip(bands, heights) where bandHeight > 0 {
            if gapBefore, lines.count > 2 { lines.append("") }
            let panels = band.map { panel($0, width: panelWidth, height: bandHeight, style: style) }
            for row in 0..<bandHeight {
                let cells = panels.enumerated().map { index, panel in
                    let line = row < panel.count ? panel[row] : ""
                    return index == panels.count - 1 ? line : padStyled(line, to: panelWidth)
                }
                var line = cells.joined(separator: String(repeating: " ", count: gap))
                while line.last == " " { line.removeLast() }
                lines.append(line)
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return Array(lines.prefix(height ?? lines.count))
    }

    /// How tall each band is in `room` lines, and whether a blank line goes
    /// before it. With room for every band's rows, the height is shared out
    /// evenly (a steady layout). Without, the bands with figures come first
    /// (a panel that only says it is empty waits for room left over): each
    /// gets its title and first row before any gets a second, the blank lines
    /// between bands go before any band would, and the bands that still don't
    /// fit are left out (height 0).
    static func bandHeights(natural: [Int], figures: [Bool], room: Int) -> [(height: Int, gapBefore: Bool)] {
        let count = natural.count
        guard count > 0 else { return [] }
        let even = max(1, (room - (count - 1)) / count)
        if natural.allSatisfy({ $0 <= even }) { return natural.map { _ in (even, true) } }
        let full = figures.indices.filter { figures[$0] }
        let first = full.isEmpty ? Array(0..<count) : full
        // Blank lines between bands only while every band with figures can still show a title and a row.
        let gaps = room - (first.count - 1) >= 2 * first.count
        var left = gaps ? room - (first.count - 1) : room
        var heights = Array(repeating: 0, count: count)
        // Title and first row of each band in reading order, then one more row to each in turn.
        for index in first where left >= min(2, natural[index]) {
            heights[index] = min(2, natural[index])
            left -= heights[index]
        }
        var grew = true
        while left > 0, grew {
            grew = false
            for index in first where left > 0 && heights[index] > 0 && heights[index] < natural[index] {
                heights[index] += 1
                left -= 1
                grew = true
            }
        }
        // What is left shows the panels that have nothing yet, with their blank line.
        for index in 0..<count where heights[index] == 0 && !first.contains(index) && left >= natural[index] + (gaps ? 1 : 0) {
            heights[index] = natural[index]
            left -= natural[index] + (gaps ? 1 : 0)
        }
        return heights.map { ($0, gaps) }
    }

    /// A panel as lines of `width` columns at most, `height` lines at most.
    static func panel(_ section: Section, width: Int, height: Int, style: TextStyle) -> [String] {
        var lines = [bold(truncate(section.title, to: width), style)]
        guard height > 1 else { return lines }
        if section.rows.isEmpty {
            lines.append(truncate(section.empty, to: width))
            return lines
        }
        let room = height - 1
        let hidden = section.more
        // "… N more" takes a line only when a row still shows above it.
        let cut = section.rows.count > room || (hidden > 0 && section.rows.count == room)
        let shown = cut ? (room > 1 ? room - 1 : 1) : section.rows.count
        let cellCount = section.rows.map(\.count).max() ?? 0
        // Every column but the last as wide as its widest cell; the last aligned right.
        var widths = Array(repeating: 0, count: max(0, cellCount - 1))
        for row in section.rows.prefix(shown) {
            for (index, cell) in row.dropLast().enumerated() { widths[index] = max(widths[index], TerminalText.width(cell)) }
        }
        for row in section.rows.prefix(shown) {
            let right = row.last ?? ""
            let left = row.dropLast().enumerated().map { index, cell in
                index == row.count - 2 ? cell : TerminalText.pad(cell, to: widths[index])
            }.joined(separator: " ")
            let leftRoom = max(0, width - TerminalText.width(right) - 1)
            let fitted = truncate(left, to: leftRoom)
            lines.append(truncate(TerminalText.pad(fitted, to: width - TerminalText.width(right)) + right, to: width))
        }
        if shown < section.rows.count + hidden, lines.count < height {
            lines.append(truncate("… \(section.rows.count + hidden - shown) more", to: width))
        }
        return lines
    }

    /// `text` cut to `columns` display columns, ending in `…` when cut; on
    /// the board, where there is no column at all, nothing (not even `…`).
    public static func truncate(_ text: String, to columns: Int) -> String {
        columns > 0 || TerminalText.width(text) <= columns ? TextColumns.cut(text, to: columns) : ""
    }

    static func bold(_ text: String, _ style: TextStyle) -> String {
        SGR.wrap(text, SGR.bold, SGR.boldOff, style)
    }

    /// Pads a line that may hold escapes to `columns` visible columns.
    static func padStyled(_ line: String, to columns: Int) -> String {
        let visible = TerminalText.width(line.replacingOccurrences(of: SGR.bold, with: "").replacingOccurrences(of: SGR.boldOff, with: ""))
        return visible < columns ? line + String(repeating: " ", count: columns - visible) : line
    }
}
