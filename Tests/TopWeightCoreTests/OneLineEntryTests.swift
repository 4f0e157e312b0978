import Testing
@testable import TopWeightCore

@Suite("One-line entry")
struct OneLineEntryTests {
    struct EntryCase: Sendable, CustomTestStringConvertible {
        var line: String
        var entry: OneLineEntry
        var testDescription: String { "\"\(line)\"" }
    }

    private static func entry(
        _ exercise: String?, _ hundredths: Int, _ unit: WeightUnit?, _ reps: Int, _ series: Int?
    ) -> OneLineEntry {
        OneLineEntry(exercise: exercise, weightHundredths: hundredths, unit: unit, reps: reps, series: series)
    }

    // MARK: - NAME WEIGHTxREPSxSERIES

    static let withExercise: [EntryCase] = [
        EntryCase(line: "bench 62.5x8x3", entry: entry("bench", 6250, nil, 8, 3)),
        EntryCase(line: "Bench Press 100x5x5", entry: entry("Bench Press", 10000, nil, 5, 5)),
        EntryCase(line: "bench 62.5 x 8 x 3", entry: entry("bench", 6250, nil, 8, 3)),
        EntryCase(line: "bench 62.5 x8 x3", entry: entry("bench", 6250, nil, 8, 3)),
        EntryCase(line: "bench 135lbx5x3", entry: entry("bench", 13500, .lb, 5, 3)),
        EntryCase(line: "bench 135 lb x 5 x 3", entry: entry("bench", 13500, .lb, 5, 3)),
        EntryCase(line: "bench 60kgx5x3", entry: entry("bench", 6000, .kg, 5, 3)),
        EntryCase(line: "bench 62,5×8×3", entry: entry("bench", 6250, nil, 8, 3)),
        EntryCase(line: "bench 62.5X8X3", entry: entry("bench", 6250, nil, 8, 3)),
        EntryCase(line: "bench 62.5*8*3", entry: entry("bench", 6250, nil, 8, 3)),
        EntryCase(line: "  Bench   Press  100x5x5  ", entry: entry("Bench Press", 10000, nil, 5, 5)),
        EntryCase(line: "Zoë's Press .5x1x1", entry: entry("Zoë's Press", 50, nil, 1, 1)),
        EntryCase(line: "21s Curl 20x7x3", entry: entry("21s Curl", 2000, nil, 7, 3)),
        EntryCase(line: "Pull-up 0x10x3", entry: entry("Pull-up", 0, nil, 10, 3)),
        EntryCase(line: "深蹲 100x5x5", entry: entry("深蹲", 10000, nil, 5, 5)),
        // Names with a word that ends or starts with an x keep their spaces.
        EntryCase(line: "Box Squat 100x5x5", entry: entry("Box Squat", 10000, nil, 5, 5)),
        EntryCase(line: "Hex Bar Deadlift 140x3x2", entry: entry("Hex Bar Deadlift", 14000, nil, 3, 2)),
        EntryCase(line: "Cable Xover 20x12x3", entry: entry("Cable Xover", 2000, nil, 12, 3)),
        EntryCase(line: "Box 62.5x8x3", entry: entry("Box", 6250, nil, 8, 3)),
        EntryCase(line: "Box 62.5 x 8 x 3", entry: entry("Box", 6250, nil, 8, 3)),
    ]

    @Test("reads an exercise followed by weight, reps and series", arguments: withExercise)
    func readsEntry(_ example: EntryCase) throws {
        let parsed = try #require(OneLineEntry.parseWithExercise(example.line))
        #expect(try parsed.get() == example.entry)
    }

    @Test("leaves lines that are not of that shape to be exercise names", arguments: [
        "Squat 5x5",
        "Hack Squat 5x5",
        "Squat",
        "Bench Press",
        "bench",
        "",
        "   ",
        "62.5x8x3",
        "bench x",
        "bench 62.5",
        "bench +5x8x3",
        "Box",
    ])
    func notAnEntry(_ line: String) {
        #expect(OneLineEntry.parseWithExercise(line) == nil)
    }

    @Test("refuses numbers that are there but wrong", arguments: [
        "bench 62.5x0x3",
        "bench 62.5x8x0",
        "bench 62.5x1001x3",
        "bench 62.5x8x101",
        "bench 62.5x8.5x3",
        "bench 62.555x8x3",
        "bench 5000x8x3",
        "bench 2201lbx5x3",
        "bench 62.5x8x3x4",
        "Squat 5x5x5x5",
    ])
    func refusesWrongNumbers(_ line: String) {
        let parsed = OneLineEntry.parseWithExercise(line)
        guard case .failure = parsed else {
            Issue.record("\"\(line)\" gave \(String(describing: parsed)), expected an error")
            return
        }
    }

    // MARK: - WEIGHTxREPS[xSERIES] at the weight prompt

    static let numbersOnly: [EntryCase] = [
        EntryCase(line: "62.5x8", entry: entry(nil, 6250, nil, 8, nil)),
        EntryCase(line: "62.5x8x3", entry: entry(nil, 6250, nil, 8, 3)),
        EntryCase(line: "62,5 × 8 × 3", entry: entry(nil, 6250, nil, 8, 3)),
        EntryCase(line: " 135lbx5 ", entry: entry(nil, 13500, .lb, 5, nil)),
        EntryCase(line: "135 lb x 5 x 3", entry: entry(nil, 13500, .lb, 5, 3)),
        EntryCase(line: "0x1x1", entry: entry(nil, 0, nil, 1, 1)),
        EntryCase(line: "1000x1000x100", entry: entry(nil, 100_000, nil, 1000, 100)),
    ]

    @Test("reads weight and reps, with or without series", arguments: numbersOnly)
    func readsNumbers(_ example: EntryCase) throws {
        let parsed = try #require(OneLineEntry.parseNumbersOnly(example.line))
        #expect(try parsed.get() == example.entry)
    }

    @Test("leaves a plain weight or a stepper to the weight prompt", arguments: [
        "60", "62.5", "135lb", "", "+", "--", "+5", "x", "abc",
    ])
    func plainWeight(_ line: String) {
        #expect(OneLineEntry.parseNumbersOnly(line) == nil)
    }

    @Test("refuses numbers-only lines that are wrong", arguments: [
        "62.5x0", "62.5x8x0", "62.5x8.5", "5000x8", "62.5x8x3x4", "62.555x8",
    ])
    func refusesWrongNumbersOnly(_ line: String) {
        let parsed = OneLineEntry.parseNumbersOnly(line)
        guard case .failure = parsed else {
            Issue.record("\"\(line)\" gave \(String(describing: parsed)), expected an error")
            return
        }
    }
}

@Suite("A set typed where a name goes")
struct SetInNameTests {
    @Test("a set, a weight or a name ending in a weight is no name", arguments: [
        "55x5x5", "62.5 kg", "62,5kg", "100", "bench 135", "bench 60x5", "Zottman Curl 20kg", "row 135 lb",
    ])
    func refused(text: String) {
        #expect(OneLineEntry.setInName(text) != nil)
    }

    @Test("names with numbers in them stay names", arguments: [
        "Bicep 21s", "5/3/1 Press", "Bench Press", "90-90 Hip Switch", "T-Bar Row", "Cable Crossover x2",
    ])
    func names(text: String) {
        #expect(OneLineEntry.setInName(text) == nil)
    }

    @Test("the reason says what to type instead")
    func reason() {
        #expect(OneLineEntry.setInName("bench 135")?.example == "bench 135x5x3")
        #expect(OneLineEntry.setInName("55x5x5")?.example == "Bench Press 55x5x5")
        // A lone weight's example is a whole set, one that saves.
        #expect(OneLineEntry.setInName("62.5 kg", exercise: "Dip")?.example == "Dip 62.5kgx5x3")
        #expect(OneLineEntry.setInName("Dip 62.5kg")?.example == "Dip 62.5kgx5x3")
    }

    @Test("weight × reps without the series: the example adds them, never repeats what was typed", arguments: [
        ("bench 60x10", "bench 60x10x3"), ("bench 0x10", "bench 0x10x3"), ("60x10", "Bench Press 60x10x3"),
        ("bench 60x10@8", "bench 60x10x3@8"),
    ])
    func seriesMissing(typed: String, example: String) throws {
        let error = try #require(OneLineEntry.setInName(typed))
        #expect(error.example == example)
        #expect(error.example != typed)
    }

    @Test("a negative weight is a set written wrong, never a new exercise's name; the example drops the sign", arguments: [
        ("bench -60x5x5", "bench 60x5x5"), ("-60x5x5", "Bench Press 60x5x5"), ("squat -100", "squat 100x5x3"),
    ])
    func negativeWeight(typed: String, example: String) throws {
        let error = try #require(OneLineEntry.setInName(typed))
        #expect(error.reason.contains("negative"), "\(error.reason)")
        #expect(error.example == example)
    }

    @Test("a count too long for any number is out of range, not \"not a whole number\" (at the rack a run of a card's digits is taken off the screen first)")
    func hugeCount() throws {
        guard case .failure(let reps)? = OneLineEntry.parseWithExercise("bench 60x99999999999999999999x3") else {
            Issue.record("not refused")
            return
        }
        #expect(reps.reason == "reps must be a whole number from 1 to \(NumericField.reps.format(NumericField.reps.maximum(unit: .kg)))")
        guard case .failure(let series)? = OneLineEntry.parseNumbersOnly("60x5x99999999999999999999") else {
            Issue.record("not refused")
            return
        }
        #expect(series.reason.hasPrefix("series must be a whole number from 1 to"), "\(series.reason)")
    }
}
