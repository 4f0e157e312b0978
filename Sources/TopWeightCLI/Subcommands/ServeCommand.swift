import ArgumentParser
import Dispatch
import Foundation
import TopWeightCore
import TopWeightUseCases

/// `topweight serve`: the gym's board as a web page and JSON, live, read-only,
/// on loopback unless told otherwise.
///
/// The web server itself is in `topweight-board` (`BoardProgram`), so that
/// Hummingbird and NIO's HTTP stay out of the logger: in `topweight` this
/// command checks what it can, then becomes that program with the same
/// arguments; there, `webServer` is set and it serves.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the gym's board as a web page (/) and JSON (/board.json), live. SIGTERM or Ctrl-C stops it.",
        discussion: """
            Read-only: GET (and HEAD) / and /board.json, nothing else. It listens on 127.0.0.1 unless --bind \
            says otherwise; see docs/BOARD.md before putting it on a network. A request must arrive whole \
            within 10 s, an idle connection is closed after 30 s, one client address holds 32 connections at \
            most, and when all are taken (below the open-file limit, ulimit -n) a newcomer takes the place of \
            the one idle longest, so slow or idle clients can't starve the board.
            It answers requests for localhost, the --bind address (bound to 0.0.0.0 or ::, this machine's own \
            addresses) and each --host name; any other Host is refused with 421, against DNS rebinding.
            The server is the program topweight-board, installed beside topweight (or on PATH); \
            without it, serve says so and exits with 69.
            Example: topweight serve --bind 0.0.0.0 --port 8080 --host board.gym.lan
            """
    )

    /// The web server, in the program that has one (`topweight-board` sets it
    /// before parsing); `nil` in `topweight`, which runs that program instead.
    nonisolated(unsafe) static var webServer: (any BoardWebServer)?

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Address to listen on.", valueName: "address")) var bind = "127.0.0.1"
    @Option(help: "Port to listen on (0: any free port, printed at start).") var port = 8080
    @Option(help: "The board's title.") var title = "Top Weight"
    @Option(help: "A team's board: its members alone (the title says which).") var team: String?
    @Option(name: .customLong("host"), help: ArgumentHelp(
        "A name the board is reached by (repeatable), besides localhost and the --bind address.", valueName: "name"))
    var names: [String] = []

    func run() throws {
        try reportingFailures {
            guard (0...65_535).contains(port) else {
                throw Failure.input(InputError("--port takes 0 to 65535", example: "--port 8080"))
            }
            guard let server = Self.webServer else {
                // Returns only when the program can't be run.
                throw BoardProgram.runInstead(arguments: Array(CommandLine.arguments.dropFirst()))
            }
            // Checked before the database opens and the event loops start:
            // both start threads that trap when they find no file to open.
            if let short = server.shortOfFiles() {
                throw Failure.input(short)
            }
            let roles = try global.openRoles(concurrentReads: true).roles
            let team = try UsersCommand.boardTeam(self.team, roles: roles)
            let board = GymBoard(roles, timeZone: .current, team: team)
            let changes = try board.changes()
            let outcome = ServeOutcome()
            let done = DispatchSemaphore(value: 0)
            let (bind, port, title, names) = (bind, port, board.title(title), names)
            Task.detached {
                do {
                    try await server.run(board: board, changes: changes, host: bind, port: port, title: title, names: names) { host, bound in
                        let shown = host.contains(":") ? "[\(host)]" : host
                        let line = "Serving the board at http://\(shown):\(bound)/ (JSON at /board.json); SIGTERM or Ctrl-C stops it\n"
                        FileHandle.standardOutput.write(Data(line.utf8))
                    }
                } catch {
                    outcome.fail(error)
                }
                done.signal()
            }
            done.wait()
            if let error = outcome.error {
                if let workouts = error as? WorkoutsError { throw workouts }
                if let reason = server.listeningFailure(error, host: bind, port: port) { throw Failure.input(reason) }
                throw Failure.input("cannot serve on \(bind):\(port): \(error)")
            }
            print("Board server stopped")
        }
    }
}

/// What the server's task ended with, read once it has.
final class ServeOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: (any Error)?

    func fail(_ error: any Error) { lock.withLock { failure = error } }
    var error: (any Error)? { lock.withLock { failure } }
}
