import Foundation
import GRDB
import Synchronization
import Testing
import TopWeightCore
import TopWeightStorage
@testable import TopWeightStore
import TopWeightTestSupport

/// The bests a new set is measured against, after whatever changes records:
/// on every engine they are what a reading of every live working weight set
/// finds (SQLite keeps them in v11's recordBest, PostgreSQL reads its v9
/// indexes).
@Suite("Bests after random changes, on a file, in memory and on PostgreSQL")
struct RecordBestTests {
    /// A set's Epley e1RM in kilograms, as ProgressSQL.estimate.
    static func estimate(_ kilograms: Double, _ reps: Int) -> Double {
        reps == 1 ? kilograms : kilograms * Double(30 + reps) / 30
    }

    /// What the bests are, read the long way: every live working weight
    /// set of the member's exercise, `excluding` left out.
    static func recomputed(_ sets: [WorkoutRecord], excluding: Int64?, atLeast: Double)
        -> (heaviest: Double?, strongest: Double?, mostReps: Int?) {
        let working = sets.filter { $0.kind != .warmup && $0.values.measure == .weight && $0.id != excluding }
        let kilograms = working.map { ($0.values.weight.kilograms, $0.values.reps) }
        return (
            kilograms.map(\.0).max(),
            kilograms.map { estimate($0.0, $0.1) }.max(),
            kilograms.filter { $0.0 >= atLeast - 0.005 }.map(\.1).max()
        )
    }

    @Test("after random saves, imports, copies, edits, tombstones, restores, merges and removals, each member's bests of each exercise are what every live working set says",
          arguments: TestEngine.allCases, [11, 12] as [UInt64])
    func bestsFollowRecords(engine: TestEngine, seed: UInt64) throws {
        try engine.withStore { store in
            try RecordTallyTests.shuffle(store, seed: seed, steps: 150)
            var query = HistoryQuery()
            query.limit = nil
            let live = try store.history(query)
            let users = try store.users()
            let exercises = try store.exercises()
            var compared = 0
            for user in users {
                for exercise in exercises {
                    let sets = live.filter { $0.user == user.user.name && $0.exercise == exercise.exercise.name }
                    let excluded = sets.first?.id
                    for (excluding, atLeast) in [(nil, 40.0), (excluded, 50.0)] {
                        let found = try store.bests(userID: user.user.id, exerciseID: exercise.exercise.id, excluding: excluding,
                                                    atLeast: Weight(value: atLeast, unit: .kg))
                        let expected = Self.recomputed(sets, excluding: excluding, atLeast: atLeast)
                        let context = "\(user.user.name), \(exercise.exercise.name), excluding \(excluding.map(String.init) ?? "none")"
                        #expect(found.heaviest?.weight.kilograms == expected.heaviest, "\(context)")
                        #expect(found.strongest.map { Self.estimate($0.weight.kilograms, $0.reps) } == expected.strongest, "\(context)")
                        if expected.heaviest.map({ $0 >= atLeast - 0.005 }) == true {
                            #expect(found.mostReps?.reps == expected.mostReps, "\(context)")
                        }
                        compared += expected.heaviest == nil ? 0 : 1
                    }
                }
            }
            #expect(compared > 10)
        }
    }

    @Test("on SQLite, recordBest holds the heaviest live working weight set of each member, exercise and rep count, and no other row",
          arguments: TestEngine.sqlite, [21, 22] as [UInt64])
    func tableFollowsRecords(engine: TestEngine, seed: UInt64) throws {
        try engine.withSQLiteStore { store in
            try RecordTallyTests.shuffle(store, seed: seed, steps: 150)
            let (kept, counted) = try store.writer.read { db in
                let kept = try Row.fetchAll(db, sql: """
                    SELECT b.userId, b.exerciseId, b.reps, b.kilograms, r.reps = b.reps AND r.userId = b.userId AND r.exerciseId = b.exerciseId
                           AND r.deletedAt IS NULL AND r.kind IS NOT 'warmup' AND r.measure IS NULL
                           AND r.weight = b.weight AND r.unit = b.unit
                    FROM recordBest b LEFT JOIN record r ON r.id = b.recordId ORDER BY 1, 2, 3
                    """).map { "\($0[0] as Int64)/\($0[1] as Int64)/\($0[2] as Int): \($0[3] as Double) \($0[4] as Bool? ?? false)" }
                let counted = try Row.fetchAll(db, sql: """
                    SELECT userId, exerciseId, reps, MAX(\(ProgressSQL.kilograms)) FROM record
                    WHERE deletedAt IS NULL AND kind IS NOT 'warmup' AND measure IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
                    """).map { "\($0[0] as Int64)/\($0[1] as Int64)/\($0[2] as Int): \($0[3] as Double) true" }
                return (kept, counted)
            }
            #expect(counted.count > 10)
            #expect(kept == counted)
        }
    }

    @Test("on SQLite, a set equal to a best writes no row of recordBest: the first of equals stays the best", arguments: TestEngine.sqlite)
    func equalSetWritesNothing(engine: TestEngine) throws {
        try engine.withSQLiteStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            func save(_ values: SetValues, at seconds: Int) throws -> Int64 {
                try store.saveMeasured(NewRecord(user: ana, exercise: bench, values: values, performedAt: instant(seconds),
                                                 uid: RecordUID.make(at: instant(seconds))), now: instant(seconds)).id
            }
            func best() throws -> Int64 {
                try store.writer.read { db in try Int64.fetchOne(db, sql: "SELECT recordId FROM recordBest WHERE reps = 5") ?? 0 }
            }
            let first = try save(SetValues(60, .kg, 5, 5), at: 0)
            _ = try save(SetValues(60, .kg, 5, 5), at: 60)
            #expect(try best() == first)
            let heavier = try save(SetValues(62.5, .kg, 5, 5), at: 120)
            #expect(try best() == heavier)
            let bests = try store.bests(userID: ana.id, exerciseID: bench.id, excluding: heavier, atLeast: Weight(value: 60, unit: .kg))
            #expect(bests.heaviest?.id == first)
        }
    }

    @Test("on SQLite, a save runs recordBest's upsert only for a set heavier than the best kept at its rep count, or at a new one",
          arguments: TestEngine.sqlite)
    func upsertOnlyWhenItCounts(engine: TestEngine) throws {
        try engine.withSQLiteStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let upserts = Mutex(0)
            store.writer.writeWithoutTransaction { db in
                db.trace { event in
                    if case .statement(let statement) = event, statement.sql.hasPrefix("INSERT INTO recordBest") {
                        upserts.withLock { $0 += 1 }
                    }
                }
            }
            var seconds = 0
            func save(_ weight: Double, _ unit: WeightUnit, _ reps: Int) throws -> Int {
                seconds += 60
                let before = upserts.withLock { $0 }
                _ = try store.saveMeasured(NewRecord(user: ana, exercise: bench, values: SetValues(weight, unit, reps, 3),
                                                     performedAt: instant(seconds), uid: RecordUID.make(at: instant(seconds))),
                                           now: instant(seconds))
                return upserts.withLock { $0 } - before
            }
            #expect(try save(60, .kg, 5) == 1)           // the first at five reps
            #expect(try save(60, .kg, 5) == 0)           // as heavy
            #expect(try save(57.5, .kg, 5) == 0)         // lighter
            #expect(try save(130, .lb, 5) == 0)          // 58.97 kg
            #expect(try save(60, .kg, 8) == 1)           // a new rep count
            #expect(try save(135, .lb, 5) == 1)          // 61.23 kg: heavier
            #expect(try save(61, .kg, 5) == 0)
            let kept = try store.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT reps, weight, unit FROM recordBest ORDER BY reps").map { "\($0[0] as Int) \($0[1] as Double) \($0[2] as String)" }
            }
            #expect(kept == ["5 135.0 lb", "8 60.0 kg"])
        }
    }

    @Test("on SQLite, a recordBest row another program wrote with 5.5 reps does not stand for the best at five", arguments: TestEngine.sqlite)
    func fractionalRepsAreNotFive(engine: TestEngine) throws {
        try engine.withSQLiteStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            try store.writer.write { db in
                try db.execute(sql: """
                    INSERT INTO recordBest (userId, exerciseId, reps, kilograms, recordId, weight, unit)
                    VALUES (?, ?, 5.5, 200.0, 999999, 200.0, 'kg')
                    """, arguments: [ana.id, bench.id])
            }
            _ = try store.saveMeasured(NewRecord(user: ana, exercise: bench, values: SetValues(100, .kg, 5, 3),
                                                 performedAt: instant(60), uid: RecordUID.make(at: instant(60))), now: instant(60))
            let five = try store.writer.read { db in
                try Double.fetchOne(db, sql: "SELECT kilograms FROM recordBest WHERE reps = 5 AND typeof(reps) = 'integer'")
            }
            #expect(five == 100)
        }
    }
}
