import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `topweight serve` against clients that would starve it: requests
/// dribbled a header line at a time, connections that say nothing, more of
/// them than the process may open files. The timeouts are shortened through
/// the environment (the defaults are 10 s and 30 s) so the suite runs in seconds.
@Suite("The board's web server under slow and idle clients", .serialized)
struct BoardServerDefenceTests {
    /// A request must be whole within 1 s, a kept-alive connection may idle 6 s.
    static let shortTimeouts = ["TOPWEIGHT_SERVE_REQUEST_TIMEOUT": "1", "TOPWEIGHT_SERVE_IDLE_TIMEOUT": "6"]
    /// However long a server may take to close what it should: far more than the timeouts.
    static let patience = 30.0

    static func server() throws -> (Scratch, BoardServerTests.Server) {
        let scratch = try Scratch()
        try BoardServerTests.add(scratch.db, ["Ana", "Bench Press", "100", "5", "3"])
        return (scratch, try BoardServerTests.Server(db: scratch.db, environment: shortTimeouts))
    }

    static func get(_ path: String, keepAlive: Bool = true) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(keepAlive ? "" : "Connection: close\r\n")\r\n"
    }

    @Test("A request sent a header line at a time is closed once its time is up, unanswered")
    func slowRequest() throws {
        let (_, server) = try Self.server()
        let slow = try HTTPProbe.Connection(port: server.port)
        #expect(slow.waitConnected(within: 10))
        slow.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        var lines = 0
        let deadline = Date().addingTimeInterval(Self.patience)
        // A line every 0.3 s: each one well inside the request's time, the whole never done.
        while Date() < deadline, !slow.readUntilClosed(within: 0.3) {
            guard slow.send("X-Slow-\(lines): still coming\r\n") else { break }
            lines += 1
        }
        #expect(slow.readUntilClosed(within: 1), "the dribbling connection was never closed (\(lines) lines sent)")
        #expect(!String(decoding: slow.received, as: UTF8.self).contains("200 OK"))
        #expect(lines >= 1, "closed before any header line came")
        #expect(try server.get("/board.json").status == 200)
    }

    @Test("A client queuing more requests than a browser would, without reading the answers, is closed and answered no further")
    func queuedRequests() throws {
        let (_, server) = try Self.server()
        let greedy = try HTTPProbe.Connection(port: server.port)
        #expect(greedy.waitConnected(within: 10))
        #expect(greedy.send(String(repeating: Self.get("/board.json"), count: 50)))
        usleep(500_000)
        #expect(greedy.readUntilClosed(within: Self.patience), "still open")
        let answers = String(decoding: greedy.received, as: UTF8.self).components(separatedBy: "HTTP/1.1 200").count - 1
        // Before the limit, all 50 were answered and the connection kept.
        #expect(answers <= 8, "\(answers) of 50 queued requests answered")
        // A browser's way, one request after the other on one connection, is never cut off.
        let polite = try HTTPProbe.Connection(port: server.port)
        #expect(polite.waitConnected(within: 10))
        for _ in 0..<20 {
            #expect(polite.send(Self.get("/board.json")))
            #expect(polite.response(within: 10)?.status == 200)
        }
        #expect(try server.get("/board.json").status == 200)
    }

    @Test("A connection that says nothing is closed; a kept-alive one may idle longer than a request may take, then is closed")
    func idleConnections() throws {
        let (_, server) = try Self.server()
        let silent = try HTTPProbe.Connection(port: server.port)
        #expect(silent.waitConnected(within: 10))

        let kept = try HTTPProbe.Connection(port: server.port)
        #expect(kept.waitConnected(within: 10))
        #expect(kept.send(Self.get("/board.json")))
        #expect(kept.response(within: 10)?.status == 200)
        // Idle past the request's 1 s, inside the 6 s kept-alive: still open, and answers.
        #expect(!kept.readUntilClosed(within: 2.5), "a kept-alive connection was closed at the request's timeout")
        #expect(kept.send(Self.get("/")))
        #expect(kept.response(within: 10)?.status == 200)

        #expect(silent.readUntilClosed(within: Self.patience), "a connection that sent nothing was never closed")
        #expect(kept.readUntilClosed(within: Self.patience), "an idle kept-alive connection was never closed")
        #expect(try server.get("/").status == 200)
    }

    @Test("Flooded with idle and slow connections beyond its file limit, the server keeps files in hand and / and /board.json still answer")
    func flood() throws {
        let scratch = try Scratch()
        try BoardServerTests.add(scratch.db, ["Ana", "Bench Press", "100", "5", "3"])
        // Room for a few dozen connections besides what the process keeps for itself.
        let fileLimit = 64 + 4 * ProcessInfo.processInfo.activeProcessorCount + 48
        let server = try BoardServerTests.Server(
            db: scratch.db, environment: ["TOPWEIGHT_SERVE_REQUEST_TIMEOUT": "2", "TOPWEIGHT_SERVE_IDLE_TIMEOUT": "4"], fileLimit: fileLimit)
        #expect(try server.get("/board.json").status == 200)

        let idle = try (0..<(fileLimit + 32)).map { _ in try HTTPProbe.Connection(port: server.port) }
        let slow = try (0..<20).map { _ in try HTTPProbe.Connection(port: server.port) }
        for connection in slow { connection.send("GET /board.json HTTP/1.1\r\n") }
        let stop = Flag(false)
        let dribbler = Thread {
            var line = 0
            while !stop.load() {
                usleep(500_000)
                for connection in slow { connection.send("X-Slow-\(line): still coming\r\n") }
                line += 1
            }
        }
        dribbler.start()
        defer { stop.store(true) }

        var mostOpen = 0
        var answered: [String: Int] = [:]
        let deadline = Date().addingTimeInterval(60)
        for path in ["/board.json", "/"] {
            while answered[path] == nil, Date() < deadline {
                mostOpen = max(mostOpen, Self.openFiles(server.child.pid))
                let probe = try HTTPProbe.Connection(port: server.port)
                guard probe.waitConnected(within: 5), probe.send(Self.get(path, keepAlive: false)) else { continue }
                answered[path] = probe.response(within: 5)?.status
            }
        }
        #expect(answered == ["/board.json": 200, "/": 200], "the board went unanswered under the flood\(Self.death(of: server.child))")
        #expect(mostOpen > 0 && mostOpen < fileLimit, "the server used \(mostOpen) of its \(fileLimit) files")
        #expect(server.child.ended() == nil, "the server died under the flood\(Self.death(of: server.child))")
        _ = idle
    }

    @Test("Under a file limit too small for its own event loops, serve refuses in one line instead of crashing")
    func tooFewFiles() throws {
        let scratch = try Scratch()
        try BoardServerTests.add(scratch.db, ["Ana", "Bench Press", "100", "5", "3"])
        // From too few for the database, through too few for the event loops, to enough:
        // every one a refusal in words or a server, never a trap.
        var refusals: [Int: String] = [:]
        for limit in 10...40 {
            let child = try PipedChild(["-c", "ulimit -n \(limit) && exec \"$0\" serve --port 0", Binary.url.path], db: scratch.db,
                                       executable: "/bin/sh")
            let deadline = Date().addingTimeInterval(30)
            while child.ended() == nil, !child.stdout.text.contains("Serving the board"), Date() < deadline { usleep(20_000) }
            guard let ending = child.ended() else {
                child.signal(SIGKILL)
                _ = child.wait()
                continue
            }
            let said = Self.stderr(of: child)
            #expect(ending != .signaled(SIGILL) && !said.contains("Fatal error"), "under ulimit -n \(limit) serve \(ending): \(said)")
            if ending == .exited(64) { refusals[limit] = said }
        }
        let short = refusals.values.filter { $0.hasPrefix("topweight: ") && $0.contains("ulimit -n") }
        #expect(!short.isEmpty, "no limit was refused for too few files: \(refusals)")
    }

    /// What a server that ended said on its way out (empty while it runs):
    /// a crash in CI then says why.
    static func death(of child: PipedChild) -> String {
        guard let ending = child.ended() else { return "" }
        return " (serve \(ending); its stderr: \(stderr(of: child)))"
    }

    /// The child's standard error, once it has been read to its end (or a few seconds have passed).
    static func stderr(of child: PipedChild) -> String {
        let deadline = Date().addingTimeInterval(5)
        while !child.stderr.isClosed, Date() < deadline { usleep(20_000) }
        return child.stderr.text
    }

    @Test("The board's systemd unit sets its file limit")
    func unit() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let unit = try String(contentsOf: root.appendingPathComponent("Resources/package/topweight-board.service"), encoding: .utf8)
        let limit = unit.split(separator: "\n").first { $0.hasPrefix("LimitNOFILE=") }.flatMap { Int($0.dropFirst("LimitNOFILE=".count)) }
        // The server's 1 024 connections at most, and the files it keeps for itself on a box of many cores.
        #expect((limit ?? 0) >= 4_096, "LimitNOFILE= is \(limit.map(String.init) ?? "not set")")
    }

    /// How many files the process `pid` has open now (0 if it can't be read).
    static func openFiles(_ pid: pid_t) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }
}

/// A flag two threads share.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool
    init(_ value: Bool) { self.value = value }
    func load() -> Bool { lock.withLock { value } }
    func store(_ new: Bool) { lock.withLock { value = new } }
}
