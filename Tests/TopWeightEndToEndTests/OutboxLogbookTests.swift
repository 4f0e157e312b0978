import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
#if canImport(Glibc)
import Glibc
#endif

/// The terminal's outbox in front of a real PostgreSQL server of the test's
/// own, stopped, paused and started under it.
@Suite("A PostgreSQL terminal's outbox", .serialized)
struct OutboxLogbookTests {
    @Test("Saves with the server stopped are kept at once, shown in history, one taken back by undo, then sent in order before the next save")
    func keptThenSent() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let logbook = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        let ana = try logbook.createUser(named: "Ana")
        let squat = try logbook.createExercise(named: "Back Squat")
        _ = try logbook.saveMeasured(Self.set(ana, squat, 100), now: Date())

        try cluster.pgCtl(["stop", "-m", "immediate"])
        var kept: [Int64] = []
        for weight in [102.5, 105, 107.5] {
            let started = ContinuousClock.now
            kept.append(try logbook.saveMeasured(Self.set(ana, squat, weight), now: Date()).id)
            // Loosely: the bound is 0.3 s; the real figure is in the notes.
            #expect(ContinuousClock.now - started < .seconds(2))
        }
        #expect(kept.allSatisfy { $0 < 0 }, "\(kept)")
        #expect(try logbook.waiting() == 3)
        #expect(FileManager.default.fileExists(atPath: state.outbox))
        #expect(try Self.mode(state.outbox) == 0o600)
        #expect(try Self.mode(state.directory + "/topweight") == 0o700)
        // Away: the member's history is what the terminal kept, newest first.
        #expect(try logbook.history(HistoryQuery(userID: ana.id)).map(\.values.weight.value) == [107.5, 105, 102.5])
        #expect(try logbook.lastValues(of: ana, for: squat)?.weight.value == 107.5)
        #expect(try logbook.deleteRecord(id: kept[1], now: Date()))
        #expect(try logbook.waiting() == 2)

        try cluster.pgCtl(["start", "-w"])
        let next = try logbook.saveMeasured(Self.set(ana, squat, 110), now: Date()).id
        #expect(next > 0)
        #expect(try logbook.waiting() == 0)
        let server = try PostgresLogbook(url: cluster.url)
        let stored = try server.history(HistoryQuery(userID: ana.id)).sorted { $0.id < $1.id }
        #expect(stored.map(\.values.weight.value) == [100, 102.5, 107.5, 110])
        #expect(try logbook.sendKept() == 0)
        #expect(try server.recordCount() == 4)
    }

    @Test("A paused server (SIGSTOP) costs each save its short bound, not the 5 s timeout; once it runs again every kept set is there once")
    func pausedServer() throws {
        let cluster = try PrivateCluster()
        defer {
            cluster.signal(SIGCONT)
            cluster.stop()
        }
        let state = try StateDirectory()
        let logbook = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        let ana = try logbook.createUser(named: "Ana")
        let bench = try logbook.createExercise(named: "Bench Press")
        _ = try logbook.saveMeasured(Self.set(ana, bench, 60), now: Date())

        cluster.signal(SIGSTOP)
        var slowest = Duration.zero
        for weight in [62.5, 65] {
            let started = ContinuousClock.now
            #expect(try logbook.saveMeasured(Self.set(ana, bench, weight), now: Date()).id < 0)
            slowest = max(slowest, ContinuousClock.now - started)
        }
        #expect(slowest < .seconds(2), "\(slowest)")
        print("OutboxLogbookTests: the slowest save against a paused server took \(slowest)")
        cluster.signal(SIGCONT)

        #expect(try logbook.sendKept() == 2)
        let server = try PostgresLogbook(url: cluster.url)
        #expect(try server.history(HistoryQuery(userID: ana.id)).map(\.values.weight.value).sorted() == [60, 62.5, 65])
    }

    @Test("Two terminals sending the same outbox at once send each set once")
    func twoSenders() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let first = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        let second = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        let ana = try first.createUser(named: "Ana")
        let row = try first.createExercise(named: "Barbell Row")
        _ = try first.saveMeasured(Self.set(ana, row, 50), now: Date())

        try cluster.pgCtl(["stop", "-m", "immediate"])
        for index in 0..<40 { _ = try first.save(Self.set(ana, row, 50 + Double(index % 8) * 2.5), now: Date()) }
        #expect(try second.waiting() == 40)
        try cluster.pgCtl(["start", "-w"])

        let sent = SentCounts()
        // Each sends until nothing is kept: a send that meets the server not yet
        // back (a loaded machine) leaves the sets kept, and the terminal tries again.
        let deadline = Date().addingTimeInterval(60)
        let threads = [first, second].map { logbook in
            Thread {
                repeat {
                    sent.add((try? logbook.sendKept()) ?? nil)
                    if ((try? logbook.waiting()) ?? 1) == 0 { break }
                    usleep(100_000)
                } while Date() < deadline
                sent.done()
            }
        }
        threads.forEach { $0.start() }
        while sent.sendersDone < 2 { usleep(1_000) }
        #expect(try first.waiting() == 0)
        let server = try PostgresLogbook(url: cluster.url)
        let stored = try server.history(HistoryQuery(userID: ana.id))
        #expect(stored.count == 41)
        #expect(Set(stored.compactMap(\.uid)).count == 41)
        #expect(sent.total <= 40, "\(sent.total) sent for 40 kept")
    }

    @Test("While the server is away, a member this terminal made keeps logging from no default; a member it never saw needs the server")
    func knownMembersAway() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let logbook = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        let ana = try logbook.createUser(named: "Ana")
        let bo = try logbook.createUser(named: "Bo")
        let squat = try logbook.createExercise(named: "Back Squat")
        _ = try logbook.saveMeasured(Self.set(ana, squat, 100), now: Date())

        try cluster.pgCtl(["stop", "-m", "immediate"])
        #expect(try logbook.user(named: "bo") == bo)
        #expect(try logbook.lastExercise(of: bo) == nil)
        #expect(try logbook.lastValues(of: bo, for: squat) == nil)
        #expect(try logbook.exercise(named: "back squat") == squat)
        #expect(try logbook.saveMeasured(Self.set(bo, squat, 60), now: Date()).id < 0)
        #expect(try logbook.lastExercise(of: bo) == squat)
        #expect(try logbook.recentExercises(of: bo, limit: 5) == [squat])
        // Away, the completion index gets the names this terminal heard of.
        #expect(try logbook.names(of: .user, after: 0).map(\.name) == ["Ana", "Bo"])
        let unknown = #expect(throws: LogbookError.self) { try logbook.user(named: "Cy") }
        #expect(unknown?.kind == .unreachable)
        let creating = #expect(throws: LogbookError.self) { try logbook.createUser(named: "Cy", now: Date()) }
        #expect(creating?.kind == .unreachable)
    }

    @Test("A terminal restarted while its server is away knows the members, exercises and last sets its earlier run heard of; a new member or exercise is refused in one line; the kept set goes once the server is back")
    func restartedAway() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        // Another machine made the members and exercises; Bo trained there.
        let elsewhere = try PostgresLogbook(url: cluster.url)
        let ana = try elsewhere.createUser(named: "Ana")
        let bo = try elsewhere.createUser(named: "Bo")
        let squat = try elsewhere.createExercise(named: "Back Squat")
        let plank = try elsewhere.createExercise(named: "Plank", category: "Core", kind: .time)
        _ = try elsewhere.saveMeasured(Self.set(bo, squat, 80), now: Date())
        elsewhere.close()

        // This terminal's earlier run: the background took the list, Bo picked himself.
        let earlier = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        try earlier.refreshNames(from: try PostgresLogbook(url: cluster.url))
        #expect(try earlier.lastExercise(of: bo) == squat)
        #expect(try earlier.lastValues(of: bo, for: squat)?.weight.value == 80)
        try earlier.flushNames()
        let known = try #require(try Outbox.open(state.outbox, place: earlier.location, create: false)).knownNames()
        #expect(Set(known.users.map(\.name)) == ["Ana", "Bo"])
        #expect(Set(known.exercises) == [squat, plank])

        try cluster.pgCtl(["stop", "-m", "immediate"])
        // A new process: it opens without its server.
        let terminal = OutboxLogbook(server: try PostgresLogbook(url: cluster.url, options: .init(connectLater: true)), outboxPath: state.outbox)
        #expect(try terminal.user(named: "ana") == ana)
        #expect(try terminal.exercise(named: "PLANK") == plank)
        #expect(try terminal.names(of: .exercise, after: 0).map(\.name) == ["Back Squat", "Plank"])
        #expect(try terminal.lastExercise(of: bo) == squat)
        #expect(try terminal.lastValues(of: bo, for: squat)?.weight.value == 80)
        #expect(try terminal.lastExercise(of: ana) == nil)
        let kept = try terminal.saveMeasured(Self.set(ana, squat, 100), now: Date()).id
        #expect(kept < 0)
        let newMember = #expect(throws: LogbookError.self) { try terminal.createUser(named: "Cy", now: Date()) }
        #expect(newMember?.kind == .unreachable)
        #expect(newMember?.message.contains("a new member needs the server") == true, "\(String(describing: newMember))")
        #expect(try terminal.exercise(named: "Zercher Squat") == nil)
        let newExercise = #expect(throws: LogbookError.self) { try terminal.createExercise(named: "Zercher Squat", category: nil, now: Date()) }
        #expect(newExercise?.message.contains("a new exercise needs the server") == true, "\(String(describing: newExercise))")

        try cluster.pgCtl(["start", "-w"])
        #expect(try terminal.sendKept() == 1)
        let server = try PostgresLogbook(url: cluster.url)
        #expect(try server.history(HistoryQuery(userID: ana.id)).map(\.values.weight.value) == [100])
        #expect(try server.recordCount() == 2)
    }

    @Test("The last numbers a terminal offers are of the set done last, from the server, from its cache while away and among kept sets: a back-dated save doesn't become them")
    func backdatedNotLast() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let logbook = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        let ana = try logbook.createUser(named: "Ana")
        let bench = try logbook.createExercise(named: "Bench Press")
        _ = try logbook.saveMeasured(Self.set(ana, bench, 50), now: Date())
        // Three days back, logged now (`:date -3`).
        var earlier = Self.set(ana, bench, 40)
        earlier.performedAt = Date().addingTimeInterval(-3 * 86_400)
        _ = try logbook.saveMeasured(earlier, now: Date())
        let server = try PostgresLogbook(url: cluster.url)
        #expect(try server.lastValues(of: ana, for: bench)?.weight.value == 50)
        server.close()

        try cluster.pgCtl(["stop", "-m", "immediate"])
        #expect(try logbook.lastValues(of: ana, for: bench)?.weight.value == 50, "the cache, away")
        var older = Self.set(ana, bench, 30)
        older.performedAt = Date().addingTimeInterval(-5 * 86_400)
        #expect(try logbook.saveMeasured(older, now: Date()).id < 0)
        #expect(try logbook.lastValues(of: ana, for: bench)?.weight.value == 50, "a back-dated kept set")
        #expect(try logbook.saveMeasured(Self.set(ana, bench, 52.5), now: Date()).id < 0)
        #expect(try logbook.lastValues(of: ana, for: bench)?.weight.value == 52.5, "a kept set done now")
    }

    @Test("A kept set whose member was removed meanwhile is sent under the name made again, with the server's id: an undo of it then deletes that row")
    func sentByName() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let logbook = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        let bo = try logbook.createUser(named: "Bo")
        let squat = try logbook.createExercise(named: "Back Squat")

        try cluster.pgCtl(["stop", "-m", "immediate"])
        let kept = try logbook.saveMeasured(Self.set(bo, squat, 60), now: Date()).id
        #expect(kept < 0)
        try cluster.pgCtl(["start", "-w"])
        // Meanwhile the owner removed Bo, who had no set on the server.
        let server = try PostgresLogbook(url: cluster.url)
        try server.removeUser(bo)
        #expect(try server.user(named: "Bo") == nil)

        #expect(try logbook.sendKept() == 1)
        let again = try #require(try server.user(named: "Bo"))
        #expect(again.id != bo.id)
        #expect(try server.history(HistoryQuery(userID: again.id)).map(\.values.weight.value) == [60])
        #expect(try logbook.deleteRecord(id: kept, now: Date()))
        #expect(try server.recordCount() == 0)
    }

    @Test("A kept set whose member was renamed and whose exercise was merged away meanwhile stays with the member and brings its exercise's name back")
    func sentBySide() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let logbook = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        let bo = try logbook.createUser(named: "Bo")
        let flye = try logbook.createExercise(named: "Rear flye")
        _ = try logbook.createExercise(named: "Rear Delt Fly")

        try cluster.pgCtl(["stop", "-m", "immediate"])
        #expect(try logbook.saveMeasured(Self.set(bo, flye, 15), now: Date()).id < 0)
        try cluster.pgCtl(["start", "-w"])
        let server = try PostgresLogbook(url: cluster.url)
        _ = try server.renameUser(bo, to: "Bo Lind")
        _ = try server.mergeExercise(flye, into: try #require(try server.exercise(named: "Rear Delt Fly")), now: Date())

        #expect(try logbook.sendKept() == 1)
        #expect(try server.user(named: "Bo") == nil, "a second Bo was made")
        let stored = try server.history(HistoryQuery(userID: bo.id))
        #expect(stored.map(\.exercise) == ["Rear flye"])
        #expect(try server.recordCount() == 1)
    }

    @Test("A name learned this run and renamed on the server since is answered as the server's list has it while the server is away")
    func renamedNames() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let elsewhere = try PostgresLogbook(url: cluster.url)
        let sam = try elsewhere.createUser(named: "Sam")
        let terminal = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        #expect(try terminal.user(named: "sam") == sam)
        // Sam is Samuel now, and a new Sam joined; the terminal's list sees both.
        let samuel = try elsewhere.renameUser(sam, to: "Samuel")
        let newSam = try elsewhere.createUser(named: "Sam")
        try terminal.refreshNames(from: elsewhere)

        try cluster.pgCtl(["stop", "-m", "immediate"])
        #expect(try terminal.user(named: "sam") == newSam)
        #expect(try terminal.user(named: "samuel") == samuel)
    }

    @Test("A server that stops answering (SIGSTOP) costs the prompts' reads one timeout, then they answer from what the terminal knows")
    func readsWhileAway() throws {
        let cluster = try PrivateCluster()
        defer {
            cluster.signal(SIGCONT)
            cluster.stop()
        }
        let state = try StateDirectory()
        let terminal = OutboxLogbook(server: try PostgresLogbook(url: cluster.url, options: .init(timeout: 1)), outboxPath: state.outbox)
        let ana = try terminal.createUser(named: "Ana")
        let squat = try terminal.createExercise(named: "Back Squat")
        _ = try terminal.saveMeasured(Self.set(ana, squat, 100), now: Date())
        #expect(try terminal.lastValues(of: ana, for: squat)?.weight.value == 100)

        cluster.signal(SIGSTOP)
        #expect(try terminal.lastValues(of: ana, for: squat)?.weight.value == 100)
        let started = ContinuousClock.now
        #expect(try terminal.user(named: "ana") == ana)
        #expect(try terminal.lastExercise(of: ana) == squat)
        #expect(try terminal.exercise(named: "back squat") == squat)
        #expect(try terminal.lastValues(of: ana, for: squat)?.weight.value == 100)
        #expect(try terminal.recentExercises(of: ana, limit: 5) == [squat])
        let reads = ContinuousClock.now - started
        // Five reads that each waited the 1 s timeout would take 5 s.
        #expect(reads < .milliseconds(900), "\(reads)")
        print("OutboxLogbookTests: five reads with the server stopped answering took \(reads)")
    }

    @Test("A terminal started without its server keeps a save that meets a slow schema check (the migrations table locked) instead of waiting on it; the set goes once the check passes")
    func slowSchemaCheck() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let elsewhere = try PostgresLogbook(url: cluster.url)
        let ana = try elsewhere.createUser(named: "Ana")
        let squat = try elsewhere.createExercise(named: "Back Squat")
        let terminal = OutboxLogbook(server: try PostgresLogbook(url: cluster.url, options: .init(connectLater: true)), outboxPath: state.outbox)
        // Another session holds the migrations table for 3 s; the save starts once the server shows it granted.
        let quoted = cluster.url.replacingOccurrences(of: "'", with: "")
        _ = system("psql -X '\(quoted)' -qc 'BEGIN; LOCK TABLE topweight_migrations IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(3); COMMIT;' > /dev/null 2>&1 &")
        let lockSeen = "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
            + "WHERE c.relname = 'topweight_migrations' AND l.mode = 'AccessExclusiveLock' AND l.granted"
        #expect(eventually(within: .seconds(30)) { psqlValue(quoted, lockSeen) == "1" }, "the lock was never granted")
        let started = ContinuousClock.now
        let kept = try terminal.saveMeasured(Self.set(ana, squat, 100), now: Date()).id
        let took = ContinuousClock.now - started
        #expect(kept < 0)
        // Loosely, as behaviour: a save that waited for the check would take most of the lock's 3 s.
        #expect(took < .seconds(2), "\(took)")
        // Sent once the check passes: the lock's 3 s and what a loaded box adds, at most 30 s.
        #expect(eventually(within: .seconds(30)) { (try? terminal.sendKept()) == 1 })
        #expect(try elsewhere.history(HistoryQuery(userID: ana.id)).map(\.values.weight.value) == [100])
    }

    // MARK: - Helpers

    static func set(_ user: User, _ exercise: Exercise, _ weight: Double) -> NewRecord {
        NewRecord(user: user, exercise: exercise, values: SetValues(weight: Weight(value: weight, unit: .kg), reps: 5, series: 3),
                  performedAt: Date())
    }

    static func mode(_ path: String) throws -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { throw PrivateCluster.Failed(description: "no \(path)") }
        return info.st_mode & 0o777
    }
}

/// What two sending threads reported.
final class SentCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int?] = []

    private var senders = 0

    func add(_ count: Int?) { lock.withLock { counts.append(count) } }
    var finished: Int { lock.withLock { counts.count } }
    /// A sender thread is through.
    func done() { lock.withLock { senders += 1 } }
    var sendersDone: Int { lock.withLock { senders } }
    var total: Int { lock.withLock { counts.compactMap { $0 }.reduce(0, +) } }
}

/// A fresh `XDG_STATE_HOME` for one test, removed afterwards.
final class StateDirectory {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tw-state-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Where a terminal with this `XDG_STATE_HOME` keeps its outbox.
    var outbox: String { Outbox.defaultPath(environment: ["XDG_STATE_HOME": directory]) }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}

extension PrivateCluster {
    /// Sends `signal` to the server and every process of it (SIGSTOP: a
    /// server that takes connections and never answers; SIGCONT: back).
    func signal(_ signal: Int32) {
        guard let text = try? String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8),
              let first = text.split(separator: "\n").first, let postmaster = pid_t(first) else { return }
        var pids = [postmaster]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == postmaster { pids.append(pid) }
        }
        for pid in pids { kill(pid, signal) }
    }
}
