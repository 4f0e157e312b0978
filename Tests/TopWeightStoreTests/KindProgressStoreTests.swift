import Foundation
import Testing
import GRDB
import TopWeightCore
import TopWeightStorage
import TopWeightTestSupport
import TopWeightUseCases
@testable import TopWeightStore

private func bw(_ hundredths: Int, _ reps: Int, _ series: Int = 3, unit: WeightUnit = .kg) -> SetValues {
    .bodyweight(load: hundredths, unit: unit, reps: reps, series: series)
}
private func hold(_ seconds: Int, _ series: Int = 3) -> SetValues { .timed(SetDuration(seconds: seconds), series: series) }
private func run(_ thousandths: Int, _ unit: DistanceUnit, _ seconds: Int) -> SetValues {
    .covered(Distance(thousandths: thousandths, unit: unit), in: SetDuration(seconds: seconds))
}

/// The bests of every kind, found on a save, on every engine.
@Suite("Progress of every kind, on a file, in memory and on PostgreSQL")
struct KindProgressStoreTests {
    /// Saves through `saveMeasured`, as the logger does; returns the id and the bests.
    static func measured(_ store: any Logbook, _ user: User, _ exercise: Exercise, _ values: SetValues,
                         at seconds: Int, kind: SetKind? = nil) throws -> (id: Int64, bests: ExerciseBests) {
        let at = instant(seconds)
        return try store.saveMeasured(NewRecord(user: user, exercise: exercise, values: values, performedAt: at,
                                                uid: RecordUID.make(at: at), kind: kind), now: at)
    }

    @Test("bodyweight: most reps and the heaviest added load among the unassisted working sets", arguments: TestEngine.allCases)
    func bodyweight(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let pullUp = try store.createExercise(named: "Pull-up")
            #expect(try Self.measured(store, ana, pullUp, bw(0, 8), at: 0).bests == ExerciseBests())
            let belt = try Self.measured(store, ana, pullUp, bw(1_000, 5), at: 60).id
            try _ = Self.measured(store, ana, pullUp, bw(-3_000, 15), at: 120)
            try _ = Self.measured(store, ana, pullUp, bw(4_000, 20), at: 180, kind: .warmup)
            try _ = Self.measured(store, bo, pullUp, bw(5_000, 25), at: 240)
            let many = try Self.measured(store, ana, pullUp, bw(0, 12), at: 300).id
            let found = try Self.measured(store, ana, pullUp, bw(500, 6), at: 360).bests
            #expect(found.mostRepsUnassisted == KindBest(id: many, values: bw(0, 12)))
            #expect(found.addedLoad == KindBest(id: belt, values: bw(1_000, 5)))
            #expect(found.heaviest == nil && found.longestHold == nil)
            #expect(try store.deleteRecord(id: many, now: instant(400)))
            #expect(try Self.measured(store, ana, pullUp, bw(0, 3), at: 420).bests.mostRepsUnassisted?.values.reps == 8)
            // A warm-up is measured against nothing.
            #expect(try Self.measured(store, ana, pullUp, bw(0, 3), at: 480, kind: .warmup).bests == ExerciseBests())
        }
    }

    @Test("time: the longest hold; distance: the longest in metres across units, the fastest pace over any distance (as prs names it)",
          arguments: TestEngine.allCases)
    func timeAndDistance(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let plank = try store.createExercise(named: "Plank")
            let row = try store.createExercise(named: "Row")
            try _ = Self.measured(store, ana, plank, hold(60), at: 0)
            let longest = try Self.measured(store, ana, plank, hold(95, 1), at: 60).id
            #expect(try Self.measured(store, ana, plank, hold(30), at: 120).bests == ExerciseBests(longestHold: KindBest(id: longest, values: hold(95, 1))))

            let mile = try Self.measured(store, ana, row, run(1_000, .mi, 420), at: 0).id      // 1 609 m at 4:21 /km
            let fiveK = try Self.measured(store, ana, row, run(5_000, .km, 1_250), at: 60).id   // 5 000 m at 4:10 /km
            let sprint = try Self.measured(store, ana, row, run(500_000, .m, 90), at: 120).id   // 500 m at 3:00 /km
            let twoK = try Self.measured(store, ana, row, run(2_000_000, .m, 520), at: 180).bests   // 4:20 /km
            #expect(twoK.longestDistance?.id == fiveK)
            // Over any distance: the sprint's 3:00 /km, the pace `prs` names.
            #expect(twoK.fastestPace?.id == sprint)
            let short = try Self.measured(store, ana, row, run(1_000_000, .m, 200), at: 240).bests
            #expect(short.fastestPace?.id == sprint)
            #expect(fiveK > 0)
            let tiny = try Self.measured(store, ana, row, run(400_000, .m, 60), at: 300).bests
            #expect(tiny.fastestPace?.id == sprint)
            #expect(mile > 0)
        }
    }

    @Test("weight PRs read weight sets only: a bodyweight set's added load is no weight lifted", arguments: TestEngine.allCases)
    func weightReadsWeightSetsOnly(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let dip = try store.createExercise(named: "Dip")
            // The exercise's sets were bodyweight with a heavy belt; then it is logged as a weight lift.
            try _ = Self.measured(store, ana, dip, bw(4_000, 10), at: 0)
            let first = try Self.measured(store, ana, dip, SetValues(weight: Weight(value: 20, unit: .kg), reps: 8, series: 3), at: 60)
            #expect(first.bests == ExerciseBests())
            let heavier = try Self.measured(store, ana, dip, SetValues(weight: Weight(value: 25, unit: .kg), reps: 8, series: 3), at: 120)
            #expect(heavier.bests.heaviest?.id == first.id)
            #expect(try store.bests(userID: ana.id, exerciseID: dip.id, excluding: nil, atLeast: Weight(value: 1, unit: .kg)).heaviest?.id == heavier.id)
        }
    }

    @Test("TrainingProgress.log names each kind's record on every engine; volume counts loads only", arguments: TestEngine.allCases)
    func logAndVolume(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let pullUp = try store.createExercise(named: "Pull-up")
            let plank = try store.createExercise(named: "Plank")
            let row = try store.createExercise(named: "Row")
            let progress = TrainingProgress(logbook: store, timeZone: try #require(TimeZone(identifier: "UTC")))
            func saved(_ exercise: Exercise, _ values: SetValues, at seconds: Int) throws -> [RecordKind] {
                let at = instant(seconds)
                let entry = NewRecord(user: ana, exercise: exercise, values: values, performedAt: at, uid: RecordUID.make(at: at))
                return try progress.log(entry, now: at).records.map(\.kind)
            }
            #expect(try saved(pullUp, bw(0, 8), at: 0) == [])
            #expect(try saved(pullUp, bw(1_000, 9), at: 60) == [.reps, .addedLoad])
            #expect(try saved(pullUp, bw(-2_000, 15), at: 120) == [])
            #expect(try saved(plank, hold(60), at: 180) == [])
            #expect(try saved(plank, hold(75), at: 240) == [.longestHold])
            #expect(try saved(row, run(2_000_000, .m, 480), at: 300) == [])
            #expect(try saved(row, run(2_000_000, .m, 470), at: 360) == [.fastestPace])
            #expect(try saved(row, run(5_000, .km, 1_300), at: 420) == [.longestDistance])

            // Volume: the added load (10 kg × 9 × 3) and nothing else; every set counts.
            let totals = try store.exerciseTotals(userID: ana.id)
            #expect(totals.map(\.exercise) == ["Plank", "Pull-up", "Row"])
            #expect(totals.map(\.volumeKilograms) == [0, 270, 0])
            #expect(totals.map(\.sets) == [6, 9, 3])
            let stats = try progress.stats(of: ana, now: instant(3_600))
            #expect(stats.allTime.sets == 18)
            #expect(stats.totalVolumeKilograms == 270)
        }
    }
}

/// The plans of the other kinds' checks on a file.
@Suite("Query plans of the other kinds' bests")
struct KindBestsPlanTests {
    @Test("on a file, each kind's bests read the member's sets of the exercise through record_on_user_exercise, never the whole table",
          arguments: [
              SetValues.bodyweight(load: 1_000, unit: .kg, reps: 8, series: 3),
              SetValues.timed(SetDuration(seconds: 90), series: 3),
              SetValues.covered(Distance(thousandths: 2_000_000, unit: .m), in: SetDuration(seconds: 465)),
          ])
    func plans(values: SetValues) throws {
        try withTemporaryDatabase { database in
            let (_, users, exercises) = try QueryPlanTests.makeFixture(in: database)
            let sql = try #require(ProgressSQL.kindBestsSQL(for: values, userID: users[0].id, exerciseID: exercises[7].id, excluding: 0))
            let plan = try QueryPlanTests.plan(of: sql, arguments: [], path: database.path)
            let explained = plan.joined(separator: "\n")
            #expect(explained.contains("USING INDEX record_on_user_exercise (userId=? AND exerciseId=?)"), "\(explained)")
            #expect(!plan.contains(where: QueryPlanTests.isFullScanOfRecord), "\(explained)")
        }
    }
}
