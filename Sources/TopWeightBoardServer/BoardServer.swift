import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import TopWeightCore
import TopWeightUseCases

/// `topweight serve`: the board over HTTP until SIGTERM or SIGINT, then a
/// graceful shutdown (requests under way finish, the watch closes).
public enum BoardServer {
    /// Serves `board` on `host`:`port` (0: any free port) within `limits`,
    /// to requests for `names` (besides `localhost` and the bound address);
    /// `started` is told the address actually bound.
    public static func run(board: GymBoard, changes: any LogbookChanges, host: String, port: Int, title: String,
                           names: [String] = [], limits: ConnectionLimits = ConnectionLimits(),
                           started: @escaping @Sendable (String, Int) -> Void) async throws {
        var logger = Logger(label: "topweight.serve")
        logger.logLevel = .warning
        let cache = BoardCache(title: title, timeZone: board.calendar.timeZone)
        let refresher = BoardRefresher(board: board, changes: changes, cache: cache, logger: logger)
        try refresher.refresh()
        let census = ConnectionCensus(most: limits.censused, perAddress: limits.perAddress)
        let app = Application(
            responder: BoardResponder(cache: cache, hosts: HostCheck(names: names, bind: host)),
            server: HTTPServerBuilder { responder in DeadlineHTTP1Channel(responder: responder, limits: limits, census: census) },
            // Accepting goes on above the census's cap: a newcomer takes the stalest connection's place.
            configuration: .init(address: .hostname(host, port: port), serverName: nil, backlog: ConnectionLimits.listenQueue,
                                 availableConnectionsDelegate: MaximumAvailableConnections(limits.connections, logger: logger)),
            services: [refresher],
            onServerRunning: { channel in
                started(host, channel.localAddress?.port ?? port)
            },
            logger: logger
        )
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}

// MARK: - Why it could not listen

extension BoardServer {
    /// The reason `run` could not listen on `host`:`port`, in one plain line
    /// with what to do, for the errors a user can fix; `nil` for any other.
    public static func listeningFailure(_ error: any Error, host: String, port: Int) -> String? {
        if let unknown = error as? SocketAddressError.UnknownHost {
            return "\(unknown.host) is no address or name this machine knows (\(unknown.errorDescription.lowercased())); "
                + "give one of its own with --bind, or 127.0.0.1"
        }
        guard let error = error as? IOError else { return nil }
        let reason = String(cString: strerror(error.errnoCode)).lowercased()
        switch error.errnoCode {
        case EADDRINUSE:
            return "port \(port) is in use: another program (or another topweight serve) listens there; choose another with --port"
        case EACCES:
            return "port \(port) needs privileges this account lacks (\(reason)); choose one above 1023 with --port"
        case EADDRNOTAVAIL:
            return "\(host) is not an address of this machine (\(reason)); give one of its own with --bind, or 127.0.0.1"
        default:
            return nil
        }
    }
}
