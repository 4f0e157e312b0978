import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightFixtures
import TopWeightStorage
import TopWeightStore

/// What the composition root asks of a PostgreSQL server besides the roles
/// every engine plays: for the terminal's outbox in front of it.
public protocol ServerLogbook: StorageEngine, OutboxServer, Sendable {
    /// Takes the server as away from now on (it was, at start), as if a call had found it so.
    func noteUnreachable(_ error: LogbookError)
    /// A second connection to the same server, read-only, made at its first
    /// call: where a terminal's background takes the server's names from.
    func lookoutRoles() throws(LogbookError) -> any NameLookup & ExerciseRoster & MemberIdentity
}

/// The PostgreSQL engine (postgres-nio, NIO and its TLS), which only
/// `topweight-postgres` and `topweight-board` link: each hands it to
/// `PostgresProgram.engine` before the command line is parsed. `topweight`
/// has none, and becomes `topweight-postgres` for a PostgreSQL database.
public protocol PostgresEngine: Sendable {
    /// The server at `url`, its schema brought up to date (with
    /// `connectLater`, at the first call); the options are `PostgresLogbook`'s.
    func server(url: String, timeout: Int, readOnly: Bool, holdOffWhileAway: Bool, connectLater: Bool,
                watchesAnswers: Bool) throws(LogbookError) -> any ServerLogbook
    /// `url` without its password, as messages show it; `nil` when it is no valid URL.
    func redacted(_ url: String) -> String?
    /// `topweight bench --db postgres://…`: the saves against psql's inserts, printed; the saves' figures.
    func benchSaves(url: String, shown: String, timeout: Int, count: Int, warmup: Int) throws -> LatencySummary
    /// `topweight bench --logger --db postgres://…`: the piped saves through the logger against psql's.
    func benchLogger(url: String, shown: String, timeout: Int, saves: Int, rounds: Int) throws -> [LoggerBench.Run]
}

/// Where a PostgreSQL database is opened from: the engine in the programs
/// that link it, and in `topweight`, the step into `topweight-postgres`.
public enum PostgresProgram {
    static let name = "topweight-postgres"

    /// The engine, set by the program that links it before parsing; `nil` in `topweight`.
    nonisolated(unsafe) public static var engine: (any PostgresEngine)?

    /// When one of `locations` is a PostgreSQL URL and this program has no
    /// engine, becomes `topweight-postgres` with the same arguments
    /// (`SiblingProgram`): called before a command reads, writes or prints
    /// anything. Returns only when there is nothing to do, and throws why
    /// it can't (one line, exit code 69) when it can't.
    static func takeOver(_ locations: [String]) throws(Failure) {
        guard engine == nil, locations.contains(where: PostgresURL.matches) else { return }
        throw SiblingProgram.runInstead(name, arguments: Array(CommandLine.arguments.dropFirst()), for: "a PostgreSQL database")
    }

    /// `takeOver` for a command's `validate()`: its failure printed as a
    /// command's would be, and the program ended with its exit code.
    static func takeOverInValidation(_ locations: [String]) throws {
        do {
            try takeOver(locations)
        } catch {
            FileHandle.standardError.write(Data("topweight: \(TerminalText.safe(error.message))\n".utf8))
            throw ExitCode(error.exitCode)
        }
    }

    /// The engine, for a PostgreSQL URL this program opens; why not, when it has none.
    static func installed() throws(LogbookError) -> any PostgresEngine {
        guard let engine else {
            throw LogbookError(.cannotOpen, "this program has no PostgreSQL client: run \(name), from the same package, for a postgres:// database")
        }
        return engine
    }
}
