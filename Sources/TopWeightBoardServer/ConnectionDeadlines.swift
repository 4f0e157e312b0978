import NIOCore

/// When one connection to the board must be closed, as a pure value: the
/// connection's events (bytes arrived, a request's head and end read, an
/// answer's parts written) move `deadline`, the instant it must next have
/// moved on by. `DeadlineHandler` carries it out with one timer.
///
/// Pipelined requests and answers interleave freely: the request clock runs
/// from a request's first byte (or its head) to its end, and the idle clock
/// from the last thing that moved.
///
/// - A request has `request` from its first byte to its last (a new
///   connection: from being opened), however often bytes trickle in, so a
///   client sending a header line every few seconds cannot hold a connection.
///   A request answered before its body is in (a 405) still has to end in time.
/// - Between requests a kept-alive connection may sit idle for `idle`.
/// - An answer being written may stall for `idle` at most (a client that
///   never reads what it asked for).
public struct ConnectionDeadlines: Sendable, Hashable {
    public let request: TimeAmount
    public let idle: TimeAmount
    private let opened: NIODeadline
    /// When the request under way began to arrive; `nil` between requests.
    private var receivingSince: NIODeadline?
    /// The last time a request ended or an answer moved.
    private var lastProgress: NIODeadline?

    /// A connection opened at `now`: its first request has `request` to arrive.
    public init(request: TimeAmount, idle: TimeAmount, openedAt now: NIODeadline) {
        self.request = request
        self.idle = idle
        opened = now
    }

    /// The instant the connection is closed at unless it moves on before.
    public var deadline: NIODeadline {
        if let receivingSince { return receivingSince + request }
        guard let lastProgress else { return opened + request }
        return lastProgress + idle
    }

    /// Bytes came in: the first of a request start its clock; more of the same request don't move it.
    public mutating func bytesArrived(at now: NIODeadline) {
        if receivingSince == nil { receivingSince = now }
    }

    /// A request's head was read: it is under way until its end (its bytes
    /// may have come with the end of the one before, unnoticed).
    public mutating func requestStarted(at now: NIODeadline) {
        if receivingSince == nil { receivingSince = now }
    }

    /// A request was read to its end: its clock stops.
    public mutating func requestEnded(at now: NIODeadline) {
        receivingSince = nil
        lastProgress = now
    }

    /// Part of an answer was written (its end: the connection is idle from
    /// now, unless a request is under way).
    public mutating func responseWritten(at now: NIODeadline) {
        lastProgress = now
    }

    /// Whether the connection has had its time at `now`.
    public func isExpired(at now: NIODeadline) -> Bool {
        now >= deadline
    }
}
