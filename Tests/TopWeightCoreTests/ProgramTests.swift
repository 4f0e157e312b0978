import Testing
import TopWeightCore

private func kg(_ value: Double) -> Weight { Weight(value: value, unit: .kg) }
private func lb(_ value: Double) -> Weight { Weight(value: value, unit: .lb) }

/// 5/3/1's first two weeks for one lift, and a deload week, small enough to read.
private let fiveThreeOne = Program(
    name: "5/3/1",
    weeks: [
        .init(days: [.init(exercises: [.init(exercise: "Back Squat", sets: [
            .init(load: .percent(650), reps: 5), .init(load: .percent(750), reps: 5), .init(load: .percent(850), reps: 5, amrap: true),
        ])])]),
        .init(days: [.init(exercises: [.init(exercise: "Back Squat", sets: [
            .init(load: .percent(700), reps: 3), .init(load: .percent(800), reps: 3), .init(load: .percent(900), reps: 3, amrap: true),
        ])])]),
        .init(days: [.init(exercises: [.init(exercise: "Back Squat", sets: [
            .init(load: .percent(400), reps: 5), .init(load: .percent(500), reps: 5), .init(load: .percent(600), reps: 5),
        ])])], deload: true),
    ],
    rules: .init(trainingMaxPermille: 900, addEachCycle: ["Back Squat": 500, "Bench Press": 250]))

/// A linear 5×5 of two alternating days.
private let linear = Program(
    name: "5x5",
    weeks: [.init(days: [
        .init(name: "A", exercises: [.init(exercise: "Back Squat", sets: Array(repeating: .init(load: .percent(1000), reps: 5), count: 5)),
                                      .init(exercise: "Bench Press", sets: Array(repeating: .init(load: .percent(1000), reps: 5), count: 5))]),
        .init(name: "B", exercises: [.init(exercise: "Back Squat", sets: Array(repeating: .init(load: .percent(1000), reps: 5), count: 5)),
                                      .init(exercise: "Deadlift", sets: [.init(load: .percent(1000), reps: 5)])]),
    ])],
    rules: .init(addOnSuccess: ["Back Squat": 250, "Bench Press": 250, "Deadlift": 500], deloadAfterMisses: 3, deloadPermille: 100))

@Suite("Programs: loads, warm-ups and rules")
struct ProgramTests {
    // MARK: - Rounding to the plates

    @Test("a share of the training max goes to the nearest load the plates make (ties to the lighter)", arguments: [
        // target, plates, bar, loaded
        (kg(97.5), PlateSet.standard(.kg), kg(20), kg(97.5)),
        (kg(98.7), PlateSet.standard(.kg), kg(20), kg(97.5)),
        (kg(98.8), PlateSet.standard(.kg), kg(20), kg(100)),
        (kg(98.75), PlateSet.standard(.kg), kg(20), kg(97.5)),
        (kg(15), PlateSet.standard(.kg), kg(20), kg(20)),
        (lb(227), PlateSet.standard(.lb), lb(45), lb(225)),
        (lb(228), PlateSet.standard(.lb), lb(45), lb(230)),
        // A gym with only 20s and 10s: 20 kg steps on the bar.
        (kg(97.5), PlateSet(unit: .kg, plates: [.init(hundredths: 2000), .init(hundredths: 1000)]), kg(20), kg(100)),
        (kg(89), PlateSet(unit: .kg, plates: [.init(hundredths: 2000), .init(hundredths: 1000)]), kg(20), kg(80)),
        // Two pairs of 25 only: past 120 kg the plates run out.
        (kg(140), PlateSet(unit: .kg, plates: [.init(hundredths: 2500, pairs: 2)]), kg(20), kg(120)),
        // A 15 kg bar.
        (kg(50), PlateSet.standard(.kg), kg(15), kg(50)),
        // kg plates for a pound target: to the pound stepper instead.
        (lb(227), PlateSet.standard(.kg), kg(20), lb(225)),
    ])
    func rounding(target: Weight, plates: PlateSet, bar: Weight, loaded: Weight) {
        #expect(TodayWorkout.loadable(target, plates: plates, bar: bar) == loaded)
    }

    @Test("5/3/1 week 2 on a 140 kg training max: 97.5 / 110 / 125 kg, the last set +")
    func weekTwo() throws {
        let progress = ProgramProgress(week: 1, trainingMaxes: ["back squat": kg(140)])
        let today = TodayWorkout.make(fiveThreeOne, progress: progress, unit: .kg, plates: .standard(.kg), bar: kg(20), warmups: false)
        #expect(today.week == 2 && today.day == 1 && !today.deload && today.missingMaxes.isEmpty)
        let squat = try #require(today.exercises.first)
        #expect(squat.sets.map(\.weight) == [kg(97.5), kg(112.5), kg(125)])
        #expect(squat.sets.map(\.reps) == [3, 3, 3])
        #expect(squat.sets.map(\.amrap) == [false, false, true])
        #expect(squat.sets.map(\.permille) == [700, 800, 900])
    }

    @Test("an exercise without a training max is named, not guessed")
    func missingMax() {
        let today = TodayWorkout.make(linear, progress: ProgramProgress(trainingMaxes: ["back squat": kg(100)]), unit: .kg,
                                      plates: .standard(.kg), bar: kg(20))
        #expect(today.exercises.map(\.exercise) == ["Back Squat"])
        #expect(today.missingMaxes == ["Bench Press"])
    }

    // MARK: - Warm-ups

    @Test("warm-up ladders: the bar, then about 40/60/80 % of the first work set, each heavier, none as heavy as it", arguments: [
        (kg(100), [kg(20), kg(40), kg(60), kg(80)], [5, 5, 3, 2]),
        (kg(60), [kg(20), kg(25), kg(35), kg(47.5)], [5, 5, 3, 2]),
        (kg(30), [kg(20), kg(25)], [5, 2]),
        (kg(20), [], []),
        (lb(225), [lb(45), lb(90), lb(135), lb(180)], [5, 5, 3, 2]),
    ])
    func ladders(work: Weight, weights: [Weight], reps: [Int]) {
        let bar = work.unit == .kg ? kg(20) : lb(45)
        let ladder = TodayWorkout.ladder(to: work, plates: .standard(work.unit), bar: bar)
        #expect(ladder.map(\.weight) == weights)
        #expect(ladder.map(\.reps) == reps)
        #expect(ladder.allSatisfy { $0.warmup })
    }

    @Test("today's workout puts the ladder before the first work set")
    func warmupsFirst() throws {
        let today = TodayWorkout.make(fiveThreeOne, progress: ProgramProgress(trainingMaxes: ["back squat": kg(140)]), unit: .kg,
                                      plates: .standard(.kg), bar: kg(20))
        let sets = try #require(today.exercises.first).sets
        #expect(sets.map(\.warmup) == [true, true, true, true, false, false, false])
        #expect(sets.map(\.weight) == [kg(20), kg(35), kg(55), kg(72.5), kg(90), kg(105), kg(120)])
    }

    // MARK: - Rules

    @Test("a clean day adds the step; the next day comes")
    func success() {
        let start = ProgramProgress.start(maxes: ["Back Squat": kg(100), "Bench Press": kg(60)])
        let next = start.advanced(after: ["Back Squat": true, "Bench Press": true], in: linear)
        #expect(next.trainingMax(for: "Back Squat") == kg(102.5))
        #expect(next.trainingMax(for: "Bench Press") == kg(62.5))
        #expect(next.day == 1 && next.week == 0 && next.cycle == 0)
    }

    @Test("a miss counts and holds the load; three in a row take 10 % off; a success clears the count")
    func misses() {
        var progress = ProgramProgress.start(maxes: ["Back Squat": kg(102.5)])
        progress = progress.advanced(after: ["Back Squat": false], in: linear)
        #expect(progress.trainingMax(for: "Back Squat") == kg(102.5) && progress.misses["back squat"] == 1)
        progress = progress.advanced(after: ["Back Squat": false], in: linear)
        #expect(progress.misses["back squat"] == 2)
        progress = progress.advanced(after: ["Back Squat": false], in: linear)
        // 102.5 less 10 % is 92.25: to the nearest 2.5 kg.
        #expect(progress.trainingMax(for: "Back Squat") == kg(92.5) && progress.misses["back squat"] == nil)
        progress = progress.advanced(after: ["Back Squat": false], in: linear)
        progress = progress.advanced(after: ["Back Squat": true], in: linear)
        #expect(progress.misses["back squat"] == nil && progress.trainingMax(for: "Back Squat") == kg(95))
    }

    @Test("the end of the last week starts a cycle with every training max raised; a deload week changes nothing")
    func cycle() {
        var progress = ProgramProgress.start(maxes: ["Back Squat": kg(140), "Bench Press": kg(90)])
        for _ in 0..<2 { progress = progress.advanced(after: ["Back Squat": true], in: fiveThreeOne) }
        #expect(progress.week == 2 && progress.trainingMax(for: "Back Squat") == kg(140))
        progress = progress.advanced(after: ["Back Squat": false], in: fiveThreeOne)
        #expect(progress.week == 0 && progress.day == 0 && progress.cycle == 1)
        #expect(progress.trainingMax(for: "Back Squat") == kg(145))
        #expect(progress.trainingMax(for: "Bench Press") == kg(92.5))
        #expect(progress.misses.isEmpty)
    }

    @Test("a member in pounds gets the pound step: 2.5 kg is 5 lb, 5 kg is 10 lb")
    func poundSteps() {
        var progress = ProgramProgress.start(maxes: ["Back Squat": lb(225), "Deadlift": lb(315)])
        progress = progress.advanced(after: ["Back Squat": true], in: linear)
        #expect(progress.trainingMax(for: "Back Squat") == lb(230))
        progress = progress.advanced(after: ["Deadlift": true], in: linear)
        #expect(progress.trainingMax(for: "Deadlift") == lb(325))
    }

    @Test("the training max from an e1RM: 90 % of it, to the stepper step below", arguments: [
        (kg(155), kg(137.5)), (kg(100), kg(90)), (lb(250), lb(225)), (kg(2.5), kg(0)),
    ])
    func trainingMaxFromEstimate(estimate: Weight, max: Weight) {
        #expect(ProgramProgress.trainingMax(fromEstimate: estimate, rules: fiveThreeOne.rules) == max)
    }
}

@Suite("The weight nudge without a program")
struct WeightNudgeTests {
    private static let today = LocalDay(year: 2026, month: 11, day: 25)!
    private static func day(_ ago: Int) -> LocalDay { today.adding(days: -ago) }

    @Test("three weeks at the same top weight is a stall; a heavier set, a missed week or a lighter top is not", arguments: [
        ([(0, 100.0), (7, 100), (14, 100)], true),
        ([(0, 100.0), (3, 80), (9, 100), (20, 100), (20, 90)], true),
        ([(0, 100.0), (7, 100)], false),
        ([(0, 100.0), (7, 102.5), (14, 100)], false),
        ([(0, 100.0), (7, 97.5), (14, 100)], false),
        ([(0, 100.0), (14, 100), (15, 100)], false),
        ([(0, 100.0), (7, 100), (14, 100), (-1, 105)], true),
    ] as [([(Int, Double)], Bool)])
    func stalls(sets: [(Int, Double)], stalled: Bool) {
        let logged = sets.map { (day: Self.day($0.0), weight: Weight(value: $0.1, unit: .kg)) }
        #expect(WeightNudge.stalled(at: Weight(value: 100, unit: .kg), sets: logged, today: Self.today, weeks: 3) == stalled)
    }

    @Test("a set in pounds heavier than the kilogram top breaks the stall")
    func mixedUnits() {
        let sets = [(day: Self.day(0), weight: Weight(value: 100, unit: .kg)), (day: Self.day(7), weight: Weight(value: 100, unit: .kg)),
                    (day: Self.day(8), weight: Weight(value: 225, unit: .lb)), (day: Self.day(14), weight: Weight(value: 100, unit: .kg))]
        #expect(!WeightNudge.stalled(at: Weight(value: 100, unit: .kg), sets: sets, today: Self.today, weeks: 3))
    }

    @Test("the next step is the lightest load the plates make over it", arguments: [
        (Weight(value: 100, unit: .kg), PlateSet.standard(.kg), Weight(value: 102.5, unit: .kg)),
        (Weight(value: 100, unit: .kg), PlateSet(unit: .kg, plates: [.init(hundredths: 2000), .init(hundredths: 500)]), Weight(value: 110, unit: .kg)),
        (Weight(value: 225, unit: .lb), PlateSet.standard(.lb), Weight(value: 230, unit: .lb)),
        (Weight(value: 225, unit: .lb), PlateSet.standard(.kg), Weight(value: 230, unit: .lb)),
    ])
    func nextStep(weight: Weight, plates: PlateSet, next: Weight) {
        #expect(WeightNudge.nextStep(after: weight, plates: plates, bar: Weight(value: 20, unit: .kg)) == next)
    }
}

@Suite("A program's day, judged from the sets saved")
struct DayCompletionTests {
    static func kg(_ value: Double) -> Weight { Weight(value: value, unit: .kg) }

    static let day = TodayWorkout(program: "P", week: 1, day: 1, dayName: nil, deload: false, exercises: [
        TodayWorkout.Exercise(exercise: "Back Squat", sets: [
            TodayWorkout.PlannedSet(weight: kg(20), reps: 5, amrap: false, permille: nil, warmup: true),
            TodayWorkout.PlannedSet(weight: kg(100), reps: 5, amrap: false, permille: 650, warmup: false),
            TodayWorkout.PlannedSet(weight: kg(110), reps: 5, amrap: false, permille: 750, warmup: false),
            TodayWorkout.PlannedSet(weight: kg(120), reps: 5, amrap: true, permille: 850, warmup: false),
        ]),
    ], missingMaxes: [])

    static func set(_ weight: Weight, _ reps: Int, _ series: Int = 1) -> SetValues {
        SetValues(weight: weight, reps: reps, series: series)
    }

    @Test("done when each work set has a saved set as heavy with as many reps; warm-ups aren't needed", arguments: [
        ([set(kg(100), 5), set(kg(110), 5), set(kg(120), 8)], true),
        // The "+" set's reps are the least: 5 at 120 is enough.
        ([set(kg(120), 5, 3)], true),
        // Series count: one record of three sets at the top weight covers all three.
        ([set(kg(120), 5, 2)], false),
        ([set(kg(100), 5), set(kg(110), 5), set(kg(120), 4)], false),
        ([set(kg(100), 5), set(kg(110), 5), set(kg(117.5), 8)], false),
        // Pounds compare as kilograms: 265 lb is 120.2 kg.
        ([set(kg(100), 5), set(kg(110), 5), set(Weight(value: 265, unit: .lb), 5)], true),
        ([SetValues.timed(SetDuration(seconds: 60), series: 9)], false),
        ([], false),
    ])
    func judged(saved: [SetValues], done: Bool) {
        #expect(Self.day.completion(from: ["back squat": saved]) == ["Back Squat": done])
    }

    @Test("the walk: warm-ups one by one, sets alike as one entry, the + set alone with its least reps")
    func walk() {
        let fives = TodayWorkout(program: "P", week: 1, day: 1, dayName: nil, deload: false, exercises: [
            TodayWorkout.Exercise(exercise: "Back Squat", sets: [TodayWorkout.PlannedSet(weight: Self.kg(20), reps: 5, amrap: false, permille: nil, warmup: true)]
                + Array(repeating: TodayWorkout.PlannedSet(weight: Self.kg(100), reps: 5, amrap: false, permille: 1000, warmup: false), count: 5)),
        ], missingMaxes: [])
        #expect(fives.walk() == [
            PlannedSet(exercise: "Back Squat", values: Self.set(Self.kg(20), 5), mark: .warmup),
            PlannedSet(exercise: "Back Squat", values: Self.set(Self.kg(100), 5, 5)),
        ])
        #expect(Self.day.walk().map { "\($0.values?.compact ?? "")\($0.mark == .warmup ? "w" : "")\($0.amrap ? "+" : "")" }
            == ["20x5x1w", "100x5x1", "110x5x1", "120x5x1+"])
    }

    @Test("a walk resumes after the sets saved: two of five done leave one entry of three; a work set done leaves the warm-ups behind")
    func walkResumes() {
        let fives = TodayWorkout(program: "P", week: 1, day: 1, dayName: nil, deload: false, exercises: [
            TodayWorkout.Exercise(exercise: "Back Squat", sets: [TodayWorkout.PlannedSet(weight: Self.kg(20), reps: 5, amrap: false, permille: nil, warmup: true)]
                + Array(repeating: TodayWorkout.PlannedSet(weight: Self.kg(100), reps: 5, amrap: false, permille: 1000, warmup: false), count: 5)),
        ], missingMaxes: [])
        let done = fives.setsDone(work: ["Back Squat": [Self.set(Self.kg(100), 5, 2)]])
        #expect(done == [[false, true, true, false, false, false]])
        #expect(fives.walk(done: done) == [PlannedSet(exercise: "Back Squat", values: Self.set(Self.kg(100), 5, 3))])
        // A warm-up saved as one counts as the warm-up, not as a work set.
        #expect(fives.setsDone(work: [:], warmups: ["back squat": [Self.set(Self.kg(20), 5)]]) == [[true, false, false, false, false, false]])
        // 5/3/1: the two lighter sets done, the + set left.
        let threes = Self.day.setsDone(work: ["Back Squat": [Self.set(Self.kg(100), 5), Self.set(Self.kg(110), 5)]])
        #expect(threes == [[false, true, true, false]])
        #expect(Self.day.walk(done: threes).map(\.amrap) == [true])
    }
}

// MARK: - Training maxes stay loads

@Suite("Programs: training maxes stay loads")
struct TrainingMaxBoundsTests {
    @Test("a deload of more than the whole max (a rule older files may hold) leaves one stepper step, never nothing or less")
    func deloadNeverBelowAStep() {
        var rules = linear.rules
        rules.deloadAfterMisses = 1
        rules.deloadPermille = 1100
        let program = Program(name: "Too deep", weeks: linear.weeks, rules: rules)
        let start = ProgramProgress.start(maxes: ["Back Squat": kg(100), "Bench Press": lb(45)])
        let next = start.advanced(after: ["Back Squat": false, "Bench Press": false], in: program)
        #expect(next.trainingMax(for: "Back Squat") == kg(2.5))
        #expect(next.trainingMax(for: "Bench Press") == lb(5))
    }

    @Test("a stored max of nothing or less (written before the bounds) reads as no max for that lift; the member stays on the program")
    func storedNonPositiveMax() throws {
        let stored = #"{"progress":{"cycle":0,"day":1,"misses":{},"trainingMaxes":{"back squat":{"hundredths":-1000,"unit":"kg"},"bench press":{"hundredths":6000,"unit":"kg"}},"week":0}}"#
        let assignment = try #require(ProgramAssignment(program: "5x5", storedProgress: stored, assignedAt: .init(timeIntervalSince1970: 0), lastDoneAt: nil))
        #expect(assignment.progress.trainingMax(for: "Back Squat") == nil)
        #expect(assignment.progress.trainingMax(for: "Bench Press") == kg(60))
        #expect(assignment.progress.day == 1)
    }
}
