import Foundation
import TopWeightBoardServer
import TopWeightCLI
import TopWeightCore
import TopWeightUseCases

/// `topweight serve`'s web server: `BoardServer` on Hummingbird, within the
/// connection limits this process's open-file limit and environment allow.
struct HummingbirdBoard: BoardWebServer {
    func shortOfFiles() -> String? {
        ConnectionLimits.shortOfFiles(fileLimit: ConnectionLimits.fileLimit(), open: ConnectionLimits.openFiles())
    }

    func run(board: GymBoard, changes: any LogbookChanges, host: String, port: Int, title: String, names: [String],
             started: @escaping @Sendable (String, Int) -> Void) async throws {
        try await BoardServer.run(board: board, changes: changes, host: host, port: port, title: title,
                                  names: names, limits: Self.limits, started: started)
    }

    func listeningFailure(_ error: any Error, host: String, port: Int) -> String? {
        BoardServer.listeningFailure(error, host: host, port: port)
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
