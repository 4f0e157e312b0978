import Foundation
import Testing
import TopWeightCore

/// The board's ranking from a logbook's facts: pure, so every rule is seen here.
@Suite("The gym's board: ranking the figures")
struct BoardFiguresTests {
    static let today = LocalDay(year: 2026, month: 11, day: 25)!
    static let noon = Date(timeIntervalSince1970: 1_795_608_000) // 2026-11-25T12:00:00Z
    static let window = BoardWindow(
        todayStart: noon, tomorrowStart: noon, weekStart: noon, monthStart: noon, strengthSince: noon, streaksSince: noon,
        zone: ZoneOffsets(changes: [.init(from: 0, seconds: 0)]),
        mainLifts: ["Back Squat", "Bench Press", "Deadlift", "Overhead Press"], totalLifts: ["Back Squat", "Bench Press", "Deadlift"])

    static func set(_ id: Int64, _ user: String, _ exercise: String, _ kg: Double, _ reps: Int, minutes: Double,
                    prior: (Double, Double)? = nil) -> BoardFacts.TodaySet {
        BoardFacts.TodaySet(id: id, user: user, exercise: exercise,
                            values: SetValues(weight: Weight(value: kg, unit: .kg), reps: reps, series: 3),
                            performedAt: noon.addingTimeInterval(minutes * 60), priorHeaviest: prior?.0, priorEstimate: prior?.1)
    }

    static func figures(_ facts: BoardFacts) -> BoardFigures {
        BoardFigures(facts: facts, window: window, today: today, streaksFrom: today.adding(days: -7 * 103 - 2))
    }

    @Test("DOTS uses the men's coefficients: 600 kg at 90 kg body weight scores 388, at 100 kg 369.3; body weight is clamped to 40–210 kg")
    func dots() throws {
        let at90 = try #require(Dots.score(totalKilograms: 600, bodyWeightKilograms: 90))
        let at100 = try #require(Dots.score(totalKilograms: 600, bodyWeightKilograms: 100))
        #expect(abs(at90 - 387.96) < 0.05)
        #expect(abs(at100 - 369.31) < 0.05)
        #expect(Dots.score(totalKilograms: 600, bodyWeightKilograms: 250) == Dots.score(totalKilograms: 600, bodyWeightKilograms: 210))
        #expect(Dots.score(totalKilograms: 600, bodyWeightKilograms: 0) == nil)
        #expect(Dots.board == .men)
    }

    @Test("Today's PRs: measured against the bests before each set, newest first; a first set of an exercise beats nothing")
    func records() {
        let facts = BoardFacts(todaySets: [
            // Ana: 100 × 5 beats her heaviest 97.5 and her e1RM (115 before).
            Self.set(1, "Ana", "Bench Press", 100, 5, minutes: 0, prior: (97.5, 115)),
            // Then 95 × 10: no heavier, but e1RM 126.7 beats today's 116.7.
            Self.set(2, "Ana", "Bench Press", 95, 10, minutes: 10, prior: (97.5, 115)),
            // Ben's first ever squat: nothing to beat; his second, heavier and stronger, is both records.
            Self.set(3, "Ben", "Back Squat", 100, 5, minutes: 5),
            Self.set(4, "Ben", "Back Squat", 110, 3, minutes: 20),
            // Zoë ties her best: not a record.
            Self.set(5, "Zoë", "Deadlift", 140, 3, minutes: 30, prior: (140, 154)),
        ])
        let records = Self.figures(facts).records
        #expect(records.map(\.user) == ["Ben", "Ana", "Ana"])
        #expect(records.map(\.kinds) == [[.heaviest, .e1rm], [.e1rm], [.heaviest, .e1rm]])
        #expect(records.map(\.estimate) == [121, 126.67, 116.67])
    }

    @Test("Relative strength needs a body weight and a best in each of the three lifts; ranked by DOTS")
    func strength() {
        func best(_ user: String, _ lift: String, _ kg: Double) -> BoardFacts.LiftBest { .init(user: user, lift: lift, kilograms: kg) }
        let facts = BoardFacts(
            strengthBests: [
                best("Ana", "Back Squat", 120), best("Ana", "bench press", 70), best("Ana", "Deadlift", 150),
                best("Ben", "Back Squat", 200), best("Ben", "Bench Press", 140), best("Ben", "Deadlift", 240),
                best("Cy", "Back Squat", 100), best("Cy", "Bench Press", 80), // no deadlift
                best("Dee", "Back Squat", 100), best("Dee", "Bench Press", 80), best("Dee", "Deadlift", 120), // no body weight
            ],
            bodies: [.init(user: "Ana", weight: Weight(value: 60, unit: .kg)), .init(user: "Ben", weight: Weight(value: 220, unit: .lb)),
                     .init(user: "Cy", weight: Weight(value: 80, unit: .kg))])
        let strength = Self.figures(facts).strength
        #expect(strength.map(\.user) == ["Ben", "Ana"])
        #expect(strength.map(\.totalKilograms) == [580, 340])
        #expect(abs(strength[0].bodyWeightKilograms - 99.79) < 0.01)
    }

    @Test("Streaks: weeks in a row ending this week or last; a gap ends one; fewer than two weeks are left out")
    func streaks() {
        let today = Self.today // a Wednesday
        func days(_ user: String, _ offsets: [Int]) -> [BoardFacts.ActiveDay] {
            offsets.map { BoardFacts.ActiveDay(user: user, day: today.adding(days: $0)) }
        }
        let facts = BoardFacts(activeDays:
            days("Ana", [0, -7, -14, -21]) // four weeks up to this one
            + days("Ben", [-8, -15]) // last week and the one before: two, this week not yet
            + days("Cy", [0, -14]) // a gap: one week
            + days("Dee", [-21, -28, -35])) // ended two weeks ago
        let streaks = Self.figures(facts).streaks
        #expect(streaks.map(\.user) == ["Ana", "Ben"])
        #expect(streaks.map(\.weeks) == [4, 2])
        #expect(streaks.allSatisfy { !$0.atLeast })
    }

    @Test("Lifters by sets, most first; volume top ten; the month's leaders per main lift in the board's order, three each")
    func rankings() {
        let facts = BoardFacts(
            lifters: [.init(name: "Ana", records: 2, sets: 6, lastAt: Self.noon), .init(name: "Ben", records: 5, sets: 15, lastAt: Self.noon)],
            monthBests: [
                .init(user: "Ana", lift: "Deadlift", kilograms: 150), .init(user: "Ben", lift: "Bench Press", kilograms: 140),
                .init(user: "Cy", lift: "Bench Press", kilograms: 90), .init(user: "Dee", lift: "Bench Press", kilograms: 100),
                .init(user: "Eve", lift: "Bench Press", kilograms: 80),
            ],
            weekVolume: (1...12).map { .init(user: "M\($0)", kilograms: Double($0) * 1000, sets: $0) })
        let figures = Self.figures(facts)
        #expect(figures.lifters.map(\.name) == ["Ben", "Ana"])
        #expect(figures.volume.count == 10)
        #expect(figures.volume.first?.user == "M12")
        #expect(figures.lifts.map(\.lift) == ["Bench Press", "Deadlift"])
        #expect(figures.lifts[0].leaders.map(\.user) == ["Ben", "Dee", "Cy"])
    }
}
