import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightTestSupport

/// What only a server engine has to prove: many processes at once, the
/// server going away mid-session, and copying between a file and a server.
@Suite("PostgreSQL through the real binary", .serialized)
struct PostgresEndToEndTests {
    static let writers = 8
    static let savesPerWriter = 500

    @Test("8 logger processes × 500 piped saves at once: every set stored once, no error shown, defaults per member")
    func eightWriters() throws {
        let scratch = try Scratch(engine: .postgres)
        let clock = ContinuousClock()
        let started = clock.now
        var children: [PipedChild] = []
        // Eight terminals, each with an outbox of its own (as on eight machines).
        let states = try (0..<Self.writers).map { _ in try StateDirectory() }
        for writer in 0..<Self.writers {
            let child = try PipedChild(db: scratch.db, environment: ["XDG_STATE_HOME": states[writer].directory])
            let entries = (0..<Self.savesPerWriter).map { "Bench Press \(20 + writer)x\($0 % 12 + 1)x3\n" }.joined()
            _ = child.send("Runner\(writer + 1)\ny\n" + entries + ":quit\n")
            child.closeInput()
            children.append(child)
        }
        var ids: [Int64] = []
        for (writer, child) in children.enumerated() {
            let ending = child.wait()
            #expect(ending == .exited(0), "Runner\(writer + 1) \(ending): \(child.stderr.text)")
            let lines = child.stdout.completeLines
            // No error; at most the exit's one line on what still waits, when a save was kept.
            let said = child.stderr.text.split(separator: "\n")
            #expect(said.allSatisfy { $0.hasSuffix("('topweight outbox' lists them).") || $0.hasSuffix("('topweight outbox' lists it).") },
                    "Runner\(writer + 1): \(child.stderr.text)")
            let saved = lines.compactMap(SavedLine.init)
            // A save that outwaits its time for a loaded server is kept on the terminal
            // (`Saved #k…`) and sent when the server answers: still stored once (below).
            let kept = lines.filter { $0.hasPrefix("Saved #k") && $0.hasSuffix("(kept on this terminal; sent when the server is back)") }
            #expect(saved.count + kept.count == Self.savesPerWriter,
                    "Runner\(writer + 1) printed \(saved.count) Saved lines and \(kept.count) kept; others: \(lines.filter { SavedLine($0) == nil }.prefix(5))")
            ids += saved.map(\.id)
        }
        let seconds = (clock.now - started) / .seconds(1)
        #expect(Set(ids).count == ids.count, "an id was printed twice")
        // Every terminal has its chance to send what it kept: its `check`
        // sends, and is run again until nothing waits, for at most two
        // minutes each (generous for a 2-core box running the whole suite).
        var sentByCheck = 0
        for (writer, state) in states.enumerated() {
            let emptied = eventually(within: .seconds(120)) {
                let outbox = Self.outbox(after: try? Binary.run(["check", "--format", "json"], db: scratch.db,
                                                                environment: ["XDG_STATE_HOME": state.directory]))
                sentByCheck += outbox?.sent ?? 0
                return outbox?.waiting == 0
            }
            #expect(emptied, "Runner\(writer + 1)'s outbox still holds sets")
        }

        let store = try TestEngine.open(scratch.db)
        #expect(try store.recordCount() == Self.writers * Self.savesPerWriter)
        let bench = try #require(try store.exercise(named: "Bench Press"))
        for writer in 0..<Self.writers {
            let member = try #require(try store.user(named: "Runner\(writer + 1)"))
            let last = (Self.savesPerWriter - 1) % 12 + 1
            #expect(try store.lastValues(of: member, for: bench) == SetValues(weight: Weight(value: Double(20 + writer), unit: .kg), reps: last, series: 3))
            #expect(try store.history(HistoryQuery(userID: member.id)).count == Self.savesPerWriter)
        }
        print("PostgresEndToEndTests: \(Self.writers) writers × \(Self.savesPerWriter) saves in \(String(format: "%.2f", seconds)) s, all stored once; \(sentByCheck) sent by check after the loggers quit")
    }

    /// What `check --format json` sent of the terminal's kept sets and what
    /// still waits after it (none of either without an outbox); `nil` when
    /// it did not answer as it should.
    static func outbox(after check: Binary.Result?) -> (sent: Int, waiting: Int)? {
        guard let check, check.status == 0, let data = check.stdout.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        guard let outbox = object["outbox"] as? [String: Any] else { return (0, 0) }
        guard let sent = outbox["sent"] as? Int, let waiting = outbox["waiting"] as? Int else { return nil }
        return (sent, waiting)
    }

    @Test("Without a server at start-up the logger starts, says so in one line and refuses a member it never heard of; a command that needs the server exits 2 with one line; nothing hangs")
    func unreachableAtStart() throws {
        let cluster = try PrivateCluster()
        let url = cluster.url
        cluster.stop()
        let state = try StateDirectory()
        let environment = ["XDG_STATE_HOME": state.directory]
        let clock = ContinuousClock()
        let started = clock.now
        let logger = try Binary.run([], db: url, input: "Ana\n", environment: environment)
        #expect(logger.status == 0, "\(logger.stderr)")
        let lines = logger.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(logger.stderr)")
        #expect(lines.first?.contains("is unreachable (connection refused; is the server running?): sets are kept on this terminal") == true,
                "\(logger.stderr)")
        #expect(lines.last?.contains("this terminal has not heard of a member named Ana, and a new member needs the server") == true,
                "\(logger.stderr)")
        let history = try Binary.run(["history"], db: url, environment: environment)
        #expect(history.status == 2)
        #expect(history.stderr.contains("is unreachable (connection refused"), "\(history.stderr)")
        #expect(history.stderr.split(separator: "\n").count == 1)
        #expect(clock.now - started < .seconds(10))
    }

    @Test("copy moves everything from a file to a server and back, twice, adding nothing the second time")
    func copyBothWays() throws {
        let file = try Scratch(engine: .file)
        let server = try Scratch(engine: .postgres)
        #expect(try Binary.run(["add", "Ana", "Back Squat", "100", "5", "5"], db: file.db).status == 0)
        #expect(try Binary.run(["add", "Zoë", "Bench Press", "62.5", "8", "3"], db: file.db).status == 0)
        #expect(try Binary.run(["add", "Zoë", "Deadlift", "315lb", "3", "1"], db: file.db).status == 0)
        #expect(try Binary.run(["delete", "2"], db: file.db).status == 0)
        #expect(try Binary.run(["users", "add", "Bo"], db: file.db).status == 0)
        #expect(try Binary.run(["admin", "set-pin"], db: file.db, input: "2468\n2468\n").status == 0)
        // Notes and routines through the store: what the logger's :note and :start keep.
        let day = try #require(LocalDay(parsing: "2026-11-03"))
        let note = "Heavy.\n\n- **squat** 100 × 5"
        let upper = Routine(name: "Upper", exercises: [RoutineStep(exercise: "Bench Press", values: SetValues(weight: Weight(value: 60, unit: .kg), reps: 8, series: 3)),
                                                       RoutineStep(exercise: "Face Pull", values: nil)])
        do {
            let store = try TestEngine.open(file.db)
            let ana = try #require(try store.user(named: "Ana"))
            let zoe = try #require(try store.user(named: "Zoë"))
            try store.appendNote(userID: ana.id, day: day, text: note, now: Date())
            try store.setRoutine("Lower", userID: ana.id, day: day, now: Date())
            try store.setRoutine("Upper", userID: zoe.id, day: day, now: Date())
            #expect(try store.saveRoutine(upper, now: Date()) == false)
            _ = try store.saveBodyWeight(userID: ana.id, weight: Weight(value: 70.5, unit: .kg), at: Date(), uid: RecordUID.make(at: Date()), now: Date())
        }

        let first = try Binary.run(["copy", file.db, server.db], db: nil)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("copied 3 members, 3 exercises, 3 records, 2 days' notes and routines, 1 gym routine, 1 body weight, 1 setting, 0 PINs, 0 cards, 0 coaches, 0 sets logged by a coach from "),
                "\(first.stdout)")
        #expect(!first.stdout.contains(try TestEngine.postgresServer().components(separatedBy: "@")[0]), "no password shown")
        let again = try Binary.run(["copy", file.db, server.db], db: nil)
        #expect(again.stdout.hasPrefix("copied 0 members, 0 exercises, 0 records, 0 days' notes and routines, 0 gym routines, 0 body weights, 0 settings, 0 PINs, 0 cards, 0 coaches, 0 sets logged by a coach from "),
                "\(again.stdout)")
        #expect(again.stdout.contains("; 3 records already there; 2 days' notes and routines already there, kept as they were; "
            + "1 gym routine already there by name, kept as it was; 1 body weight already there\n"), "\(again.stdout)")
        do {
            let store = try TestEngine.open(server.db)
            let ana = try #require(try store.user(named: "Ana"))
            let zoe = try #require(try store.user(named: "Zoë"))
            #expect(try store.sessionInfos(userID: ana.id, from: day, through: day) == [SessionInfo(day: day, note: note, routine: "Lower")])
            #expect(try store.sessionInfos(userID: zoe.id, from: day, through: day) == [SessionInfo(day: day, note: nil, routine: "Upper")])
            #expect(try store.routines() == [upper])
        }

        let fileHistory = try Binary.run(["history", "--format", "csv"], db: file.db).stdout
        #expect(try Binary.run(["history", "--format", "csv"], db: server.db).stdout == fileHistory, "same ids too: the server was empty")
        #expect(try Binary.run(["history", "--deleted", "--format", "csv"], db: server.db).stdout
            == Binary.run(["history", "--deleted", "--format", "csv"], db: file.db).stdout)
        #expect(try TestEngine.open(server.db).adminPinIsSet())

        // Back: a new file from the server, twice. It already keeps a note of
        // its own on Ana's day: that day stays as it is, nothing doubled.
        let back = try Scratch(engine: .file)
        #expect(try Binary.run(["add", "Cy", "Row", "50", "10", "3"], db: server.db).status == 0)
        do {
            let store = try TestEngine.open(back.db)
            try store.appendNote(userID: try store.createUser(named: "Ana").id, day: day, text: "Written here", now: Date())
        }
        let returned = try Binary.run(["copy", server.db, back.db], db: nil)
        #expect(returned.stdout.hasPrefix("copied 3 members, 4 exercises, 4 records, 1 day's note and routine, 1 gym routine, 1 body weight, 1 setting, 0 PINs, 0 cards, 0 coaches, 0 sets logged by a coach from "),
                "\(returned.stdout)")
        #expect(returned.stdout.contains("; 1 day's note and routine already there, kept as it was\n"), "\(returned.stdout)")
        let returnedAgain = try Binary.run(["copy", server.db, back.db], db: nil)
        #expect(returnedAgain.stdout.hasPrefix("copied 0 members, 0 exercises, 0 records, 0 days' notes and routines, 0 gym routines, 0 body weights, 0 settings, 0 PINs, 0 cards, 0 coaches, 0 sets logged by a coach from "),
                "\(returnedAgain.stdout)")
        do {
            let store = try TestEngine.open(back.db)
            let ana = try #require(try store.user(named: "Ana"))
            let zoe = try #require(try store.user(named: "Zoë"))
            #expect(try store.sessionInfos(userID: ana.id, from: day, through: day) == [SessionInfo(day: day, note: "Written here", routine: nil)])
            #expect(try store.sessionInfos(userID: zoe.id, from: day, through: day) == [SessionInfo(day: day, note: nil, routine: "Upper")])
            #expect(try store.routines() == [upper])
        }
        // The same records by uid and content; each database numbers its own ids.
        func withoutIDs(_ db: String) throws -> [String] {
            try Binary.run(["history", "--format", "csv"], db: db).stdout.split(separator: "\n").map { $0.split(separator: ",", maxSplits: 1).last.map(String.init) ?? "" }
        }
        #expect(try withoutIDs(back.db) == withoutIDs(server.db))
        #expect(try withoutIDs(back.db).count == 4, "a header and three live records")
    }
}

/// A PostgreSQL server of one test's own (`Scripts/pg-cluster`), so a test
/// can stop and restart it without touching the server the others share.
final class PrivateCluster {
    let directory: String
    let url: String
    private var stopped = false

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/pg-cluster").path
    }

    init() throws {
        directory = "/tmp/tw-pg-\(UUID().uuidString.prefix(8))"
        let started = try Self.run([Self.script, "start", directory])
        guard started.status == 0, let url = started.stdout.split(separator: "\n").last.map(String.init) else {
            throw Failed(description: "Scripts/pg-cluster start failed: \(started.stderr)")
        }
        self.url = url
    }

    func pgCtl(_ arguments: [String]) throws {
        let result = try Self.run(["\(directory)/pg_ctl"] + arguments)
        guard result.status == 0 else { throw Failed(description: "pg_ctl \(arguments.joined(separator: " ")) failed: \(result.stderr)") }
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? Self.run([Self.script, "stop", directory])
    }

    deinit { stop() }

    struct Failed: Error, CustomStringConvertible { var description: String }

    /// Runs `command` through `system(3)` with its output in files: a server
    /// it starts keeps inherited descriptors open (a pipe would never end),
    /// and Foundation's `Process` was seen missing the exit of a child here.
    private static func run(_ command: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tw-cluster-\(UUID().uuidString)").path
        defer {
            unlink(base + ".out")
            unlink(base + ".err")
        }
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "") + "'" }.joined(separator: " ")
        let status = system("/bin/bash \(quoted) < /dev/null > '\(base).out' 2> '\(base).err'")
        let stdout = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
        return (status == -1 ? -1 : (status >> 8) & 0xFF, stdout, stderr)
    }
}
