import TopWeightCLI
import TopWeightCore
import TopWeightFixtures
import TopWeightPostgres

/// The PostgreSQL engine on postgres-nio, as `topweight-postgres` and
/// `topweight-board` hand it to the command line (`PostgresProgram.engine`).
public struct PostgresClientEngine: PostgresEngine {
    public init() {}

    public func server(url: String, timeout: Int, readOnly: Bool, holdOffWhileAway: Bool, connectLater: Bool,
                       watchesAnswers: Bool) throws(LogbookError) -> any ServerLogbook {
        try PostgresLogbook(url: url, options: .init(timeout: timeout, readOnly: readOnly, connectLater: connectLater,
                                                     holdOffWhileAway: holdOffWhileAway, watchesAnswers: watchesAnswers))
    }

    public func redacted(_ url: String) -> String? {
        try? PostgresLocation(url).redacted
    }

    public func benchSaves(url: String, shown: String, timeout: Int, count: Int, warmup: Int) throws -> LatencySummary {
        try SaveBench.postgres(url: url, shown: shown, timeout: timeout, count: count, warmup: warmup)
    }

    public func benchLogger(url: String, shown: String, timeout: Int, saves: Int, rounds: Int) throws -> [LoggerBench.Run] {
        try LoggerBench.postgres(url: url, shown: shown, timeout: timeout, saves: saves, rounds: rounds)
    }
}

extension PostgresLogbook: ServerLogbook {
    public func lookoutRoles() throws(LogbookError) -> any NameLookup & ExerciseRoster & MemberIdentity {
        try lookout()
    }
}
