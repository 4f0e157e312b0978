import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `topweight serve` runs the web server in a program of its own,
/// `topweight-board`, found beside `topweight` or on PATH.
@Suite("serve and topweight-board")
struct BoardProgramTests {
    /// `topweight` alone in a directory of its own, and an empty directory for PATH.
    static func alone(_ scratch: Scratch) throws -> (topweight: String, emptyPath: String) {
        let empty = scratch.directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        return (try Binary.alone(in: scratch.directory.appendingPathComponent("alone")).path, empty.path)
    }

    @Test("serve with no topweight-board beside it nor on PATH says what is missing in one line and exits 69")
    func missing() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let (topweight, emptyPath) = try Self.alone(scratch)
        let child = try PipedChild(["serve", "--port", "0"], db: scratch.db, environment: ["PATH": emptyPath], executable: topweight)
        // A server runs until it is stopped: one that said it serves has failed this test.
        let started = child.waitFor(lines: 1, startingWith: "Serving the board at", timeout: 20)
        if child.ended() == nil { child.signal(SIGKILL) }
        let ending = child.wait()
        #expect(started == 0, "it served: \(child.stdout.text)")
        #expect(ending == .exited(69), "\(child.stderr.text)")
        #expect(child.stderr.text == "topweight: serve needs topweight-board, which is neither beside this topweight nor on PATH: "
            + "install it from the same package (bin/topweight-board) next to topweight\n")
        #expect(child.stdout.text.isEmpty)
    }

    @Test("serve finds topweight-board on PATH when none is beside it, and stops on SIGTERM as before")
    func onPath() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let (topweight, emptyPath) = try Self.alone(scratch)
        let built = Binary.url.deletingLastPathComponent().path
        let server = try BoardServerTests.Server(db: scratch.db, environment: ["PATH": "\(emptyPath):\(built)"], executable: topweight)
        #expect(try server.get("/board.json").body.contains("\"user\":\"Ana\""))
        server.child.signal(SIGTERM)
        #expect(server.child.wait() == .exited(0))
        #expect(server.child.stdout.text.hasSuffix("Board server stopped\n"), "\(server.child.stdout.text)")
    }
}
