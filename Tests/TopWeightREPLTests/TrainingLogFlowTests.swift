import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
@testable import TopWeightREPL
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
        var script = FlowScript.atExercise(.kg(60, 5, 5))
        #expect(script.type(":date yesterday") == [.say("Saving to Yesterday until :date today or your turn ends.")])
        script.enter("bench 62.5x5x5", as: FlowScript.bench)
        #expect(script.prompt.hasPrefix("[Ana · Yesterday] exercise"))
        let calendar = script.context.grouping.calendar
        #expect(script.turn.performedAt(FlowScript.now, in: calendar) == FlowScript.now.addingTimeInterval(-Self.day),
                "yesterday at the same time")
        script.type(":date today")
        script.enter("bench 65x5x5", as: FlowScript.bench)
        #expect(script.stored.map(\.values) == [.kg(62.5, 5, 5), .kg(65, 5, 5)])
        #expect(script.turn.performedAt(FlowScript.now, in: calendar) == FlowScript.now)
    }

    @Test(":date refuses the future, nonsense and more than ten years back; a new member starts on today")
    func pastDayRefusals() {
        var script = FlowScript.atExercise(.kg(60, 5, 5))
        for line in [":date 2026-11-22", ":date someday", ":date -4000", ":date 2026-11-19"] { script.type(line) }
        #expect(script.warned.contains { $0.contains("2026-11-22 is in the future") })
        #expect(script.warned.contains { $0.contains("someday is not a day") })
        #expect(script.warned.contains { $0.contains("at most 3650 days back") })
        #expect(script.turn.day?.description == "2026-11-19")
        #expect(script.type(":user Bo") == [.fetch(.member(named: "Bo"))])
        script.send(.memberFound(FlowScript.bo))
        #expect(script.turn.user == FlowScript.bo && script.turn.day == nil, "a new member starts on today")
    }

    // MARK: :repeat

    /// The exercises of `lastSession`, as the session finds them.
    static let exercises = ["Back Squat": Exercise(id: 1, name: "Back Squat", category: nil), "Bench Press": Exercise(id: 2, name: "Bench Press", category: nil),
                            "Deadlift": Exercise(id: 3, name: "Deadlift", category: nil)]

    /// Ana's session of three days before the fixture's now: three exercises ten minutes apart.
    static let lastSession: TrainingSession = {
        let then = FlowScript.now.addingTimeInterval(-3 * day)
        let records = [("Back Squat", SetValues.kg(100, 5, 5)), ("Bench Press", .kg(70, 8, 3)), ("Deadlift", .kg(140, 3, 1))].enumerated().map { index, set in
            WorkoutRecord(id: Int64(index + 1), user: "Ana", exercise: set.0, values: set.1, performedAt: then.addingTimeInterval(Double(index) * 600))
        }
        return TrainingSession(day: LocalDay(then, in: HistoryGrouping(timeZone: FlowScript.utc).calendar), user: "Ana", records: records)
    }()

    /// `:repeat` of `lastSession` under way.
    static func repeating(in script: inout FlowScript) -> [Flow.Effect] {
        script.send(.repeating(lastSession, steps: lastSession.records.map { PlannedSet(exercise: $0.exercise, values: $0.values) }, for: FlowScript.ana))
    }

    /// The exercise a walk asked for in `effects`, found as the session finds it; the prompt it comes to, kept.
    static func found(_ effects: [Flow.Effect], in script: inout FlowScript, prompts: inout [String]) {
        guard case .fetch(.plannedExercise(let name))? = effects.last, let found = exercises[name] else { return }
        script.send(.plannedExercise(found))
        prompts.append(script.prompt)
    }

    @Test(":repeat last walks the last session's sets in order with that day's numbers; skip skips; a summary ends it")
    func repeatLast() {
        var script = FlowScript.atExercise()
        var prompts: [String] = []
        #expect(script.type(":repeat last") == [.findMember(.repeat, "last")])
        #expect(script.send(.member(FlowScript.ana, for: .repeat, "last")) == [.fetch(.session(FlowScript.ana, on: nil, before: script.context.today))])
        Self.found(Self.repeating(in: &script), in: &script, prompts: &prompts)
        for answer in ["", "", "", "skip", "", "+5", ""] {
            Self.found(script.type(answer), in: &script, prompts: &prompts)
            guard script.effects.last == .save else { continue }
            let before = script.effects.count
            script.answerSave()
            Self.found(Array(script.effects[before...]), in: &script, prompts: &prompts)
        }
        #expect(script.stored.map { "\($0.exercise) \($0.values.compact)" } == ["Back Squat 100x5x5", "Deadlift 140x8x1"])
        #expect(script.said.contains { $0.hasPrefix("Repeating Wed 18 Nov: 3 entries, 3 exercises") }, "\(script.said)")
        #expect(script.said.contains("Done: repeat of Wed 18 Nov, 2 saved, 1 skipped (Bench Press)."), "\(script.said)")
        #expect(prompts.contains("[Ana · Repeat 2/3] weight kg [70]: "), "\(prompts)")
    }

    @Test("Ctrl-C during :repeat cancels that entry and moves on to the next, at any of its prompts")
    func repeatInterrupted() {
        var script = FlowScript.atExercise()
        var prompts: [String] = []
        Self.found(Self.repeating(in: &script), in: &script, prompts: &prompts)
        Self.found(script.press(.interrupted), in: &script, prompts: &prompts)
        script.type("")
        prompts.append(script.prompt)
        Self.found(script.press(.interrupted), in: &script, prompts: &prompts)
        for _ in 0..<3 { script.type("") }
        script.answerSave()
        #expect(script.stored.map { "\($0.exercise) \($0.values.compact)" } == ["Deadlift 140x3x1"])
        #expect(prompts.contains("[Ana · Repeat 2/3] weight kg [70]: "), "\(prompts)")
        #expect(prompts.contains("[Ana · Repeat 3/3] weight kg [140]: "), "\(prompts)")
        #expect(!prompts.contains { $0.hasPrefix("[Ana · Repeat 1/3] exercise") }, "Ctrl-C went back to the same entry")
        #expect(script.warned.filter { $0 == "Cancelled; nothing saved." }.count == 2)
        #expect(script.said.contains("Done: repeat of Wed 18 Nov, 1 saved, 2 skipped (Back Squat, Bench Press)."), "\(script.said)")
    }

    @Test(":repeat with a day without sets, with nonsense, or with nothing before today says so and saves nothing")
    func repeatNothing() {
        var script = FlowScript.atExercise(.kg(60, 5, 5))
        let today = LocalDay(FlowScript.now, in: script.context.grouping.calendar)
        let first = LocalDay(parsing: "2026-11-01")
        #expect(script.send(.member(FlowScript.ana, for: .repeat, "2026-11-01")) == [.fetch(.session(FlowScript.ana, on: first, before: today))])
        script.send(.fetched(.noSession(FlowScript.ana, on: first, before: today)))
        script.send(.member(FlowScript.ana, for: .repeat, "soon"))
        script.type(":date -1")
        let yesterday = today.adding(days: -1)
        #expect(script.send(.member(FlowScript.ana, for: .repeat, "last")) == [.fetch(.session(FlowScript.ana, on: nil, before: yesterday))])
        script.send(.fetched(.noSession(FlowScript.ana, on: nil, before: yesterday)))
        #expect(script.warned.contains { $0.contains("Ana logged nothing on 2026-11-01") })
        #expect(script.warned.contains { $0.contains("say which session") })
        #expect(script.warned.contains { $0.contains("Nothing to repeat: Ana has no session before 2026-11-20") })
        #expect(!script.saves && script.turn.plan == nil)
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
    func skipOutsidePlan() {
        var script = FlowScript.atWeight(.kg(55, 6, 4))
        script.type("skip")
        #expect(script.warned.contains { $0.hasPrefix("Nothing to skip") })
        #expect(!script.saves && script.turn.step == .weight)
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
    func editLast() {
        var script = FlowScript.atExercise(.kg(60, 5, 5))
        script.enter("bench 60x5x5", as: FlowScript.bench)
        let saved = script.stored[0]
        #expect(script.type(":edit") == [.fetch(.setToEdit(nil))])
        script.send(.editTarget(saved))
        for answer in ["", "+", "<", "++", "", "4"] { script.type(answer) }
        // + made 62.5; < went back to weight, where ++ made 67.5.
        #expect(script.effects.last == .commitEdit(saved, exercise: "Bench Press", values: .kg(67.5, 5, 4)), "the same set, changed in place")
        var after = saved
        after.values = .kg(67.5, 5, 4)
        script.send(.edited(saved, after))
        #expect(script.said.contains("Edited #\(saved.id): Ana · Bench Press · 60 kg × 5 reps × 5 series → Bench Press · 67.5 kg × 5 reps × 4 series"), "\(script.said)")
        #expect(script.turn.saved == [after])
    }

    @Test(":edit of another member's set in a kiosk needs the admin PIN; a wrong PIN changes nothing")
    func editOthersInKiosk() {
        let bos = WorkoutRecord(id: 1, user: "Bo", exercise: "Bench Press", values: .kg(80, 5, 5), performedAt: FlowScript.now.addingTimeInterval(-Self.day))
        var script = FlowScript.atExercise(kiosk: true)
        var asked: [String] = []
        // The admin's PIN checked as the logbook checks it: 2468 is right.
        for pin in ["1111", "2468"] {
            script.type(":edit #1")
            script.send(.editFound(bos, id: 1, member: nil))
            script.send(.adminPinSet(true, for: .edit(bos)))
            asked.append(script.prompt)
            #expect(script.type(pin) == [.admit(pin, .edit(bos))])
            script.send(.admitted(.edit(bos), refusal: pin == "2468" ? nil : "wrong admin PIN"))
        }
        for answer in ["", "90", "", ""] { script.type(answer) }
        #expect(script.warned.contains { $0.hasPrefix("Wrong PIN.") })
        #expect(script.effects.last == .commitEdit(bos, exercise: "Bench Press", values: .kg(90, 5, 5)))
        #expect(asked.filter { $0.hasSuffix("Admin PIN: ") }.count == 2, "\(asked)")
        var after = bos
        after.values = .kg(90, 5, 5)
        script.send(.edited(bos, after))
        #expect(script.said.contains { $0.hasPrefix("Edited #1") }, "\(script.said)")
    }

    @Test(":edit of another member's set in a kiosk with no admin PIN is refused, saying why; nothing is asked")
    func editOthersInKioskWithoutPin() {
        let zoes = WorkoutRecord(id: 1, user: "Zoë", exercise: "Bench Press", values: .kg(80, 5, 5), performedAt: FlowScript.now)
        var script = FlowScript.atExercise(kiosk: true)
        #expect(script.type(":edit #1") == [.fetch(.setToEdit(1))])
        #expect(script.send(.editFound(zoes, id: 1, member: nil)) == [.checkAdminPinSet(.edit(zoes))])
        script.send(.adminPinSet(false, for: .edit(zoes)))
        #expect(script.warned == ["#1 is Zoë's set; at a shared terminal you can change only your own."])
        #expect(!script.prompt.contains("Admin PIN") && !script.prompt.contains("Edit #"), "\(script.prompt)")
        #expect(!(script.said + script.warned).contains { $0.contains("set-pin") }, "members are not shown the admin's command")
        for answer in ["", "90", "", ""] { script.type(answer) }
        #expect(!script.effects.contains { if case .commitEdit = $0 { true } else { false } }, "nothing changed")
    }

    @Test("a wrong PIN at :edit says the set is as it was, in the edit's words, not :quit's")
    func editWrongPinWording() {
        let zoes = WorkoutRecord(id: 1, user: "Zoë", exercise: "Bench Press", values: .kg(80, 5, 5), performedAt: FlowScript.now)
        var script = FlowScript.atExercise(kiosk: true)
        script.send(.editFound(zoes, id: 1, member: nil))
        script.send(.adminPinSet(true, for: .edit(zoes)))
        #expect(script.type("1111") == [.admit("1111", .edit(zoes))])
        script.send(.admitted(.edit(zoes), refusal: "wrong admin PIN"))
        #expect(script.warned.contains("Wrong PIN. #1 is as it was."), "\(script.warned)")
        #expect(!script.warned.contains { $0.hasPrefix("Wrong PIN") && $0.contains("stays open") })
    }

    @Test("inside :edit, :help tells the edit's keys and another command waits, instead of a bad number")
    func commandsInsideEdit() {
        var script = FlowScript.atExercise(.kg(60, 5, 5))
        let first = WorkoutRecord(id: 1, user: "Ana", exercise: "Bench Press", values: .kg(60, 5, 5), performedAt: FlowScript.now)
        script.send(.editFound(first, id: 1, member: nil))
        for answer in ["", "", ":help", ":undo", "7", ""] { script.type(answer) }
        #expect(!script.warned.contains { $0.contains("must be a whole number") }, "\(script.warned)")
        #expect(script.said.contains { $0.contains("+ - and numbers change it") }, "\(script.said)")
        #expect(script.warned.contains { $0.hasPrefix(":undo waits until the edit is done") }, "\(script.warned)")
        #expect(!script.effects.contains { if case .undo = $0 { true } else { false } })
        #expect(script.effects.last == .commitEdit(first, exercise: "Bench Press", values: .kg(60, 7, 5)))
    }

    @Test(":edit refuses a deleted or unknown set and an unknown exercise; Ctrl-C leaves the set as it was")
    func editRefusals() {
        var deleted = WorkoutRecord(id: 1, user: "Ana", exercise: "Bench Press", values: .kg(60, 5, 5), performedAt: FlowScript.now)
        deleted.deletedAt = FlowScript.now
        let squat = WorkoutRecord(id: 2, user: "Ana", exercise: "Back Squat", values: .kg(100, 5, 5), performedAt: FlowScript.now)
        var script = FlowScript.atExercise()
        script.type(":edit #1")
        script.send(.editFound(deleted, id: 1, member: nil))
        script.type(":edit #99")
        script.send(.editFound(nil, id: 99, member: nil))
        script.type(":edit x")
        script.send(.editFound(squat, id: 2, member: nil))
        script.type("Zottman Curl")
        script.send(.editedExercise(nil, typed: "Zottman Curl"))
        script.press(.interrupted)
        #expect(script.warned.contains { $0.contains("No set #1 (it was deleted)") })
        #expect(script.warned.contains { $0.contains("No set #99") })
        #expect(script.warned.contains { $0.contains("say which set") })
        #expect(script.warned.contains { $0.contains("Zottman Curl is not a known exercise") })
        #expect(script.warned.contains("Not edited; #2 is as it was."))
        #expect(!script.effects.contains { if case .commitEdit = $0 { true } else { false } })
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
