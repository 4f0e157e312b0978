import Foundation
import Testing
import TopWeightCore

/// The one PR rule (`RecordBook`), set by set.
@Suite("The one PR rule")
struct RecordBookTests {
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    static func set(_ id: Int64, _ weight: Double, _ reps: Int, _ series: Int = 3, unit: WeightUnit = .kg,
                    exercise: String = "Back Squat", kind: SetKind? = nil, minutes: Double? = nil) -> WorkoutRecord {
        WorkoutRecord(id: id, user: "Tina", exercise: exercise,
                      values: SetValues(weight: Weight(value: weight, unit: unit), reps: reps, series: series),
                      performedAt: start.addingTimeInterval((minutes ?? Double(id)) * 60), kind: kind)
    }

    @Test("the issue's Tina: 100 × 5 × 3 a first, 105 × 5 × 3 heaviest and e1RM only (5 reps a tie), the same again nothing")
    func tina() {
        let verdicts = RecordBook.replay([Self.set(1, 100, 5), Self.set(2, 105, 5), Self.set(3, 105, 5)]).map(\.verdict)
        #expect(verdicts[0] == .first)
        #expect(verdicts[1].records.map(\.kind) == [.heaviest, .e1rm])
        #expect(verdicts[2] == RecordBook.Verdict.none)
    }

    @Test("more reps at a weight is a PR, at a lighter one with fewer reps nothing; a warm-up is neither a first nor a PR")
    func repsAndWarmups() {
        let verdicts = RecordBook.replay([
            Self.set(1, 60, 5, kind: .warmup), Self.set(2, 100, 5), Self.set(3, 100, 6), Self.set(4, 90, 6), Self.set(5, 150, 1, kind: .warmup),
        ]).map(\.verdict)
        #expect(verdicts[0] == RecordBook.Verdict.none)
        #expect(verdicts[1] == .first)
        #expect(verdicts[2].records.map(\.kind) == [.e1rm, .reps])
        #expect(verdicts[3] == RecordBook.Verdict.none)
        #expect(verdicts[4] == RecordBook.Verdict.none)
    }

    @Test("sets are judged in the order done, not the order saved; 100 kg and 220.46 lb are a tie")
    func orderAndUnits() {
        // Saved second but done first: it is the first.
        let verdicts = RecordBook.replay([Self.set(1, 110, 5, minutes: 10), Self.set(2, 100, 5, minutes: 5)])
        #expect(verdicts.map(\.record.id) == [2, 1])
        #expect(verdicts[0].verdict == .first)
        #expect(verdicts[1].verdict.records.map(\.kind) == [.heaviest, .e1rm])
        let units = RecordBook.replay([Self.set(1, 100, 5), Self.set(2, 220.46, 5, unit: .lb)]).map(\.verdict)
        #expect(units[1] == RecordBook.Verdict.none)
    }

    @Test("what the rule finds is what the rack's save finds: PersonalRecord.beaten against the same bests")
    func sameAsTheSave() {
        var book = RecordBook()
        _ = book.judge(Self.set(1, 60, 5, 5, exercise: "Bench Press"))
        let next = Self.set(2, 62.5, 5, 5, exercise: "Bench Press")
        let bests = ExerciseBests(heaviest: BestSet(id: 1, weight: Weight(value: 60, unit: .kg), reps: 5),
                                  strongest: BestSet(id: 1, weight: Weight(value: 60, unit: .kg), reps: 5))
        #expect(book.judge(next).records == PersonalRecord.beaten(by: next.values, kind: nil, bests: bests))
    }

    @Test("bests known from before (the board's): the next set is no first, and is judged against them")
    func known() {
        var book = RecordBook()
        book.know(user: "Tina", exercise: "back squat", heaviest: 100, estimate: 116.67)
        #expect(book.judge(Self.set(1, 100, 5)) == RecordBook.Verdict.none)
        #expect(book.judge(Self.set(2, 100, 6)).records.map(\.kind) == [.e1rm, .reps])
        #expect(book.judge(Self.set(3, 102.5, 1)).records.map(\.kind) == [.heaviest])
    }

    @Test("numbers one way: thousands apart by a thin space, a minus sign")
    func figures() {
        #expect(Figures.grouped(950) == "950")
        #expect(Figures.grouped(1_200) == "1\u{202F}200")
        #expect(Figures.grouped(3_249_592) == "3\u{202F}249\u{202F}592")
        #expect(Figures.grouped(-15_400) == "−15\u{202F}400")
    }
}
