import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases
#if canImport(Glibc)
import Glibc
#endif

/// The web server `topweight serve` runs on, which only `topweight-board`
/// links (Hummingbird): handed to `TopWeightBoardCommand.main(serving:)`.
public protocol BoardWebServer: Sendable {
    /// Why this process can't serve (too few files left for its connections),
    /// in one line with what to do; `nil` when it can.
    func shortOfFiles() -> String?
    /// Serves `board` on `host`:`port` (0: any free port) until SIGTERM or
    /// SIGINT; `started` is told the address actually bound.
    func run(board: GymBoard, changes: any LogbookChanges, host: String, port: Int, title: String,
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

/// Finding and running `topweight-board` from `topweight serve`.
enum BoardProgram {
    static let name = "topweight-board"

    /// Where it is: beside the running program first (the tarball's `bin/`,
    /// a build directory), then the first on `PATH`; `nil` when neither has one.
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
        let directories = [own] + (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        return directories.lazy.map { ($0 as NSString).appendingPathComponent(name) }.first { access($0, X_OK) == 0 }
    }

    /// Becomes `topweight-board` with `arguments` (the same process: its
    /// pid, signals, limits and streams); what is in the way when it can't.
    static func runInstead(arguments: [String]) -> Failure {
        guard let path = path() else {
            return .unavailable("serve needs \(name), which is neither beside this topweight nor on PATH: "
                + "install it from the same package (bin/\(name)) next to topweight")
        }
        let argv = [path] + arguments
        var pointers = argv.map { strdup($0) } + [nil]
        execv(path, &pointers)
        let reason = String(cString: strerror(errno)).lowercased()
        pointers.forEach { free($0) }
        return .unavailable("serve cannot run \(path): \(reason)")
    }
}
