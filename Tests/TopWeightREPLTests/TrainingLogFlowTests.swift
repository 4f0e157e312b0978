import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightREPL
import TopWeightStore
import TopWeightTestSupport

/// The training log inside the logger: `:date`, `:repeat`, `:start`,
/// `:note`, `:edit` and the paged `:history`, driven line by line.
@Suite("Training log in the logger")
struct TrainingLogFlowTests {
    static let day: TimeInterval = 86_400
    static let routines = RoutineCatalog(routines: [
        Routine(name: "Upper", exercises: [
            RoutineStep(exercise: "Bench Press", values: .kg(40, 8, 3)),
            RoutineStep(exercise: "Barbell Row", values: .kg(40, 8, 3)),
            RoutineStep(exercise: "Dip", values: nil),
        ]),
    ])

    // MARK: :date

    @Test(":date yesterday dates the saves to yesterday at the same time, shows it in the prompt, and :date today ends it")
    func pastDay() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", ":date yesterday", "bench 62.5x5x5", ":date today", "bench 65x5x5"])
        let (console, _) = fixture.run(source)
        let records = try fixture.records()
        #expect(records.count == 3)
        let newest = try #require(records.first)
        #expect(newest.values.weight == Weight(value: 65, unit: .kg))
        #expect(newest.performedAt == Fixture.now)
        let dated = try #require(records.first { $0.values.weight == Weight(value: 62.5, unit: .kg) })
        #expect(dated.performedAt == Fixture.now.addingTimeInterval(-Self.day))
        #expect(source.prompts.contains { $0.hasPrefix("[Ana · Yesterday] exercise") })
        #expect(console.said.contains { $0.contains("Saving to Yesterday") })
    }

    @Test(":date refuses the future, nonsense and more than ten years back; a new member starts on today")
    func pastDayRefusals() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        _ = try fixture.store.createUser(named: "Bo")
        let source = ScriptedLineSource(lines: [
            "Ana", ":date 2026-11-22", ":date someday", ":date -4000", ":date 2026-11-19", ":user Bo", "bench 50x5x5",
        ])
        let (console, _) = fixture.run(source)
        #expect(console.warned.contains { $0.contains("2026-11-22 is in the future") })
        #expect(console.warned.contains { $0.contains("someday is not a day") })
        #expect(console.warned.contains { $0.contains("at most 3650 days back") })
        let bo = try #require(try fixture.records().first)
        #expect(bo.user == "Bo")
        #expect(bo.performedAt == Fixture.now)
    }

    // MARK: :repeat

    @Test(":repeat last walks the last session's sets in order with that day's numbers; skip skips; a summary ends it")
    func repeatLast() throws {
        let fixture = try Fixture()
        let ana = try fixture.store.createUser(named: "Ana")
        let squat = try fixture.store.createExercise(named: "Back Squat")
        let bench = try fixture.store.createExercise(named: "Bench Press")
        let dead = try fixture.store.createExercise(named: "Deadlift")
        let then = Fixture.now.addingTimeInterval(-3 * Self.day)
        for (offset, exercise, values) in [(0.0, squat, SetValues.kg(100, 5, 5)), (600, bench, .kg(70, 8, 3)), (1200, dead, .kg(140, 3, 1))] {
            _ = try fixture.store.save(NewRecord(user: ana, exercise: exercise, values: values, performedAt: then.addingTimeInterval(offset)))
        }
        let source = ScriptedLineSource(lines: ["Ana", ":repeat last", "", "", "", "skip", "", "+5", ""])
        let (console, _) = fixture.run(source)
        let today = try fixture.records().filter { $0.performedAt == Fixture.now }.reversed().map { "\($0.exercise) \($0.values.compact)" }
        #expect(today == ["Back Squat 100x5x5", "Deadlift 140x8x1"])
        #expect(console.said.contains { $0.hasPrefix("Repeating Wed 18 Nov: 3 entries, 3 exercises") })
        #expect(console.said.contains("Done: repeat of Wed 18 Nov, 2 saved, 1 skipped (Bench Press)."))
        #expect(source.prompts.contains("[Ana · Repeat 2/3] weight kg [70]: "))
    }

    @Test("Ctrl-C during :repeat cancels that entry and moves on to the next, at any of its prompts")
    func repeatInterrupted() throws {
        let fixture = try Fixture()
        let ana = try fixture.store.createUser(named: "Ana")
        let squat = try fixture.store.createExercise(named: "Back Squat")
        let bench = try fixture.store.createExercise(named: "Bench Press")
        let dead = try fixture.store.createExercise(named: "Deadlift")
        let then = Fixture.now.addingTimeInterval(-3 * Self.day)
        for (offset, exercise, values) in [(0.0, squat, SetValues.kg(100, 5, 5)), (600, bench, .kg(70, 8, 3)), (1200, dead, .kg(140, 3, 1))] {
            _ = try fixture.store.save(NewRecord(user: ana, exercise: exercise, values: values, performedAt: then.addingTimeInterval(offset)))
        }
        let source = ScriptedLineSource([.line("Ana"), .line(":repeat last"), .interrupted, .line(""), .interrupted, .line(""), .line(""), .line("")])
        let (console, _) = fixture.run(source)
        let today = try fixture.records().filter { $0.performedAt == Fixture.now }.map { "\($0.exercise) \($0.values.compact)" }
        #expect(today == ["Deadlift 140x3x1"])
        #expect(source.prompts.contains("[Ana · Repeat 2/3] weight kg [70]: "), "\(source.prompts)")
        #expect(source.prompts.contains("[Ana · Repeat 3/3] weight kg [140]: "), "\(source.prompts)")
        #expect(!source.prompts.contains { $0.hasPrefix("[Ana · Repeat 1/3] exercise") }, "Ctrl-C went back to the same entry")
        #expect(console.warned.filter { $0 == "Cancelled; nothing saved." }.count == 2)
        #expect(console.said.contains("Done: repeat of Wed 18 Nov, 1 saved, 2 skipped (Back Squat, Bench Press)."), "\(console.said)")
    }

    @Test(":repeat with a day without sets, with nonsense, or with nothing before today says so and saves nothing")
    func repeatNothing() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", ":repeat 2026-11-01", ":repeat soon", ":date -1", ":repeat last"])
        let (console, _) = fixture.run(source)
        #expect(console.warned.contains { $0.contains("Ana logged nothing on 2026-11-01") })
        #expect(console.warned.contains { $0.contains("say which session") })
        #expect(console.warned.contains { $0.contains("Nothing to repeat: Ana has no session before 2026-11-20") })
        #expect(try fixture.records().count == 1)
    }

    // MARK: :start

    @Test(":start takes the member's last numbers where they exist, else the routine's, asks for missing ones, and notes the routine on the day")
    func startRoutine() throws {
        let fixture = try Fixture()
        let (ana, _) = try fixture.seed(values: .kg(55, 6, 4))
        let source = ScriptedLineSource(lines: ["Ana", ":start upper", "", "", "", "", "", "", "10", "8", "3"])
        let (console, _) = fixture.run(source, routines: Self.routines)
        let today = try fixture.records().filter { $0.performedAt == Fixture.now }.reversed().map { "\($0.exercise) \($0.values.compact)" }
        #expect(today == ["Bench Press 55x6x4", "Barbell Row 40x8x3", "Dip 10x8x3"])
        #expect(source.prompts.contains("[Ana · Upper 1/3] weight kg [55]: "))
        #expect(source.prompts.contains("[Ana · Upper 3/3] weight kg: "))
        #expect(console.said.contains("Done: Upper, 3 saved."))
        let day = LocalDay(Fixture.now, in: Calendar.utc)
        #expect(try fixture.store.sessionInfos(userID: ana.id, from: day, through: day).first?.routine == "Upper")
    }

    @Test(":start without a name lists the routines; an unknown one is refused")
    func startListing() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(55, 6, 4))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":start", ":start Legs"]), routines: Self.routines)
        #expect(console.said.contains { $0.hasPrefix("Routines: Upper.") })
        #expect(console.warned.contains { $0.contains("no routine named Legs") })
    }

    @Test("Tab after :start offers the routines, after :repeat last, after :date today and yesterday")
    func completion() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(55, 6, 4))
        let source = ScriptedLineSource(lines: ["Ana"])
        source.probes = [":start u", ":start ", ":repeat l", ":date y", ":no"]
        fixture.run(source, routines: Self.routines)
        #expect(source.offered(":start u", at: "exercise") == [":start Upper"])
        #expect(source.offered(":start ", at: "exercise") == [":start Upper"])
        #expect(source.offered(":repeat l", at: "exercise") == [":repeat last"])
        #expect(source.offered(":date y", at: "exercise") == [":date yesterday"])
        #expect(source.offered(":no", at: "exercise") == [":note"])
    }

    @Test("skip outside a plan explains itself and saves nothing")
    func skipOutsidePlan() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(55, 6, 4))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "", "skip"]))
        #expect(console.warned.contains { $0.hasPrefix("Nothing to skip") })
        #expect(try fixture.records().count == 1)
    }

    // MARK: :note

    @Test(":note keeps the lines up to a lone dot as the day's note; Ctrl-C drops one")
    func note() throws {
        let fixture = try Fixture()
        let (ana, _) = try fixture.seed(values: .kg(55, 6, 4))
        let events: [LineEvent] = [
            .line("Ana"), .line(":note"), .line("**Felt strong.**"), .line("- squat depth ok"), .line("."),
            .line(":note"), .line("this one goes"), .interrupted,
            .line(":note"), .line("second"), .endOfInput,
        ]
        let (console, _) = fixture.run(ScriptedLineSource(events))
        let day = LocalDay(Fixture.now, in: Calendar.utc)
        let note = try fixture.store.sessionInfos(userID: ana.id, from: day, through: day).first?.note
        #expect(note == "**Felt strong.**\n- squat depth ok\n\nsecond")
        #expect(console.warned.contains("Note dropped; nothing saved."))
        #expect(console.said.filter { $0 == "Note added to Ana's session today." }.count == 2)
    }

    // MARK: :edit

    @Test(":edit changes the last set in place with steppers; < goes back; the id stays")
    func editLast() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", "bench 60x5x5", ":edit", "", "+", "<", "++", "", "4"])
        let (console, _) = fixture.run(source)
        let records = try fixture.records()
        #expect(records.count == 2)
        // + made 62.5; < went back to weight, where ++ made 67.5.
        #expect(records[0].values == .kg(67.5, 5, 4))
        #expect(records[0].id == 2)
        #expect(console.said.contains("Edited #2: Ana · Bench Press · 60 kg × 5 reps × 5 series → Bench Press · 67.5 kg × 5 reps × 4 series"))
    }

    @Test(":edit of another member's set in a kiosk needs the admin PIN; a wrong PIN changes nothing")
    func editOthersInKiosk() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Bo", values: .kg(80, 5, 5))
        try fixture.store.setAdminPin("2468")
        _ = try fixture.store.createUser(named: "Ana")
        let source = ScriptedLineSource(lines: ["Ana", ":edit #1", "1111", ":edit #1", "2468", "", "90", "", ""])
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(console.warned.contains { $0.hasPrefix("Wrong PIN.") })
        #expect(try fixture.records()[0].values == .kg(90, 5, 5))
        #expect(source.prompts.filter { $0.hasSuffix("Admin PIN: ") }.count == 2)
        #expect(console.said.contains { $0.hasPrefix("Edited #1") })
    }

    @Test(":edit of another member's set in a kiosk with no admin PIN is refused, saying why; nothing is asked")
    func editOthersInKioskWithoutPin() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Zoë", values: .kg(80, 5, 5))
        _ = try fixture.store.createUser(named: "Ana")
        let source = ScriptedLineSource(lines: ["Ana", ":edit #1", "", "90", "", ""])
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(!source.prompts.contains { $0.contains("Admin PIN") }, "\(source.prompts)")
        #expect(!source.prompts.contains { $0.contains("Edit #") }, "\(source.prompts)")
        #expect(console.warned.contains("#1 is Zoë's set; at a shared terminal you can change only your own."), "\(console.warned)")
        #expect(!console.all.contains { $0.contains("set-pin") }, "members are not shown the admin's command")
        #expect(try fixture.records()[0].values == .kg(80, 5, 5))
    }

    @Test("a wrong PIN at :edit says the set is as it was, in the edit's words, not :quit's")
    func editWrongPinWording() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Zoë", values: .kg(80, 5, 5))
        try fixture.store.setAdminPin("2468")
        _ = try fixture.store.createUser(named: "Ana")
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":edit #1", "1111"]), kiosk: true)
        #expect(console.warned.contains("Wrong PIN. #1 is as it was."), "\(console.warned)")
        #expect(!console.warned.contains { $0.hasPrefix("Wrong PIN") && $0.contains("stays open") })
    }

    @Test("inside :edit, :help tells the edit's keys and another command waits, instead of a bad number")
    func commandsInsideEdit() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", ":edit #1", "", "", ":help", ":undo", "7", ""])
        let (console, _) = fixture.run(source)
        #expect(!console.warned.contains { $0.contains("must be a whole number") }, "\(console.warned)")
        #expect(console.said.contains { $0.contains("+ - and numbers change it") }, "\(console.said)")
        #expect(console.warned.contains { $0.hasPrefix(":undo waits until the edit is done") }, "\(console.warned)")
        #expect(try fixture.records()[0].values == .kg(60, 7, 5))
    }

    @Test(":edit refuses a deleted or unknown set and an unknown exercise; Ctrl-C leaves the set as it was")
    func editRefusals() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        _ = try fixture.store.deleteRecord(id: 1)
        try fixture.seed(user: "Ana", exercise: "Back Squat", values: .kg(100, 5, 5))
        let events: [LineEvent] = [.line("Ana"), .line(":edit #1"), .line(":edit #99"), .line(":edit x"),
                                   .line(":edit #2"), .line("Zottman Curl"), .interrupted]
        let (console, _) = fixture.run(ScriptedLineSource(events))
        #expect(console.warned.contains { $0.contains("No set #1 (it was deleted)") })
        #expect(console.warned.contains { $0.contains("No set #99") })
        #expect(console.warned.contains { $0.contains("say which set") })
        #expect(console.warned.contains { $0.contains("Zottman Curl is not a known exercise") })
        #expect(console.warned.contains("Not edited; #2 is as it was."))
        #expect(try fixture.records()[0].values == .kg(100, 5, 5))
    }

    // MARK: :calendar

    @Test(":calendar shows the month with its training days; < > and Left/Right move, t comes back, another key returns")
    func calendar() throws {
        let fixture = try Fixture()
        let (ana, bench) = try fixture.seed(values: .kg(60, 5, 5))
        _ = try fixture.store.save(NewRecord(user: ana, exercise: bench, values: .kg(55, 5, 5),
                                             performedAt: Fixture.now.addingTimeInterval(-40 * Self.day)))
        let source = ScriptedLineSource(lines: ["Ana", ":calendar", "<", "right", "left", "t", "x", ":calendar 2026-13"])
        let (console, _) = fixture.run(source)
        let titles = console.said.filter { $0.contains("2026") && ($0.contains("November") || $0.contains("October")) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(titles == ["November 2026", "October 2026", "November 2026", "October 2026", "November 2026"])
        // Yesterday (the 20th) is a training day; today (the 21st) is marked.
        let november = try #require(console.said.firstIndex { $0.contains("November 2026") })
        let grid = console.said[november...].prefix(9).joined(separator: "\n")
        #expect(grid.contains("[21]"), "\(grid)")
        #expect(grid.contains("20 ●"), "\(grid)")
        #expect(grid.contains("1 session · 5 sets · 1500 kg"), "\(grid)")
        #expect(source.prompts.filter { $0.hasPrefix("-- ← →") }.count == 5)
        #expect(console.warned.contains { $0.contains("2026-13 is not a month") })
        #expect(!console.said.joined().contains("\u{1B}"), "plain unless the terminal has colour")
    }

    @Test(":calendar redraws in place: a month's move erases the one before, on the screen and only there")
    func calendarRedraws() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", ":calendar", "left", "right", "x"])
        let (console, _) = fixture.run(source)
        let drawn = console.said.filter { $0.contains("2026") && ($0.contains("November") || $0.contains("October")) }
        #expect(drawn.count == 3)
        // Each move erases exactly the month drawn before it.
        let first = try #require(console.said.firstIndex { $0.contains("November 2026") })
        let second = try #require(console.said[(first + 1)...].firstIndex { $0.contains("October 2026") })
        let third = try #require(console.said[(second + 1)...].firstIndex { $0.contains("November 2026") })
        #expect(source.erased == [second - first, third - second], "\(source.erased)")
    }

    @Test(":calendar past 9999-12 or before 0001-01 says there is none instead of drawing the same month again")
    func calendarEnds() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", ":calendar 9999-12", "right", ">", "x", ":calendar 0001-01", "left", "x"])
        let (console, _) = fixture.run(source)
        #expect(console.said.filter { $0.contains("December 9999") }.count == 1, "\(console.said)")
        #expect(console.said.filter { $0.contains("January 1") && !$0.contains("202") }.count == 1, "\(console.said)")
        #expect(console.warned.filter { $0 == "No month after 9999-12." }.count == 2, "\(console.warned)")
        #expect(console.warned.contains("No month before 0001-01."), "\(console.warned)")
    }

    @Test(": in the calendar starts a command line; the rest of it is that command, not an exercise")
    func calendarColon() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", ":calendar", ":", "history"])
        let (console, _) = fixture.run(source)
        #expect(source.prompts.contains(":"), "\(source.prompts)")
        #expect(!source.prompts.contains { $0.contains("Create?") }, "\(source.prompts)")
        #expect(console.said.contains { $0.contains("Bench Press") && $0.contains("60 kg × 5 × 5") }, "the :history ran: \(console.said)")
    }

    @Test(":history shows the member's note under its day")
    func historyNote() throws {
        let fixture = try Fixture()
        let (ana, _) = try fixture.seed(values: .kg(60, 5, 5))
        try fixture.store.appendNote(userID: ana.id, day: LocalDay(Fixture.now.addingTimeInterval(-Self.day), in: .utc),
                                     text: "**Heavy** day\n- knees fine", now: Fixture.now)
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":history"]))
        let start = try #require(console.said.firstIndex(of: "Yesterday"))
        #expect(console.said[start + 1].contains("Heavy day"))
        #expect(console.said[start + 2].contains("• knees fine"))
    }

    // MARK: :history paging

    @Test(":history on a screen pages: Space on, b back, /text filters by exercise, q back to logging")
    func historyPaging() throws {
        let fixture = try Fixture()
        let ana = try fixture.store.createUser(named: "Ana")
        let bench = try fixture.store.createExercise(named: "Bench Press")
        let squat = try fixture.store.createExercise(named: "Back Squat")
        for index in 0..<30 {
            let exercise = index % 3 == 0 ? squat : bench
            _ = try fixture.store.save(NewRecord(user: ana, exercise: exercise, values: .kg(Double(20 + index), 5, 5),
                                                 performedAt: Fixture.now.addingTimeInterval(-Double(index) * 60)))
        }
        let source = ScriptedLineSource(lines: ["Ana", ":history", " ", "b", "/", "squat", " ", "q", ":history all 3"])
        source.screenRows = 11
        let (console, _) = fixture.run(source)
        let statuses = source.prompts.filter { $0.hasPrefix("-- ") }
        #expect(statuses.first == "-- 1–10 of 31 -- Space next · b back · /text filter · q done ")
        #expect(statuses.dropFirst().first == "-- 11–20 of 31 -- Space next · b back · /text filter · q done ")
        #expect(statuses.dropFirst(2).first == "-- 1–10 of 31 -- Space next · b back · /text filter · q done ")
        #expect(statuses.dropFirst(3).first == "-- 1–10 of 11 /squat -- Space next · b back · /text filter · q done ")
        #expect(statuses.dropFirst(4).first == "-- 11–11 of 11 /squat -- Space next · b back · /text filter · q done ")
        #expect(statuses.count == 5)
        // Pages of 10 lines, each first one with the day's heading; the
        // filtered ones hold squats only; three records fit a screen: no pager.
        let rows = console.said.filter { $0.contains("Bench Press") || $0.contains("Back Squat") }
        #expect(rows.count == 9 + 10 + 9 + 9 + 1 + 3)
        #expect(console.said.filter { $0.contains("Back Squat") }.count == 3 + 4 + 3 + 9 + 1 + 1)
        // q went back to logging.
        let lastStatus = try #require(source.prompts.lastIndex { $0.hasPrefix("-- ") })
        #expect(source.prompts[lastStatus + 1].hasPrefix("[Ana] exercise"))
    }
}

extension Calendar {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }
}
