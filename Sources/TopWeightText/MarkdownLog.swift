import Foundation
import TopWeightCore

/// A member's log as Markdown (`topweight export --format markdown`): a
/// heading per member, a heading per day with its routine, the day's sets
/// as a table in their own units and kinds, and the day's note as written.
///
/// Written for GitHub's renderer and for Ink (what the logger renders notes
/// with): tables with a leading and trailing `|` on every row, names and
/// cells escaped so nothing in them is read as Markdown (`|` can't end a
/// cell, `*` can't start emphasis, `<` can't open a tag). A note is the
/// member's own Markdown: it is written as typed, each line break kept as
/// the logger shows it (two trailing spaces), after the table, but for its
/// headings, nested under the day's, and its links to anything but http(s)
/// and mailto, written as plain text (`noteLines`).
public enum MarkdownLog {
    /// The whole export: a title, then each member's days, oldest first.
    public static func document(_ members: [(member: String, days: [TrainingSession])], timeZone: TimeZone,
                                from: LocalDay?, through: LocalDay?) -> [String] {
        var lines = ["# Training log"]
        let span = [from.map { "from \($0)" }, through.map { "through \($0)" }].compactMap { $0 }
        if !span.isEmpty { lines += ["", inline(span.joined(separator: " ").prefix(1).uppercased() + span.joined(separator: " ").dropFirst()) + "."] }
        for (member, days) in members {
            lines += ["", "## " + inline(member)]
            if days.isEmpty { lines += ["", "Nothing logged."] }
            for day in days { lines += [""] + self.day(day, timeZone: timeZone) }
        }
        return lines
    }

    /// One day: `### Mon 16 Nov 2026`, the routine, the sets' table, the note.
    public static func day(_ session: TrainingSession, timeZone: TimeZone) -> [String] {
        var lines = ["### " + inline(ReportText.short(session.day, year: true))]
        if let routine = session.routine, !routine.isEmpty {
            let place = session.programDay.map { ", " + inline($0) } ?? ""
            lines += ["", "Routine: **\(inline(routine))**\(place)"]
        }
        if !session.records.isEmpty {
            lines += [""] + sets(session.records, timeZone: timeZone)
        }
        if let note = session.note, note.contains(where: { !$0.isWhitespace }) {
            lines += [""] + MarkdownText.withBreaks(noteLines(textTags(MarkdownText.normalizedLines(note.trimmingCharacters(in: .newlines)))))
        }
        return lines
    }

    /// A note's lines with each `<` as text (`&lt;`) outside code, as the
    /// logger shows it: a note's raw HTML (`<b>`, `</table>`) is never markup.
    static func textTags(_ lines: [String]) -> [String] {
        var fenced = false
        return lines.map { line in
            if line.drop(while: { $0 == " " }).hasPrefix("```") {
                fenced.toggle()
                return line
            }
            guard !fenced, line.contains("<") else { return line }
            var out = ""
            var inCode = false
            for character in line {
                if character == "`" { inCode.toggle() }
                out += character == "<" && !inCode ? "&lt;" : String(character)
            }
            return out
        }
    }

    /// The columns a day's table may have; a column nothing fills that day is left out.
    enum Column: String, CaseIterable {
        case time = "Time", exercise = "Exercise", load = "Load", reps = "Reps", series = "Series"
        case duration = "Duration", distance = "Distance", rpe = "RPE", kind = "Kind", superset = "Superset"
    }

    /// The day's sets as a table, in the order done.
    static func sets(_ records: [WorkoutRecord], timeZone: TimeZone) -> [String] {
        let rows = records.map { cells($0, timeZone: timeZone) }
        let columns = Column.allCases.filter { column in rows.contains { !($0[column] ?? "").isEmpty } }
        return table(header: columns.map(\.rawValue), rows: rows.map { row in columns.map { row[$0] ?? "" } },
                     rightAligned: Set(columns.indices.filter { [.reps, .series, .rpe].contains(columns[$0]) }))
    }

    /// One set's cells: the time it was done, and its numbers as its kind has them.
    static func cells(_ record: WorkoutRecord, timeZone: TimeZone) -> [Column: String] {
        let values = record.values
        var cells: [Column: String] = [.time: clock(record.performedAt, timeZone: timeZone), .exercise: record.exercise]
        switch values.measure {
        case .weight:
            cells[.load] = values.weight.description
            cells[.reps] = String(values.reps)
            cells[.series] = String(values.series)
        case .bodyweight:
            cells[.load] = AddedLoad.describe(values.signedLoadHundredths, unit: values.weight.unit)
            cells[.reps] = String(values.reps)
            cells[.series] = String(values.series)
        case .time:
            cells[.duration] = values.duration?.description
            cells[.series] = String(values.series)
        case .distance:
            cells[.distance] = values.distance?.description
            cells[.duration] = values.duration?.description
        }
        cells[.rpe] = values.effort?.description
        cells[.kind] = record.kind.map(kindName)
        cells[.superset] = record.superset
        return cells
    }

    static func kindName(_ kind: SetKind) -> String {
        switch kind {
        case .warmup: "warm-up"
        case .drop: "drop set"
        case .failure: "to failure"
        }
    }

    /// `07:05`, the local time of day.
    static func clock(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    // MARK: - Markdown pieces

    /// A table: a header row, its rule (`---:` for numbers), then the rows;
    /// every cell escaped (`inline`).
    public static func table(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        func row(_ cells: [String]) -> String {
            "| " + cells.map { $0.isEmpty ? " " : inline($0, lineStart: false) }.joined(separator: " | ") + " |"
        }
        let rule = "|" + header.indices.map { rightAligned.contains($0) ? " ---: " : " --- " }.joined(separator: "|") + "|"
        return [row(header), rule] + rows.map(row)
    }

    /// Text that reads as itself in a Markdown line or table cell: the
    /// characters Markdown gives a meaning to anywhere are escaped with a
    /// backslash (`|` too, so a cell ends only where the table says), those
    /// that mean something only at a line's start (`#`, `-`, `+`, `>`, `1.`)
    /// there only, `<` and `&` as entities (no tag, no entity of the text's
    /// own), and line breaks and tabs as spaces. In a table's cell
    /// (`lineStart: false`) nothing starts a block, so only the first kind is.
    public static func inline(_ text: some StringProtocol, lineStart: Bool = true) -> String {
        var out = ""
        var atStart = lineStart
        var digits = 0
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "~":
                out += "\\" + String(character)
            case "#", "-", "+", ">":
                out += atStart ? "\\" + String(character) : String(character)
            case ".", ")":
                out += atStart && digits > 0 ? "\\" + String(character) : String(character)
            case "<": out += "&lt;"
            case "&": out += "&amp;"
            case "\n", "\r", "\r\n", "\t": out += " "
            // Whatever else could move a reader's cursor or reset their terminal (ESC, BS, BEL, C1) is dropped.
            case _ where character.unicodeScalars.contains(where: NameRules.isForbidden): continue
            default: out.append(character)
            }
            if character.isASCII, character.isNumber, atStart {
                digits += 1
            } else if !(atStart && digits == 0 && character == " ") {
                atStart = false
            }
        }
        return out
    }
}
