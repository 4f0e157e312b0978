import Foundation
import TopWeightCore

/// A search's days, newest first, the words that matched marked: reversed
/// bold at a terminal, `[between brackets]` in plain text (a pipe, a file,
/// `NO_COLOR`).
///
/// ```
/// 2 days with squ, Zoë
/// Fri 20 Nov · Leg Day
///   [Back Squat]  100 kg × 5 × 5, 105 kg × 3 × 1
///   ✎ [Zoë] spotted me on the last set
/// ```
public enum SearchText {
    /// `older` is the last line when older days match too (how to see them where the result is shown).
    public static func render(_ result: SearchResult, grouping: HistoryGrouping, now: Date, style: TextStyle,
                              older: String = "… older days match too: --limit N (0 for all)") -> [String] {
        let words = result.typed.joined(separator: ", ")
        guard !result.days.isEmpty else { return ["Nothing in \(TerminalText.safe(result.member.name))'s log has \(words)."] }
        let count = result.days.count == 1 ? "1 day" : "\(result.days.count)\(result.more ? " newest" : "") days"
        var lines = ["\(count) with \(words)"]
        for day in result.days {
            var heading = grouping.label(for: day.day.start(in: grouping.calendar), now: now)
            if let routine = day.routine { heading += " · " + marked(routine, result.terms, style) }
            lines.append(heading)
            lines += exercises(day.records).map { name, sets in
                let shown = result.aliased.contains(NameRules.key(name)) && SearchWords.matches(in: name, terms: result.terms).isEmpty
                    ? mark(TerminalText.safe(name), style) : marked(name, result.terms, style)
                return "  " + shown + "  " + sets.joined(separator: ", ")
            }
            // The note's lines as `sessions` renders them (plain: the marks are the only style), those a word is in.
            let matching = (day.note.map { MarkdownText.render($0, style: .plain) } ?? [])
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !SearchWords.matches(in: $0, terms: result.terms).isEmpty }
            lines += matching.prefix(3).enumerated().map { ($0.offset == 0 ? "  ✎ " : "    ") + marked($0.element, result.terms, style) }
            if matching.count > 3 { lines.append("    … \(matching.count - 3) more lines of the note") }
        }
        if result.more { lines.append(older) }
        return lines
    }

    /// The day's sets by exercise, in the order the exercises were first done.
    static func exercises(_ records: [WorkoutRecord]) -> [(String, [String])] {
        var order: [String] = []
        var sets: [String: [String]] = [:]
        for record in records {
            if sets[record.exercise] == nil { order.append(record.exercise) }
            let columns = HistoryText.columns(of: record.values)
            sets[record.exercise, default: []].append(columns.lead + (columns.reps.map { " × " + $0 } ?? "") + columns.rest)
        }
        return order.map { ($0, sets[$0] ?? []) }
    }

    /// `text` made safe for the terminal, each word a term begins marked.
    public static func marked(_ text: String, _ terms: [String], _ style: TextStyle) -> String {
        let safe = TerminalText.safe(text)
        var out = ""
        var last = safe.startIndex
        for range in SearchWords.matches(in: safe, terms: terms) {
            out += safe[last..<range.lowerBound] + mark(String(safe[range]), style)
            last = range.upperBound
        }
        return out + safe[last...]
    }

    static func mark(_ text: String, _ style: TextStyle) -> String {
        style == .color ? SGR.bold + SGR.reverse + text + SGR.reverseOff + SGR.boldOff : "[" + text + "]"
    }

    /// The result as one JSON object: `user`, `terms`, `more`, and `days`,
    /// each `{"date", "routine", "note", "sets": [the history's rows]}`.
    public static func json(_ result: SearchResult, timeZone: TimeZone) -> String {
        let formatter = RecordFormatter(timeZone: timeZone)
        let days = result.days.map { day in
            DataFormats.jsonObject([
                ("date", DataFormats.json(day.day.description)),
                ("routine", day.routine.map(DataFormats.json) ?? "null"),
                ("note", day.note.map(DataFormats.json) ?? "null"),
                ("sets", "[" + day.records.map(formatter.json).joined(separator: ",") + "]"),
            ])
        }
        return DataFormats.jsonObject([
            ("user", DataFormats.json(result.member.name)),
            ("terms", "[" + result.terms.map(DataFormats.json).joined(separator: ",") + "]"),
            ("more", result.more ? "true" : "false"),
            ("days", "[" + days.joined(separator: ",") + "]"),
        ])
    }
}

// MARK: - Many members at the desk

extension SearchText {
    /// The days found among several members (`search` at the desk), a
    /// member's name over their days, as `render` shows one member's:
    ///
    /// ```
    /// 3 days of 2 members with knee
    /// Ana
    ///   Tue 1 Dec · Leg Day
    ///     ✎ left [knee] a bit sore
    /// ```
    public static func render(_ results: [SearchResult], more: Bool, words typed: [String], among scope: String,
                              grouping: HistoryGrouping, now: Date, style: TextStyle) -> [String] {
        let words = typed.joined(separator: ", ")
        guard !results.isEmpty else { return ["Nothing in \(TerminalText.safe(scope)) has \(words)."] }
        let days = results.reduce(0) { $0 + $1.days.count }
        let members = results.count == 1 ? "1 member" : "\(results.count) members"
        var lines = ["\(days == 1 ? "1 day" : "\(days)\(more ? " newest" : "") days") of \(members) with \(words)"]
        for result in results {
            lines.append(TerminalText.safe(result.member.name))
            lines += render(result, grouping: grouping, now: now, style: style).dropFirst().map { "  " + $0 }
        }
        if more { lines.append("… older days match too: --limit N (0 for all)") }
        return lines
    }

    /// `{"terms", "more", "members": [{"user", "days"}]}`, each member's days as `json` writes them.
    public static func json(_ results: [SearchResult], more: Bool, terms: [String], timeZone: TimeZone) -> String {
        DataFormats.jsonObject([
            ("terms", "[" + terms.map(DataFormats.json).joined(separator: ",") + "]"),
            ("more", more ? "true" : "false"),
            ("members", "[" + results.map { json($0, timeZone: timeZone) }.joined(separator: ",") + "]"),
        ])
    }
}
