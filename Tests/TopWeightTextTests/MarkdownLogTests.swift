import Foundation
import Ink
import Testing
import TopWeightCore
import TopWeightText

/// The log as Markdown: every kind of set in a table that parses (with Ink,
/// what the logger renders notes with) to the cells meant, names that can't
/// break out of their cell, notes as written.
@Suite("The log as Markdown")
struct MarkdownLogTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current

    static func at(_ hour: Int, _ minute: Int) -> Date {
        // 2026-11-20, a Friday, at hour:minute UTC.
        Date(timeIntervalSince1970: 1_763_596_800 + Double(hour * 3600 + minute * 60))
    }

    static func set(_ exercise: String, _ values: SetValues, _ hour: Int, _ minute: Int, kind: SetKind? = nil) -> WorkoutRecord {
        WorkoutRecord(id: Int64(hour * 60 + minute), user: "Ana", exercise: exercise, values: values, performedAt: at(hour, minute), kind: kind)
    }

    /// A day with every kind of set: weight in kg and lb, a warm-up, RPE,
    /// bodyweight alone, with a load and assisted, a hold, a distance.
    static var day: TrainingSession {
        var rated = SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 3)
        rated.effort = Effort(rpe: 8.5)
        return TrainingSession(day: LocalDay(year: 2026, month: 11, day: 20) ?? LocalDay(Date(), in: .current), user: "Ana", records: [
            set("Back Squat", SetValues(weight: Weight(value: 60, unit: .kg), reps: 5, series: 1), 7, 5, kind: .warmup),
            set("Back Squat", rated, 7, 12),
            set("Bench Press", SetValues(weight: Weight(value: 135, unit: .lb), reps: 8, series: 3), 7, 30),
            set("Dip", .bodyweight(load: 0, unit: .kg, reps: 12, series: 2), 7, 40),
            set("Pull-up", .bodyweight(load: 1000, unit: .kg, reps: 6, series: 3), 7, 45),
            set("Pull-up", .bodyweight(load: -2000, unit: .kg, reps: 8, series: 1), 7, 50, kind: .failure),
            set("Plank", .timed(SetDuration(seconds: 90), series: 3), 8, 0),
            set("Rowing", .covered(Distance(value: 2000, unit: .m), in: SetDuration(seconds: 465)), 8, 10),
            set("Press | *wide* <b>", SetValues(weight: Weight(value: 40, unit: .kg), reps: 10, series: 2), 8, 20, kind: .drop),
        ], note: "**Felt** strong | new belt\nsquats moved fast", routine: "Push_A #1")
    }

    /// The cells of each row of the first table in Ink's HTML, header first, entities decoded.
    static func tableCells(_ html: String) throws -> [[String]] {
        let table = String(try #require(html.range(of: "<table>").flatMap { start in html.range(of: "</table>").map { html[start.lowerBound..<$0.upperBound] } }))
        let cell = try NSRegularExpression(pattern: "<t[hd](?: [^>]*)?>(.*?)</t[hd]>")
        return table.components(separatedBy: "</tr>").dropLast().map { row in
            cell.matches(in: row, range: NSRange(row.startIndex..., in: row)).compactMap { match in
                Range(match.range(at: 1), in: row).map { String(row[$0]) }
            }.map { text in
                text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            }
        }
    }

    @Test("every kind of set parses, with Ink, to the table meant: the day's own columns, each set in its units and kind")
    func everyKind() throws {
        let markdown = MarkdownLog.day(Self.day, timeZone: Self.utc).joined(separator: "\n")
        let html = MarkdownParser().html(from: markdown)
        let rows = try Self.tableCells(html)
        #expect(rows == [
            ["Time", "Exercise", "Load", "Reps", "Series", "Duration", "Distance", "RPE", "Kind"],
            ["07:05", "Back Squat", "60 kg", "5", "1", "", "", "", "warm-up"],
            ["07:12", "Back Squat", "100 kg", "5", "3", "", "", "@8.5", ""],
            ["07:30", "Bench Press", "135 lb", "8", "3", "", "", "", ""],
            ["07:40", "Dip", "BW", "12", "2", "", "", "", ""],
            ["07:45", "Pull-up", "BW + 10 kg", "6", "3", "", "", "", ""],
            ["07:50", "Pull-up", "BW \u{2212} 20 kg", "8", "1", "", "", "", "to failure"],
            ["08:00", "Plank", "", "", "3", "1:30", "", "", ""],
            ["08:10", "Rowing", "", "", "", "7:45", "2 000 m", "", ""],
            ["08:20", "Press | *wide* <b>", "40 kg", "10", "2", "", "", "", "drop set"],
        ])
        // The heading, the routine (its `_` and `#` kept as text), the note's own Markdown.
        #expect(html.hasPrefix("<h3>Fri 20 Nov 2026</h3>"))
        #expect(html.contains("Routine: <strong>Push_A #1</strong>"))
        #expect(html.contains("<strong>Felt</strong> strong | new belt"))
        #expect(!html.contains("<b>"))
    }

    @Test("a program's day walked with :go names its week and day beside the program")
    func programDay() {
        var day = Self.day
        day.routine = "5/3/1"
        day.programDay = "week 2 day 3"
        let html = MarkdownParser().html(from: MarkdownLog.day(day, timeZone: Self.utc).joined(separator: "\n"))
        #expect(html.contains("Routine: <strong>5/3/1</strong>, week 2 day 3"), "\(html)")
        day.programDay = nil
        let routineOnly = MarkdownParser().html(from: MarkdownLog.day(day, timeZone: Self.utc).joined(separator: "\n"))
        #expect(routineOnly.contains("Routine: <strong>5/3/1</strong></p>"), "\(routineOnly)")
    }

    @Test("no control character of a routine, program day or name reaches the Markdown: escapes, backspaces and bells are dropped")
    func controlsDropped() {
        var day = Self.day
        day.routine = "5/3/1\u{1B}#8"
        day.programDay = "week 3 day 3 \u{08}\u{08}Routine: Bench only \u{1B}c\u{07}\u{9B}"
        let markdown = MarkdownLog.day(day, timeZone: Self.utc).joined(separator: "\n")
        #expect(!markdown.unicodeScalars.contains { NameRules.isForbidden($0) && $0 != "\n" }, "\(markdown.debugDescription)")
        #expect(markdown.contains("Routine: **5/3/1#8**, week 3 day 3 Routine: Bench only c"), "\(markdown)")
    }

    @Test("a day of weights only has no column for times, distances, RPE or kinds; numbers align right")
    func onlyItsColumns() {
        let day = TrainingSession(day: LocalDay(year: 2026, month: 11, day: 20) ?? LocalDay(Date(), in: .current), user: "Ana",
                                  records: [Self.set("Deadlift", SetValues(weight: Weight(value: 180, unit: .kg), reps: 3, series: 2), 18, 0)])
        #expect(MarkdownLog.day(day, timeZone: Self.utc) == [
            "### Fri 20 Nov 2026", "",
            "| Time | Exercise | Load | Reps | Series |",
            "| --- | --- | --- | ---: | ---: |",
            "| 18:00 | Deadlift | 180 kg | 3 | 2 |",
        ])
    }

    @Test("a superset's sets carry their place (A1, A2) in a column of their own, as history shows them")
    func supersetColumn() {
        var bench = Self.set("Bench Press", SetValues(weight: Weight(value: 60, unit: .kg), reps: 8, series: 1), 18, 0)
        var row = Self.set("Barbell Row", SetValues(weight: Weight(value: 50, unit: .kg), reps: 8, series: 1), 18, 2)
        (bench.superset, row.superset) = ("A1", "A2")
        let day = TrainingSession(day: LocalDay(year: 2026, month: 11, day: 20) ?? LocalDay(Date(), in: .current), user: "Ana",
                                  records: [bench, row])
        #expect(MarkdownLog.day(day, timeZone: Self.utc) == [
            "### Fri 20 Nov 2026", "",
            "| Time | Exercise | Load | Reps | Series | Superset |",
            "| --- | --- | --- | ---: | ---: | --- |",
            "| 18:00 | Bench Press | 60 kg | 8 | 1 | A1 |",
            "| 18:02 | Barbell Row | 50 kg | 8 | 1 | A2 |",
        ])
    }

    @Test("the logger's own renderer reads the export's table and note", arguments: [TextStyle.plain])
    func loggerRenders(style: TextStyle) {
        let markdown = MarkdownLog.day(Self.day, timeZone: Self.utc).joined(separator: "\n")
        let lines = MarkdownText.render(markdown, style: style)
        #expect(lines.contains { $0.contains("Press | *wide* <b>") && $0.contains("40 kg") && $0.contains("drop set") })
        #expect(lines.contains { $0.contains("Pull-up") && $0.contains("BW + 10 kg") })
        #expect(lines.contains("Felt strong | new belt"))
        #expect(lines.contains("squats moved fast"))
        #expect(!lines.joined().contains("\\|"))
    }

    @Test("a note's raw HTML stays text, as the logger shows it, except in code")
    func noteTags() {
        var day = Self.day
        day.note = "<b>bold?</b> `a<b`\n```\nx<y\n```\n</table><script>alert(1)</script>"
        let markdown = MarkdownLog.day(day, timeZone: Self.utc)
        #expect(markdown.suffix(5) == ["&lt;b>bold?&lt;/b> `a<b`", "```", "x<y", "```", "&lt;/table>&lt;script>alert(1)&lt;/script>"])
        let html = MarkdownParser().html(from: markdown.joined(separator: "\n"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<b>"))
    }

    @Test("inline text: Markdown's characters escaped, those of a line's start only there",
          arguments: [("a|b", "a\\|b"), ("*x*", "\\*x\\*"), ("_y_", "\\_y\\_"), ("# h", "\\# h"), ("a # b", "a # b"),
                      ("- item", "\\- item"), ("Pull-up", "Pull-up"), ("1. first", "1\\. first"), ("5x5 1.5", "5x5 1.5"),
                      ("<script>", "&lt;script>"), ("a & b", "a &amp; b"), ("`code`", "\\`code\\`"), ("[link](x)", "\\[link\\](x)"),
                      ("two\nlines", "two lines"), ("> quote", "\\> quote"), ("+1", "\\+1"), ("back\\slash", "back\\\\slash")])
    func inline(text: String, escaped: String) {
        #expect(MarkdownLog.inline(text) == escaped)
    }

    @Test("the document: a member's heading, days oldest first, a day of a note alone, and the span asked")
    func document() {
        let noteOnly = TrainingSession(day: LocalDay(year: 2026, month: 11, day: 21) ?? LocalDay(Date(), in: .current), user: "Ana",
                                       records: [], note: "rest day", routine: nil)
        let lines = MarkdownLog.document([("Ana | Souza", [Self.day, noteOnly]), ("Bo", [])], timeZone: Self.utc,
                                         from: LocalDay(year: 2026, month: 11, day: 1), through: nil)
        #expect(lines.prefix(5) == ["# Training log", "", "From 2026-11-01.", "", "## Ana \\| Souza"])
        #expect(lines.contains("### Sat 21 Nov 2026"))
        #expect(lines.suffix(3) == ["## Bo", "", "Nothing logged."])
        let html = MarkdownParser().html(from: lines.joined(separator: "\n"))
        #expect(html.contains("<h2>Ana | Souza</h2>"))
        #expect(html.contains("<p>rest day</p>"))
    }
    @Test("a note's own headings sit under its day's (####, never at the title's level); in code they stay as typed")
    func noteHeadings() {
        var day = Self.day
        day.note = "# Legs\n## Squat\n### Sets\n#### Deep\n```\n# not a heading\n```\n#hashtag and a # in text"
        let markdown = MarkdownLog.day(day, timeZone: Self.utc)
        #expect(markdown.suffix(8) == ["#### Legs", "##### Squat", "###### Sets", "###### Deep", "```", "# not a heading", "```",
                                       "#hashtag and a # in text"], "\(markdown.suffix(8))")
        let html = MarkdownParser().html(from: MarkdownLog.document([("Ana", [day])], timeZone: Self.utc, from: nil, through: nil)
            .joined(separator: "\n"))
        #expect(!html.contains("<h1>Legs") && !html.contains("<h2>Squat") && html.contains("<h4>Legs</h4>"), "\(html)")
    }

    @Test("only http(s) and mailto links are kept as links; any other is written as its text and address, plain")
    func noteLinks() {
        var day = Self.day
        day.note = "[a](javascript:alert(1)) [b](https://example.com/x) ![c](JavaScript:x) [d](mailto:coach@example.com) [e](data:text/html,x)\n`[f](javascript:y)`"
        let markdown = MarkdownLog.day(day, timeZone: Self.utc)
        let html = MarkdownParser().html(from: markdown.joined(separator: "\n"))
        #expect(!html.lowercased().contains("href=\"javascript") && !html.lowercased().contains("src=\"javascript") && !html.contains("href=\"data:"),
                "\(html)")
        #expect(html.contains("<a href=\"https://example.com/x\">b</a>") && html.contains("<a href=\"mailto:coach@example.com\">d</a>"), "\(html)")
        #expect(html.contains("a (javascript:alert(1))"), "\(html)")
        #expect(markdown.last == "`[f](javascript:y)`")
    }
}
