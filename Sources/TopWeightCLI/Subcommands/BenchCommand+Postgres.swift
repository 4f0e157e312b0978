import Foundation
import TopWeightCore
import TopWeightPostgres
import TopWeightStorage

/// `topweight bench --db postgres://…`: saves through the PostgreSQL engine
/// against `psql` inserting the same rows on the same server (each INSERT
/// timed by psql's own `\timing`), and, with `--logger`, the whole logger's
/// piped saves against psql running the same inserts from a file. Every
/// side writes into a scratch database of its own, made on the server
/// before any timing starts (so each starts the same) and dropped afterwards.
extension BenchCommand {
    /// Times `count` saves through `PostgresLogbook.save` after `warmup`
    /// more, and psql's INSERTs of the same rows, taking turns so both see
    /// the same load; prints both and returns the saves' figures (for --max-p99-ms).
    static func benchPostgres(url: String, count: Int, warmup: Int) throws -> Summary {
        let psql = installedProgram("psql")
        let server = PostgresScratch(serverURL: url)
        defer { server.dropAll() }
        let files = try BenchScratch(directory: NSTemporaryDirectory())
        defer { files.removeAll() }
        // psql takes its turns in as many processes, each warming up its new connection first.
        let turns = 5
        let psqlWarmup = max(1, warmup / turns)

        let clock = ContinuousClock()
        let started = clock.now
        print("topweight bench: \(count) saves through the PostgreSQL engine after \(warmup) warm-up saves, on \(serverDescription(url, psql: psql))")
        let logbook = try PostgresLogbook(url: server.database("saves"), options: .init(timeout: GlobalOptions.postgresTimeout))
        defer { logbook.close() }
        let (user, exercise) = try seed(logbook)
        let target = try psql.map { _ in try seededDatabase(server, "psql", user: "Bench", exercise: "Bench Press") }

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
            if let psql, let target {
                let file = files.path("psql-\(turn)", pathExtension: "sql")
                let script = insertStatements(psqlWarmup, into: target, values: values) + "\\timing on\n" + insertStatements(size, into: target, values: values)
                try write(script, to: file)
                let timings = psqlTimings(try runPsql(psql, url: target.url, ["-f", file], capturingOutput: true))
                guard timings.count == size else {
                    throw Failure.input("psql reported \(timings.count) timings for \(size) inserts; the benchmark is void")
                }
                inserts += timings
            }
        }
        guard try logbook.recordCount() == warmup + count else {
            throw Failure.input("the PostgreSQL engine did not store every save; the benchmark is void")
        }
        if let target, try recordCount(target.url) != turns * psqlWarmup + count {
            throw Failure.input("psql did not insert every row; the benchmark is void")
        }

        let save = Summary(saves)
        print(left("mode", 26) + right("p50") + right("p99") + right("mean") + right("max"))
        print(left("save (PostgresLogbook)", 26) + ms(save.p50) + ms(save.p99) + ms(save.mean) + ms(save.max))
        let total = String(format: "%.1f s in all", seconds(clock.now - started))
        guard psql != nil else {
            print("(no psql found: install it, e.g. apt-get install postgresql-client, for its inserts beside the saves; \(total))")
            return save
        }
        let insert = Summary(inserts)
        print(left("psql INSERT (\\timing)", 26) + ms(insert.p50) + ms(insert.p99) + ms(insert.mean) + ms(insert.max))
        let p50Ratio = seconds(save.p50) / max(seconds(insert.p50), 1e-9)
        let p99Ratio = seconds(save.p99) / max(seconds(insert.p99), 1e-9)
        print("save/psql at p50: \(String(format: "%.2f", p50Ratio))×   at p99: \(String(format: "%.2f", p99Ratio))× (goal ≤ 2)   (\(total))")
        return save
    }

    /// `rounds` runs of `saves` piped saves through the logger into a new
    /// database on the server, each against psql running the same inserts
    /// from a file into another (`nil` times when psql is not installed).
    static func timePostgresLogger(url: String, saves: Int, rounds: Int) throws -> [LoggerRun] {
        let program = loggerProgram
        let psql = installedProgram("psql")
        let input = loggerInput(saves: saves)
        let server = PostgresScratch(serverURL: url)
        defer { server.dropAll() }
        let files = try BenchScratch(directory: NSTemporaryDirectory())
        defer { files.removeAll() }
        print("topweight bench --logger: on \(serverDescription(url, psql: psql)), two new databases a round")

        // All the databases first: the logger's with the schema only (it
        // creates Ana and Bench Press itself, as on a new file), psql's with
        // the member and the exercise its inserts name, and its script.
        let values = SetValues(weight: Weight(hundredths: 6_000, unit: .kg), reps: 5, series: 5)
        var loggerURLs: [String] = []
        var scripts: [(target: PsqlTarget, file: String)] = []
        for round in 0..<rounds {
            let loggerURL = try server.database("logger_\(round)")
            try PostgresLogbook(url: loggerURL, options: .init(timeout: GlobalOptions.postgresTimeout)).close()
            loggerURLs.append(loggerURL)
            if psql != nil {
                let target = try seededDatabase(server, "psql_\(round)", user: "Ana", exercise: "Bench Press")
                let file = files.path("psql-\(round)", pathExtension: "sql")
                try write(insertStatements(saves, into: target, values: values), to: file)
                scripts.append((target, file))
            }
        }

        let clock = ContinuousClock()
        var runs: [LoggerRun] = []
        for round in 0..<rounds {
            let started = clock.now
            try runProgram(program, ["--db", loggerURLs[round]], input: input)
            let logger = clock.now - started
            let saved = try recordCount(loggerURLs[round])
            guard saved == saves else {
                throw Failure.input("the logger saved \(saved) of \(saves) piped sets; the benchmark is void")
            }
            var psqlTime: Duration?
            if let psql {
                let (target, file) = scripts[round]
                let psqlStarted = clock.now
                try runPsql(psql, url: target.url, ["-f", file])
                psqlTime = clock.now - psqlStarted
                guard try recordCount(target.url) == saves else {
                    throw Failure.input("psql did not insert every row; the benchmark is void")
                }
            }
            runs.append(LoggerRun(logger: logger, baseline: psqlTime))
        }
        return runs
    }

    // MARK: - psql

    /// A scratch database with the schema, one member and one exercise, for psql's inserts.
    struct PsqlTarget {
        var url: String
        var userID: Int64
        var exerciseID: Int64
    }

    private static func seededDatabase(_ server: PostgresScratch, _ name: String, user: String, exercise: String) throws -> PsqlTarget {
        let url = try server.database(name)
        let logbook = try PostgresLogbook(url: url, options: .init(timeout: GlobalOptions.postgresTimeout))
        defer { logbook.close() }
        let member = try logbook.createUser(named: user)
        let done = try logbook.createExercise(named: exercise)
        return PsqlTarget(url: url, userID: member.id, exerciseID: done.id)
    }

    /// `count` INSERTs of the row `PostgresLogbook.save` writes (the same
    /// columns, a new uid each), one statement a line, each its own transaction.
    private static func insertStatements(_ count: Int, into target: PsqlTarget, values: SetValues) -> String {
        var statements = ""
        for _ in 0..<count {
            let now = Date()
            let at = StoredRange.milliseconds(now)
            statements += """
                INSERT INTO record (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat) \
                VALUES ('\(RecordUID.make(at: now))', \(target.userID), \(target.exerciseID), \(values.weight.value), \
                '\(values.weight.unit.rawValue)', \(values.reps), \(values.series), \(at), \(at));

                """
        }
        return statements
    }

    /// Runs psql on `url` without a .psqlrc (`-X`), quietly, stopping at the
    /// first error (shown on stderr unless `quietErrors`). The password goes in `PGPASSWORD`
    /// rather than on a command line others can read; `LC_ALL=C` keeps
    /// `Time: 0.123 ms` in English with a decimal point.
    @discardableResult
    private static func runPsql(
        _ psql: String, url: String, _ arguments: [String], capturingOutput: Bool = false, quietErrors: Bool = false
    ) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        var connection = url
        if var components = URLComponents(string: url), let password = components.password {
            components.password = nil
            if let withoutPassword = components.string {
                connection = withoutPassword
                environment["PGPASSWORD"] = password
            }
        }
        return try runProgram(
            psql, [connection, "-X", "-q", "-v", "ON_ERROR_STOP=1"] + arguments,
            environment: environment, capturingOutput: capturingOutput, showingErrors: !quietErrors
        )
    }

    /// The statement times psql's `\timing` printed: `Time: 0.123 ms`
    /// (`Time: 1234.567 ms (00:01.235)` past a second).
    static func psqlTimings(_ output: String) -> [Duration] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Time: ") else { return nil }
            return Double(line.dropFirst(6).prefix { $0 != " " }).map { Duration.milliseconds($0) }
        }
    }

    /// The server's URL without its password, with its version and what its commits wait for, when psql can tell.
    private static func serverDescription(_ url: String, psql: String?) -> String {
        let query = """
            SELECT 'PostgreSQL ' || current_setting('server_version') || ', fsync ' || current_setting('fsync') \
            || ', synchronous_commit ' || current_setting('synchronous_commit')
            """
        let settings = psql.flatMap { try? runPsql($0, url: url, ["-A", "-t", "-c", query], capturingOutput: true, quietErrors: true) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return GlobalOptions.shown(url) + (settings.map { " (\($0))" } ?? "")
    }

    private static func recordCount(_ url: String) throws -> Int {
        let logbook = try PostgresLogbook(url: url, options: .init(timeout: GlobalOptions.postgresTimeout))
        defer { logbook.close() }
        return try logbook.recordCount()
    }

    private static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw Failure.input("cannot write the benchmark's psql script \(path): \(error.localizedDescription)")
        }
    }
}

// MARK: - Scratch databases

/// Databases made on a PostgreSQL server for one benchmark, dropped afterwards.
final class PostgresScratch {
    let serverURL: String
    private let prefix: String
    private var names: [String] = []

    init(serverURL: String) {
        self.serverURL = serverURL
        prefix = "topweight_bench_\(ProcessInfo.processInfo.processIdentifier)_\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
    }

    /// Creates an empty database and returns its URL.
    func database(_ name: String) throws -> String {
        let database = "\(prefix)_\(name)"
        do {
            try PostgresServer.createDatabase(database, serverURL: serverURL)
        } catch {
            throw Failure.database(LogbookError(error.kind, "cannot create the benchmark's scratch database \(database) (its role needs CREATEDB): \(error.message)"))
        }
        names.append(database)
        return try PostgresServer.url(serverURL, database: database)
    }

    func dropAll() {
        for name in names {
            try? PostgresServer.dropDatabase(name, serverURL: serverURL)
        }
        names.removeAll()
    }
}
