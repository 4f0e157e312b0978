import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightFixtures
import TopWeightStorage

/// `topweight bench`: how long a save takes on this machine's disk, for
/// whoever runs the kiosk, and the CI gate on the save p99. The timing
/// itself is in `TopWeightFixtures` (`SaveBench`, `LoggerBench`).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time saves on this disk (default mode, durable mode, a raw SQLite insert) or on a PostgreSQL server (against psql).",
        discussion: """
            The saves go into temporary databases in the directory of the database \
            (--db, $TOPWEIGHT_DB or the default), so they hit the same disk; the database \
            itself is not opened, and the temporary files are removed afterwards. Each save is \
            the logger's own (one transaction per set); the raw baseline is one prepared \
            INSERT through SQLite's C API in its own BEGIN IMMEDIATE/COMMIT, on the same \
            schema and journal settings. Prints p50, p99 and max per mode.

            With --db postgres://…, the saves go through the PostgreSQL engine into a \
            scratch database made on that server (the user needs CREATEDB) and dropped \
            afterwards; psql inserts the same rows into another, taking turns, and reports \
            each INSERT's time (\\timing). With --logger, the piped saves go to the server \
            too, against psql running the same inserts from a file.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Saves timed per mode (default 2000).")
    var saves: Int?

    /// For CI (Scripts/test), so not in `--help`.
    @Flag(help: ArgumentHelp("A quick run, for CI: 1000 saves (100 durable ones) after 20 warm-up saves.", visibility: .hidden))
    var smoke = false

    @Flag(help: "Time the whole logger instead: 2000 piped one-line saves through this program against the sqlite3 shell's inserts (psql's, on PostgreSQL).")
    var logger = false

    @Flag(help: "Time start-up instead: this program on the database (to the first prompt and :quit, history, --version) against the sqlite3 shell opening it; medians and peak memory.")
    var startup = false

    @Flag(help: "Time the coach's report instead: last week's and last month's on the database, beside a member's history --limit 20.")
    var report = false

    @Option(help: "Runs per command with --startup or --report (default 20).")
    var runs: Int?

    @Option(help: "Time today's prescription instead: this member's next workout of their program on the database (2000 times), as :today and the rack's line compute it.")
    var today: String?

    @Flag(help: "Time search instead: the words of a fixed list in turn for the members with the most records, on the database (2000 searches).")
    var search = false

    @Flag(help: "Time the board instead: a whole read (as 'board') against serve's refresh after one set saved, on the database (50 each, --saves N; the sets saved for it are deleted after).")
    var board = false

    /// For CI (Scripts/test), so not in `--help`.
    @Option(name: .customLong("max-p99-ms"), help: ArgumentHelp(
        "Exit 1 when a default-mode save's p99 is above this many milliseconds.", valueName: "ms", visibility: .hidden))
    var maxP99Ms: Double?

    func validate() throws {
        if let saves, !(10...1_000_000).contains(saves) {
            throw ValidationError("--saves must be from 10 to 1000000")
        }
        if let runs, !(3...1_000).contains(runs) {
            throw ValidationError("--runs must be from 3 to 1000")
        }
        if [startup, logger, today != nil, search, board, report].filter({ $0 }).count > 1 {
            throw ValidationError("--startup, --logger, --today, --search, --board and --report time different things: give one")
        }
        if let maxP99Ms, !(maxP99Ms > 0 && maxP99Ms.isFinite) {
            throw ValidationError("--max-p99-ms must be a positive number of milliseconds")
        }
    }

    func run() throws {
        var gateFailure: String?
        try reportingFailures {
            do {
                gateFailure = try measure()
            } catch let failure as BenchFailure {
                throw Failure.input(failure.message)
            }
        }
        if let gateFailure {
            FileHandle.standardError.write(Data("topweight: \(gateFailure)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Runs the mode asked for; the gate's failure to report, if any.
    private func measure() throws -> String? {
        // About 1.5 % of default-mode saves wait for the disk (SQLite's WAL
        // checkpoints), so the p99 of a few hundred saves is one of a
        // handful of slow ones; 1000 make it a steadier figure.
        let count = saves ?? (smoke ? 1_000 : 2_000)
        let warmup = smoke ? 20 : 100
        let rounds = smoke ? 1 : 5
        let databasePath = global.databasePath
        if let today {
            let workouts = try global.openWorkouts()
            let member = try workouts.member(named: try AddCommand.valid(today, kind: .user))
            guard try workouts.today(of: member) != nil else {
                throw BenchFailure("\(member.name) is on no program: 'topweight programs assign NAME --user \(ShellWord.quoted(member.name))' first")
            }
            let clock = ContinuousClock()
            var samples: [Duration] = []
            samples.reserveCapacity(count)
            for index in 0..<(count + warmup) {
                let started = clock.now
                _ = try workouts.today(of: member)
                if index >= warmup { samples.append(clock.now - started) }
            }
            let summary = LatencySummary(samples)
            print("today's prescription for \(member.name) on \(global.databaseShown), \(count) times: p50 \(Self.ms(summary.p50)) ms, "
                  + "p99 \(Self.ms(summary.p99)) ms, max \(Self.ms(summary.max)) ms")
            return nil
        }
        if search {
            try measureSearch(count: count, warmup: warmup)
            return nil
        }
        if board {
            try measureBoard(count: saves ?? 50, warmup: 3)
            return nil
        }
        if report {
            try measureReport(runs: runs ?? 20)
            return nil
        }
        if startup {
            guard !PostgresURL.matches(databasePath) else {
                throw BenchFailure("--startup times a SQLite file opening: give --db FILE")
            }
            let count = runs ?? 20
            StartupBench.report(try StartupBench.run(database: databasePath, runs: count), runs: count)
            return nil
        }
        if PostgresURL.matches(databasePath) {
            let engine = try PostgresProgram.installed()
            let shown = global.databaseShown
            if logger {
                let runs = try engine.benchLogger(url: databasePath, shown: shown, timeout: GlobalOptions.postgresTimeout,
                                                  saves: saves ?? 2_000, rounds: rounds)
                LoggerBench.report(runs, saves: saves ?? 2_000, baseline: "psql", package: "postgresql-client")
                return nil
            }
            if global.isDurable {
                print("note: --durable does not apply to PostgreSQL: the server's fsync and synchronous_commit decide")
            }
            return gate(try engine.benchSaves(url: databasePath, shown: shown, timeout: GlobalOptions.postgresTimeout,
                                              count: count, warmup: warmup))
        }
        let directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
        if logger {
            let runs = try LoggerBench.sqlite(saves: saves ?? 2_000, rounds: rounds, directory: directory)
            LoggerBench.report(runs, saves: saves ?? 2_000)
            return nil
        }
        return gate(try SaveBench.sqlite(directory: directory, count: count, durableCount: smoke ? min(count, 100) : count, warmup: warmup))
    }

    static func ms(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.3f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }

    /// Checks the saves' p99 against --max-p99-ms: the failure to report, or
    /// `nil` (after saying it is within the limit, when there is one).
    private func gate(_ save: LatencySummary) -> String? {
        guard let limit = maxP99Ms else { return nil }
        let p99 = save.p99Milliseconds
        if p99 > limit {
            return "save p99 \(String(format: "%.3f", p99)) ms is above --max-p99-ms \(limit)"
        }
        print("save p99 \(String(format: "%.3f", p99)) ms is within --max-p99-ms \(limit)")
        return nil
    }
}
