import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightUseCases
import TopWeightTestSupport

/// The weight nudge over every engine: said once a day, after N weeks at the same top weight, off on a program.
@Suite("The weight nudge, stored")
struct WeightNudgeStoreTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @Test("three weeks at 100 kg: the first set today nudges to the plates' next load, the second doesn't; a heavier week, a program or 0 weeks: none",
          arguments: TestEngine.allCases)
    func nudge(engine: TestEngine) throws {
        try engine.withStore { store in
            let workouts = Workouts(logbook: store, catalog: ExerciseCatalog(entries: []))
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat")
            let today = Date(timeIntervalSince1970: 1_795_262_400 + 18 * 3_600) // a day at 18:00 UTC
            let dayStart = Self.utc.startOfDay(for: today)
            let localToday = LocalDay(today, in: Self.utc)
            func save(_ kilograms: Double, daysAgo: Int, minutes: Double = 0) throws -> (NewRecord, Int64) {
                let record = NewRecord(user: ana, exercise: squat, values: SetValues(weight: Weight(value: kilograms, unit: .kg), reps: 5, series: 3),
                                       performedAt: today.addingTimeInterval(Double(-daysAgo) * 86_400 + minutes * 60))
                return (record, try store.save(record))
            }
            _ = try save(100, daysAgo: 14)
            _ = try save(95, daysAgo: 9)
            _ = try save(100, daysAgo: 7)
            let (first, firstID) = try save(100, daysAgo: 0)
            let said = try workouts.nudge(after: first, id: firstID, dayStart: dayStart, today: localToday, calendar: Self.utc)
            #expect(said?.stuckAt == Weight(value: 100, unit: .kg))
            #expect(said?.weeks == 3)
            #expect(said?.next == Weight(value: 102.5, unit: .kg))
            let (second, secondID) = try save(100, daysAgo: 0, minutes: 5)
            #expect(try workouts.nudge(after: second, id: secondID, dayStart: dayStart, today: localToday, calendar: Self.utc) == nil)

            try workouts.setNudgeWeeks(0)
            #expect(try workouts.nudge(after: first, id: firstID, dayStart: dayStart, today: localToday, calendar: Self.utc) == nil)
            try workouts.setNudgeWeeks(4)
            // Four weeks back there is no set: not stuck for four weeks.
            #expect(try workouts.nudge(after: first, id: firstID, dayStart: dayStart, today: localToday, calendar: Self.utc) == nil)
            try workouts.setNudgeWeeks(nil)
            _ = try workouts.assign(try workouts.program(named: "5x5"), to: ana, maxes: [:], now: today)
            #expect(try workouts.nudge(after: first, id: firstID, dayStart: dayStart, today: localToday, calendar: Self.utc) == nil)
        }
    }
}
