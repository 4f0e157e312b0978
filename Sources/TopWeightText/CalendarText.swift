import TopWeightCore

/// A month of training as a wall calendar for the terminal.
///
/// ```
///            November 2026
///  Mo   Tu   We   Th   Fr   Sa   Su
///                                 1 ●
///   2 ■  3    4 ▲  5    6    7    8
/// …
///  16   17   18   19   20  [21]■ 22
/// …
/// 12 sessions · 140 sets · 23450 kg
/// ■ Push  ▲ Pull  ● no routine
/// ```
/// Every training day has a glyph, so the calendar reads without colour;
/// a routine gets its own glyph and, in colour, its own colour, the same in
/// every month. Today is in brackets. Every line has the same display width.
public enum CalendarText {
    public static func render(_ month: TrainingMonth, today: LocalDay, firstWeekday: Int, style: TextStyle) -> [String] {
        let trained = month.sessions.filter { $0.sets > 0 && LocalMonth($0.day) == month.month }
        let byDay = Dictionary(trained.map { ($0.day, $0) }, uniquingKeysWith: { _, last in last })
        let first = ((firstWeekday - 1) % 7 + 7) % 7 + 1

        var lines: [String] = []
        let title = "\(monthNames[month.month.month - 1]) \(month.month.year)"
        let margin = max(0, (gridWidth - title.count) / 2)
        lines.append(String(repeating: " ", count: margin) + SGR.wrap(title, SGR.bold, SGR.boldOff, style))
        lines.append((0..<7).map { " " + weekdayNames[(first - 1 + $0) % 7] + "  " }.joined())
        for week in CalendarGrid.weeks(of: month.month, firstWeekday: first) {
            lines.append(week.map { cell($0, session: $0.flatMap { byDay[$0] }, today: today, style: style) }.joined())
        }

        if trained.isEmpty {
            lines.append("No training this month.")
        } else {
            let sets = trained.reduce(0) { $0 + $1.sets }
            let volume = trained.reduce(0.0) { $0 + $1.volumeKilograms }
            lines.append("\(Lines.count(trained.count, "session")) · \(Lines.count(sets, "set")) · \(ReportText.volume(volume))")
        }
        lines += legend(for: trained, style: style)

        let width = lines.map(SGR.width).max() ?? gridWidth
        return lines.map { $0 + String(repeating: " ", count: max(0, width - SGR.width($0))) }
    }

    /// The glyph and colour of a routine (`nil`: a day without one). The same
    /// name (ignoring case) always gets the same pair, in every month and run.
    public static func mark(forRoutine routine: String?) -> (glyph: String, color: Int) {
        guard let routine else { return unmarked }
        // FNV-1a over the name's key: stable across runs, unlike Hasher.
        var hash: UInt32 = 2_166_136_261
        for byte in NameRules.key(routine).utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return palette[Int(hash % UInt32(palette.count))]
    }

    // MARK: - Cells

    /// Five columns: `[`, the day in two, `]`, the glyph.
    static let cellWidth = 5
    static let gridWidth = cellWidth * 7

    private static func cell(_ day: LocalDay?, session: TrainingSession?, today: LocalDay, style: TextStyle) -> String {
        guard let day else { return String(repeating: " ", count: cellWidth) }
        let number = (day.day < 10 ? " " : "") + String(day.day)
        let dated = day == today ? SGR.wrap("[" + number + "]", SGR.bold, SGR.boldOff, style) : " " + number + " "
        guard let session else { return dated + " " }
        let mark = mark(forRoutine: session.routine)
        return dated + SGR.wrap(mark.glyph, SGR.color(mark.color), SGR.colorOff, style)
    }

    /// One entry per routine of the month (and one for days without), in
    /// lines no wider than the grid unless a single name is.
    private static func legend(for sessions: [TrainingSession], style: TextStyle) -> [String] {
        var seen: Set<String> = []
        var routines: [String] = []
        for routine in sessions.compactMap(\.routine) where seen.insert(NameRules.key(routine)).inserted {
            routines.append(routine)
        }
        guard !routines.isEmpty else { return [] }
        var entries = routines.sorted { NameRules.key($0) < NameRules.key($1) }.map { routine -> String in
            let mark = mark(forRoutine: routine)
            return SGR.wrap(mark.glyph, SGR.color(mark.color), SGR.colorOff, style) + " " + TerminalText.safe(routine)
        }
        if sessions.contains(where: { $0.routine == nil }) {
            entries.append(SGR.wrap(unmarked.glyph, SGR.color(unmarked.color), SGR.colorOff, style) + " no routine")
        }
        var lines: [String] = []
        for entry in entries {
            if let last = lines.last, SGR.width(last) + 2 + SGR.width(entry) <= gridWidth {
                lines[lines.count - 1] = last + "  " + entry
            } else {
                lines.append(entry)
            }
        }
        return lines
    }

    /// Days without a routine: a green dot.
    private static let unmarked = (glyph: "●", color: 32)
    /// Routines: glyphs that differ in shape, so they differ without colour too.
    private static let palette = [
        (glyph: "■", color: 34), (glyph: "▲", color: 35), (glyph: "◆", color: 36),
        (glyph: "★", color: 33), (glyph: "▼", color: 31), (glyph: "✚", color: 94),
    ]

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
    private static let weekdayNames = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]
}
