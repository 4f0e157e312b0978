import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

/// The web server `topweight serve` runs on, which only `topweight-board`
/// links (Hummingbird): handed to `TopWeightBoardCommand.main(serving:)`.
public protocol BoardWebServer: Sendable {
    /// Why this process can't serve (too few files left for its connections),
    /// in one line with what to do; `nil` when it can.
    func shortOfFiles() -> String?
    /// Serves `board` on `host`:`port` (0: any free port) until SIGTERM or
    /// SIGINT, to requests for `names` besides `localhost` and the bound
    /// address; `started` is told the address actually bound.
    func run(board: GymBoard, changes: any LogbookChanges, host: String, port: Int, title: String, names: [String],
             started: @escaping @Sendable (String, Int) -> Void) async throws
    /// Why `run` could not listen, in one plain line with what to do; `nil` for any other error.
    func listeningFailure(_ error: any Error, host: String, port: Int) -> String?
}

/// `topweight-board`: the same command line as `topweight serve` (`topweight-board
/// serve …`, or the options alone), serving in this process.
public struct TopWeightBoardCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "topweight",
        abstract: "The gym's board as a web page: what `topweight serve` runs.",
        version: TopWeightVersion.current,
        subcommands: [ServeCommand.self],
        defaultSubcommand: ServeCommand.self
    )

    public init() {}

    /// Parses the command line and serves on `server`.
    public static func main(serving server: any BoardWebServer) {
        ServeCommand.webServer = server
        runWithSafeMessages { try parseAsRoot() }
    }
}

/// Running `topweight-board` from `topweight serve`.
enum BoardProgram {
    static let name = "topweight-board"

    /// Becomes `topweight-board` with `arguments` (`SiblingProgram`); what is in the way when it can't.
    static func runInstead(arguments: [String]) -> Failure {
        SiblingProgram.runInstead(name, arguments: arguments, for: "serve")
    }
}
