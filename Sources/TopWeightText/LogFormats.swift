import Foundation
import TopWeightCore

/// The training log as JSON for other tools: sessions and the calendar.
/// Names and notes are kept exactly as stored (JSON escapes what it must);
/// volumes are in kilograms, pounds converted.
public enum LogFormats {
    /// `{"date": "2026-11-21", "user": "Ana", "sets": 12, "volume": 2450,
    /// "exercises": 3, "exerciseNames": [...], "note": "…"|null, "routine": "…"|null}`,
    /// `"programDay": "week 2 day 1"` for a program's day walked with `:go`,
    /// and `"kinds": {"warmup": 2, "failure": 1}` (sets by history's `kind`)
    /// when the day has sets that are not working sets.
    public static func sessionJSON(_ session: TrainingSession) -> String {
        var pairs = [
            ("date", DataFormats.json(session.day.description)),
            ("user", DataFormats.json(session.user)),
            ("sets", String(session.sets)),
            ("volume", kilograms(session.volumeKilograms)),
            ("exercises", String(session.exercises.count)),
            ("exerciseNames", "[" + session.exercises.map(DataFormats.json).joined(separator: ",") + "]"),
            ("note", session.note.map(DataFormats.json) ?? "null"),
            ("routine", session.routine.map(DataFormats.json) ?? "null"),
        ]
        if let programDay = session.programDay { pairs.append(("programDay", DataFormats.json(programDay))) }
        let kinds = SessionText.kinds(of: session)
        if !kinds.isEmpty {
            pairs.append(("kinds", DataFormats.jsonObject(kinds.map { ($0.kind.rawValue, String($0.sets)) })))
        }
        return DataFormats.jsonObject(pairs)
    }

    /// `{"month": "2026-11", "days": [{"date", "sessions", "sets", "volume", "routine", "note"}]}`:
    /// one entry per day with sets, oldest first; a day is one session.
    public static func calendarJSON(_ month: TrainingMonth) -> String {
        let days = month.sessions.filter { $0.sets > 0 }.sorted { $0.day < $1.day }.map { session in
            DataFormats.jsonObject([
                ("date", DataFormats.json(session.day.description)),
                ("sessions", "1"),
                ("sets", String(session.sets)),
                ("volume", kilograms(session.volumeKilograms)),
                ("routine", session.routine.map(DataFormats.json) ?? "null"),
                ("note", session.note.map(DataFormats.json) ?? "null"),
            ])
        }
        let head = "{" + DataFormats.json("month") + ":" + DataFormats.json(month.month.description) + "," + DataFormats.json("days") + ":["
        return days.isEmpty ? head + "]}" : head + "\n  " + days.joined(separator: ",\n  ") + "\n]}"
    }

    /// A volume in kilograms to the hundredth, shortest form: `2450`, `918.53`.
    public static func kilograms(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "0" }
        return Decimal2.format(Int((value * 100).rounded()))
    }
}
