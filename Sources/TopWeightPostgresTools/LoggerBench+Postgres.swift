import Foundation
import TopWeightCore
import TopWeightFixtures

/// `topweight bench --logger --db postgres://…`, in the programs that link
/// the PostgreSQL engine.
extension LoggerBench {
    /// `rounds` runs of `saves` piped saves through the logger into a new
    /// database on the server, each against psql running the same inserts
    /// from a file into another (`nil` times when psql is not installed).
    /// `shown` is the URL without its password; `timeout` the seconds a call may take.
    public static func postgres(url: String, shown: String, timeout: Int, saves: Int, rounds: Int) throws -> [Run] {
        let program = program
        let input = input(saves: saves)
        let server = BenchServer(url: url, shown: shown, timeout: timeout)
        defer { server.scratch.dropAll() }
        let files = try BenchScratch(directory: NSTemporaryDirectory())
        defer { files.removeAll() }
        print("topweight bench --logger: on \(server.description), two new databases a round")

        // All the databases first: the logger's with the schema only (it
        // creates Ana and Bench Press itself, as on a new file), psql's with
        // the member and the exercise its inserts name, and its script.
        let values = SetValues(weight: Weight(hundredths: 6_000, unit: .kg), reps: 5, series: 5)
        var loggerURLs: [String] = []
        var scripts: [(target: BenchServer.PsqlTarget, file: String)] = []
        for round in 0..<rounds {
            let loggerURL = try server.scratch.database("logger_\(round)")
            try server.logbook(loggerURL).close()
            loggerURLs.append(loggerURL)
            if server.psql != nil {
                let target = try server.seededDatabase("psql_\(round)", user: "Ana", exercise: "Bench Press")
                let file = files.path("psql-\(round)", pathExtension: "sql")
                try BenchServer.write(BenchServer.insertStatements(saves, into: target, values: values), to: file)
                scripts.append((target, file))
            }
        }

        let clock = ContinuousClock()
        var runs: [Run] = []
        for round in 0..<rounds {
            let started = clock.now
            try ExternalProgram.run(program, ["--db", loggerURLs[round]], input: input)
            let logger = clock.now - started
            let saved = try server.recordCount(loggerURLs[round])
            guard saved == saves else {
                throw BenchFailure("the logger saved \(saved) of \(saves) piped sets; the benchmark is void")
            }
            var psqlTime: Duration?
            if let psql = server.psql {
                let (target, file) = scripts[round]
                let psqlStarted = clock.now
                try BenchServer.runPsql(psql, url: target.url, ["-f", file])
                psqlTime = clock.now - psqlStarted
                guard try server.recordCount(target.url) == saves else {
                    throw BenchFailure("psql did not insert every row; the benchmark is void")
                }
            }
            runs.append(Run(logger: logger, baseline: psqlTime))
        }
        return runs
    }
}
