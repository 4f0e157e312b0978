import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import TopWeightCore
import TopWeightUseCases

/// `topweight serve`: the board over HTTP until SIGTERM or SIGINT, then a
/// graceful shutdown (requests under way finish, the watch closes).
public enum BoardServer {
    /// Serves `board` on `host`:`port` (0: any free port); `started` is told
    /// the address actually bound.
    public static func run(board: GymBoard, changes: any LogbookChanges, host: String, port: Int, title: String,
                           started: @escaping @Sendable (String, Int) -> Void) async throws {
        var logger = Logger(label: "topweight.serve")
        logger.logLevel = .warning
        let cache = BoardCache(title: title, timeZone: board.calendar.timeZone)
        let refresher = BoardRefresher(board: board, changes: changes, cache: cache, logger: logger)
        try refresher.refresh()
        let app = Application(
            responder: BoardResponder(cache: cache),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            services: [refresher],
            onServerRunning: { channel in
                started(host, channel.localAddress?.port ?? port)
            },
            logger: logger
        )
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
