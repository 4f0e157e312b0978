import ArgumentParser
import Dispatch
import Foundation
import TopWeightBoardServer
import TopWeightCore
import TopWeightUseCases

/// `topweight serve`: the gym's board as a web page and JSON, live, read-only,
/// on loopback unless told otherwise.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the gym's board as a web page (/) and JSON (/board.json), live. SIGTERM or Ctrl-C stops it.",
        discussion: """
            Read-only: GET / and GET /board.json, nothing else. It listens on 127.0.0.1 unless --bind \
            says otherwise; see docs/BOARD.md before putting it on a network.
            Example: topweight serve --bind 0.0.0.0 --port 8080
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Address to listen on.", valueName: "address")) var bind = "127.0.0.1"
    @Option(help: "Port to listen on (0: any free port, printed at start).") var port = 8080
    @Option(help: "The board's title.") var title = "Top Weight"

    func run() throws {
        try reportingFailures {
            guard (0...65_535).contains(port) else {
                throw Failure.input(InputError("--port takes 0 to 65535", example: "--port 8080"))
            }
            let store = try global.openStore()
            let changes: any LogbookChanges
            do throws(LogbookError) { changes = try store.changes() } catch { throw Failure.database(error) }
            let board = GymBoard(logbook: store, timeZone: .current)
            let outcome = ServeOutcome()
            let done = DispatchSemaphore(value: 0)
            let (bind, port, title) = (bind, port, title)
            Task.detached {
                do {
                    try await BoardServer.run(board: board, changes: changes, host: bind, port: port, title: title) { host, bound in
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
