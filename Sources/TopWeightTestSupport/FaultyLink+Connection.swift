import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One connection through a `FaultyLink`: a thread for each direction, each
/// reading what arrives, stamping when it may be written (latency, loss) and
/// writing it then, unless its direction is blackholed.
final class LinkConnection: Sendable {
    private let link: FaultyLink
    private let index: Int
    private let terminal: Int32
    private let server: Int32
    /// The link's reset count when this connection was taken.
    private let resets: Int
    /// (threads still running, ended by a reset, ended at all).
    private let ending = Mutex<(running: Int, reset: Bool, over: Bool)>((2, false, false))

    init(link: FaultyLink, index: Int, terminal: Int32, server: Int32, resets: Int) {
        self.link = link
        self.index = index
        self.terminal = terminal
        self.server = server
        self.resets = resets
        var bounded = timeval(tv_sec: 1, tv_usec: 0)
        for fd in [terminal, server] {
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &bounded, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    func start() {
        for direction in [FaultyLink.Directions.toServer, .toTerminal] {
            let thread = Thread { [self] in
                pump(direction)
                finish()
            }
            thread.name = "faulty link \(index)"
            thread.start()
        }
    }

    /// The last thread out closes both sockets: with RST after a reset
    /// (SO_LINGER 0), else as TCP closes.
    private func finish() {
        let (last, reset) = ending.withLock { ending in
            ending.running -= 1
            ending.over = true
            return (ending.running == 0, ending.reset)
        }
        guard last else { return }
        for fd in [terminal, server] {
            if reset {
                var abort = linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
            }
            close(fd)
        }
    }

    private func pump(_ direction: FaultyLink.Directions) {
        let (source, destination) = direction == .toServer ? (terminal, server) : (server, terminal)
        var held: [(due: ContinuousClock.Instant, bytes: [UInt8])] = []
        var lastDue = ContinuousClock.now
        var sourceOpen = true
        var messages = MessageCounter()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !link.isOver {
            let conditions = link.now()
            if conditions.resets > resets {
                ending.withLock { $0.reset = true }
                return
            }
            if ending.withLock({ $0.over }) { return }
            let blocked = conditions.blackholed.contains(direction)
            // Write what is due.
            while !blocked, let head = held.first, head.due <= .now {
                guard Self.write(head.bytes, to: destination) else { return }
                held.removeFirst()
            }
            if !sourceOpen, held.isEmpty {
                shutdown(destination, Int32(SHUT_WR))
                return
            }
            var wait = FaultyLink.slice
            if !blocked, let head = held.first {
                let until = head.due - .now
                wait = max(0, min(wait, Int32(until.components.seconds * 1000 + until.components.attoseconds / 1_000_000_000_000_000)))
            }
            guard sourceOpen else {
                usleep(UInt32(max(1, wait)) * 1000)
                continue
            }
            var poller = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, wait) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else {
                sourceOpen = false
                if count < 0 { return }
                continue
            }
            let chunk = Array(buffer[0..<count])
            if direction == .toServer {
                let statements = messages.feed(chunk)
                if statements > 0 { link.counted(statements, on: index) }
                link.watch(chunk)
            }
            let lost = conditions.loss > 0 && link.draw() < conditions.loss
            let due = max(lastDue, .now + conditions.latency + (lost ? FaultyLink.retransmission : .zero))
            lastDue = due
            held.append((due, chunk))
        }
    }

    private static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            rest = rest.dropFirst(written)
        }
        return true
    }
}

/// Counts the statements in what a PostgreSQL client sends: Execute (`E`)
/// and simple Query (`Q`) messages, after the untyped startup messages
/// (an SSL or GSS request, then the startup packet).
struct MessageCounter {
    private var startup = true
    private var header: [UInt8] = []
    private var skip = 0
    /// The startup message's first bytes, to tell a request from the packet.
    private var startupBody: [UInt8] = []

    mutating func feed(_ bytes: [UInt8]) -> Int {
        var counted = 0
        var at = 0
        while at < bytes.count {
            if skip > 0 {
                let taken = min(skip, bytes.count - at)
                if startup, startupBody.count < 4 { startupBody += bytes[at..<(at + min(taken, 4 - startupBody.count))] }
                skip -= taken
                at += taken
                if skip == 0, startup { endStartup() }
                continue
            }
            header.append(bytes[at])
            at += 1
            let size = startup ? 4 : 5
            guard header.count == size else { continue }
            let lengthBytes = header.suffix(4)
            let length = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
            if !startup, header[0] == UInt8(ascii: "E") || header[0] == UInt8(ascii: "Q") { counted += 1 }
            header = []
            skip = max(0, length - 4)
            if skip == 0, startup { endStartup() }
        }
        return counted
    }

    private mutating func endStartup() {
        let code = startupBody.count == 4 ? startupBody.reduce(0) { $0 << 8 | Int($1) } : 0
        // 80877103: SSLRequest, 80877104: GSSENCRequest; another startup follows them.
        if code != 80_877_103, code != 80_877_104 { startup = false }
        startupBody = []
    }
}
