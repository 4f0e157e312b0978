import Foundation
import TopWeightCore
import TopWeightStore

/// `topweight bench --logger`, the whole-logger figure: one-line saves piped
/// through the real program, process start included, against `sqlite3`'s own
/// shell doing the same inserts into the same kind of file (WAL,
/// `synchronous = NORMAL`), or against psql running them from a file on
/// PostgreSQL (`LoggerBench.postgres`, in TopWeightPostgresTools), taking turns so both see the same load.
public enum LoggerBench {
    /// One round: the logger's time, and the other program's (`nil` when it is not installed).
    public struct Run: Sendable {
        var logger: Duration
        var baseline: Duration?

        package init(logger: Duration, baseline: Duration?) {
            self.logger = logger
            self.baseline = baseline
        }
    }

    /// This program's own binary, which the piped saves go through.
    package static var program: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// What is piped into the logger: a new member, Ana (confirmed), then
    /// `saves` one-line sets of Bench Press, 60 kg × 5 reps × 5 series.
    package static func input(saves: Int) -> String {
        var input = "Ana\ny\n"
        for _ in 0..<saves { input += "Bench Press 60x5x5\n" }
        return input
    }

    /// `rounds` runs of `saves` piped saves each into new files in
    /// `directory`; the baseline is the sqlite3 shell, if installed.
    public static func sqlite(saves: Int, rounds: Int, directory: String) throws -> [Run] {
        let scratch = try BenchScratch(directory: directory)
        defer { scratch.removeAll() }
        let program = program
        let shell = ExternalProgram.installed("sqlite3")
        let input = input(saves: saves)
        var statements = "PRAGMA journal_mode=WAL;\nPRAGMA synchronous=NORMAL;\nPRAGMA busy_timeout=10000;\n"
        for index in 0..<saves {
            let at = 1_795_284_000_000 + index
            statements += "INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt) VALUES (1, 1, 60.0, 'kg', 5, 5, \(at), \(at));\n"
        }
        let clock = ContinuousClock()
        var runs: [Run] = []
        for round in 0..<rounds {
            let loggerPath = scratch.path("logger-\(round)")
            let started = clock.now
            try ExternalProgram.run(program, ["--db", loggerPath], input: input)
            let logger = clock.now - started
            let saved = try WorkoutStore(path: loggerPath).recordCount()
            guard saved == saves else {
                throw BenchFailure("the logger saved \(saved) of \(saves) piped sets; the benchmark is void")
            }
            var shellTime: Duration?
            if let shell {
                // The same schema as the logger's file, with its member and exercise.
                let shellPath = scratch.path("shell-\(round)")
                let store = try WorkoutStore(path: shellPath)
                _ = try store.createUser(named: "Ana")
                _ = try store.createExercise(named: "Bench Press")
                let shellStarted = clock.now
                try ExternalProgram.run(shell, [shellPath], input: statements)
                shellTime = clock.now - shellStarted
                guard try WorkoutStore(path: shellPath).recordCount() == saves else {
                    throw BenchFailure("the sqlite3 shell did not insert every row; the benchmark is void")
                }
            }
            runs.append(Run(logger: logger, baseline: shellTime))
        }
        return runs
    }

    /// Prints the runs and the median ratio; `baseline` names the other
    /// program ("sqlite3 shell", "psql") and `package` the Debian package it comes in.
    public static func report(_ runs: [Run], saves: Int, baseline: String = "sqlite3 shell", package: String = "sqlite3") {
        print("whole logger: \(saves) piped one-line saves, process start included, \(runs.count) rounds")
        for (round, run) in runs.enumerated() {
            let other = run.baseline.map { String(format: "%.1f ms", $0.inSeconds * 1000) } ?? "—"
            let ratio = run.baseline.map { String(format: "%.2f×", run.logger.inSeconds / max($0.inSeconds, 1e-9)) } ?? "—"
            print("  round \(round + 1): topweight \(String(format: "%.1f ms", run.logger.inSeconds * 1000)) (\(String(format: "%.1f", run.logger.inSeconds / Double(saves) * 1e6)) µs a save)   \(baseline) \(other)   ratio \(ratio)")
        }
        let ratios = runs.compactMap { run in run.baseline.map { run.logger.inSeconds / max($0.inSeconds, 1e-9) } }.sorted()
        if ratios.isEmpty {
            print("  (no \(baseline) found: install it, e.g. apt-get install \(package), for the ratio)")
        } else {
            print("  median ratio topweight / \(baseline): \(String(format: "%.2f", ratios[ratios.count / 2]))× (goal ≤ 2)")
        }
    }
}
