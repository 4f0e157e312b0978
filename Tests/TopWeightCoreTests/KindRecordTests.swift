import Foundation
import Testing
import TopWeightCore

private func bw(_ hundredths: Int, _ reps: Int, _ series: Int = 3, unit: WeightUnit = .kg) -> SetValues {
    .bodyweight(load: hundredths, unit: unit, reps: reps, series: series)
}
private func hold(_ seconds: Int, _ series: Int = 3) -> SetValues { .timed(SetDuration(seconds: seconds), series: series) }
private func run(_ thousandths: Int, _ unit: DistanceUnit, _ seconds: Int) -> SetValues {
    .covered(Distance(thousandths: thousandths, unit: unit), in: SetDuration(seconds: seconds))
}
private func kindBest(_ values: SetValues, id: Int64 = 1) -> KindBest { KindBest(id: id, values: values) }

/// The records a set of another kind than weight beats, against its own kind's bests.
@Suite("Personal records of every kind on a save")
struct KindRecordTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var values: SetValues
        var kind: SetKind? = nil
        var bests: ExerciseBests
        var expected: [RecordKind]
        var testDescription: String { name }
    }

    static let pullUps = ExerciseBests(mostRepsUnassisted: kindBest(bw(0, 10)), addedLoad: kindBest(bw(1_000, 6)))
    static let plank = ExerciseBests(longestHold: kindBest(hold(90)))
    static let row = ExerciseBests(longestDistance: kindBest(run(5_000_000, .m, 1_250)), fastestPace: kindBest(run(2_000_000, .m, 465)))

    static let cases: [Case] = [
        Case(name: "a first bodyweight set has nothing to beat", values: bw(0, 12), bests: ExerciseBests(), expected: []),
        Case(name: "more reps than ever unassisted: most reps", values: bw(0, 11), bests: pullUps, expected: [.reps]),
        Case(name: "the same reps is a tie", values: bw(0, 10), bests: pullUps, expected: []),
        Case(name: "a heavier belt than ever: added load", values: bw(1_250, 5), bests: pullUps, expected: [.addedLoad]),
        Case(name: "more reps and a heavier belt: both", values: bw(1_500, 11), bests: pullUps, expected: [.reps, .addedLoad]),
        Case(name: "22.5 lb (10.21 kg) beats 10 kg of added load", values: bw(2_250, 5, unit: .lb), bests: pullUps, expected: [.addedLoad]),
        Case(name: "an assisted set is no record, however many reps", values: bw(-2_000, 20), bests: pullUps, expected: []),
        Case(name: "a warm-up never counts", values: bw(2_000, 20), kind: .warmup, bests: pullUps, expected: []),
        Case(name: "the first load after body weight alone beats BW", values: bw(500, 5),
             bests: ExerciseBests(mostRepsUnassisted: kindBest(bw(0, 10)), addedLoad: kindBest(bw(0, 10))), expected: [.addedLoad]),
        Case(name: "a longer hold: longest hold", values: hold(95), bests: plank, expected: [.longestHold]),
        Case(name: "the same hold is a tie", values: hold(90, 5), bests: plank, expected: []),
        Case(name: "a first hold has nothing to beat", values: hold(30), bests: ExerciseBests(), expected: []),
        Case(name: "farther than ever: longest distance (6 km beats 5 000 m)", values: run(6_000, .km, 1_600), bests: row,
             expected: [.longestDistance]),
        Case(name: "a mile (1 609.344 m) is not longer than 5 000 m; its pace beats the sets at a mile or more",
             values: run(1_000, .mi, 300), bests: row, expected: [.fastestPace]),
        Case(name: "2 000 m faster than the best pace at 2 000 m or more", values: run(2_000_000, .m, 460), bests: row,
             expected: [.fastestPace]),
        Case(name: "a slower 2 000 m is no pace record", values: run(2_000_000, .m, 470), bests: row, expected: []),
        Case(name: "a faster pace than ever over a longer distance is the fastest pace, as prs names it", values: run(5_000_000, .m, 1_150),
             bests: row, expected: [.fastestPace]),
        Case(name: "no set as long as this one: no pace to beat", values: run(10_000, .km, 2_300),
             bests: ExerciseBests(longestDistance: kindBest(run(5_000_000, .m, 1_250))), expected: [.longestDistance]),
        Case(name: "a weight set beats no other kind's bests", values: SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 3),
             bests: pullUps, expected: []),
        Case(name: "a bodyweight set is not measured against weight bests",
             values: bw(5_000, 5), bests: ExerciseBests(heaviest: BestSet(id: 1, weight: Weight(value: 20, unit: .kg), reps: 5)), expected: []),
    ]

    @Test("beaten records", arguments: cases)
    func beaten(_ example: Case) {
        let records = PersonalRecord.beaten(by: example.values, kind: example.kind, bests: example.bests)
        #expect(records.map(\.kind) == example.expected)
    }

    @Test("a record of another kind carries the new set and the one it beat")
    func carriesSets() {
        let records = PersonalRecord.beaten(by: hold(100), kind: nil, bests: Self.plank)
        #expect(records.first?.set == hold(100))
        #expect(records.first?.previousSet == hold(90))
    }
}

/// The bests `prs` lists for sets of every kind.
@Suite("Exercise records of every kind")
struct KindExerciseRecordsTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func record(_ id: Int64, _ values: SetValues, day: Int, kind: SetKind? = nil) -> WorkoutRecord {
        WorkoutRecord(id: id, user: "Ana", exercise: "X", values: values, performedAt: start.addingTimeInterval(Double(day) * 86_400), kind: kind)
    }

    static func records(_ list: [WorkoutRecord]) -> ExerciseRecords {
        var records = ExerciseRecords(exercise: "X", formula: .epley)
        for record in list { records.add(record) }
        return records
    }

    @Test("bodyweight: most reps and heaviest added load among unassisted sets; assistance and warm-ups never count")
    func bodyweight() {
        let found = Self.records([
            Self.record(1, bw(0, 12), day: 0),
            Self.record(2, bw(1_000, 6), day: 1),
            Self.record(3, bw(-3_000, 20), day: 2),
            Self.record(4, bw(4_000, 30), day: 3, kind: .warmup),
            Self.record(5, bw(0, 12), day: 4),
        ])
        #expect(found.bests.map(\.kind) == [.reps, .addedLoad])
        #expect(found.mostRepsUnassisted?.record.id == 1)
        #expect(found.mostRepsUnassisted?.value == 12)
        #expect(found.addedLoad?.record.id == 2)
        #expect(found.addedLoad?.value == 10)
        #expect(found.addedLoad?.unit == "kg")
        #expect(found.heaviest == nil && found.volume == nil)
    }

    @Test("body weight alone holds no added-load best")
    func bodyweightAlone() {
        let found = Self.records([Self.record(1, bw(0, 8), day: 0)])
        #expect(found.bests.map(\.kind) == [.reps])
    }

    @Test("time: the longest hold, in seconds; of equal holds the first")
    func time() {
        let found = Self.records([Self.record(1, hold(60), day: 0), Self.record(2, hold(95), day: 1), Self.record(3, hold(95), day: 2)])
        #expect(found.bests.map(\.kind) == [.longestHold])
        #expect(found.longestHold?.value == 95)
        #expect(found.longestHold?.unit == "s")
        #expect(found.longestHold?.record.id == 2)
    }

    @Test("distance: the longest in metres across units, the fastest pace in seconds per km")
    func distance() {
        let found = Self.records([
            Self.record(1, run(5_000, .km, 1_500), day: 0),
            Self.record(2, run(3_500, .mi, 1_800), day: 1),
            Self.record(3, run(400_000, .m, 80), day: 2),
        ])
        #expect(found.bests.map(\.kind) == [.longestDistance, .fastestPace])
        #expect(found.longestDistance?.record.id == 2)
        #expect(abs((found.longestDistance?.value ?? 0) - 5_632.704) < 0.001)
        #expect(found.longestDistance?.unit == "m")
        #expect(found.fastestPace?.record.id == 3)
        #expect(found.fastestPace?.value == 200)
        #expect(found.fastestPace?.unit == "s/km")
    }

    @Test("weight bests read weight sets only")
    func weightOnly() {
        let found = Self.records([
            Self.record(1, SetValues(weight: Weight(value: 60, unit: .kg), reps: 5, series: 3), day: 0),
            Self.record(2, bw(8_000, 5), day: 1),
        ])
        #expect(found.heaviest?.record.id == 1)
        #expect(found.volume?.value == 900)
        #expect(found.addedLoad?.record.id == 2)
    }
}

/// Volume counts loads only.
@Suite("Volume of every kind")
struct KindVolumeTests {
    @Test("weights and added loads count; body weight alone, assistance, holds and distances don't")
    func volume() {
        #expect(SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 3).volumeKilograms == 1_500)
        #expect(bw(1_000, 8, 3).volumeKilograms == 240)
        #expect(bw(0, 8, 3).volumeKilograms == 0)
        #expect(bw(-2_000, 8, 3).volumeKilograms == 0)
        #expect(hold(90).volumeKilograms == 0)
        #expect(run(2_000_000, .m, 465).volumeKilograms == 0)
    }
}

/// Chart metrics of the other kinds.
@Suite("Progress series of every kind")
struct KindProgressSeriesTests {
    static func record(_ id: Int64, _ values: SetValues, day: Int, kind: SetKind? = nil) -> WorkoutRecord {
        WorkoutRecord(id: id, user: "Ana", exercise: "X", values: values,
                      performedAt: ProgressSeriesTests.at(day: day), kind: kind)
    }

    static func table(_ list: [WorkoutRecord], _ metric: ChartMetric) -> (String, [String]) {
        let series = ProgressSeries.sets(list, metric: metric, calendar: ProgressSeriesTests.utc)
        return (series.unitName, ProgressSeriesTests.table(series))
    }

    @Test("reps: the day's most reps (unassisted), a PR above every earlier day")
    func reps() {
        let list = [
            Self.record(1, bw(0, 8), day: 0), Self.record(2, bw(1_000, 10), day: 0),
            Self.record(3, bw(-2_000, 20), day: 1), Self.record(4, bw(0, 9), day: 1),
            Self.record(5, bw(0, 11), day: 2), Self.record(6, bw(0, 30), day: 3, kind: .warmup),
        ]
        #expect(Self.table(list, .reps) == ("reps", ["2026-03-01 10", "2026-03-02 9", "2026-03-03 11 PR"]))
        // Volume: the added load alone (10 kg × 10 × 3 = 300), assistance none.
        #expect(Self.table(list, .volume) == ("kg", ["2026-03-01 300", "2026-03-02 0", "2026-03-03 0"]))
        // No weight sets: no weight or e1RM to draw.
        #expect(Self.table(list, .weight).1.isEmpty)
        #expect(Self.table(list, .e1rm).1.isEmpty)
    }

    @Test("duration: the day's longest hold in seconds")
    func duration() {
        let list = [Self.record(1, hold(60), day: 0), Self.record(2, hold(45), day: 1), Self.record(3, hold(90), day: 2)]
        #expect(Self.table(list, .duration) == ("s", ["2026-03-01 60", "2026-03-02 45", "2026-03-03 90 PR"]))
    }

    @Test("distance in the newest set's unit; pace in seconds per km, a faster day the PR")
    func distanceAndPace() {
        let list = [
            Self.record(1, run(5_000_000, .m, 1_500), day: 0),
            Self.record(2, run(3_000_000, .m, 840), day: 1),
            Self.record(3, run(6_000, .km, 1_740), day: 2),
        ]
        #expect(Self.table(list, .distance) == ("km", ["2026-03-01 5", "2026-03-02 3", "2026-03-03 6 PR"]))
        #expect(Self.table(list, .pace) == ("s/km", ["2026-03-01 300", "2026-03-02 280 PR", "2026-03-03 290"]))
    }

    @Test("the default metric follows the exercise's kind")
    func defaults() {
        #expect(ExerciseKind.allCases.map(ChartMetric.defaultMetric(for:)) == [.e1rm, .reps, .duration, .distance])
    }
}

