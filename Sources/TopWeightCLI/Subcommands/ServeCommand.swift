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
            Read-only: GET (and HEAD) / and /board.json, nothing else. It listens on 127.0.0.1 unless --bind \
            says otherwise; see docs/BOARD.md before putting it on a network. A request must arrive whole \
            within 10 s, an idle connection is closed after 30 s, and connections are capped below the \
            open-file limit (ulimit -n), so slow or idle clients can't starve the board.
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
            // Checked before the event loops start: they trap when they can't open their files.
            if let short = ConnectionLimits.shortOfFiles(fileLimit: ConnectionLimits.fileLimit(), open: ConnectionLimits.openFiles()) {
                throw Failure.input(short)
            }
            let board = GymBoard(logbook: store, timeZone: .current)
            let outcome = ServeOutcome()
            let done = DispatchSemaphore(value: 0)
            let (bind, port, title) = (bind, port, title)
            let limits = Self.limits
            Task.detached {
                do {
                    try await BoardServer.run(board: board, changes: changes, host: bind, port: port, title: title,
                                              limits: limits) { host, bound in
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
                if let reason = BoardServer.listeningFailure(error, host: bind, port: port) { throw Failure.input(reason) }
                throw Failure.input("cannot serve on \(bind):\(port): \(error)")
            }
            print("Board server stopped")
        }
    }

    /// The defaults (a request 10 s, idle 30 s), or `$TOPWEIGHT_SERVE_REQUEST_TIMEOUT`
    /// and `$TOPWEIGHT_SERVE_IDLE_TIMEOUT` in seconds (0.1 to 3600; tests set them short).
    static var limits: ConnectionLimits {
        func seconds(_ name: String, default value: Double) -> Double {
            guard let text = ProcessInfo.processInfo.environment[name], let seconds = Double(text),
                  (0.1...3600).contains(seconds) else { return value }
            return seconds
        }
        return ConnectionLimits(requestSeconds: seconds("TOPWEIGHT_SERVE_REQUEST_TIMEOUT", default: ConnectionLimits.defaultRequestSeconds),
                                idleSeconds: seconds("TOPWEIGHT_SERVE_IDLE_TIMEOUT", default: ConnectionLimits.defaultIdleSeconds))
    }
}

/// What the server's task ended with, read once it has.
final class ServeOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: (any Error)?

    func fail(_ error: any Error) { lock.withLock { failure = error } }
    var error: (any Error)? { lock.withLock { failure } }
}
