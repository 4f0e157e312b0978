import Foundation
import TopWeightCore
import TopWeightStore

/// `topweight bench`: how long a save takes on this machine's disk, for
/// whoever runs the kiosk, and the CI gate on the save p99.
public enum SaveBench {
    /// Times `count` saves (`durableCount` in durable mode) after `warmup`
    /// more, each mode against raw SQLite inserts, in temporary databases in
    /// `directory` (the database's disk, so they hit the same disk); prints
    /// the table and returns the default-mode saves' figures (for a gate).
    public static func sqlite(directory: String, count: Int, durableCount: Int, warmup: Int) throws -> LatencySummary {
        let scratch = try BenchScratch(directory: directory)
        defer { scratch.removeAll() }
        let clock = ContinuousClock()
        let started = clock.now
        let counts = durableCount == count ? "\(count) saves per mode" : "\(count) saves per mode (\(durableCount) in durable mode)"
        print("topweight bench: \(counts) after \(warmup) warm-up saves, in \(directory) (the database's disk)")

        let normal = try timeSavesAndRaw(
            savePath: scratch.path("default"), options: .init(), rawPath: scratch.path("raw"),
            rawSynchronous: "NORMAL", count: count, warmup: warmup
        )
        let full = try timeSavesAndRaw(
            savePath: scratch.path("durable"), options: .init(durable: true), rawPath: scratch.path("raw-full"),
            rawSynchronous: "FULL", count: durableCount, warmup: warmup
        )

        let rows = [
            ("save (default)", synchronousName(normal.synchronous), LatencySummary(normal.save)),
            ("save (durable)", synchronousName(full.synchronous), LatencySummary(full.save)),
            ("raw SQLite insert", "NORMAL", LatencySummary(normal.raw)),
            ("raw SQLite insert", "FULL", LatencySummary(full.raw)),
        ]
        print(Columns.left("mode", 20) + Columns.left("synchronous", 13) + Columns.right("p50") + Columns.right("p99") + Columns.right("max"))
        for (name, synchronous, summary) in rows {
            print(Columns.left(name, 20) + Columns.left(synchronous, 13) + Columns.ms(summary.p50) + Columns.ms(summary.p99) + Columns.ms(summary.max))
        }
        let save = rows[0].2
        let ratio = save.p50.inSeconds / max(rows[2].2.p50.inSeconds, 1e-9)
        let durableRatio = rows[1].2.p50.inSeconds / max(save.p50.inSeconds, 1e-9)
        print("save/raw at p50: \(String(format: "%.2f", ratio))×   durable/default at p50: \(String(format: "%.2f", durableRatio))×   (\(String(format: "%.1f", (clock.now - started).inSeconds)) s in all)")
        if full.synchronous < 2 {
            print("note: durable mode runs with synchronous = \(synchronousName(full.synchronous)), not FULL: its saves do not wait for the disk")
        }
        return save
    }

    // MARK: - Timing

    /// Times `count` saves through `WorkoutStore.save` (the logger's save
    /// path) and as many raw inserts, one after the other, so that both see
    /// the same moments of the machine's load, each into its own file.
    static func timeSavesAndRaw(
        savePath: String, options: WorkoutStore.Options, rawPath: String, rawSynchronous: String, count: Int, warmup: Int
    ) throws -> (save: [Duration], raw: [Duration], synchronous: Int) {
        let store = try WorkoutStore(path: savePath, options: options)
        let (user, exercise) = try seed(store)
        // The raw file gets its schema (and its member and exercise) from the store's migrations.
        let rawIDs: (user: Int64, exercise: Int64)
        do {
            let rawStore = try WorkoutStore(path: rawPath)
            let ids = try seed(rawStore)
            rawIDs = (ids.user.id, ids.exercise.id)
        }
        let raw = try RawSQLiteInserter(path: rawPath, synchronous: rawSynchronous)
        defer { raw.close() }

        let values = SetValues(weight: Weight(hundredths: 6_000, unit: .kg), reps: 8, series: 3)
        let clock = ContinuousClock()
        var saves: [Duration] = []
        var inserts: [Duration] = []
        saves.reserveCapacity(count)
        inserts.reserveCapacity(count)
        for index in 0..<(warmup + count) {
            var start = clock.now
            let now = Date()
            _ = try store.save(NewRecord(user: user, exercise: exercise, values: values, performedAt: now), now: now)
            let saved = clock.now - start

            start = clock.now
            let rawNow = Date()
            _ = try raw.insert(userID: rawIDs.user, exerciseID: rawIDs.exercise, values: values, performedAt: rawNow, createdAt: rawNow)
            let inserted = clock.now - start
            if index >= warmup {
                saves.append(saved)
                inserts.append(inserted)
            }
        }
        return (saves, inserts, try store.writerSynchronous())
    }

    static func synchronousName(_ value: Int) -> String {
        switch value {
        case 0: "OFF"
        case 1: "NORMAL"
        case 2: "FULL"
        case 3: "EXTRA"
        default: "?"
        }
    }

    /// The member and exercise the timed saves are for.
    package static func seed(_ logbook: some Logbook) throws -> (user: User, exercise: Exercise) {
        let user = try logbook.createUser(named: "Bench")
        let exercise = try logbook.createExercise(named: "Bench Press", category: "barbell")
        return (user, exercise)
    }
}
