import Testing
import TopWeightCore
import TopWeightText

@Suite("Today's workout as text and JSON")
struct ProgramTextTests {
    private static func kg(_ value: Double) -> Weight { Weight(value: value, unit: .kg) }

    private static let squatDay = Program(
        name: "5/3/1",
        weeks: [
            .init(days: [.init(name: "Squat", exercises: [.init(exercise: "Back Squat", sets: [
                .init(load: .percent(650), reps: 5), .init(load: .percent(750), reps: 5), .init(load: .percent(850), reps: 5, amrap: true),
            ])])]),
            .init(days: [.init(name: "Squat", exercises: [.init(exercise: "Back Squat", sets: [
                .init(load: .percent(700), reps: 3), .init(load: .percent(800), reps: 3), .init(load: .percent(900), reps: 3, amrap: true),
            ]), .init(exercise: "Leg Press", sets: Array(repeating: .init(load: .fixed(kg(100)), reps: 10), count: 3))])]),
        ])

    private static func today(week: Int, maxes: [String: Weight] = ["Back Squat": kg(140)], warmups: Bool = false) -> TodayWorkout {
        TodayWorkout.make(squatDay, progress: ProgramProgress(week: week, trainingMaxes: ProgramProgress.start(maxes: maxes).trainingMaxes),
                          unit: .kg, plates: .standard(.kg), bar: kg(20), warmups: warmups)
    }

    @Test("the rack's line: each exercise's work sets, shares and loads; the + set marked")
    func headline() {
        #expect(ProgramText.headline(Self.today(week: 1))
            == "5/3/1 week 2 day 1: Back Squat 3×3+ at 70/80/90 % → 97.5 / 112.5 / 125 kg · Leg Press 3×10 → 100 kg")
    }

    @Test("the rack's line names a lift without a training max")
    func headlineMissing() {
        #expect(ProgramText.headline(Self.today(week: 0, maxes: [:]))
            == "5/3/1 week 1 day 1: nothing to lift (no training max for Back Squat)")
    }

    @Test("a lift without a training max: who gives one, with the exact command (names quoted for the shell)")
    func missingMaxCommand() {
        let today = Self.today(week: 1, maxes: [:])
        #expect(ProgramText.lines(today, member: "Zoë Li").last
            == "No training max for Back Squat: the coach gives one with topweight programs assign 5/3/1 --user \"Zoë Li\" --max \"Back Squat=WEIGHT\".")
        #expect(ProgramText.missingMaxes(today, member: "O'Neil", program: "Mike's $5") ==
            "No training max for Back Squat: the coach gives one with topweight programs assign 'Mike'\\''s $5' --user \"O'Neil\" --max \"Back Squat=WEIGHT\".")
    }

    @Test("programs lines up its three columns: name, weeks × days, summary")
    func listAligned() {
        let programs = [
            Program(name: "5x5", summary: "Linear.", weeks: [.init(days: [.init(exercises: []), .init(exercises: [])])]),
            Program(name: "5/3/1", summary: "Wendler.", weeks: Array(repeating: .init(days: Array(repeating: .init(exercises: []), count: 4)), count: 4)),
            Program(name: "Texas Method", summary: "Weekly.", weeks: [.init(days: Array(repeating: .init(exercises: []), count: 3))]),
        ]
        let lines = ProgramText.list(programs)
        #expect(lines == [
            "5x5           1 week × 2 days   Linear.",
            "5/3/1         4 weeks × 4 days  Wendler.",
            "Texas Method  1 week × 3 days   Weekly.",
        ])
    }

    @Test(":today lists every set, warm-ups first")
    func lines() {
        #expect(ProgramText.lines(Self.today(week: 0, warmups: true)) == [
            "5/3/1 week 1 day 1 (Squat)",
            "Back Squat",
            "  warm-up   20 kg × 5",
            "  warm-up   35 kg × 5",
            "  warm-up   55 kg × 3",
            "  warm-up   72.5 kg × 2",
            "  65 %      90 kg × 5",
            "  75 %      105 kg × 5",
            "  85 %      120 kg × 5+",
        ])
    }

    @Test(":today puts sets alike in a row on one line")
    func linesAlike() {
        #expect(ProgramText.lines(Self.today(week: 1)).suffix(2) == [
            "Leg Press",
            "            100 kg × 10 × 3 sets",
        ])
    }

    @Test("the weight nudge's line names the weight, the weeks and the next load")
    func nudge() {
        #expect(ProgramText.nudge(exercise: "Back Squat", stuckAt: Self.kg(100), weeks: 3, next: Self.kg(102.5))
            == "100 kg has been your top Back Squat for 3 weeks: try 102.5 kg next time.")
    }

    @Test("topweight today --format json")
    func json() {
        #expect(ProgramText.json(Self.today(week: 1)) == """
            {"program":"5/3/1","week":2,"day":1,"dayName":"Squat","deload":false,"exercises":[\
            {"exercise":"Back Squat","sets":[\
            {"weight":97.5,"unit":"kg","reps":3,"amrap":false,"percent":70,"warmup":false},\
            {"weight":112.5,"unit":"kg","reps":3,"amrap":false,"percent":80,"warmup":false},\
            {"weight":125,"unit":"kg","reps":3,"amrap":true,"percent":90,"warmup":false}]},\
            {"exercise":"Leg Press","sets":[\
            {"weight":100,"unit":"kg","reps":10,"amrap":false,"percent":null,"warmup":false},\
            {"weight":100,"unit":"kg","reps":10,"amrap":false,"percent":null,"warmup":false},\
            {"weight":100,"unit":"kg","reps":10,"amrap":false,"percent":null,"warmup":false}]}],\
            "missingMaxes":[]}
            """)
    }
}
