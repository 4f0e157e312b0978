import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// A walk through a plan (`:repeat`, `:start`, `:go`) as a machine of its
/// own: saves, `skip`, Ctrl-C and exercises not to be had in; the next
/// exercise asked for, or the summary and the day finished, out; no logbook.
@Suite("A walk through a plan")
struct PlanWalkTests {
    static let assignment = ProgramAssignment(program: "5/3/1", progress: ProgramProgress(), assignedAt: FlowScript.now.addingTimeInterval(-86_400 * 7))
    static let warmups = [
        PlannedSet(exercise: "Back Squat", values: .kg(40, 5, 1), mark: .warmup),
        PlannedSet(exercise: "Back Squat", values: .kg(50, 5, 1), mark: .warmup),
        PlannedSet(exercise: "Back Squat", values: .kg(100, 5, 3)),
        PlannedSet(exercise: "Back Squat", values: .kg(110, 3, 1), amrap: true),
        PlannedSet(exercise: "Bench Press", values: .kg(60, 8, 3)),
    ]

    static func plan(_ steps: [PlannedSet] = warmups, program: ProgramAssignment? = assignment) -> Plan {
        Plan(title: "5/3/1", summary: "5/3/1 week 1 day 1", routine: "5/3/1", steps: steps, program: program)
    }

    /// Ana at the exercise prompt, walking `plan`, its first exercise found.
    static func walking(_ plan: Plan = plan()) -> FlowScript {
        var script = FlowScript.atExercise()
        script.turn.plan = plan
        script.send(.plannedExercise(Exercise(id: 5, name: "Back Squat", category: nil)))
        return script
    }

    @Test("the walk asks for its exercise, then offers a program's set as :today shows it, at the first prompt")
    func offers() {
        let script = Self.walking()
        #expect(script.said == ["5/3/1 1/5: Back Squat warm-up 40 kg × 5"])
        #expect(script.turn.step == .weight && script.turn.draft.weight == 4000)
        #expect(script.prompt.hasPrefix("[Ana · 5/3/1 1/5] weight kg [40]"))
        var amrap = Self.plan()
        amrap.index = 3
        #expect(amrap.offer(Exercise(id: 5, name: "Back Squat", category: nil)) == "5/3/1 4/5: Back Squat 110 kg × 3+: as many reps as you can, then type them")
    }

    @Test("skip at a warm-up skips the rest of them; at a work set that one")
    func skip() {
        var plan = Self.plan()
        #expect(plan.skip(only: false) == .find("Back Squat") && plan.index == 2 && plan.skipped == ["Back Squat warm-ups"])
        #expect(plan.skip(only: false) == .find("Back Squat") && plan.index == 3 && plan.skipped.last == "Back Squat")
    }

    @Test("Ctrl-C cancels one entry, a warm-up too, and the next one comes")
    func interrupt() {
        var script = Self.walking()
        #expect(script.press(.interrupted) == [.warn("Cancelled; nothing saved."), .fetch(.plannedExercise("Back Squat"))])
        #expect(script.turn.plan?.index == 1 && script.turn.plan?.skipped == ["Back Squat warm-up"])
    }

    @Test("skip outside a walk says what it is for; inside one it moves on")
    func skipTyped() {
        var outside = FlowScript.atExercise()
        #expect(outside.type("skip") == [.warn("Nothing to skip: skip moves on during :repeat, :start or :go.")])
        var script = Self.walking()
        #expect(script.type("skip") == [.fetch(.plannedExercise("Back Squat"))])
    }

    @Test("a save moves the walk on and notes the routine once; sets alike saved fewer than offered leave the rest")
    func saves() {
        var plan = Self.plan()
        plan.index = 2
        let (noting, next) = plan.saved("Back Squat", series: 1)
        #expect(noting == "5/3/1" && next == .find("Back Squat"))
        #expect(plan.index == 2 && plan.steps[2].values?.series == 2 && plan.workDone == 1, "two of the three sets still to walk")
        let (again, _) = plan.saved("Back Squat", series: 2)
        #expect(again == nil && plan.index == 3)
        let (_, other) = plan.saved("Deadlift", series: 1)
        #expect(other == .find("Back Squat") && plan.index == 3, "another exercise saved: the walk stays")
    }

    @Test("the routine is noted with the first save, on the :date day; a failure to note it is said and tried again")
    func routine() {
        var script = Self.walking()
        let record = WorkoutRecord(id: 1, user: "Ana", exercise: "Back Squat", values: .kg(40, 5, 1), performedAt: FlowScript.now, kind: .warmup)
        let effects = script.send(.saved(record, records: [], at: FlowScript.now))
        let today = LocalDay(FlowScript.now, in: script.context.grouping.calendar)
        #expect(effects.contains(.noteRoutine("5/3/1", programDay: nil, for: FlowScript.ana, on: today, at: FlowScript.now)), "\(effects)")
        #expect(script.send(.routineNotNoted("the database is busy")) == [.warn("the database is busy")])
        #expect(script.turn.plan?.routineNoted == false)
    }

    @Test("an exercise the walk can't have is said and skipped")
    func failed() {
        var script = FlowScript.atExercise()
        script.turn.plan = Self.plan()
        #expect(script.send(.plannedFailed("no such exercise")) == [.warn("Back Squat: no such exercise; skipped."), .fetch(.plannedExercise("Back Squat"))])
    }

    @Test("the end says what was saved and skipped; a :go day with work done is finished from the day's start")
    func finish() {
        var plan = Self.plan()
        plan.index = 5
        plan.saved = 4
        plan.workDone = 3
        plan.skipped = ["Bench Press"]
        var script = FlowScript.atExercise()
        script.turn.plan = plan
        let start = LocalDay(FlowScript.now, in: script.context.grouping.calendar).start(in: script.context.grouping.calendar)
        let context = script.context
        let effects = Flow.walk(in: &script.turn, context)
        #expect(effects == [.say("Done: 5/3/1 week 1 day 1, 4 saved, 1 skipped (Bench Press)."), .finishDay(FlowScript.ana, since: start, expected: Self.assignment)])
        #expect(script.turn.plan == nil && script.turn.exercise == nil && script.turn.step == .exercise)
    }

    @Test("with no work set done the day stays for next time; a routine's walk finishes nothing")
    func nothingDone() {
        var plan = Self.plan()
        plan.index = 5
        #expect(plan.next() == .finish("Done: 5/3/1 week 1 day 1, 0 saved; no work set done, so 5/3/1 week 1 day 1 stays for next time.", program: nil))
        var routine = Self.plan(program: nil)
        routine.index = 5
        routine.saved = 5
        #expect(routine.next() == .finish("Done: 5/3/1 week 1 day 1, 5 saved.", program: nil))
    }

    @Test(":repeat says what it repeats, takes the member shown, and asks for its first exercise")
    func repeating() {
        var script = FlowScript()
        let day = LocalDay(FlowScript.now, in: script.context.grouping.calendar).adding(days: -2)
        let session = TrainingSession(day: day, user: "Ana", records: [
            WorkoutRecord(id: 1, user: "Ana", exercise: "Bench Press", values: .kg(60, 8, 3), performedAt: FlowScript.now.addingTimeInterval(-2 * 86_400)),
        ])
        let effects = script.send(.repeating(session, steps: [PlannedSet(exercise: "Bench Press", values: .kg(60, 8, 3))], for: FlowScript.ana))
        #expect(effects.last == .fetch(.plannedExercise("Bench Press")))
        #expect(script.said.first?.hasPrefix("Repeating Thu 19 Nov: 1 entry, 1 exercise.") == true, "\(script.said)")
        #expect(script.turn.user == FlowScript.ana && script.turn.plan?.title == "Repeat")
    }
}
