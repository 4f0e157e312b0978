import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `topweight serve` over real HTTP on a loopback port, fed by other
/// `topweight` processes saving into the same database (the file, or
/// PostgreSQL in the second pass).
@Suite("The board's web server", .serialized)
struct BoardServerTests {
    /// A running `topweight serve --port 0` and the port it bound.
    final class Server {
        let child: PipedChild
        let port: Int

        /// `environment` is added to the server's; `fileLimit` starts it under `ulimit -n` that many;
        /// `executable` is the `topweight` to run.
        init(db: String, extra: [String] = [], environment: [String: String] = [:], fileLimit: Int? = nil,
             executable: String = Binary.url.path) throws {
            if let fileLimit {
                // The shell lowers the limit and becomes the server: the child's pid is the server's.
                let script = "ulimit -n \(fileLimit) && exec \"$0\" serve --port 0 \"$@\""
                child = try PipedChild(["-c", script, executable] + extra, db: db, environment: environment, executable: "/bin/sh")
            } else {
                child = try PipedChild(["serve", "--port", "0"] + extra, db: db, environment: environment, executable: executable)
            }
            let deadline = Date().addingTimeInterval(30)
            while true {
                if let line = child.stdout.completeLines.first(where: { $0.hasPrefix("Serving the board at http://") }),
                   let portText = line.split(separator: ":").dropFirst(2).first?.prefix(while: \.isNumber), let port = Int(portText) {
                    self.port = port
                    return
                }
                guard Date() < deadline, child.ended() == nil else {
                    throw HTTPProbe.Failure(description: "serve did not start: \(child.stdout.text) \(child.stderr.text)")
                }
                usleep(50_000)
            }
        }

        deinit {
            if child.ended() == nil { child.signal(SIGKILL) }
            _ = child.wait()
        }

        func get(_ path: String, headers: [String: String] = [:]) throws -> HTTPProbe.Reply {
            try HTTPProbe.request("GET", path, port: port, headers: headers)
        }
    }

    static func add(_ db: String, _ arguments: [String]) throws {
        let result = try Binary.run(["add"] + arguments, db: db)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Polls `/board.json` until `check` holds (a save shows within about two
    /// seconds; ten are allowed before the test says it never came).
    static func eventually(_ server: Server, _ check: (String) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if check(try server.get("/board.json").body) { return true }
            usleep(100_000)
        }
        return false
    }

    @Test("GET / is the page, GET /board.json the figures; any other path 404, POST 405, a known ETag 304; loopback by default")
    func addresses() throws {
        let scratch = try Scratch()
        try Self.add(scratch.db, ["Ana", "Bench Press", "100", "5", "3"])
        let server = try Server(db: scratch.db)
        #expect(server.child.stdout.text.contains("http://127.0.0.1:\(server.port)/"))

        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["content-security-policy"]?.contains("script-src 'sha256-") == true)
        #expect(page.body.contains("<section id=\"lifters\">"))
        #expect(page.body.contains("Ana"))

        let json = try server.get("/board.json")
        #expect(json.status == 200)
        #expect(json.headers["content-type"] == "application/json; charset=utf-8")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.body.utf8)) as? [String: Any])
        #expect((object["lifters"] as? [[String: Any]])?.map { $0["user"] as? String } == ["Ana"])

        for path in ["/board", "/index.html", "/../etc/passwd", "/board.json/", "/%2e%2e/", "/favicon.ico", "//board.json"] {
            #expect(try server.get(path).status == 404, "\(path)")
        }
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let refused = try HTTPProbe.request(method, "/", port: server.port, body: "x=1")
            #expect(refused.status == 405, "\(method)")
            #expect(refused.headers["allow"] == "GET, HEAD")
        }
        #expect(try HTTPProbe.request("POST", "/board.json", port: server.port).status == 405)

        let tag = try #require(page.headers["etag"])
        let unchanged = try server.get("/", headers: ["If-None-Match": tag])
        #expect(unchanged.status == 304)
        #expect(unchanged.body.isEmpty)
    }

    @Test("HEAD answers wherever GET does: the same status and headers, no body")
    func head() throws {
        let scratch = try Scratch()
        try Self.add(scratch.db, ["Ana", "Bench Press", "100", "5", "3"])
        let server = try Server(db: scratch.db)
        for path in ["/", "/board.json"] {
            let full = try server.get(path)
            let head = try HTTPProbe.request("HEAD", path, port: server.port)
            #expect(head.status == 200, "\(path)")
            #expect(head.body.isEmpty, "\(path)")
            for name in ["content-type", "etag", "cache-control", "content-security-policy"] {
                #expect(head.headers[name] == full.headers[name], "\(path) \(name)")
            }
            #expect(head.headers["content-length"] == "\(full.body.utf8.count)", "\(path)")
            let tag = try #require(full.headers["etag"])
            #expect(try HTTPProbe.request("HEAD", path, port: server.port, headers: ["If-None-Match": tag]).status == 304)
        }
        let missing = try HTTPProbe.request("HEAD", "/favicon.ico", port: server.port)
        #expect(missing.status == 404)
        #expect(missing.body.isEmpty)
    }

    @Test("A port in use is said in one plain line with what to do, exit 64")
    func portInUse() throws {
        let scratch = try Scratch()
        try Self.add(scratch.db, ["Ana", "Bench Press", "100", "5", "3"])
        let server = try Server(db: scratch.db)
        let second = try Binary.run(["serve", "--port", "\(server.port)"], db: scratch.db)
        #expect(second.status == 64)
        #expect(second.stderr == "topweight: port \(server.port) is in use: another program (or another topweight serve) listens there; "
            + "choose another with --port\n")
        #expect(try server.get("/").status == 200)
    }

    @Test("A save from another process shows on the served board, and a private member is nowhere on it")
    func live() throws {
        let scratch = try Scratch()
        try Self.add(scratch.db, ["Ana", "Bench Press", "100", "5", "3"])
        let server = try Server(db: scratch.db)
        let before = try #require(server.get("/").headers["etag"])
        #expect(!(try server.get("/board.json").body.contains("Zoë")))

        try Self.add(scratch.db, ["Zoë", "Deadlift", "140", "3", "1"])
        #expect(try Self.eventually(server) { $0.contains("\"user\":\"Zoë\"") }, "Zoë's set never showed")
        #expect(try server.get("/").headers["etag"] != before)
        #expect(try server.get("/").body.contains("Zoë"))

        let hidden = try Binary.run(["users", "private", "Zoë"], db: scratch.db)
        #expect(hidden.status == 0, "\(hidden.stderr)")
        #expect(try Self.eventually(server) { !$0.contains("Zoë") }, "Zoë still on the board")
        #expect(!(try server.get("/").body.contains("Zoë")))

        try Self.add(scratch.db, ["Zoë", "Deadlift", "150", "3", "1"])
        try Self.add(scratch.db, ["Ana", "Bench Press", "102.5", "5", "3"])
        #expect(try Self.eventually(server) { $0.contains("102.5") }, "Ana's next set never showed")
        #expect(!(try server.get("/board.json").body.contains("Zoë")))
        #expect(!(try server.get("/").body.contains("Zoë")))

        let shown = try Binary.run(["users", "public", "Zoë"], db: scratch.db)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(try Self.eventually(server) { $0.contains("Zoë") }, "Zoë never came back")
    }

    @Test("SIGTERM stops the server gracefully: it says so and exits 0")
    func gracefulShutdown() throws {
        let scratch = try Scratch()
        try Self.add(scratch.db, ["Ana", "Bench Press", "100", "5", "3"])
        let server = try Server(db: scratch.db)
        #expect(try server.get("/").status == 200)
        server.child.signal(SIGTERM)
        #expect(server.child.wait() == .exited(0))
        #expect(server.child.stdout.text.contains("Board server stopped"))
    }
}
