import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightTestSupport

/// The training log in the real binary on a real pseudo-terminal: a member
/// dates a set to yesterday, repeats their last session, follows a routine,
/// writes a note, fixes a set and pages through their history with the keys
/// a terminal sends (Page Down arrives as an escape sequence).
@Suite("The training log at a real terminal", .serialized)
struct TrainingLogTerminalTests {
    /// 10:00 on the day `daysAgo` days back, in this zone (the binary's): a
    /// session's sets minutes apart fall on one day whatever the hour the
    /// suite runs (three days back from 23:50 and twenty minutes on was two days).
    static func morning(daysAgo: Int, from now: Date = Date()) -> Date {
        let calendar = Calendar.current
        let day = calendar.date(byAdding: .day, value: -daysAgo, to: calendar.startOfDay(for: now))!
        return calendar.date(byAdding: .hour, value: 10, to: day)!
    }

    @Test("with NO_COLOR the calendar's arrows redraw the month in place; : there runs a command")
    func calendarInPlace() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [],
                                          environment: PseudoTerminal.environment(db: scratch.db, ["NO_COLOR": "1"]))
        try terminal.waitFor("user [Ana]: ")
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        mark = terminal.mark
        terminal.type(":calendar\r")
        try terminal.waitFor("any other key: back ", after: mark)
        mark = terminal.mark
        terminal.type("\u{1B}[D")
        try terminal.waitFor("any other key: back ", after: mark)
        // Up over the month shown, each line cleared in place, then the month before.
        let moved = terminal.text(after: mark)
        #expect(moved.range(of: "\r\u{1B}\\[2K(\u{1B}\\[1A\u{1B}\\[2K)+", options: .regularExpression) != nil, "\(moved.debugDescription)")
        mark = terminal.mark
        terminal.type(":users\r")
        try terminal.waitFor("1 record", after: mark)
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        #expect(!terminal.text(after: mark).contains("Create?"))
    }

    @Test("in the pager Down and Up scroll a line, as Space and b do a page; the pager stays")
    func pagerArrows() throws {
        let scratch = try Scratch()
        let store = try TestEngine.open(scratch.db)
        let ana = try store.createUser(named: "Ana")
        let squat = try store.createExercise(named: "Back Squat")
        let now = Date()
        for index in 0..<40 {
            _ = try store.save(NewRecord(user: ana, exercise: squat, values: SetValues(weight: Weight(value: Double(40 + index), unit: .kg), reps: 5, series: 3),
                                         performedAt: now.addingTimeInterval(-Double(10 + index) * 86_400)))
        }
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Ana]: ")
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        mark = terminal.mark
        terminal.type(":history\r")
        try terminal.waitFor("-- 1–29 of", after: mark)
        for (key, status) in [("\u{1B}[B", "-- 2–30 of"), ("\u{1B}OB", "-- 3–31 of"), ("\u{1B}[A", "-- 2–30 of"), ("\u{1B}[6~", "-- 31–")] {
            mark = terminal.mark
            terminal.type(key)
            try terminal.waitFor(status, after: mark)
        }
        mark = terminal.mark
        terminal.type("q")
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
    }

    @Test("Ctrl-C in :repeat cancels that entry and moves on to the next; pressed again, the one after")
    func interruptWhileRepeating() throws {
        let scratch = try Scratch()
        let store = try TestEngine.open(scratch.db)
        let ana = try store.createUser(named: "Ana")
        let last = Self.morning(daysAgo: 3)
        for (offset, name, weight) in [(0.0, "Back Squat", 100.0), (600, "Barbell Row", 60), (1200, "Deadlift", 140)] {
            let exercise = try store.createExercise(named: name)
            _ = try store.save(NewRecord(user: ana, exercise: exercise, values: SetValues(weight: Weight(value: weight, unit: .kg), reps: 5, series: 3),
                                         performedAt: last.addingTimeInterval(offset)))
        }
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Ana]: ")
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("exercise [Deadlift]: ", after: mark)
        mark = terminal.mark
        terminal.type(":repeat last\r")
        try terminal.waitFor("Repeat 1/3] weight kg [100]: ", after: mark)
        terminal.type("\u{03}")
        try terminal.waitFor("Cancelled; nothing saved.", after: mark)
        try terminal.waitFor("Repeat 2/3] weight kg [60]: ", after: mark)
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("Repeat 2/3] reps [5]: ", after: mark)
        terminal.type("\u{03}")
        try terminal.waitFor("Repeat 3/3] weight kg [140]: ", after: mark)
        terminal.type("\u{03}")
        try terminal.waitFor("Done: ", after: mark)
        try terminal.waitFor("0 saved, 3 skipped (Back Squat, Barbell Row, Deadlift).", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    /// The days the member's session is run on (the logger's clock set to
    /// each through `TOPWEIGHT_NOW`, the seeds dated from it): a one-digit
    /// day, which the calendar pads (`[ 3]`), and a two-digit one.
    static let sessionDays = ["2026-11-03T12:00:00Z", "2026-11-17T12:00:00Z"]

    @Test(":date, :repeat, :start, :note, :edit and a paged :history, keys as a terminal sends them", arguments: sessionDays)
    func memberSession(day today: String) throws {
        let scratch = try Scratch()
        let store = try TestEngine.open(scratch.db)
        let ana = try store.createUser(named: "Ana")
        let squat = try store.createExercise(named: "Back Squat")
        let row = try store.createExercise(named: "Barbell Row")
        // Forty older sets for the pager, then the last session, three days ago.
        let now = try #require(ISO8601DateFormatter().date(from: today))
        for index in 0..<40 {
            _ = try store.save(NewRecord(user: ana, exercise: index.isMultiple(of: 4) ? squat : row,
                                         values: SetValues(weight: Weight(value: Double(40 + index), unit: .kg), reps: 5, series: 3),
                                         performedAt: now.addingTimeInterval(-Double(10 + index) * 86_400)))
        }
        let last = Self.morning(daysAgo: 3, from: now)
        _ = try store.save(NewRecord(user: ana, exercise: squat, values: SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 5), performedAt: last))
        _ = try store.save(NewRecord(user: ana, exercise: row, values: SetValues(weight: Weight(value: 60, unit: .kg), reps: 8, series: 3), performedAt: last.addingTimeInterval(600)))

        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [],
                                          environment: PseudoTerminal.environment(db: scratch.db, ["TOPWEIGHT_NOW": today]))
        try terminal.waitFor("user [Ana]: ")
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("exercise [Barbell Row]: ", after: mark)

        // A past day shows in the prompt until :date today.
        mark = terminal.mark
        terminal.type(":date -1\r")
        try terminal.waitFor("Yesterday] exercise [Barbell Row]: ", after: mark)
        terminal.type(":date today\r")
        try terminal.waitFor("Saving to today.", after: mark)

        // The last session again: Enter three times, then skip.
        mark = terminal.mark
        terminal.type(":repeat last\r")
        try terminal.waitFor("Repeat 1/2] weight kg [100]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("reps [5]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("series [5]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Saved #43  Ana · Back Squat · 100 kg × 5 reps × 5 series", after: mark)
        try terminal.waitFor("Repeat 2/2] weight kg [60]: ", after: mark)
        terminal.type("skip\r")
        try terminal.waitFor(", 1 saved, 1 skipped (Barbell Row).", after: mark)

        // A routine: the member's own last squat numbers, the routine's for the rest.
        mark = terminal.mark
        terminal.type(":start full body\r")
        try terminal.waitFor("Full Body 1/5] weight kg [100]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("reps [5]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("series [5]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Saved #44", after: mark)
        for step in 2...5 {
            // Hanging Leg Raise is a bodyweight lift: its first prompt is the load added.
            try terminal.waitFor("Full Body \(step)/5] \(step == 5 ? "added" : "weight") kg", after: mark)
            mark = terminal.mark
            terminal.type("skip\r")
        }
        try terminal.waitFor("Done: Full Body, 1 saved, 4 skipped", after: mark)

        // A note of two lines, ended by a lone dot.
        mark = terminal.mark
        terminal.type(":note\r")
        let firstLine = try terminal.waitFor("note> ", after: mark)
        terminal.type("**Heavy** today\r")
        try terminal.waitFor("note> ", after: firstLine)
        terminal.type("- knees ok\r.\r")
        try terminal.waitFor("Note added to Ana's session today.", after: mark)

        // The last set, one step heavier.
        mark = terminal.mark
        terminal.type(":edit\r")
        try terminal.waitFor("Edit #44] exercise [Back Squat]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Edit #44] weight kg [100]: ", after: mark)
        terminal.type("+\r")
        try terminal.waitFor("reps [5]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("series [5]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Edited #44: Ana · Back Squat · 100 kg × 5 reps × 5 series → Back Squat · 102.5 kg × 5 reps × 5 series", after: mark)

        // The pager: 30 rows leave 29 lines a page; Page Down, b, a filter, q.
        mark = terminal.mark
        terminal.type(":history\r")
        try terminal.waitFor("-- 1–29 of", after: mark)
        mark = terminal.mark
        terminal.type("\u{1B}[6~")
        try terminal.waitFor("-- 30–", after: mark)
        mark = terminal.mark
        terminal.type("b")
        try terminal.waitFor("-- 1–29 of", after: mark)
        mark = terminal.mark
        terminal.type("/")
        try terminal.waitFor("/", after: mark)
        terminal.type("squat\r")
        try terminal.waitFor("/squat -- Space next", after: mark)
        let filtered = terminal.text(after: mark)
        #expect(!filtered.contains("Barbell Row"), "\(filtered)")
        mark = terminal.mark
        terminal.type("q")
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)

        // The calendar: this month with today in brackets, then Left for the one before.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? .current
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let thisMonth = utc.component(.month, from: now)
        let previous = utc.date(byAdding: .month, value: -1, to: now) ?? now
        mark = terminal.mark
        terminal.type(":calendar\r")
        try terminal.waitFor("\(names[thisMonth - 1]) \(utc.component(.year, from: now))", after: mark)
        // Today in brackets, a one-digit day padded to the column's width.
        let dayOfMonth = utc.component(.day, from: now)
        try terminal.waitFor(dayOfMonth < 10 ? "[ \(dayOfMonth)]" : "[\(dayOfMonth)]", after: mark)
        try terminal.waitFor("-- ← →", after: mark)
        mark = terminal.mark
        terminal.type("\u{1B}[D")
        try terminal.waitFor("\(names[utc.component(.month, from: previous) - 1]) \(utc.component(.year, from: previous))", after: mark)
        try terminal.waitFor("-- ← →", after: mark)
        mark = terminal.mark
        terminal.type("q")
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        terminal.settle(0.3)
        terminal.type("\u{04}")
        try terminal.waitFor("Bye, Ana.", after: mark)
        terminal.settle(0.3)
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: mark))")

        let after = try TestEngine.open(scratch.db)
        let today = try after.history(HistoryQuery(userID: ana.id, since: utc.startOfDay(for: now)))
        #expect(today.map(\.values.weight.value) == [102.5, 100])
        let day = LocalDay(now, in: utc)
        let info = try after.sessionInfos(userID: ana.id, from: day, through: day).first
        #expect(info?.note == "**Heavy** today\n- knees ok")
        #expect(info?.routine == "Full Body")
    }
}
