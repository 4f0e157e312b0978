import Foundation
import TopWeightCore
import TopWeightFixtures
import TopWeightPostgres

/// A PostgreSQL server a benchmark writes on: the scratch databases made for
/// it (dropped afterwards), and psql beside them when it is installed.
final class BenchServer {
    /// A scratch database with the schema, one member and one exercise, for psql's inserts.
    typealias PsqlTarget = (url: String, userID: Int64, exerciseID: Int64)

    /// The server's URL, and as messages show it (without its password).
    let url: String, shown: String
    /// Seconds a connect or call may take.
    let timeout: Int
    /// psql's path, `nil` when it is not installed.
    let psql = ExternalProgram.installed("psql")
    let scratch: PostgresScratch

    init(url: String, shown: String, timeout: Int) {
        self.url = url
        self.shown = shown
        self.timeout = timeout
        scratch = PostgresScratch(serverURL: url)
    }

    /// The engine on one of the scratch databases.
    func logbook(_ url: String) throws -> PostgresLogbook {
        try PostgresLogbook(url: url, options: .init(timeout: timeout))
    }

    func seededDatabase(_ name: String, user: String, exercise: String) throws -> PsqlTarget {
        let url = try scratch.database(name)
        let logbook = try logbook(url)
        defer { logbook.close() }
        let member = try logbook.createUser(named: user)
        let done = try logbook.createExercise(named: exercise)
        return (url, member.id, done.id)
    }

    func recordCount(_ url: String) throws -> Int {
        let logbook = try logbook(url)
        defer { logbook.close() }
        return try logbook.recordCount()
    }

    /// The server's URL without its password, with its version and what its commits wait for, when psql can tell.
    var description: String {
        let query = """
            SELECT 'PostgreSQL ' || current_setting('server_version') || ', fsync ' || current_setting('fsync') \
            || ', synchronous_commit ' || current_setting('synchronous_commit')
            """
        let settings = psql.flatMap { try? Self.runPsql($0, url: url, ["-A", "-t", "-c", query], capturingOutput: true, quietErrors: true) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return shown + (settings.map { " (\($0))" } ?? "")
    }

    // MARK: - psql

    /// `count` INSERTs of the row `PostgresLogbook.save` writes (the same
    /// columns, a new uid each), one statement a line, each its own transaction.
    static func insertStatements(_ count: Int, into target: PsqlTarget, values: SetValues) -> String {
        var statements = ""
        for _ in 0..<count {
            let now = Date()
            let at = milliseconds(now)
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
    static func runPsql(
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
        return try ExternalProgram.run(
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

    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw BenchFailure("cannot write the benchmark's psql script \(path): \(error.localizedDescription)")
        }
    }
}
