import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on loopback that a test puts between one terminal and its
/// PostgreSQL server, with a network fault the test chooses: added latency
/// each way, loss, a blackhole, a reset, and healing (the kernel here has no
/// `netem`, so the faults are made in user space, where they run anywhere).
///
/// How each fault is modelled, since TCP is between the terminal and the proxy
/// and between the proxy and the server, on loopback, where nothing is lost:
/// - **latency**: every chunk read in one direction is written that much later,
///   in order (a one-way delay; a round trip pays both).
/// - **loss**: TCP never loses bytes, it retransmits them; so a lost segment
///   is a chunk (and, in order, everything after it in that direction) that
///   arrives a retransmission timeout later: Linux's smallest RTO, 200 ms, on
///   top of the latency.
/// - **blackhole**: nothing passes in the chosen directions, and nothing is
///   refused or reset; the bytes are held as TCP would keep retransmitting
///   them, and delivered at `heal()`, as a retransmission after the
///   partition would. A new connection is accepted (the proxy's kernel answers
///   the handshake) but reaches the server only at `heal()`, and never if the
///   terminal gave up on it first, as a SYN lost in a partition: a connect at
///   the application level (PostgreSQL's startup) hangs as through a dead link.
/// - **reset**: every open connection is closed with RST, on both sides.
///
/// Every loop is bounded: each thread polls at most `slice` at a time and ends
/// when the link is closed or `lifetime` has passed.
public final class FaultyLink: Sendable {
    /// The directions bytes travel.
    public struct Directions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// From the terminal to the server (queries).
        public static let toServer = Directions(rawValue: 1)
        /// From the server to the terminal (answers).
        public static let toTerminal = Directions(rawValue: 2)
        public static let both: Directions = [.toServer, .toTerminal]
    }

    /// What the link does to the bytes now.
    struct Conditions {
        var latency: Duration = .zero
        var loss: Double = 0
        var blackholed: Directions = []
        /// Bumped by `reset()`: a connection older than it is reset.
        var resets = 0
        /// Armed by `loseAnswers(after:)`: the bytes that trip it.
        var tripwire: [UInt8]?
    }

    /// The retransmission timeout a lost chunk waits for (Linux's `TCP_RTO_MIN`).
    public static let retransmission: Duration = .milliseconds(200)

    /// The port the terminal connects to, on 127.0.0.1.
    public let port: UInt16
    private let upstream: UInt16
    private let listener: Int32
    private let conditions = Mutex(Conditions())
    private let state = Mutex<(closed: Bool, accepted: Int, statements: [Int], seed: UInt64)>((false, 0, [], 0))
    private let deadline: ContinuousClock.Instant
    static let slice: Int32 = 10
    /// `POLLRDHUP` (Linux): the peer closed its end.
    static let peerClosed: Int16 = 0x2000

    /// Listens on a free port of 127.0.0.1 and forwards to `upstream` on
    /// 127.0.0.1, for at most `lifetime`.
    public init(to upstream: UInt16, seed: UInt64 = 1, lifetime: Duration = .seconds(600)) throws {
        self.upstream = upstream
        deadline = .now + lifetime
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LinkError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            Glibc.close(fd)
            throw LinkError("bind/listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        state.withLock { $0.seed = seed }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "faulty link accept"
        thread.start()
    }

    /// Proxies to the server of `url` (a `postgres://` URL on 127.0.0.1).
    public convenience init(toServerOf url: String, seed: UInt64 = 1) throws {
        guard let port = URLComponents(string: url)?.port else { throw LinkError("no port in \(url)") }
        try self.init(to: UInt16(port), seed: seed)
    }

    deinit { close() }

    struct LinkError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// `url` pointed at this link instead of its server, TLS off (so the
    /// proxy can count statements).
    public func route(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return url }
        parts.host = "127.0.0.1"
        parts.port = Int(port)
        var items = (parts.queryItems ?? []).filter { $0.name != "sslmode" }
        items.append(URLQueryItem(name: "sslmode", value: "disable"))
        parts.queryItems = items
        return parts.string ?? url
    }

    // MARK: - Faults

    /// Each direction's delay (a round trip of `2 × oneWay`), and the share
    /// of chunks that are lost (and so come a retransmission later).
    public func impair(oneWay: Duration, loss: Double = 0) {
        conditions.withLock {
            $0.latency = oneWay
            $0.loss = loss
        }
    }

    /// Nothing passes in `directions` (both unless said) until `heal()`.
    public func blackhole(_ directions: Directions = .both) {
        conditions.withLock { $0.blackholed = directions }
    }

    /// Lets the next chunk holding `text` (a statement's SQL, sent in its
    /// Parse message) through to the server, then blackholes every answer:
    /// the server does what it was asked, and the terminal never hears.
    public func loseAnswers(after text: String) {
        conditions.withLock { $0.tripwire = Array(text.utf8) }
    }

    /// Resets every open connection (RST to the terminal and to the server).
    public func reset() {
        conditions.withLock { $0.resets += 1 }
    }

    /// Back to a clean link: no latency, no loss, held bytes delivered.
    public func heal() {
        conditions.withLock {
            $0.latency = .zero
            $0.loss = 0
            $0.blackholed = []
            $0.tripwire = nil
        }
    }

    /// Stops accepting, and ends every connection.
    public func close() {
        let first = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        if first { Glibc.shutdown(listener, Int32(SHUT_RDWR)) }
    }

    // MARK: - What passed

    /// How many connections the link took.
    public var connections: Int { state.withLock { $0.accepted } }

    /// Statements the terminal sent through the link (PostgreSQL's Execute and
    /// simple Query messages), over all its connections.
    public var statements: Int { state.withLock { $0.statements.reduce(0, +) } }

    /// Statements sent on the `index`th connection the link took (from 0).
    public func statements(onConnection index: Int) -> Int {
        state.withLock { index < $0.statements.count ? $0.statements[index] : 0 }
    }

    // MARK: - Inside

    var isOver: Bool { state.withLock { $0.closed } || ContinuousClock.now >= deadline }

    func now() -> Conditions { conditions.withLock { $0 } }

    /// Trips an armed `loseAnswers(after:)` when `chunk` holds its text.
    func watch(_ chunk: [UInt8]) {
        conditions.withLock { conditions in
            guard let tripwire = conditions.tripwire, chunk.count >= tripwire.count else { return }
            for start in 0...(chunk.count - tripwire.count) where chunk[start..<(start + tripwire.count)].elementsEqual(tripwire) {
                conditions.blackholed.insert(.toTerminal)
                conditions.tripwire = nil
                return
            }
        }
    }

    func counted(_ count: Int, on index: Int) {
        state.withLock { $0.statements[index] += count }
    }

    /// A number from the link's seeded generator, in 0..<1.
    func draw() -> Double {
        state.withLock { state in
            state.seed &+= 0x9E37_79B9_7F4A_7C15
            var z = state.seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }

    private func acceptLoop() {
        defer { Glibc.close(listener) }
        while !isOver {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Self.slice * 10) > 0 else { continue }
            let terminal = accept(listener, nil, nil)
            guard terminal >= 0 else { continue }
            if now().blackholed.contains(.toServer) {
                let thread = Thread { [self] in waitForHeal(terminal) }
                thread.name = "faulty link held connect"
                thread.start()
            } else {
                forward(terminal)
            }
        }
    }

    /// A connect through a blackhole: its handshake never reached the
    /// server, so the server hears of it only once the link heals, and never
    /// when the terminal gave up first (what the terminal sent waits unread).
    private func waitForHeal(_ terminal: Int32) {
        while !isOver {
            if !now().blackholed.contains(.toServer) {
                forward(terminal)
                return
            }
            var poller = pollfd(fd: terminal, events: Self.peerClosed, revents: 0)
            if poll(&poller, 1, Self.slice) > 0, poller.revents & (Self.peerClosed | Int16(POLLHUP | POLLERR)) != 0 { break }
        }
        Glibc.close(terminal)
    }

    private func forward(_ terminal: Int32) {
        guard let server = connectUpstream() else {
            Glibc.close(terminal)
            return
        }
        let index = state.withLock { state in
            state.accepted += 1
            state.statements.append(0)
            return state.accepted - 1
        }
        LinkConnection(link: self, index: index, terminal: terminal, server: server, resets: now().resets).start()
    }

    private func connectUpstream() -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = Self.loopback(port: upstream)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            return nil
        }
        return fd
    }
}
