import Foundation
import TopWeightCore
import TopWeightFixtures
import TopWeightPostgres

/// `topweight bench --db postgres://…`: saves through the PostgreSQL engine
/// against `psql` inserting the same rows on the same server (each INSERT
/// timed by psql's own `\timing`). Every side writes into a scratch database
/// of its own, made on the server before any timing starts (so each starts
/// the same) and dropped afterwards.
extension SaveBench {
    /// Times `count` saves through `PostgresLogbook.save` after `warmup`
    /// more, and psql's INSERTs of the same rows, taking turns so both see
    /// the same load; prints both and returns the saves' figures (for a gate).
    /// `shown` is the URL without its password; `timeout` the seconds a call may take.
    public static func postgres(url: String, shown: String, timeout: Int, count: Int, warmup: Int) throws -> LatencySummary {
        let server = BenchServer(url: url, shown: shown, timeout: timeout)
        defer { server.scratch.dropAll() }
        let files = try BenchScratch(directory: NSTemporaryDirectory())
        defer { files.removeAll() }
        // psql takes its turns in as many processes, each warming up its new connection first.
        let turns = 5
        let psqlWarmup = max(1, warmup / turns)

        let clock = ContinuousClock()
        let started = clock.now
        print("topweight bench: \(count) saves through the PostgreSQL engine after \(warmup) warm-up saves, on \(server.description)")
        let logbook = try server.logbook(server.scratch.database("saves"))
        defer { logbook.close() }
        let (user, exercise) = try seed(logbook)
        let target = try server.psql.map { _ in try server.seededDatabase("psql", user: "Bench", exercise: "Bench Press") }

        let values = SetValues(weight: Weight(hundredths: 6_000, unit: .kg), reps: 8, series: 3)
        var saves: [Duration] = []
        var inserts: [Duration] = []
        saves.reserveCapacity(count)
        inserts.reserveCapacity(count)
        for _ in 0..<warmup {
            let now = Date()
            _ = try logbook.save(NewRecord(user: user, exercise: exercise, values: values, performedAt: now), now: now)
        }
        for turn in 0..<turns {
            let size = count / turns + (turn < count % turns ? 1 : 0)
            for _ in 0..<size {
                let start = clock.now
                let now = Date()
                _ = try logbook.save(NewRecord(user: user, exercise: exercise, values: values, performedAt: now), now: now)
                saves.append(clock.now - start)
            }
            if let psql = server.psql, let target {
                let file = files.path("psql-\(turn)", pathExtension: "sql")
                let script = BenchServer.insertStatements(psqlWarmup, into: target, values: values) + "\\timing on\n"
                    + BenchServer.insertStatements(size, into: target, values: values)
                try BenchServer.write(script, to: file)
                let timings = BenchServer.psqlTimings(try BenchServer.runPsql(psql, url: target.url, ["-f", file], capturingOutput: true))
                guard timings.count == size else {
                    throw BenchFailure("psql reported \(timings.count) timings for \(size) inserts; the benchmark is void")
                }
                inserts += timings
            }
        }
        guard try logbook.recordCount() == warmup + count else {
            throw BenchFailure("the PostgreSQL engine did not store every save; the benchmark is void")
        }
        if let target, try server.recordCount(target.url) != turns * psqlWarmup + count {
            throw BenchFailure("psql did not insert every row; the benchmark is void")
        }

        let save = LatencySummary(saves)
        print(Columns.left("mode", 26) + Columns.right("p50") + Columns.right("p99") + Columns.right("mean") + Columns.right("max"))
        print(Columns.left("save (PostgresLogbook)", 26) + Columns.ms(save.p50) + Columns.ms(save.p99) + Columns.ms(save.mean) + Columns.ms(save.max))
        let total = String(format: "%.1f s in all", (clock.now - started).inSeconds)
        guard server.psql != nil else {
            print("(no psql found: install it, e.g. apt-get install postgresql-client, for its inserts beside the saves; \(total))")
            return save
        }
        let insert = LatencySummary(inserts)
        print(Columns.left("psql INSERT (\\timing)", 26) + Columns.ms(insert.p50) + Columns.ms(insert.p99) + Columns.ms(insert.mean) + Columns.ms(insert.max))
        let p50Ratio = save.p50.inSeconds / max(insert.p50.inSeconds, 1e-9)
        let p99Ratio = save.p99.inSeconds / max(insert.p99.inSeconds, 1e-9)
        print("save/psql at p50: \(String(format: "%.2f", p50Ratio))×   at p99: \(String(format: "%.2f", p99Ratio))× (goal ≤ 2)   (\(total))")
        return save
    }
}
