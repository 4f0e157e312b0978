import Foundation
import TopWeightCore

/// Which characters a chart is drawn with.
public enum ChartGlyphs: Sendable, Hashable {
    /// Braille dots (2 × 4 to a cell) for the line, box drawing for the axes, ● for a PR.
    case unicode
    /// `- / \ |` for the line, `o` for a day, `*` for a PR, `+ - |` for the axes.
    case ascii

    /// Unicode when the locale's character set is UTF-8, else ASCII.
    ///
    /// The locale is the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set
    /// and not empty, as `setlocale` reads them; its character set is what
    /// follows the dot (before any `@`): `UTF-8` or `utf8` in any case gives
    /// Unicode. `C`, `POSIX`, `en_US.ISO-8859-1` or no locale at all give ASCII.
    public static func detect(environment: [String: String]) -> ChartGlyphs {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        guard let dot = locale.firstIndex(of: ".") else { return .ascii }
        let charset = locale[locale.index(after: dot)...].prefix { $0 != "@" }
        // Foundation's replacingOccurrences cost the logger's start a quarter of a millisecond.
        return String(charset.lowercased().filter { $0 != "-" }) == "utf8" ? .unicode : .ascii
    }
}

/// A progress series drawn as a line chart in the terminal, fitted to a
/// width: the title, the unit over a labelled value axis, the line (one
/// point a day, placed by date), PRs marked, the first and last dates under
/// the time axis, and a summary. Plain characters only: no escapes.
public enum ChartText {
    /// The plot never gets narrower than this, whatever the width asked:
    /// two dates fit under it.
    static let minimumPlotWidth = 22

    /// `Ana · Back Squat · best e1RM a day (Epley)`, terminal-safe; our own
    /// words in ASCII for `.ascii` (`Ana - Back Squat - …`).
    public static func title(member: String, exercise: String?, metric: ChartMetric, formula: OneRepMaxFormula,
                             glyphs: ChartGlyphs) -> String {
        let what: String
        switch metric {
        case .e1rm: what = "best e1RM a day (\(formula.name))"
        case .weight: what = "heaviest set a day"
        case .volume: what = "volume a day (weight \(glyphs == .unicode ? "×" : "x") reps \(glyphs == .unicode ? "×" : "x") series)"
        case .bodyweight: what = "body weight"
        case .reps: what = "most reps in a set a day"
        case .duration: what = "longest hold a day (seconds)"
        case .distance: what = "longest distance a day"
        case .pace: what = "fastest pace a day (seconds per km)"
        }
        let names = [member] + (exercise.map { [$0] } ?? [])
        return (names.map(TerminalText.safe) + [what]).joined(separator: glyphs == .unicode ? " · " : " - ")
    }

    /// The chart's lines, none wider than `width` columns (for a width of 40
    /// or more); the plot about `height` rows high (see `ChartScale.rows`).
    public static func render(_ series: ProgressSeries, title: String, width: Int, height: Int = 10, glyphs: ChartGlyphs) -> [String] {
        let points = series.points
        guard let first = points.first, let last = points.last else {
            return [TextColumns.cut(TerminalText.safe(title), to: width), "Nothing to draw yet."]
        }
        let values = points.map(\.value)
        let scale = ChartScale(minimum: values.min() ?? 0, maximum: values.max() ?? 0)
        let unit = series.unitName
        let labels = scale.ticks.map { (value: $0, text: number($0)) }
        let labelWidth = max(labels.map { $0.text.count }.max() ?? 0, unit.count)
        let plotWidth = max(width - labelWidth - 2, minimumPlotWidth)
        let rows = scale.rows(near: height)
        var canvas = Canvas(glyphs: glyphs, columns: plotWidth, rows: rows)

        // Points by date: the first day at the left edge, the last at the right.
        let span = first.day.days(to: last.day)
        let placed = points.map { point -> (x: Int, y: Int, isRecord: Bool) in
            let offset = first.day.days(to: point.day)
            let x = span == 0 ? 0 : Int((Double(offset) / Double(span) * Double(canvas.xDots - 1)).rounded())
            return (x, scale.level(of: point.value, rows: rows, dotsPerRow: canvas.dotsPerRow), point.isRecord)
        }
        for (from, to) in zip(placed, placed.dropFirst()) {
            canvas.line(from: (from.x, from.y), to: (to.x, to.y))
        }
        for point in placed {
            // A day's own dot: a line already has it, a lone day (or the only one) gets it here.
            canvas.line(from: (point.x, point.y), to: (point.x, point.y))
            canvas.mark(x: point.x, y: point.y, record: point.isRecord)
        }

        // A label on the row each tick falls on (the first one there wins).
        var rowLabels: [Int: String] = [:]
        for label in labels {
            let row = canvas.row(ofLevel: scale.level(of: label.value, rows: rows, dotsPerRow: canvas.dotsPerRow))
            if rowLabels[row] == nil { rowLabels[row] = label.text }
        }
        let axis = glyphs == .unicode ? (tick: "┤", plain: "│", corner: "└", rule: "─") : (tick: "+", plain: "|", corner: "+", rule: "-")
        var lines = [TextColumns.cut(TerminalText.safe(title), to: width), TextColumns.right(unit, labelWidth)]
        for (row, cells) in canvas.lines().enumerated() {
            let label = rowLabels[row]
            lines.append(TextColumns.right(label ?? "", labelWidth) + " " + (label == nil ? axis.plain : axis.tick) + trimmed(cells))
        }
        lines.append(String(repeating: " ", count: labelWidth + 1) + axis.corner + String(repeating: axis.rule, count: plotWidth))
        let firstDate = first.day.description
        var dates = String(repeating: " ", count: labelWidth + 2) + firstDate
        if span > 0 {
            let lastDate = last.day.description
            dates += String(repeating: " ", count: max(plotWidth - firstDate.count - lastDate.count, 1)) + lastDate
        }
        lines.append(dates)
        lines.append(TextColumns.cut(summary(series, glyphs: glyphs), to: width))
        return lines
    }

    /// `12 days · last 117.5 kg · best 120 kg · ● PR` (`12 days, …, * PR` in ASCII);
    /// an e1RM to the tenth.
    static func summary(_ series: ProgressSeries, glyphs: ChartGlyphs) -> String {
        let unit = series.unitName
        // An estimate to the tenth, as the PR line and prs show it; measured weights to the hundredth.
        let values = series.points.map { series.metric == .e1rm ? ($0.value * 10).rounded() / 10 : $0.value }
        var parts = [series.points.count == 1 ? "1 day" : "\(series.points.count) days"]
        if let last = values.last { parts.append("last \(number(last)) \(unit)") }
        if series.metric == .bodyweight {
            if let low = values.min(), let high = values.max() { parts.append("from \(number(low)) to \(number(high)) \(unit)") }
        } else if let best = series.metric.lowerIsBetter ? values.min() : values.max() {
            parts.append("best \(number(best)) \(unit)")
        }
        if series.points.contains(where: \.isRecord) {
            parts.append(glyphs == .unicode ? "● PR" : "* PR")
        }
        return parts.joined(separator: glyphs == .unicode ? " · " : ", ")
    }

    /// `[{"date": "2026-01-05", "value": 102.5, "unit": "kg", "pr": false}, …]`, oldest first.
    public static func json(_ series: ProgressSeries) -> String {
        guard !series.points.isEmpty else { return "[]" }
        let rows = series.points.map { point in
            DataFormats.jsonObject([
                ("date", DataFormats.json(point.day.description)),
                ("value", number(point.value)),
                ("unit", DataFormats.json(series.unitName)),
                ("pr", point.isRecord ? "true" : "false"),
            ])
        }
        return "[\n  " + rows.joined(separator: ",\n  ") + "\n]"
    }

    /// A value to the hundredth, shortest form: `102.5`, `0`, `1234.57`.
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        return Decimal2.format(Int((value * 100).rounded()))
    }

    /// Without trailing spaces.
    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// The plotting surface: braille dots (2 × 4 a cell) or one ASCII character a cell.
private struct Canvas {
    let glyphs: ChartGlyphs
    let columns: Int
    let rows: Int
    /// Braille bits a cell, or the ASCII character.
    private var dots: [[UInt8]]
    private var ascii: [[Character]]
    private var marks: [Int: Character] = [:]

    init(glyphs: ChartGlyphs, columns: Int, rows: Int) {
        self.glyphs = glyphs
        self.columns = columns
        self.rows = rows
        dots = Array(repeating: Array(repeating: 0, count: columns), count: rows)
        ascii = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    var dotsPerRow: Int { glyphs == .unicode ? 4 : 1 }
    var xDots: Int { glyphs == .unicode ? columns * 2 : columns }
    var yDots: Int { rows * dotsPerRow }

    /// The row from the top that holds `level` (0 at the bottom).
    func row(ofLevel level: Int) -> Int {
        (yDots - 1 - level) / dotsPerRow
    }

    /// A straight line of dots (Bresenham), or of `- / \ |` in ASCII.
    mutating func line(from start: (Int, Int), to end: (Int, Int)) {
        var (x, y) = start
        let dx = abs(end.0 - x)
        let dy = -abs(end.1 - y)
        let sx = x < end.0 ? 1 : -1
        let sy = y < end.1 ? 1 : -1
        var error = dx + dy
        while true {
            let (fromX, fromY) = (x, y)
            if x == end.0 && y == end.1 {
                plot(x, y, step: nil)
                return
            }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += sx
            }
            if doubled <= dx {
                error += dx
                y += sy
            }
            plot(fromX, fromY, step: (x - fromX, y - fromY))
        }
    }

    private mutating func plot(_ x: Int, _ y: Int, step: (Int, Int)?) {
        guard (0..<xDots).contains(x), (0..<yDots).contains(y) else { return }
        switch glyphs {
        case .unicode:
            let row = row(ofLevel: y)
            let within = (yDots - 1 - y) % 4
            let bits: [UInt8] = x % 2 == 0 ? [0x01, 0x02, 0x04, 0x40] : [0x08, 0x10, 0x20, 0x80]
            dots[row][x / 2] |= bits[within]
        case .ascii:
            let row = row(ofLevel: y)
            guard ascii[row][x] == " " else { return }
            guard let (sx, sy) = step else {
                ascii[row][x] = "-"
                return
            }
            ascii[row][x] = sy == 0 ? "-" : sx == 0 ? "|" : sy > 0 ? "/" : "\\"
        }
    }

    /// A day's point: `●`/`*` for a PR; in ASCII every day shows as `o`.
    mutating func mark(x: Int, y: Int, record: Bool) {
        guard (0..<xDots).contains(x), (0..<yDots).contains(y) else { return }
        let row = row(ofLevel: y)
        let column = glyphs == .unicode ? x / 2 : x
        let key = row * columns + column
        if record {
            marks[key] = glyphs == .unicode ? "●" : "*"
        } else if glyphs == .ascii, marks[key] == nil {
            marks[key] = "o"
        }
    }

    func lines() -> [String] {
        (0..<rows).map { row in
            String((0..<columns).map { column -> Character in
                if let mark = marks[row * columns + column] { return mark }
                switch glyphs {
                case .unicode:
                    let bits = dots[row][column]
                    return bits == 0 ? " " : Character(Unicode.Scalar(0x2800 + UInt32(bits)) ?? " ")
                case .ascii:
                    return ascii[row][column]
                }
            })
        }
    }
}
