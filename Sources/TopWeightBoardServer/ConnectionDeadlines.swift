import NIOCore

/// When one connection to the board must be closed, as a pure value: every
/// event of the connection (opened, bytes arrived, a request read whole, a
/// response part written) returns the instant it must next have moved on by.
/// `DeadlineHandler` carries it out with one timer.
///
/// - A request has `request` from its first byte to its last (a fresh
///   connection: from being opened), however often bytes trickle in, so a
///   client sending a header line every few seconds cannot hold a connection.
/// - Between requests a keep-alive connection may sit idle for `idle`.
/// - An answer being written may stall for `idle` at most (a client that
///   never reads what it asked for).
public struct ConnectionDeadlines: Sendable, Hashable {
    public enum Phase: Sendable, Hashable {
        /// Waiting for the first byte of a request.
        case waiting
        /// Part of a request has arrived, not all of it.
        case receiving
        /// Requests read whole are being answered.
        case answering
    }

    public let request: TimeAmount
    public let idle: TimeAmount
    public private(set) var phase = Phase.waiting
    /// The instant the connection is closed at unless it moves on before.
    public private(set) var deadline: NIODeadline
    /// Requests read whole and not yet answered (pipelined ones queue).
    private var unanswered = 0
    /// When bytes of a next request arrived while answering.
    private var nextStarted: NIODeadline?

    /// A connection opened at `now`: its first request has `request` to arrive.
    public init(request: TimeAmount, idle: TimeAmount, openedAt now: NIODeadline) {
        self.request = request
        self.idle = idle
        deadline = now + request
    }

    /// Bytes came in: the first of a request start its clock; more of the same request don't move it.
    public mutating func bytesArrived(at now: NIODeadline) {
        switch phase {
        case .waiting:
            phase = .receiving
            deadline = now + request
        case .receiving:
            break
        case .answering:
            if nextStarted == nil { nextStarted = now }
        }
    }

    /// A request was read to its end: it is answered next.
    public mutating func requestEnded(at now: NIODeadline) {
        unanswered += 1
        nextStarted = nil
        phase = .answering
        deadline = now + idle
    }

    /// Part of an answer was written: the answer is moving.
    public mutating func responseWritten(at now: NIODeadline) {
        guard phase == .answering else { return }
        deadline = now + idle
    }

    /// An answer was written to its end: the next request's clock, or the idle one.
    public mutating func responseEnded(at now: NIODeadline) {
        unanswered = max(0, unanswered - 1)
        if unanswered > 0 {
            deadline = now + idle
        } else if let started = nextStarted {
            phase = .receiving
            deadline = started + request
            nextStarted = nil
        } else {
            phase = .waiting
            deadline = now + idle
        }
    }

    /// Whether the connection has had its time at `now`.
    public func isExpired(at now: NIODeadline) -> Bool {
        now >= deadline
    }
}
