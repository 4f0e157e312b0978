import Foundation
import GRDB
import Synchronization
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport

/// A save reads the member's recordBest rows of the exercise again only when
/// the file changed since the last save of it, and measures against what
/// another terminal saved in between.
@Suite("The bests a save measures against, kept while the file is unchanged")
struct KeptFrontierTests {
    final class Count: Sendable {
        let value = Mutex(0)
    }

    /// Counts the statements on `store`'s writer whose SQL is `sql`.
    static func counting(_ sql: String, on store: WorkoutStore) -> Count {
        let count = Count()
        store.writer.writeWithoutTransaction { db in
            db.trace { event in
                if case .statement(let statement) = event, statement.sql == sql { count.value.withLock { $0 += 1 } }
            }
        }
        return count
    }

    static func save(_ store: WorkoutStore, _ user: User, _ exercise: Exercise, _ kilograms: Double, reps: Int = 5,
                     at seconds: Int) throws -> ExerciseBests {
        try store.saveMeasured(NewRecord(user: user, exercise: exercise, values: SetValues(kilograms, .kg, reps, 3),
                                         performedAt: instant(seconds), uid: RecordUID.make(at: instant(seconds))),
                               now: instant(seconds)).bests
    }

    @Test("saves of one exercise read recordBest once, and again after a new best, another exercise or another terminal's save")
    func readsOnlyAfterAChange() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Squat")
            let reads = Self.counting(WorkoutStore.frontierSQL, on: store)
            func readsFor(_ body: () throws -> Void) rethrows -> Int {
                let before = reads.value.withLock { $0 }
                try body()
                return reads.value.withLock { $0 } - before
            }
            #expect(try readsFor { _ = try Self.save(store, ana, bench, 60, at: 60) } == 1)
            #expect(try readsFor { _ = try Self.save(store, ana, bench, 60, at: 120) } == 1)   // the first wrote a best
            #expect(try readsFor { _ = try Self.save(store, ana, bench, 60, at: 180) } == 0)
            #expect(try readsFor { _ = try Self.save(store, ana, bench, 55, at: 240) } == 0)
            #expect(try readsFor { _ = try Self.save(store, ana, squat, 80, at: 300) } == 1)
            #expect(try readsFor { _ = try Self.save(store, ana, bench, 55, at: 360) } == 1)
            #expect(try readsFor { _ = try Self.save(store, ana, bench, 55, at: 420) } == 0)
            // Another terminal's save, of anything: read again.
            let other = try database.open()
            _ = try Self.save(other, ana, squat, 70, at: 480)
            #expect(try readsFor { _ = try Self.save(store, ana, bench, 55, at: 540) } == 1)
            #expect(try readsFor { _ = try Self.save(store, ana, bench, 55, at: 600) } == 0)
            // An edit on this terminal: read again.
            let last = try #require(try store.history(HistoryQuery()).first)
            _ = try store.deleteRecord(id: last.id, now: instant(630))
            #expect(try readsFor { _ = try Self.save(store, ana, bench, 55, at: 660) } == 1)
        }
    }

    @Test("a heavier set another terminal saved in between is the best the next save is measured against")
    func anotherTerminalsBest() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            _ = try Self.save(store, ana, bench, 60, at: 60)
            _ = try Self.save(store, ana, bench, 60, at: 120)
            #expect(try Self.save(store, ana, bench, 60, at: 180).heaviest?.weight.kilograms == 60)
            let other = try database.open()
            #expect(try Self.save(other, ana, bench, 100, at: 240).heaviest?.weight.kilograms == 60)
            // 90 kg is no PR here: the other terminal's 100 kg is.
            #expect(try Self.save(store, ana, bench, 90, at: 300).heaviest?.weight.kilograms == 100)
            #expect(try Self.save(store, ana, bench, 90, at: 360).heaviest?.weight.kilograms == 100)
        }
    }
}
