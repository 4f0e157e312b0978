import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightUseCases
import TopWeightTestSupport

/// One rule for every way a time comes in: nothing after now, but for a
/// few minutes of clock skew (`LatestTime`), whoever calls the use cases.
@Suite("Nothing saved after now")
struct AfterNowStoreTests {
    static var utc: TimeZone { TimeZone(identifier: "UTC") ?? .current }

    @Test("a set, a body weight and a day's note dated past the skew are refused, nothing kept; within it they are taken", arguments: TestEngine.allCases)
    func refusedAfterNow(engine: TestEngine) throws {
        try engine.withStore { store in
            let progress = TrainingProgress(logbook: store, timeZone: Self.utc)
            let log = TrainingLog(logbook: store, routineCatalog: RoutineCatalog(routines: []), timeZone: Self.utc)
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat")
            let now = instant(1_000_000)
            let values = SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 3)
            let beyond = now.addingTimeInterval(LatestTime.skew + 1)
            let within = now.addingTimeInterval(LatestTime.skew - 1)

            #expect(throws: WorkoutsError.self) { try progress.log(NewRecord(user: ana, exercise: squat, values: values, performedAt: beyond), now: now) }
            #expect(throws: WorkoutsError.self) { try log.weigh(Weight(value: 80, unit: .kg), member: ana, at: beyond, now: now) }
            let tomorrow = LocalDay(now, in: log.calendar).adding(days: 1)
            #expect(throws: WorkoutsError.self) { try log.addNote("not yet", for: ana, on: tomorrow, now: now) }
            #expect(try store.history(HistoryQuery(userID: ana.id)).isEmpty)
            #expect(try store.bodyWeights(userID: ana.id, since: nil, limit: nil).isEmpty)
            #expect(try store.storedSessions().isEmpty)

            _ = try progress.log(NewRecord(user: ana, exercise: squat, values: values, performedAt: within), now: now)
            try log.weigh(Weight(value: 80, unit: .kg), member: ana, at: within, now: now)
            try log.addNote("today", for: ana, on: LocalDay(now, in: log.calendar), now: now)
            #expect(try store.history(HistoryQuery(userID: ana.id)).count == 1)
            #expect(try store.bodyWeights(userID: ana.id, since: nil, limit: nil).count == 1)
        }
    }
}
