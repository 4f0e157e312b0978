import Foundation
import TopWeightStore
#if canImport(Glibc)
import Glibc
#endif

/// The whole-logger figure: one-line saves piped through the real program,
/// process start included, against `sqlite3`'s own shell doing the same
/// inserts into the same kind of file (WAL, `synchronous = NORMAL`), taking
/// turns so both see the same load.
extension BenchCommand {
    struct LoggerRun {
        var logger: Duration
        var shell: Duration?
    }

    /// `rounds` runs of `saves` piped saves each; `shell` is the sqlite3 shell, if installed.
    static func timeLogger(saves: Int, rounds: Int, scratch: BenchScratch) throws -> [LoggerRun] {
        let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        var input = "Ana\ny\n"
        for _ in 0..<saves { input += "Bench Press 60x5x5\n" }
        var statements = "PRAGMA journal_mode=WAL;\nPRAGMA synchronous=NORMAL;\nPRAGMA busy_timeout=10000;\n"
        for index in 0..<saves {
            let at = 1_795_284_000_000 + index
            statements += "INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt) VALUES (1, 1, 60.0, 'kg', 5, 5, \(at), \(at));\n"
        }
        let clock = ContinuousClock()
        var runs: [LoggerRun] = []
        for round in 0..<rounds {
            let loggerPath = scratch.path("logger-\(round)")
            let started = clock.now
            try run(program, ["--db", loggerPath], input: input)
            let logger = clock.now - started
            let saved = try WorkoutStore(path: loggerPath).recordCount()
            guard saved == saves else {
                throw Failure.input("the logger saved \(saved) of \(saves) piped sets; the benchmark is void")
            }
            var shellTime: Duration?
            if let shell {
                // The same schema as the logger's file, with its member and exercise.
                let shellPath = scratch.path("shell-\(round)")
                let store = try WorkoutStore(path: shellPath)
                _ = try store.createUser(named: "Ana")
                _ = try store.createExercise(named: "Bench Press")
                let shellStarted = clock.now
                try run(shell, [shellPath], input: statements)
                shellTime = clock.now - shellStarted
                guard try WorkoutStore(path: shellPath).recordCount() == saves else {
                    throw Failure.input("the sqlite3 shell did not insert every row; the benchmark is void")
                }
            }
            runs.append(LoggerRun(logger: logger, shell: shellTime))
        }
        return runs
    }

    /// Prints the runs and the median ratio.
    static func reportLogger(_ runs: [LoggerRun], saves: Int) {
        print("whole logger: \(saves) piped one-line saves, process start included, \(runs.count) rounds")
        for (round, run) in runs.enumerated() {
            let shell = run.shell.map { String(format: "%.1f ms", seconds($0) * 1000) } ?? "—"
            let ratio = run.shell.map { String(format: "%.2f×", seconds(run.logger) / max(seconds($0), 1e-9)) } ?? "—"
            print("  round \(round + 1): topweight \(String(format: "%.1f ms", seconds(run.logger) * 1000)) (\(String(format: "%.1f", seconds(run.logger) / Double(saves) * 1e6)) µs a save)   sqlite3 shell \(shell)   ratio \(ratio)")
        }
        let ratios = runs.compactMap { run in run.shell.map { seconds(run.logger) / max(seconds($0), 1e-9) } }.sorted()
        if ratios.isEmpty {
            print("  (no sqlite3 shell found: install it, e.g. apt-get install sqlite3, for the ratio)")
        } else {
            print("  median ratio topweight / sqlite3 shell: \(String(format: "%.2f", ratios[ratios.count / 2]))× (goal ≤ 2)")
        }
    }

    /// Runs `executable` with `input` on its standard input; its output is discarded.
    private static func run(_ executable: String, _ arguments: [String], input: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = pipe.fileHandleForWriting
        try writer.write(contentsOf: Data(input.utf8))
        try writer.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.input("\(executable) exited with \(process.terminationStatus)")
        }
    }
}
