import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The outbox through the real binary: a terminal at a real pseudo-terminal,
/// logger processes killed with sets kept, `outbox` and `check`.
@Suite("A PostgreSQL terminal keeps saving while its server is away", .serialized)
struct OutboxTerminalTests {
    @Test("Five saves with the server stopped: each Saved … kept, in :history; the server started, a new terminal: every kept set on the server once")
    func walk() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let environment = PseudoTerminal.environment(db: cluster.url, ["XDG_STATE_HOME": state.directory])
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[y/n]", after: mark)
        terminal.type("y\r")
        try terminal.waitFor("exercise", after: mark)
        terminal.type("Back Squat 100x5x5\r")
        try terminal.waitFor("Saved #1  Ana · Back Squat · 100 kg × 5 reps × 5 series", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)

        try cluster.pgCtl(["stop", "-m", "immediate"])
        var slowest = Duration.zero
        for (index, weight) in ["102.5", "105", "107.5", "110", "112.5"].enumerated() {
            mark = terminal.mark
            let started = ContinuousClock.now
            terminal.type("Back Squat \(weight)x5x5\r")
            try terminal.waitFor("Saved #k\(index + 1)  Ana · Back Squat · \(weight) kg × 5 reps × 5 series  (kept on this terminal; sent when the server is back)",
                                 after: mark)
            slowest = max(slowest, ContinuousClock.now - started)
            try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        }
        // Loosely, as behaviour: the save's own bound is 0.3 s.
        #expect(slowest < .seconds(2), "\(slowest)")
        print("OutboxTerminalTests: the slowest of five saves with the server stopped answered in \(slowest)")
        mark = terminal.mark
        terminal.type(":history\r")
        try terminal.waitFor("#k5", after: mark)
        try terminal.waitFor("#k1", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        #expect(!terminal.text(after: mark).contains("unreachable"), "\(terminal.text(after: mark))")
        kill(terminal.pid, SIGKILL)

        try cluster.pgCtl(["start", "-w"])
        let again = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try again.waitFor("user")
        again.type("\u{04}")
        #expect(again.waitForExit() == 0)
        let server = try TestEngine.open(cluster.url)
        let stored = try server.history(HistoryQuery()).sorted { $0.id < $1.id }
        #expect(stored.map(\.values.weight.value) == [100, 102.5, 105, 107.5, 110, 112.5])
        #expect(Set(stored.compactMap(\.uid)).count == 6)
        // Another machine (no outbox of its own) sees them.
        let elsewhere = try StateDirectory()
        let history = try Binary.run(["history", "--user", "Ana", "--format", "csv"], db: cluster.url,
                                     environment: ["XDG_STATE_HOME": elsewhere.directory])
        #expect(history.stdout.split(separator: "\n").count == 7, "\(history.stdout)")
    }

    @Test("A terminal started while its server is away: it says so once; a member another machine made saves with the defaults this terminal heard of; a new member is refused in one line; the server back, the logger sends while it waits")
    func startedAway() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let elsewhere = try StateDirectory()
        // Another machine: the members, and Bo's squat.
        for arguments in [["users", "add", "Ana"], ["users", "add", "Bo"], ["add", "Bo", "Back Squat", "80", "5", "5"]] {
            let made = try Binary.run(arguments, db: cluster.url, environment: ["XDG_STATE_HOME": elsewhere.directory])
            #expect(made.status == 0, "\(made.stderr)")
        }
        let environment = PseudoTerminal.environment(db: cluster.url, ["XDG_STATE_HOME": state.directory])
        // This terminal's earlier run, server up: Bo walks up and leaves.
        let earlier = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try earlier.waitFor("user")
        earlier.type("Bo\r")
        try earlier.waitFor("exercise [Back Squat]: ")
        earlier.type("\r")
        try earlier.waitFor("weight kg [80]: ")
        // The background takes the gym's list 5 s after start and writes it at once.
        let knows = "this terminal knows 2 members and 1 exercise (from its last look)"
        var listed = ""
        for _ in 0..<100 where !listed.contains(knows) {
            usleep(200_000)
            listed = try Binary.run(["outbox"], db: cluster.url, environment: ["XDG_STATE_HOME": state.directory]).stdout
        }
        #expect(listed.contains(knows), "\(listed)")
        earlier.type(":quit\r")
        #expect(earlier.waitForExit() == 0)

        try cluster.pgCtl(["stop", "-m", "immediate"])
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try terminal.waitFor("is unreachable")
        try terminal.waitFor("sets are kept on this terminal and sent when it is back")
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("Bo\r")
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("weight kg [80]: ", after: mark)
        terminal.type("\r\r\r")
        try terminal.waitFor("Saved #k1  Bo · Back Squat · 80 kg × 5 reps × 5 series  (kept on this terminal", after: mark)
        mark = terminal.mark
        terminal.type("squat 82.5x5x5\r")
        try terminal.waitFor("Saved #k2  Bo · Back Squat · 82.5 kg × 5 reps × 5 series  (kept", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        // Ana never used this terminal; the list its earlier run took knows her.
        mark = terminal.mark
        terminal.type(":user ana\r")
        try terminal.waitFor("exercise: ", after: mark)
        terminal.type("Back Squat 60x8x3\r")
        try terminal.waitFor("Saved #k3  Ana · Back Squat · 60 kg × 8 reps × 3 series  (kept", after: mark)
        // A lift the gym never logged can't be made now: said at once, before any number is asked.
        mark = terminal.mark
        terminal.type("bench\r")
        try terminal.waitFor("a new member or exercise needs the server", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        #expect(!terminal.text(after: mark).contains("weight kg"), "\(terminal.text(after: mark))")
        mark = terminal.mark
        terminal.type("bench 50x8x3\r")
        try terminal.waitFor("a new member or exercise needs the server", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        terminal.type("Back Squat 62.5x8x3\r")
        try terminal.waitFor("Saved #k4  Ana · Back Squat · 62.5 kg × 8 reps × 3 series  (kept", after: mark)
        // A kept set has no number on the server yet: :edit says so before any prompt.
        mark = terminal.mark
        terminal.type(":edit\r")
        try terminal.waitFor("#k4 was kept on this terminal while the server was away: :undo it and save it again", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        mark = terminal.mark
        terminal.type(":user Cy\r")
        try terminal.waitFor("a new member needs the server", after: mark)
        mark = terminal.mark
        terminal.type(":history\r")
        try terminal.waitFor("#k4", after: mark)
        try terminal.waitFor("Only the sets kept on this terminal show while the server is away.", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)

        // The server back: the waiting logger sends (every 2 s), each set once.
        try cluster.pgCtl(["start", "-w"])
        let server = try TestEngine.open(cluster.url)
        var stored: [WorkoutRecord] = []
        for _ in 0..<100 where stored.count < 5 {
            usleep(100_000)
            stored = try server.history(HistoryQuery())
        }
        #expect(stored.sorted { $0.id < $1.id }.map(\.values.weight.value) == [80, 80, 82.5, 60, 62.5])
        #expect(Set(stored.compactMap(\.uid)).count == 5)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("A server that stops answering (SIGSTOP) at a real terminal: the first save pays one timeout, then saves and reads answer at once from the outbox and what the terminal knows; every set arrives once when it runs again")
    func pausedAtTheRack() throws {
        let cluster = try PrivateCluster()
        defer {
            cluster.signal(SIGCONT)
            cluster.stop()
        }
        let state = try StateDirectory()
        let environment = PseudoTerminal.environment(db: cluster.url, ["XDG_STATE_HOME": state.directory, "TOPWEIGHT_PG_TIMEOUT": "2"])
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[y/n]", after: mark)
        terminal.type("y\r")
        try terminal.waitFor("exercise", after: mark)
        for line in ["Back Squat 100x5x5", "Deadlift 140x3x1"] {
            mark = terminal.mark
            terminal.type(line + "\r")
            try terminal.waitFor("Saved #", after: mark)
        }
        try terminal.waitFor("exercise [Deadlift]: ", after: mark)

        cluster.signal(SIGSTOP)
        var took: [Duration] = []
        for (index, line) in ["squat 105x5x5", "dead 150x3x1", "squat 107.5x5x5", "dead 155x3x1"].enumerated() {
            mark = terminal.mark
            let started = ContinuousClock.now
            terminal.type(line + "\r")
            try terminal.waitFor("Saved #k\(index + 1)  Ana", after: mark)
            took.append(ContinuousClock.now - started)
        }
        mark = terminal.mark
        var started = ContinuousClock.now
        terminal.type(":history\r")
        try terminal.waitFor("#k4", after: mark)
        try terminal.waitFor("exercise [Deadlift]: ", after: mark)
        took.append(ContinuousClock.now - started)
        print("OutboxTerminalTests: with the server paused, four saves and :history answered in \(took)")
        // The first pays the 2 s timeout once, not twice (and the 0.3 s save bound); none after it waits on the network.
        #expect(took[0] < .milliseconds(3_500), "\(took)")
        #expect(took.dropFirst().allSatisfy { $0 < .milliseconds(900) }, "\(took)")

        cluster.signal(SIGCONT)
        let server = try TestEngine.open(cluster.url)
        var stored: [WorkoutRecord] = []
        started = ContinuousClock.now
        while stored.count < 6, ContinuousClock.now - started < .seconds(20) {
            usleep(100_000)
            stored = (try? server.history(HistoryQuery())) ?? []
        }
        #expect(stored.sorted { $0.id < $1.id }.map(\.values.weight.value) == [100, 140, 105, 150, 107.5, 155])
        #expect(Set(stored.compactMap(\.uid)).count == 6)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("outbox on a SQLite file says a file has none, in text and JSON; a path with nothing there is refused as other commands refuse it")
    func fileHasNone() throws {
        let database = TemporaryDatabase()
        let typo = try Binary.run(["outbox"], db: database.path)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("no database at \(database.path); check the path"), "\(typo.stderr)")
        #expect(try Binary.run(["add", "Ana", "Back Squat", "100", "5", "5"], db: database.path).status == 0)
        let text = try Binary.run(["outbox"], db: database.path)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("No outbox: \(database.path) is a SQLite file"), "\(text.stdout)")
        let json = try Binary.run(["outbox", "--format", "json"], db: database.path)
        #expect(json.stdout == "[]\n")
    }

    @Test("A logger killed (kill -9) with three kept sets: outbox lists them with the server down; check sends them once; later starts send nothing twice")
    func killedAndRestarted() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let environment = ["XDG_STATE_HOME": state.directory]
        let logger = try PipedChild(db: cluster.url, environment: environment)
        logger.send("Ana\ny\nBench Press 60x5x3\n")
        #expect(logger.waitFor(lines: 1) == 1, "\(logger.stderr.text)")
        try cluster.pgCtl(["stop", "-m", "immediate"])
        logger.send("Bench Press 62.5x5x3\nBench Press 65x5x3\nBench Press 67.5x5x3\n")
        #expect(logger.waitFor(lines: 3, startingWith: "Saved #k") == 3, "\(logger.stdout.text) \(logger.stderr.text)")
        logger.signal(SIGKILL)
        #expect(logger.wait() == .signaled(SIGKILL))

        let listed = try Binary.run(["outbox", "--format", "json"], db: cluster.url, environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? Int } == [-1, -2, -3])
        #expect(rows.map { $0["weight"] as? Double } == [62.5, 65, 67.5])
        #expect(rows.allSatisfy { $0["user"] as? String == "Ana" && $0["keptAt"] is String && $0["uid"] is String })
        let text = try Binary.run(["outbox"], db: cluster.url, environment: environment)
        #expect(text.stdout.contains("3 sets wait on this terminal"), "\(text.stdout)")

        let away = try Binary.run(["check"], db: cluster.url, environment: environment)
        #expect(away.status == 2)
        #expect(away.stdout.contains("outbox        3 sets kept on this terminal, not sent"), "\(away.stdout)")

        try cluster.pgCtl(["start", "-w"])
        let check = try Binary.run(["check"], db: cluster.url, environment: environment)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("outbox        3 sets kept on this terminal sent now\n"), "\(check.stdout)")
        let json = try Binary.run(["check", "--format", "json"], db: cluster.url, environment: environment)
        #expect(json.stdout.contains("\"outbox\":{\"waiting\":0,\"sent\":0}"), "\(json.stdout)")
        // Nothing kept, nothing said.
        let again = try Binary.run(["check"], db: cluster.url, environment: environment)
        #expect(again.status == 0 && !again.stdout.contains("outbox"), "\(again.stdout)")
        let restarted = try Binary.run([], db: cluster.url, input: ":quit\n", environment: environment)
        #expect(restarted.status == 0, "\(restarted.stderr)")

        let server = try TestEngine.open(cluster.url)
        let stored = try server.history(HistoryQuery()).sorted { $0.id < $1.id }
        #expect(stored.map(\.values.weight.value) == [60, 62.5, 65, 67.5])
        #expect(try Binary.run(["outbox"], db: cluster.url, environment: environment).stdout.contains("No sets wait"))
    }

    @Test("Two check processes started at once over one outbox of 30 kept sets: each set on the server once")
    func twoProcessesSend() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let environment = ["XDG_STATE_HOME": state.directory]
        let logger = try PipedChild(db: cluster.url, environment: environment)
        logger.send("Ana\ny\nDeadlift 140x3x1\n")
        #expect(logger.waitFor(lines: 1) == 1, "\(logger.stderr.text)")
        try cluster.pgCtl(["stop", "-m", "immediate"])
        logger.send((0..<30).map { "Deadlift \(140 + $0 % 6 * 5)x3x1\n" }.joined() + ":quit\n")
        #expect(logger.waitFor(lines: 30, startingWith: "Saved #k") == 30, "\(logger.stderr.text)")
        #expect(logger.wait() == .exited(0))
        // Leaving says what stays behind.
        #expect(logger.stderr.text.contains("30 sets wait on this terminal for the server"), "\(logger.stderr.text)")

        try cluster.pgCtl(["start", "-w"])
        let checks = try (0..<2).map { _ in try PipedChild(["check"], db: cluster.url, environment: environment) }
        for check in checks { #expect(check.wait() == .exited(0), "\(check.stderr.text)") }
        let server = try TestEngine.open(cluster.url)
        let stored = try server.history(HistoryQuery())
        #expect(stored.count == 31)
        #expect(Set(stored.compactMap(\.uid)).count == 31)
    }
}
