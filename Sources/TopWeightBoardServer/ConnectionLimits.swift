import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// What one board server allows its connections, so a flood of idle or
/// slow ones can't keep the screens on the wall from their page: how long a
/// request may take to arrive, how long a connection may sit idle between
/// requests, how many connections are open at once (fewer than the
/// process may open files, so the database and the server keep theirs), and
/// how many of them one client address may hold.
public struct ConnectionLimits: Sendable, Hashable {
    /// From a request's first byte (or the connection's opening) to its last.
    public var request: TimeAmount
    /// Between requests on a kept-alive connection, and for an answer to move on.
    public var idle: TimeAmount
    /// Connections open at once; more wait in the kernel's queue until one closes.
    public var connections: Int
    /// Connections one client address may hold at once; more are closed as they come.
    public var perAddress: Int

    public static let defaultRequestSeconds = 10.0
    public static let defaultIdleSeconds = 30.0
    /// However high the file limit, a gym's board never needs more.
    public static let mostConnections = 1_024
    /// A browser opens six at most; a screen, a tablet and a phone behind one address fit.
    public static let defaultPerAddress = 32
    /// Connections the kernel may hold before the server accepts them. A
    /// full queue drops a newcomer's SYN, and its client tries again only a
    /// second later: a flood topping up its connections as fast as they are
    /// closed kept Hummingbird's 256 full, and a screen's probe waited 1 s.
    /// This holds a flood of a few thousand (the kernel cuts it to
    /// `net.core.somaxconn`, 4 096 by default).
    public static let listenQueue = 4_096
    /// Requests a connection may have read and not yet answered: a browser
    /// sends the next when the last is answered; more is a client queuing
    /// answers it doesn't read, and is closed.
    public var pipelined = 8

    public init(request: TimeAmount, idle: TimeAmount, connections: Int, perAddress: Int = defaultPerAddress) {
        self.request = request
        self.idle = idle
        self.connections = connections
        self.perAddress = perAddress
    }

    /// The connections the census holds before a newcomer takes the stalest
    /// one's place: a few under `connections`, so that accepting never stops.
    public var censused: Int {
        max(1, connections - min(16, connections / 4))
    }

    /// The defaults (10 s, 30 s), the connections from this process's file
    /// limit and the files it has open now.
    public init(requestSeconds: Double = defaultRequestSeconds, idleSeconds: Double = defaultIdleSeconds) {
        self.init(request: .nanoseconds(Int64(requestSeconds * 1e9)), idle: .nanoseconds(Int64(idleSeconds * 1e9)),
                  connections: Self.connections(fileLimit: Self.fileLimit(), open: Self.openFiles()))
    }

    /// The connections allowed under a limit of `files` open files when
    /// `open` are open already (the standard streams, the database and its
    /// watch, whatever the process was handed): what is left once those and
    /// what is still to come are set aside (the listening socket, the
    /// database's readers, a few per event-loop thread), at least one, at
    /// most `mostConnections`.
    public static func connections(fileLimit files: Int, open: Int,
                                   processors: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, min(mostConnections, files - reserved(open: open, processors: processors)))
    }

    /// Why a process with `open` files of its limit of `files` can't serve
    /// (what it keeps for itself wouldn't fit, and the event loops would
    /// fail to start), in one line with what to do; `nil` when it can.
    /// Asked before the database is opened, whose threads trap as the event
    /// loops do when they find no file left (libdispatch's): its own files
    /// (`storeFiles`) count as needed too.
    public static func shortOfFiles(fileLimit files: Int, open: Int,
                                    processors: Int = ProcessInfo.processInfo.activeProcessorCount) -> String? {
        let needed = reserved(open: open, processors: processors) + storeFiles + 1
        guard files < needed else { return nil }
        return "the open-file limit (ulimit -n) is \(files) with \(open) open already; serving needs at least \(needed): "
            + "raise it (ulimit -n, or LimitNOFILE= in the unit)"
    }

    /// The database's files once it is open: the writer's file, log and
    /// index, the probe's and a reader's.
    static let storeFiles = 6

    /// The files set aside for the process itself: those open already, the
    /// listening socket, the database's readers, a few per event-loop thread.
    static func reserved(open: Int, processors: Int) -> Int {
        open + 24 + 4 * max(1, processors)
    }

    /// How many files this process has open (`/proc/self/fd`); without
    /// `/proc`, a guess as large as a server's usual start.
    public static func openFiles() -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return 16 }
        // The listing's own descriptor is among them.
        return max(0, entries.count - 1)
    }

    /// The soft limit on open files (`ulimit -n`, systemd's `LimitNOFILE=`).
    public static func fileLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        #else
        guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return 1_024 }
        #endif
        return Int(clamping: limit.rlim_cur)
    }
}
