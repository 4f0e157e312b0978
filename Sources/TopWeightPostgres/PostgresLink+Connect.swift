import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

// MARK: - Connecting and waiting, every wait bounded

extension PostgresLink {
    /// Begins a connect that ends within the link's timeout: past it, it
    /// fails (a connection that opens after is closed) and tells `reach`
    /// the server is away.
    func startConnect() -> PendingConnect {
        var configuration: PostgresConnection.Configuration
        if let socket = location.socketPath {
            configuration = .init(unixSocketPath: socket, username: location.user, password: location.password, database: location.database)
        } else {
            let tls: PostgresConnection.Configuration.TLS
            switch (location.tls, tlsContext) {
            case (.require, let context?), (.verifyCA, let context?), (.verifyFull, let context?): tls = .require(context)
            case (.allow, let context?), (.prefer, let context?): tls = .prefer(context)
            default: tls = .disable
            }
            configuration = .init(host: location.host, port: location.port, username: location.user,
                                  password: location.password, database: location.database, tls: tls)
        }
        configuration.options.connectTimeout = timeout
        nextConnectionID += 1
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let opening = PostgresConnection.connect(on: eventLoop, configuration: configuration, id: nextConnectionID, logger: logger)
        let promise = eventLoop.makePromise(of: PostgresConnection.self)
        opening.cascade(to: promise)
        let timer = eventLoop.scheduleTask(in: timeout) {
            promise.fail(PostgresErrors.TimedOut())
            // Too late: close whatever arrives after we gave up on it.
            opening.whenSuccess { PostgresLink.drop($0) }
        }
        let (reach, location, timeout, marksAway) = (reach, location, timeout, marksAway)
        promise.futureResult.whenComplete { result in
            timer.cancel()
            if case .failure(let error) = result, marksAway {
                let problem = PostgresErrors.translate(error, location: location, timeout: timeout).error
                if problem.kind == .unreachable { reach.found(problem) }
            }
        }
        return PendingConnect(promise.futureResult)
    }

    /// `deadline` on the wall clock, for a lock's wait.
    static func date(_ deadline: NIODeadline) -> Date {
        Date(timeIntervalSinceNow: Double((deadline - .now()).nanoseconds) / 1e9)
    }

    /// Waits for `future` at most `timeout`, or until `deadline`; past it, throws (the future goes on).
    func bounded<T: Sendable>(_ future: EventLoopFuture<T>, on eventLoop: any EventLoop, until deadline: NIODeadline?) throws -> T {
        let promise = eventLoop.makePromise(of: T.self)
        future.cascade(to: promise)
        let timer = eventLoop.scheduleTask(in: Self.remaining(timeout, until: deadline)) {
            promise.fail(PostgresErrors.TimedOut(byCaller: deadline != nil))
        }
        defer { timer.cancel() }
        return try promise.futureResult.wait()
    }

    /// The time left before `deadline`, at most `timeout` (and at least a millisecond).
    static func remaining(_ timeout: TimeAmount, until deadline: NIODeadline?) -> TimeAmount {
        guard let deadline else { return timeout }
        return max(.milliseconds(1), min(timeout, deadline - .now()))
    }
}
