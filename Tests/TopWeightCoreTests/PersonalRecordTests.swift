import Foundation
import Testing
@testable import TopWeightCore

private func kg(_ value: Double) -> Weight { Weight(value: value, unit: .kg) }
private func lb(_ value: Double) -> Weight { Weight(value: value, unit: .lb) }
private func set(_ weight: Weight, _ reps: Int, _ series: Int = 3) -> SetValues {
    SetValues(weight: weight, reps: reps, series: series)
}
private func best(_ weight: Weight, _ reps: Int, id: Int64 = 1) -> BestSet {
    BestSet(id: id, weight: weight, reps: reps)
}

/// The records a new set beats, against the bests the logbook found.
@Suite("Personal records on a save")
struct PersonalRecordTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var values: SetValues
        var kind: SetKind? = nil
        var bests: ExerciseBests
        /// The kinds beaten, in order.
        var expected: [RecordKind]
        var testDescription: String { name }
    }

    static let squat100x5 = ExerciseBests(heaviest: best(kg(100), 5), strongest: best(kg(100), 5), mostReps: best(kg(100), 5))

    static let cases: [Case] = [
        Case(name: "a first set has nothing to beat", values: set(kg(100), 5), bests: ExerciseBests(), expected: []),
        Case(name: "a warm-up never counts, however heavy", values: set(kg(140), 5), kind: .warmup, bests: squat100x5, expected: []),
        Case(name: "a drop set counts like a working set", values: set(kg(105), 5), kind: .drop,
             bests: ExerciseBests(heaviest: best(kg(100), 5), strongest: best(kg(100), 5)), expected: [.heaviest, .e1rm]),
        Case(name: "the same set again is a tie, not a record", values: set(kg(100), 5), bests: squat100x5, expected: []),
        Case(name: "heavier at the same reps: heaviest and e1RM", values: set(kg(102.5), 5),
             bests: ExerciseBests(heaviest: best(kg(100), 5), strongest: best(kg(100), 5)), expected: [.heaviest, .e1rm]),
        Case(name: "more reps at the same weight: e1RM and most reps", values: set(kg(100), 6), bests: squat100x5,
             expected: [.e1rm, .reps]),
        Case(name: "more reps but a heavier set had more still: e1RM only", values: set(kg(100), 6),
             bests: ExerciseBests(heaviest: best(kg(110), 3), strongest: best(kg(100), 5), mostReps: best(kg(105), 7)),
             expected: [.e1rm]),
        Case(name: "lighter with many reps beats the e1RM and reps at that weight", values: set(kg(90), 10),
             bests: ExerciseBests(heaviest: best(kg(100), 5), strongest: best(kg(100), 5), mostReps: best(kg(100), 5)),
             expected: [.e1rm, .reps]),
        Case(name: "135 lb beats 60 kg (61.23 kg)", values: set(lb(135), 5),
             bests: ExerciseBests(heaviest: best(kg(60), 5), strongest: best(kg(60), 5)), expected: [.heaviest, .e1rm]),
        Case(name: "60 kg does not beat 135 lb", values: set(kg(60), 5),
             bests: ExerciseBests(heaviest: best(lb(135), 5), strongest: best(lb(135), 5), mostReps: best(lb(135), 5)), expected: []),
        Case(name: "100 kg ties 220.46 lb (to the hundredth of a kg)", values: set(kg(100), 5),
             bests: ExerciseBests(heaviest: best(lb(220.46), 5), strongest: best(lb(220.46), 5), mostReps: best(lb(220.46), 5)),
             expected: []),
        Case(name: "an Epley tie (one rep is the weight itself) is no e1RM record", values: set(kg(120), 1),
             bests: ExerciseBests(heaviest: best(kg(120), 1), strongest: best(kg(120), 1), mostReps: best(kg(120), 1)), expected: []),
    ]

    @Test("beaten records", arguments: cases)
    func beaten(_ example: Case) {
        let records = PersonalRecord.beaten(by: example.values, kind: example.kind, bests: example.bests)
        #expect(records.map(\.kind) == example.expected)
    }

    @Test("each record carries the new best and the previous one, in their own units")
    func previousBests() {
        let bests = ExerciseBests(heaviest: best(lb(225), 5, id: 7), strongest: best(lb(225), 5, id: 7), mostReps: nil)
        let records = PersonalRecord.beaten(by: set(kg(105), 5), kind: nil, bests: bests)
        #expect(records == [
            PersonalRecord(kind: .heaviest, weight: kg(105), reps: 5, previousWeight: lb(225), previousReps: 5),
            PersonalRecord(kind: .e1rm, weight: kg(122.5), reps: 5, previousWeight: lb(262.5), previousReps: 5),
        ])
    }

    @Test("e1RM: Epley by default, Brzycki refused above 12 reps with a reason")
    func formulas() {
        #expect(OneRepMaxFormula.epley.estimate(of: kg(100), reps: 5) == Weight(hundredths: 11_667, unit: .kg))
        #expect(OneRepMaxFormula.brzycki.estimate(of: kg(100), reps: 5) == Weight(hundredths: 11_250, unit: .kg))
        #expect(OneRepMaxFormula.brzycki.estimate(of: kg(100), reps: 12) != nil)
        #expect(OneRepMaxFormula.brzycki.estimate(of: kg(60), reps: 15) == nil)
        #expect(OneRepMaxFormula.brzycki.refusal(reps: 15) == "Brzycki holds up to 12 reps; a set of 15 has no Brzycki e1RM")
        #expect(OneRepMaxFormula.brzycki.refusal(reps: 12) == nil)
        #expect(OneRepMaxFormula.epley.refusal(reps: 100) == nil)
        #expect(OneRepMaxFormula.epley.estimate(of: lb(135), reps: 1) == lb(135))
    }
}

/// A member's bests on one exercise, as `prs` lists them.
@Suite("Personal bests per exercise")
struct ExerciseRecordsTests {
    static let start = Date(timeIntervalSince1970: 1_795_284_000)

    static func record(_ id: Int64, _ values: SetValues, day: Int = 0, kind: SetKind? = nil, deleted: Bool = false) -> WorkoutRecord {
        WorkoutRecord(id: id, user: "Ana", exercise: "Back Squat", values: values, performedAt: start.addingTimeInterval(Double(day) * 86_400),
                      deletedAt: deleted ? start : nil, kind: kind)
    }

    static func gathered(_ records: [WorkoutRecord], formula: OneRepMaxFormula = .epley) -> ExerciseRecords {
        var bests = ExerciseRecords(exercise: "Back Squat", formula: formula)
        records.forEach { bests.add($0) }
        return bests
    }

    @Test("heaviest, e1RM, most reps and volume, each from its own set, in its own unit")
    func eachKind() {
        let bests = Self.gathered([
            Self.record(1, set(kg(100), 5, 5), day: 0),
            Self.record(2, set(lb(245), 1, 1), day: 1),   // 111.13 kg: the heaviest
            Self.record(3, set(kg(80), 12, 3), day: 2),   // most reps; e1RM 112 kg
            Self.record(4, set(kg(90), 10, 5), day: 3),   // e1RM 120 kg; volume 4500 kg
        ])
        #expect(bests.bests.map(\.kind) == [.heaviest, .e1rm, .reps, .volume])
        #expect(bests.bests.map(\.record.id) == [2, 4, 3, 4])
        #expect(bests.bests.map(\.value) == [245, 120, 12, 4500])
        #expect(bests.bests.map(\.unit) == ["lb", "kg", "reps", "kg"])
    }

    @Test("of equal sets the first one done holds the record, whatever the order they come in")
    func tiesGoToTheFirst() {
        let sets = [Self.record(5, set(kg(100), 5), day: 4), Self.record(2, set(kg(100), 5), day: 1), Self.record(9, set(kg(100), 5), day: 8)]
        for order in [sets, sets.reversed()] {
            #expect(Self.gathered(order).bests.map(\.record.id) == [2, 2, 2, 2])
        }
        // 100 kg and 220.46 lb are the same weight.
        let units = [Self.record(3, set(lb(220.46), 5), day: 2), Self.record(4, set(kg(100), 5), day: 3)]
        #expect(Self.gathered(units.reversed()).heaviest?.record.id == 3)
    }

    @Test("warm-ups and deleted sets never count")
    func warmupsAndTombstones() {
        let bests = Self.gathered([
            Self.record(1, set(kg(60), 5)),
            Self.record(2, set(kg(140), 20), kind: .warmup),
            Self.record(3, set(kg(150), 30), deleted: true),
        ])
        #expect(bests.bests.map(\.record.id) == [1, 1, 1, 1])
        #expect(Self.gathered([Self.record(2, set(kg(140), 5), kind: .warmup)]).bests.isEmpty)
    }

    @Test("Brzycki gives no e1RM above 12 reps and says why; the other records stay")
    func brzyckiRefusal() {
        let long = Self.gathered([Self.record(1, set(kg(60), 15)), Self.record(2, set(kg(50), 20))], formula: .brzycki)
        #expect(long.estimate == nil)
        #expect(long.estimateRefusal == "no Brzycki e1RM: all 2 sets have more than 12 reps")
        #expect(long.bests.map(\.kind) == [.heaviest, .reps, .volume])
        let mixed = Self.gathered([Self.record(1, set(kg(60), 15)), Self.record(2, set(kg(80), 8))], formula: .brzycki)
        #expect(mixed.estimate?.record.id == 2)
        #expect(mixed.estimate?.value == 99.31)
        #expect(mixed.estimateRefusal == nil)
        #expect(mixed.withoutEstimate == 1)
        #expect(Self.gathered([Self.record(1, set(kg(60), 15))], formula: .epley).estimate?.value == 90)
    }
}
