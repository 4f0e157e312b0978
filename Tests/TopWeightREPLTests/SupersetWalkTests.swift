import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// A routine's superset walked by the flow alone: its lifts alternate set
/// by set, each saved as its own set and marked with its place, the rest
/// counted after the group's last lift; with no logbook.
@Suite("A superset walked")
struct SupersetWalkTests {
    static let bench = FlowScript.bench
    static let row = Exercise(id: 6, name: "Barbell Row", category: "barbell")

    /// Bench Press and Barbell Row, superset A, two series each, 90 s after the group's round.
    static let steps = Supersets.walk([
        (PlannedSet(exercise: "Bench Press", values: .kg(60, 8, 2), rest: 90), "A", 2),
        (PlannedSet(exercise: "Barbell Row", values: .kg(50, 8, 2), rest: 90), "A", 2),
        (PlannedSet(exercise: "Overhead Press", values: .kg(30, 8, 3)), nil, 3),
    ])

    @Test("a superset's lifts are walked one series at a time in turn, the rest only after the group's last lift")
    func walk() {
        #expect(Self.steps.map { "\($0.exercise) \($0.superset ?? "-") \($0.values?.series ?? 0) \($0.rest.map(String.init) ?? "-")" } == [
            "Bench Press A1 1 0", "Barbell Row A2 1 90", "Bench Press A1 1 0", "Barbell Row A2 1 90", "Overhead Press - 3 -",
        ])
        #expect(Supersets.problem(in: ["A", "A", nil, "B", "B"]) == nil)
        // A letter used twice apart is said so, not "one exercise" (each part holds one).
        #expect(Supersets.problem(in: ["A", nil, "A"]) == "superset A is used twice; its steps go in a row")
        #expect(Supersets.problem(in: ["A", "B", "B", "A"]) == "superset A is used twice; its steps go in a row")
        #expect(Supersets.problem(in: ["A", nil, "B", "B"]) == "superset A has one exercise; a superset takes two or more in a row")
        #expect(Supersets.problem(in: ["A", "A", "B", "B", "A", "A"]) == "superset A is used twice; its steps go in a row")
        #expect(Supersets.problem(in: ["AB", "AB"]) == "superset \"AB\" must be one letter, A to Z")
    }

    @Test(":start walks A1, A2, A1, A2: each saved as its own set and marked with its place, the prompt saying which")
    func start() {
        var script = FlowScript.atExercise()
        script.context.countsRest = true
        let routine = Routine(name: "Push Pull", exercises: [])
        let opening = script.send(.following(routine, steps: Self.steps, for: FlowScript.ana))
        #expect(script.said.first == "Push Pull: Bench Press A1, Barbell Row A2, Overhead Press. Enter keeps each number, skip skips, Ctrl-C cancels one entry.")
        #expect(opening.last == .fetch(.plannedExercise("Bench Press")))
        var walked: [String] = []
        for (exercise, label) in [(Self.bench, "A1"), (Self.row, "A2"), (Self.bench, "A1"), (Self.row, "A2")] {
            script.send(.plannedExercise(exercise))
            #expect(script.prompt.contains("[Ana · Push Pull ") && script.prompt.contains("/5 \(label)] weight kg"), "\(script.prompt)")
            script.type("")
            script.type("")
            script.type("")
            script.answerSave()
            let marked = script.effects.compactMap { if case .markSuperset(let record, let place) = $0 { "\(record.exercise) \(place)" } else { nil } }
            walked.append(marked.last ?? "")
            // No rest between the lifts of a round; the round's last lift rests 1:30.
            #expect(script.turn.rest?.left(at: FlowScript.now) == (label == "A2" ? 90 : nil))
        }
        #expect(walked == ["Bench Press A1", "Barbell Row A2", "Bench Press A1", "Barbell Row A2"])
        #expect(script.stored.map { $0.values.series } == [1, 1, 1, 1])
        #expect(script.effects.last == .fetch(.plannedExercise("Overhead Press")))
    }

    @Test("a load changed in one round of a routine's superset is offered in the rounds after it, the lift's alone")
    func changedLoadCarries() {
        let steps = Supersets.walk([
            (PlannedSet(exercise: "Bench Press", values: .kg(60, 8, 3), rest: 90), "A", 3),
            (PlannedSet(exercise: "Barbell Row", values: .kg(50, 8, 3), rest: 90), "A", 3),
        ])
        var script = FlowScript.atExercise()
        script.send(.following(Routine(name: "Push Pull", exercises: []), steps: steps, for: FlowScript.ana))
        var offered: [String] = []
        for (round, exercise) in [(1, Self.bench), (1, Self.row), (2, Self.bench), (2, Self.row), (3, Self.bench), (3, Self.row)] {
            script.send(.plannedExercise(exercise))
            offered.append(script.prompt.components(separatedBy: "weight kg ").last ?? script.prompt)
            // Round 2's bench one step up, its reps one down; everything else as offered.
            script.type(round == 2 && exercise == Self.bench ? "+" : "")
            script.type(round == 2 && exercise == Self.bench ? "7" : "")
            script.type("")
            script.answerSave()
        }
        #expect(offered == ["[60]: ", "[50]: ", "[60]: ", "[50]: ", "[62.5]: ", "[50]: "], "\(offered)")
        #expect(script.stored.map(\.values.description) == [
            "60 kg × 8 × 1", "50 kg × 8 × 1", "62.5 kg × 7 × 1", "50 kg × 8 × 1", "62.5 kg × 7 × 1", "50 kg × 8 × 1",
        ])
    }

    @Test(":go walks a program's superset: each lift's warm-ups first, then the work sets in turn, the rest after each round")
    func program() {
        func set(_ kg: Double, _ reps: Int, warmup: Bool = false) -> TodayWorkout.PlannedSet {
            TodayWorkout.PlannedSet(weight: Weight(value: kg, unit: .kg), reps: reps, amrap: false, permille: nil, warmup: warmup)
        }
        let today = TodayWorkout(program: "Hypertrophy", week: 1, day: 1, dayName: nil, deload: false, exercises: [
            TodayWorkout.Exercise(exercise: "Bench Press", sets: [set(20, 5, warmup: true), set(60, 8), set(60, 8)], superset: "A"),
            TodayWorkout.Exercise(exercise: "Barbell Row", sets: [set(50, 8), set(55, 8)], rest: 120, superset: "A"),
            TodayWorkout.Exercise(exercise: "Curl", sets: [set(12, 10), set(12, 10)], rest: 60),
        ], missingMaxes: [])
        let steps = today.walk().map { "\($0.exercise) \($0.values?.description ?? "") \($0.superset ?? "-") \($0.rest.map(String.init) ?? "-")" }
        #expect(steps == [
            "Bench Press 20 kg × 5 × 1 - -",
            "Bench Press 60 kg × 8 × 1 A1 0", "Barbell Row 50 kg × 8 × 1 A2 120",
            "Bench Press 60 kg × 8 × 1 A1 0", "Barbell Row 55 kg × 8 × 1 A2 120",
            "Curl 12 kg × 10 × 2 - 60",
        ], "\(steps)")
    }
}
