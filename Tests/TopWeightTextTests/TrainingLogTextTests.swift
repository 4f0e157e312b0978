import Foundation
import Testing
import TopWeightCore
import TopWeightText
import TopWeightTestSupport

/// Sessions made by hand: a day, a routine, a note and sets.
enum LogSamples {
    static func session(
        _ date: String, user: String = "Ana", routine: String? = nil, note: String? = nil,
        _ sets: [(String, Int, WeightUnit, Int, Int)]
    ) -> TrainingSession {
        let records = sets.enumerated().map { index, set in
            WorkoutRecord(
                id: Int64(index + 1), user: user, exercise: set.0,
                values: SetValues(weight: Weight(hundredths: set.1, unit: set.2), reps: set.3, series: set.4),
                performedAt: Date(timeIntervalSince1970: 0)
            )
        }
        return TrainingSession(day: day(date), user: user, records: records, note: note, routine: routine)
    }

    /// SGR escapes removed: what a colour line shows.
    static func stripped(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// November 2026 (the 1st is a Sunday): Push on the 2nd and 25th, Pull
    /// on the 4th, a day without a routine on the 21st.
    static let november = TrainingMonth(month: LocalMonth(year: 2026, month: 11) ?? LocalMonth(day("2026-11-01")), sessions: [
        session("2026-11-02", routine: "Push", [("Bench Press", 6000, .kg, 8, 3), ("Dips", 0, .kg, 10, 3)]),
        session("2026-11-04", routine: "Pull", note: "grip *gave out*", [("Deadlift", 14000, .kg, 5, 1)]),
        session("2026-11-21", [("Back Squat", 10000, .kg, 5, 5)]),
        session("2026-11-25", routine: "push", [("Overhead Press", 13500, .lb, 5, 3)]),
    ])
}

@Suite("Calendar text")
struct CalendarTextTests {
    private static let today = day("2026-11-21")

    @Test("marks training days with a glyph and today in brackets, weeks from Monday")
    func mondayWeeks() {
        let lines = CalendarText.render(LogSamples.november, today: Self.today, firstWeekday: 2, style: .plain)
        let push = CalendarText.mark(forRoutine: "Push").glyph
        let pull = CalendarText.mark(forRoutine: "Pull").glyph
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "November 2026")
        #expect(lines[1].hasPrefix(" Mo   Tu   We   Th   Fr   Sa   Su"))
        #expect(lines[2].hasPrefix(String(repeating: " ", count: 32) + "1  "))
        #expect(lines[3].hasPrefix("  2 \(push)  3    4 \(pull)  5    6    7    8  "))
        #expect(lines[5].hasPrefix(" 16   17   18   19   20  [21]● 22  "))
        #expect(lines[6].hasPrefix(" 23   24   25 \(push) 26   27   28   29  "))
        #expect(lines[7].hasPrefix(" 30  "))
        #expect(lines[8].hasPrefix("4 sessions · 15 sets · "))
        // Volume: 60×8×3 + 0 + 140×5 + 100×5×5 + 135 lb×5×3 (918.52 kg) = 5558.52 kg.
        #expect(lines[8].trimmingCharacters(in: .whitespaces).hasSuffix("· 5\u{202F}559 kg"))
        #expect(lines.count == 10)
    }

    @Test("starts weeks on Sunday when asked")
    func sundayWeeks() {
        let lines = CalendarText.render(LogSamples.november, today: Self.today, firstWeekday: 1, style: .plain)
        #expect(lines[1].hasPrefix(" Su   Mo   Tu   We   Th   Fr   Sa"))
        #expect(lines[2].hasPrefix("  1    2 \(CalendarText.mark(forRoutine: "Push").glyph)  3  "))
        #expect(lines[4].hasPrefix(" 15   16   17   18   19   20  [21]●"))
    }

    @Test("keeps every line the same display width", arguments: [1, 2, 7])
    func sameWidth(firstWeekday: Int) {
        for style in [TextStyle.plain, .color] {
            let lines = CalendarText.render(LogSamples.november, today: Self.today, firstWeekday: firstWeekday, style: style)
            let widths = Set(lines.map { TerminalText.width(LogSamples.stripped($0)) })
            #expect(widths.count == 1, "\(style): \(widths)")
        }
    }

    @Test("shows the same characters in colour as in plain text, with escapes only in colour")
    func colourAndPlain() {
        let plain = CalendarText.render(LogSamples.november, today: Self.today, firstWeekday: 2, style: .plain)
        let color = CalendarText.render(LogSamples.november, today: Self.today, firstWeekday: 2, style: .color)
        #expect(!plain.joined().contains("\u{1B}"))
        #expect(color.joined().contains("\u{1B}["))
        #expect(color.map(LogSamples.stripped) == plain)
        // A routine's glyph in its colour; today in bold.
        let push = CalendarText.mark(forRoutine: "Push")
        #expect(color[3].contains("\u{1B}[\(push.color)m\(push.glyph)\u{1B}[39m"))
        #expect(color[5].contains("\u{1B}[1m[21]\u{1B}[22m"))
    }

    @Test("names each routine once in a legend, with days without one")
    func legend() {
        let lines = CalendarText.render(LogSamples.november, today: Self.today, firstWeekday: 2, style: .plain)
        let push = CalendarText.mark(forRoutine: "Push").glyph
        let pull = CalendarText.mark(forRoutine: "Pull").glyph
        #expect(lines[9].trimmingCharacters(in: .whitespaces) == "\(pull) Pull  \(push) Push  ● no routine")
        let plainMonth = TrainingMonth(month: LogSamples.november.month, sessions: [LogSamples.session("2026-11-03", [("Curl", 1000, .kg, 10, 3)])])
        let noLegend = CalendarText.render(plainMonth, today: Self.today, firstWeekday: 2, style: .plain)
        #expect(noLegend.last?.hasPrefix("1 session · 3 sets · 300 kg") == true)
    }

    @Test("gives a routine the same glyph and colour in any case, in every run")
    func stableMarks() {
        #expect(CalendarText.mark(forRoutine: "Push") == CalendarText.mark(forRoutine: "PUSH"))
        #expect(CalendarText.mark(forRoutine: nil) == ("●", 32))
        // FNV-1a of the name's key, not Swift's per-process seeded Hasher.
        #expect(CalendarText.mark(forRoutine: "Push") == ("✚", 94))
        #expect(CalendarText.mark(forRoutine: "Pull") == ("▼", 31))
    }

    @Test("says when a month has no training, and marks no today outside the month")
    func emptyMonth() {
        let october = TrainingMonth(month: LocalMonth(year: 2026, month: 10) ?? LogSamples.november.month, sessions: [])
        let lines = CalendarText.render(october, today: Self.today, firstWeekday: 2, style: .plain)
        #expect(lines.last?.hasPrefix("No training this month.") == true)
        #expect(!lines.joined().contains("["))
        #expect(!lines.joined().contains("●"))
    }

    @Test("shows a routine name with control characters harmlessly")
    func hostileRoutine() {
        let month = TrainingMonth(month: LogSamples.november.month, sessions: [
            LogSamples.session("2026-11-03", routine: "\u{1B}[2JWipe", [("Curl", 1000, .kg, 10, 3)]),
        ])
        let lines = CalendarText.render(month, today: Self.today, firstWeekday: 2, style: .color)
        #expect(lines.joined().contains("^[[2JWipe"))
        #expect(!lines.joined().contains("\u{1B}[2J"))
    }
}

@Suite("Session text")
struct SessionTextTests {
    // Sat 21 Nov 2026, 12:00 UTC.
    private static let now = Date(timeIntervalSince1970: 1_795_262_400)

    private static func grouping() throws -> HistoryGrouping {
        HistoryGrouping(timeZone: try #require(TimeZone(identifier: "UTC")))
    }

    private static let sessions = [
        LogSamples.session("2026-11-13", [("Back Squat", 10000, .kg, 5, 5)]),
        LogSamples.session("2026-11-21", routine: "Push", note: "**felt strong**\n- more dips",
                           [("Bench Press", 6000, .kg, 8, 3), ("Overhead Press", 4000, .kg, 8, 3), ("Dips", 0, .kg, 10, 3)]),
        LogSamples.session("2026-11-20", routine: "Pull", [("Deadlift", 30000, .lb, 5, 1)]),
    ]

    @Test("lists sessions newest first in aligned columns, a note marked")
    func table() throws {
        let lines = SessionText.render(Self.sessions, grouping: try Self.grouping(), now: Self.now)
        #expect(lines == [
            "Day          Routine  Sets    Volume  Exercises",
            "Today      ✎ Push        9  2\u{202F}400 kg  3  Bench Press, Overhead Press, Dips",
            "Yesterday    Pull        1    680 kg  1  Deadlift",
            "Fri 13 Nov   -           5  2\u{202F}500 kg  1  Back Squat",
        ])
    }

    @Test("renders each note under its session when asked")
    func notes() throws {
        let plain = SessionText.render(Self.sessions, grouping: try Self.grouping(), now: Self.now, notes: .plain)
        #expect(plain[2] == "    felt strong")
        #expect(plain[3] == "    • more dips")
        #expect(plain.count == 6)
        let color = SessionText.render(Self.sessions, grouping: try Self.grouping(), now: Self.now, notes: .color)
        #expect(color[2] == "    \u{1B}[1mfelt strong\u{1B}[22m")
    }

    @Test("cuts exercise names to the width with an ellipsis", arguments: [50, 60, 70])
    func truncates(width: Int) throws {
        let lines = SessionText.render(Self.sessions, grouping: try Self.grouping(), now: Self.now, width: width)
        let today = lines[1]
        #expect(TerminalText.width(today) <= width)
        #expect(today.hasSuffix("…"))
        #expect(lines[2].hasSuffix("Deadlift"))
    }

    @Test("marks the warm-ups, drop sets and failed sets an import marked, as history does, counted in sets")
    func kinds() throws {
        var session = LogSamples.session("2026-11-21", [
            ("Bench Press", 4000, .kg, 10, 2), ("Bench Press", 8000, .kg, 5, 3), ("Bench Press", 6000, .kg, 8, 1),
            ("Bench Press", 8000, .kg, 3, 1),
        ])
        session.records[0].kind = .warmup
        session.records[2].kind = .drop
        session.records[3].kind = .failure
        let sessions = [session, Self.sessions[0], Self.sessions[2]]
        let lines = SessionText.render(sessions, grouping: try Self.grouping(), now: Self.now, width: 100)
        #expect(lines[1] == "Today        -           7  2\u{202F}720 kg  1  Bench Press  (2 warm-up, 1 drop set, 1 to failure)")
        #expect(lines[2] == "Yesterday    Pull        1    680 kg  1  Deadlift")
        let cut = SessionText.render(sessions, grouping: try Self.grouping(), now: Self.now, width: 85)
        #expect(TerminalText.width(cut[1]) <= 85)
        #expect(cut[1].hasSuffix("Benc…  (2 warm-up, 1 drop set, 1 to failure)"), "\(cut[1])")
    }

    @Test("shows names from the database harmlessly")
    func hostileNames() throws {
        let session = LogSamples.session("2026-11-21", routine: "\u{1B}[31mRed", [("\u{07}Bell", 1000, .kg, 1, 1)])
        let lines = SessionText.render([session], grouping: try Self.grouping(), now: Self.now)
        #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 })
        #expect(lines[1].contains("^[[31mRed") && lines[1].contains("^GBell"))
    }
}

@Suite("Training log JSON")
struct LogFormatsTests {
    private static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("writes a session with the contract's keys, volume in kg")
    func session() throws {
        let noted = LogSamples.session("2026-11-21", routine: "Push", note: "line \"one\"\n\u{1B}two",
                                       [("Bench Press", 6000, .kg, 8, 3), ("Overhead Press", 13500, .lb, 5, 3)])
        let json = try Self.object(LogFormats.sessionJSON(noted))
        #expect(json["date"] as? String == "2026-11-21")
        #expect(json["user"] as? String == "Ana")
        #expect(json["sets"] as? Int == 6)
        #expect(json["volume"] as? Double == 2358.52)  // 1440 + 135 lb × 15 = 918.52 kg
        #expect(json["exercises"] as? Int == 2)
        #expect(json["exerciseNames"] as? [String] == ["Bench Press", "Overhead Press"])
        #expect(json["note"] as? String == "line \"one\"\n\u{1B}two")
        #expect(json["routine"] as? String == "Push")

        let bare = try Self.object(LogFormats.sessionJSON(LogSamples.session("2026-11-20", [("Curl", 1000, .kg, 10, 1)])))
        #expect(bare["note"] is NSNull && bare["routine"] is NSNull)
        #expect(bare["volume"] as? Int == 100)
    }

    @Test("counts a session's marked sets by kind, as history's kind, only when there are some")
    func kinds() throws {
        var session = LogSamples.session("2026-11-21", [("Bench Press", 4000, .kg, 10, 2), ("Bench Press", 8000, .kg, 3, 1)])
        session.records[0].kind = .warmup
        session.records[1].kind = .failure
        let json = try Self.object(LogFormats.sessionJSON(session))
        #expect(json["kinds"] as? [String: Int] == ["warmup": 2, "failure": 1])
        #expect(json["sets"] as? Int == 3)
        let plain = try Self.object(LogFormats.sessionJSON(LogSamples.session("2026-11-20", [("Curl", 1000, .kg, 10, 1)])))
        #expect(plain["kinds"] == nil)
    }

    @Test("writes a month as its days with sets, oldest first, one session each")
    func calendar() throws {
        var month = LogSamples.november
        month.sessions.append(LogSamples.session("2026-11-01", []))
        let json = try Self.object(LogFormats.calendarJSON(month))
        #expect(json["month"] as? String == "2026-11")
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-11-02", "2026-11-04", "2026-11-21", "2026-11-25"])
        #expect(days.allSatisfy { $0["sessions"] as? Int == 1 })
        #expect(days.map { $0["sets"] as? Int } == [6, 1, 5, 3])
        #expect(days[3]["volume"] as? Double == 918.52)
        #expect(days[1]["note"] as? String == "grip *gave out*")
        #expect(days[2]["routine"] is NSNull)

        let empty = try Self.object(LogFormats.calendarJSON(TrainingMonth(month: month.month, sessions: [])))
        #expect((empty["days"] as? [Any])?.isEmpty == true)
    }

    @Test("writes volumes to the hundredth, shortest form", arguments: [
        (2450.0, "2450"), (918.532_1, "918.53"), (0.005, "0.01"), (12.5, "12.5"), (0, "0"), (Double.nan, "0"),
    ])
    func kilograms(value: Double, text: String) {
        #expect(LogFormats.kilograms(value) == text)
    }
}
