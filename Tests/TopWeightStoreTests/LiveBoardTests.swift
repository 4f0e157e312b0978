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
                func save(daysBack: Int) throws {
                    let user = members[Int.random(in: 0..<members.count, using: &random)]
                    let exercise = lifts[Int.random(in: 0..<lifts.count, using: &random)]
                    let values = SetValues(weight: Weight(value: Double(Int.random(in: 80...480, using: &random)) / 4,
                                                          unit: Bool.random(using: &random) ? .kg : .lb),
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
                    case 0..<55:
                        try save(daysBack: 0)
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
}
