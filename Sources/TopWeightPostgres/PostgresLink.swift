import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import TopWeightCore

/// The one place the async PostgreSQL client meets the synchronous logger:
/// a single connection, used by one call at a time, every wait bounded.
///
/// A call that finds the connection gone (the server restarted, the network
/// dropped) opens a new one; when a connection that had already served fails
/// under a call (other than by timing out), the call is tried once more on a
/// fresh connection, which is safe because every write Top Weight sends can
/// be repeated (a save carries
/// its record's uid; creating is find-or-create; deleting and restoring are
/// conditional). A call that still fails throws `.unreachable`: nothing was
/// half-done, since each call is one statement or one transaction, and the
/// server rolls back a transaction whose connection is lost.
final class PostgresLink: @unchecked Sendable {
    let location: PostgresLocation
    /// The longest a connect or a call waits for the server.
    let timeout: TimeAmount
    /// Whether the server was found away, shared with a second link to it (`PostgresLogbook.lookout`).
    let reach: Reachability
    /// True when this link's calls tell `reach` the server is away (the
    /// lookout's only tell it is back).
    let marksAway: Bool
    /// True when, while `reach` knows the server away, a call without a
    /// bound of its own is refused at once instead of trying (`holdOffWhileAway`).
    var holdsOff = false

    private let lock = NSLock()
    private var connection: PostgresConnection?
    /// The statements prepared on the current connection, by their SQL (`execute(prepared:)`).
    private var statements: [String: PreparedQuery] = [:]
    /// True once the current connection has answered a call.
    private var connectionServed = false
    var nextConnectionID = 0
    /// A connect a bounded call gave up waiting for, still under way (`PendingConnect`).
    private var connecting: PendingConnect?
    /// How long a bounded call waits, from how long answers take (`LinkPatience`).
    let patience = LinkPatience()
    let tlsContext: NIOSSLContext?
    /// The loop watching for this link's next call (`Handover.swift`): for
    /// a millisecond after each answer, about the time a member's next piped
    /// or repeated set takes to reach it (not at all on a board's link).
    private let relay: Relay
    /// How long a caller watches for its answer (zero: it sleeps at once).
    private let watching: Duration
    /// Run before the first call that reaches the server, until it succeeds
    /// once (`whenFirstReached`); recursive, so its own calls pass through.
    private let preparing = NSRecursiveLock()
    private var prepare: Prepare?
    /// The schema check: given a deadline and its bound when a save runs it.
    typealias Prepare = (PostgresLink, NIODeadline?, TimeAmount?) throws(LogbookError) -> Void
    /// postgres-nio logs into this; nothing of it reaches the member's screen.
    let logger = Logger(label: "topweight.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    init(_ location: PostgresLocation, timeout: TimeAmount, reach: Reachability = Reachability(), marksAway: Bool = true,
         watches: Bool = true) throws(LogbookError) {
        relay = Relay(span: watches ? .milliseconds(1) : .zero)
        watching = watches ? Self.watching : .zero
        self.location = location
        self.timeout = timeout
        self.reach = reach
        self.marksAway = marksAway
        switch location.tls {
        case .disable:
            tlsContext = nil
        case .allow, .prefer, .require, .verifyCA, .verifyFull:
            var configuration = TLSConfiguration.makeClientConfiguration()
            switch location.tls {
            case .verifyFull: configuration.certificateVerification = .fullVerification
            case .verifyCA: configuration.certificateVerification = .noHostnameVerification
            default: configuration.certificateVerification = .none
            }
            do {
                tlsContext = try NIOSSLContext(configuration: configuration)
            } catch {
                throw LogbookError(.cannotOpen, "cannot set up TLS for \(location.redacted): \(error)")
            }
        }
    }

    deinit {
        if let connection { Self.drop(connection) }
        connecting?.future.whenSuccess { Self.drop($0) }
    }

    /// Closes without waiting, keeping the connection alive until it is
    /// closed (postgres-nio insists); the future and async `close()` share a name.
    static func drop(_ connection: PostgresConnection) {
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// Closes the connection (at exit, or before a test stops the server).
    func close() {
        lock.withLock {
            if let connection {
                let closing: EventLoopFuture<Void> = connection.close()
                try? closing.wait()
            }
            connection = nil
            connecting?.future.whenSuccess { Self.drop($0) }
            connecting = nil
        }
    }

    // MARK: - Calls

    /// Runs `body` (the schema check) before the first call, instead of now:
    /// a terminal that starts while its server is away connects later.
    func whenFirstReached(_ body: @escaping Prepare) {
        preparing.withLock { prepare = body }
    }

    /// Runs what waits for the first call, once; for a call with a bound (a
    /// save), within it, so the save still gives up in time.
    func prepared(until deadline: NIODeadline?, bound: TimeAmount?) throws(LogbookError) {
        // A bounded call waits for another thread's check only until its deadline.
        if let deadline {
            guard preparing.lock(before: Self.date(deadline)) else { throw gaveUp(bound) }
        } else {
            preparing.lock()
        }
        defer { preparing.unlock() }
        guard let body = prepare else { return }
        prepare = nil
        do {
            try body(self, deadline, bound)
        } catch {
            prepare = body
            throw error
        }
    }

    /// Runs one statement (its own transaction) and returns its rows;
    /// `within` bounds the whole call, a connect and a retry included (a
    /// save's short bound), instead of `timeout` for each wait.
    @discardableResult
    func query(_ query: PostgresQuery, retry: Bool = true, within: TimeAmount? = nil) throws(LogbookError) -> PostgresQueryResult {
        let wait = within.map(patience.wait)
        return try self.query(query, retry: retry, until: wait.map { NIODeadline.now() + $0 }, bound: wait)
    }

    /// `query`, ending by `deadline` (`bound` is what it was, for the message).
    @discardableResult
    func query(_ query: PostgresQuery, retry: Bool = true, until deadline: NIODeadline?, bound: TimeAmount?) throws(LogbookError) -> PostgresQueryResult {
        try prepared(until: deadline, bound: bound)
        return try call(retry: retry, until: deadline, bound: bound) { connection throws in try self.run(query, on: connection, until: deadline) }
    }

    /// Runs `sql`, prepared on the connection the first time it runs there
    /// (a named statement: the server parses and plans it once a
    /// connection, and a Parse is no statement in its log), with `binds`;
    /// otherwise as `query`: one statement, its own transaction, `within`
    /// bounding the whole call. A server error forgets the connection's
    /// statements, so a statement the server dropped is prepared again.
    ///
    /// Each row comes as its cells, labelled binary: postgres-nio (1.33)
    /// labels a prepared statement's columns with the format its Describe
    /// reported (text) while its Bind asks for every column in binary.
    func execute(prepared sql: String, _ binds: [PostgresData], retry: Bool = true, within: TimeAmount? = nil) throws(LogbookError) -> [[PostgresCell]] {
        let wait = within.map(patience.wait)
        let deadline = wait.map { NIODeadline.now() + $0 }
        try prepared(until: deadline, bound: wait)
        let rows = try call(retry: retry, until: deadline, bound: wait) { connection throws in
            do {
                let statement = try self.statement(sql, on: connection, until: deadline)
                return try self.run(on: connection, until: deadline) { statement.execute(binds) }
            } catch {
                // A save's own wait running out says nothing of the statements: the connection stays.
                if (error as? PostgresErrors.TimedOut)?.byCaller != true { self.statements = [:] }
                throw error
            }
        }
        return rows.map { row in
            row.map { cell in
                var binary = cell
                binary.format = .binary
                return binary
            }
        }
    }

    /// `sql` prepared on `connection` (the current one: `call` holds the lock).
    private func statement(_ sql: String, on connection: PostgresConnection, until deadline: NIODeadline?) throws -> PreparedQuery {
        if let known = statements[sql] { return known }
        let made = try run(on: connection, until: deadline) { connection.prepare(query: sql) }
        statements[sql] = made
        return made
    }

    // MARK: - Notifications

    /// `LISTEN`s on `channel` on this link's connection (opened if need be);
    /// `notified` runs on each notification until the connection closes.
    func listen(_ channel: String, _ notified: @escaping @Sendable () -> Void) throws(LogbookError) {
        try prepared(until: nil, bound: nil)
        try call(retry: true) { connection throws in
            connection.addListener(channel: channel) { _, _ in notified() }
            try self.run(PostgresQuery(unsafeSQL: "LISTEN \(channel)"), on: connection)
        }
    }

    /// True while the link holds a connection that is not closed.
    var isOpen: Bool {
        lock.withLock { connection.map { !$0.isClosed } ?? false }
    }

    // MARK: - Connection and timeouts

    /// `deadline` ends the whole call (`bound` from its start, for the message).
    func call<T>(retry: Bool, until deadline: NIODeadline? = nil, bound: TimeAmount? = nil,
                 _ body: (PostgresConnection) throws -> T) throws(LogbookError) -> T {
        // A server found away costs no second wait: only a save (bounded) tries.
        if holdsOff, deadline == nil, let away = reach.away { throw away }
        // A bounded call waits for the link (another thread's call on it) only until its deadline.
        if let deadline {
            guard lock.lock(before: Self.date(deadline)) else { throw gaveUp(bound) }
        } else {
            lock.lock()
        }
        defer { lock.unlock() }
        var again = retry
        while true {
            var reused = false
            let current: PostgresConnection
            do {
                if let existing = connection, !existing.isClosed {
                    current = existing
                    reused = connectionServed
                } else {
                    current = try connect(until: deadline)
                }
                let result = try body(current)
                connectionServed = true
                reach.reached()
                return result
            } catch {
                let problem = PostgresErrors.translate(error, location: location, timeout: bound ?? timeout)
                // A server that didn't answer in time won't answer a new connection sooner: no second wait.
                let timedOut = error is PostgresErrors.TimedOut
                if (error as? PostgresErrors.TimedOut)?.byCaller == true {
                    // A bounded call's own wait ran out: taken as away (the prompts'
                    // reads answer from the terminal meanwhile), but the server may
                    // only be slow: its answer (or the connect) goes on within the
                    // link's timeout, and when it comes the server is back (`run`).
                    if marksAway { reach.found(problem.error) }
                    throw problem.error
                }
                if problem.connectionLost {
                    if let lost = connection { Self.drop(lost) }
                    connection = nil
                    statements = [:]
                    connectionServed = false
                    if again && reused && !timedOut && deadline.map({ $0 > .now() }) ?? true {
                        again = false
                        continue
                    }
                }
                if marksAway, problem.error.kind == .unreachable { reach.found(problem.error) }
                throw problem.error
            }
        }
    }

    /// The connection a call runs on: the connect under way if there is one
    /// (`PendingConnect`), else a new one, waited for until `deadline` at
    /// most. A bounded call that gives up leaves the connect to go on
    /// within the link's timeout; while the server is known away, it
    /// doesn't wait for one that hasn't answered at all (a cut link).
    private func connect(until deadline: NIODeadline? = nil) throws -> PostgresConnection {
        let pending: PendingConnect
        if let under = connecting, !under.isUseless {
            if deadline != nil, !under.isFinished, let away = reach.away { throw away }
            pending = under
        } else {
            pending = startConnect()
            connecting = pending
        }
        do {
            let opened = try bounded(pending.future, on: pending.future.eventLoop, until: deadline)
            connecting = nil
            connection = opened
            connectionServed = false
            statements = [:]
            return opened
        } catch let timedOut as PostgresErrors.TimedOut where timedOut.byCaller {
            throw timedOut
        } catch {
            connecting = nil
            throw error
        }
    }

    @discardableResult
    func run(_ query: PostgresQuery, on connection: PostgresConnection, until deadline: NIODeadline? = nil,
             waiting: TimeAmount? = nil) throws -> PostgresQueryResult {
        let logger = logger
        return try run(on: connection, until: deadline, waiting: waiting) { connection.query(query, logger: logger) }
    }

    /// Waits for what `start` begins on the connection's loop, at most
    /// `timeout` (or `waiting`, a bulk statement's) or until `deadline`. One
    /// hop to the loop: the call and its timer start there and the timer is
    /// cancelled there (from this thread, each of the three was a wake-up of
    /// the loop); the hop and the answer pass without waking either thread
    /// while both watch (`Handover.swift`).
    private func run<T: Sendable>(on connection: PostgresConnection, until deadline: NIODeadline?, waiting: TimeAmount? = nil,
                                  _ start: @escaping @Sendable () -> EventLoopFuture<T>) throws -> T {
        // A bounded call whose wait is over sends nothing (it would only commit unheard).
        if let deadline, deadline <= .now() { throw PostgresErrors.TimedOut(byCaller: true) }
        let timeout = waiting ?? timeout
        let wait = Self.remaining(timeout, until: deadline)
        // A bounded call (a save) gives up at its deadline, but its answer
        // may still come: the connection is closed only when none has come
        // within the link's timeout (a server, or a link, that stopped answering).
        let byCaller = wait < timeout
        let bounded = deadline != nil
        let (reach, location, marksAway, patience) = (reach, location, marksAway, patience)
        let eventLoop = connection.eventLoop
        let promise = eventLoop.makePromise(of: T.self)
        let answer = Answer<T>()
        let relay = relay
        let work: @Sendable () -> Void = {
            let sent = ContinuousClock.now
            let timer = eventLoop.scheduleTask(in: wait) {
                answer.give(.failure(PostgresErrors.TimedOut(byCaller: byCaller, after: timeout)))
                promise.fail(PostgresErrors.TimedOut(byCaller: byCaller, after: timeout))
                // A server that stopped answering: closing fails the call now.
                if !byCaller { PostgresLink.drop(connection) }
            }
            let stopped = byCaller ? eventLoop.scheduleTask(in: timeout) {
                PostgresLink.drop(connection)
                if marksAway { reach.found(PostgresErrors.translate(PostgresErrors.TimedOut(), location: location, timeout: timeout).error) }
            } : nil
            start().whenComplete { result in
                timer.cancel()
                stopped?.cancel()
                // An answer, late or not: the server is there.
                if case .success = result {
                    patience.answered(after: ContinuousClock.now - sent, bounded: bounded)
                    reach.reached()
                }
                answer.give(result)
                promise.completeWith(result)
                // After this tick: the loop watches for the link's next call.
                eventLoop.execute { relay.watch(on: eventLoop) }
            }
        }
        if !relay.offer(work, to: eventLoop) { eventLoop.execute(work) }
        if let result = answer.awaited(for: watching) { return try result.get() }
        return try promise.futureResult.wait()
    }

    /// How long a caller watches for its answer before it sleeps on it
    /// (a save's round trip to a nearby server is shorter; `Handover.swift`).
    static let watching: Duration = .milliseconds(2)

    /// What a bounded call says when its wait for the link ran out.
    private func gaveUp(_ bound: TimeAmount?) -> LogbookError {
        PostgresErrors.translate(PostgresErrors.TimedOut(byCaller: true), location: location, timeout: bound ?? timeout).error
    }
}
