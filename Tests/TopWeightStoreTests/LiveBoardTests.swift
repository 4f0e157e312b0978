import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
import TopWeightUseCases

/// `serve`'s live board (`LiveBoard`), which reads the days before today
/// only when they changed, held to the whole read (`GymBoard.figures`) after
/// every step of generated days in a gym: sets saved today and for days
/// before, edited, removed and put back, members hidden and renamed, lifts
/// renamed, the clock crossing midnight. And a save today reads today alone.
@Suite("The live board against the whole read")
struct LiveBoardTests {
    static let zone = TimeZone(identifier: "Europe/Amsterdam")!
    /// Monday 2026-11-30, 07:00 in Amsterdam.
    static let start = Date(timeIntervalSince1970: 1_796_018_400)

    /// The board's figures with sums to the gram: adding a day's volume to the
    /// days before it may differ from one sum in the last binary digit.
    static func rounded(_ figures: BoardFigures) -> String {
        var text = String(describing: figures)
        // Doubles as the description writes them, to two decimals.
        let pattern = /-?[0-9]+\.[0-9]+(e-?[0-9]+)?/
        text = text.replacing(pattern) { match in
            String(format: "%.2f", Double(match.output.0) ?? 0)
        }
        return text
    }

    @Test("Step by step, 300 steps of four generated gyms: the same board as the whole read", arguments: TestEngine.kinds)
    func sameAsTheWholeRead(engine: TestEngine) throws {
        for seed in 1...4 {
            try engine.withStore { store in
                var random = SeededGenerator(seed: UInt64(seed) &* 7_919)
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = Self.zone
                var now = Self.start
                var members = try (0..<6).map { try store.createUser(named: "Member \($0)") }
                var lifts = try (GymBoard.mainLifts + ["Barbell Row"]).map { try store.createExercise(named: $0) }
                var saved: [(id: Int64, user: User, exercise: Exercise)] = []
                func save(daysBack: Int, by chosen: User? = nil, of lift: Exercise? = nil, heavy: Bool = false) throws {
                    let user = chosen ?? members[Int.random(in: 0..<members.count, using: &random)]
                    let exercise = lift ?? lifts[Int.random(in: 0..<lifts.count, using: &random)]
                    // A heavy set is more than any other: a PR today.
                    let quarters = heavy ? Int.random(in: 600...800, using: &random) : Int.random(in: 80...480, using: &random)
                    let values = SetValues(weight: Weight(value: Double(quarters) / 4, unit: Bool.random(using: &random) ? .kg : .lb),
                                           reps: Int.random(in: 1...12, using: &random), series: Int.random(in: 1...5, using: &random))
                    // Today's sets within today; the others an hour or so into their day's evening.
                    let sinceMidnight = Int(now.timeIntervalSince(calendar.startOfDay(for: now)))
                    let earlier = Int.random(in: 0...min(3_600, sinceMidnight), using: &random)
                    let at = now.addingTimeInterval(-Double(daysBack) * 86_400 - Double(earlier))
                    let id = try store.save(NewRecord(user: user, exercise: exercise, values: values, performedAt: at))
                    saved.append((id, user, exercise))
                }
                // A history before the first step: weeks of training.
                for _ in 0..<120 { try save(daysBack: Int.random(in: 1...400, using: &random)) }
                let board = GymBoard(logbook: store, timeZone: Self.zone)
                let live = LiveBoard(board)
                var todaySaves = 0
                for step in 0..<75 {
                    let pick = Int.random(in: 0..<100, using: &random)
                    let readsBefore = live.readsOfThePast
                    var savedToday = false
                    switch pick {
                    case 0..<45:
                        try save(daysBack: 0)
                        savedToday = true
                    case 45..<50:
                        try save(daysBack: 0, heavy: true)
                        savedToday = true
                    case 50..<53:
                        // A member's first set of a lift, today: a new member, or a new lift.
                        if Bool.random(using: &random) {
                            let member = try store.createUser(named: "Newcomer \(step)")
                            members.append(member)
                            try save(daysBack: 0, by: member)
                        } else {
                            let lift = try store.createExercise(named: "Lift \(step)")
                            lifts.append(lift)
                            try save(daysBack: 0, of: lift)
                        }
                        savedToday = true
                    case 53..<55:
                        // A PR of a main lift by a member who has it in the past.
                        try save(daysBack: 0, of: lifts[Int.random(in: 0..<4, using: &random)], heavy: true)
                        savedToday = true
                    case 55..<65: try save(daysBack: Int.random(in: 1...120, using: &random))
                    case 65..<72:
                        let victim = saved[Int.random(in: 0..<saved.count, using: &random)]
                        _ = try store.deleteRecord(id: victim.id, now: now)
                    case 72..<76:
                        let victim = saved[Int.random(in: 0..<saved.count, using: &random)]
                        _ = try store.restoreRecord(id: victim.id)
                    case 76..<83:
                        let victim = saved[Int.random(in: 0..<saved.count, using: &random)]
                        let values = SetValues(weight: Weight(value: Double(Int.random(in: 80...600, using: &random)) / 4, unit: .kg),
                                               reps: Int.random(in: 1...10, using: &random), series: 1)
                        _ = try store.editRecord(id: victim.id, exercise: victim.exercise, values: values, now: now)
                    case 83..<87:
                        let member = members[Int.random(in: 0..<members.count, using: &random)]
                        try store.setPrivate(member, !(try store.isPrivate(member)))
                    case 87..<90:
                        let index = Int.random(in: 0..<members.count, using: &random)
                        members[index] = try store.renameUser(members[index], to: "Member \(index) \(step)")
                    case 90..<92:
                        // The board's lifts are found by name: one goes off it, or comes back.
                        let index = Int.random(in: 0..<lifts.count, using: &random)
                        let name = lifts[index].name.hasSuffix(" (old)") ? String(lifts[index].name.dropLast(6)) : lifts[index].name + " (old)"
                        lifts[index] = try store.renameExercise(lifts[index], to: name)
                    default:
                        // Hours pass, past midnight at times.
                        now = now.addingTimeInterval(Double(Int.random(in: 1...14, using: &random)) * 3_600)
                    }
                    let whole = try board.figures(at: now)
                    let kept = try live.figures(at: now)
                    #expect(Self.rounded(kept) == Self.rounded(whole), "seed \(seed), step \(step) (\(pick)): the live board differs")
                    if savedToday, step > 0 {
                        todaySaves += 1
                        #expect(live.readsOfThePast == readsBefore, "seed \(seed), step \(step): a save today read the days before")
                    }
                }
                #expect(todaySaves > 20)
            }
        }
    }

    @Test("A morning of saves: today read alone, each member's lift looked up once, PRs as the whole read judges them",
          arguments: TestEngine.kinds)
    func aMorningReadsTodayAlone(engine: TestEngine) throws {
        try engine.withStore { store in
            var random = SeededGenerator(seed: 5_501)
            var members = try (0..<5).map { try store.createUser(named: "Member \($0)") }
            var lifts = try (GymBoard.mainLifts + ["Barbell Row"]).map { try store.createExercise(named: $0) }
            let now = Self.start
            func save(_ user: User, _ exercise: Exercise, at: Date, quarters: Int) throws {
                let values = SetValues(weight: Weight(value: Double(quarters) / 4, unit: .kg),
                                       reps: Int.random(in: 1...8, using: &random), series: 1)
                _ = try store.save(NewRecord(user: user, exercise: exercise, values: values, performedAt: at))
            }
            for _ in 0..<150 {
                try save(members.randomElement(using: &random)!, lifts.randomElement(using: &random)!,
                         at: now.addingTimeInterval(-Double(Int.random(in: 1...300, using: &random)) * 86_400),
                         quarters: Int.random(in: 80...480, using: &random))
            }
            let board = GymBoard(logbook: store, timeZone: Self.zone)
            let live = LiveBoard(board)
            _ = try live.figures(at: now)
            #expect(live.readsOfThePast == 1)
            var seenToday = Set<[Int64]>()
            var withRecords = 0
            for step in 0..<40 {
                var member = members.randomElement(using: &random)!
                var lift = lifts.randomElement(using: &random)!
                switch step % 10 {
                case 3:
                    member = try store.createUser(named: "Newcomer \(step)")
                    members.append(member)
                case 7:
                    lift = try store.createExercise(named: "Lift \(step)")
                    lifts.append(lift)
                default: break
                }
                // One set in three heavier than any before: a PR.
                let heavy = Int.random(in: 0..<3, using: &random) == 0
                try save(member, lift, at: now.addingTimeInterval(-Double(40 - step) * 60),
                         quarters: heavy ? 500 + 10 * step : Int.random(in: 80...480, using: &random))
                let lookedUp = live.bestsLookedUp
                let kept = try live.figures(at: now)
                let whole = try board.figures(at: now)
                #expect(Self.rounded(kept) == Self.rounded(whole), "step \(step): the live board differs")
                #expect(live.readsOfThePast == 1, "step \(step): a save today read the days before")
                let isNew = seenToday.insert([member.id, lift.id]).inserted
                #expect(live.bestsLookedUp - lookedUp == (isNew ? 1 : 0), "step \(step): bests looked up")
                if !whole.records.isEmpty { withRecords += 1 }
            }
            #expect(withRecords > 10)
        }
    }
}
