import Foundation
import GRDB
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport

/// WAL checkpoints on a background connection, never inside a save's commit
/// unless the log reaches the ceiling.
@Suite("WAL checkpoints off the saves")
struct CheckpointTests {
    /// Saves one set after another until `done` holds, at most `limit` of them;
    /// returns how many, and the longest the log file got, in bytes.
    /// `paced`: after each save, the checkpoint it started (if any) finishes
    /// first, as it does in the seconds a member takes between two sets.
    private static func save(_ store: WorkoutStore, at path: String, limit: Int, paced: Bool = false,
                             until done: () -> Bool = { false }) throws -> (saved: Int, longestLog: Int) {
        let ana = try store.user(named: "Ana") ?? store.createUser(named: "Ana")
        let squat = try store.exercise(named: "Back Squat") ?? store.createExercise(named: "Back Squat", category: "barbell")
        var saved = 0
        var longest = 0
        while saved < limit, !done() {
            let values = SetValues(weight: Weight(hundredths: 10_000 + saved % 400 * 25, unit: .kg), reps: 1 + saved % 12, series: 3)
            _ = try store.save(NewRecord(user: ana, exercise: squat, values: values, performedAt: Date()))
            saved += 1
            if paced { store.checkpointer?.drain() }
            if saved % 50 == 0 { longest = max(longest, logBytes(path)) }
        }
        return (saved, max(longest, logBytes(path)))
    }

    private static func logBytes(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0
    }

    private static let pageSize = 4_096

    @Test("at a member's pace, past 1 000 pages of log the checkpoint runs in the background and copies them, the log restarts, no commit checkpoints, nothing is lost")
    func background() throws {
        try withTemporaryDatabase { database in
            var saved = 0
            do {
                let store = try database.open()
                let checkpointer = try #require(store.checkpointer)
                let run = try Self.save(store, at: database.path, limit: 20_000, paced: true) { checkpointer.done.background >= 3 }
                saved = run.saved
                // Restarted after each checkpoint, the log never got much past the threshold.
                #expect(run.longestLog <= Int(checkpointer.limits.threshold + 100) * (Self.pageSize + 24), "\(run.longestLog) bytes of log")
                checkpointer.drain()
                let done = checkpointer.done
                #expect(done.background >= 3, "\(saved) saves and no background checkpoint")
                #expect(done.pagesCopied >= Int(checkpointer.limits.threshold), "\(done)")
                #expect(done.inline == 0)
                #expect(FileManager.default.fileExists(atPath: database.path + "-wal"))
            }
            // The log is kept for the next start (see KeptLog), and every save is in the file itself.
            #expect(FileManager.default.fileExists(atPath: database.path + "-wal"))
            let copy = database.directory.appendingPathComponent("copy.sqlite").path
            try FileManager.default.copyItem(atPath: database.path, toPath: copy)
            let alone = try DatabaseQueue(path: copy)
            #expect(try alone.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") } == saved)
            try alone.close()
            let reopened = try database.open()
            #expect(try reopened.history(HistoryQuery()).count == saved)
        }
    }

    @Test("saves back to back (a piped script) keep the log bounded: near the ceiling a commit checkpoints what is left, seldom")
    func backToBack() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let checkpointer = try #require(store.checkpointer)
            let run = try Self.save(store, at: database.path, limit: 5_000)
            checkpointer.drain()
            let done = checkpointer.done
            #expect(done.background >= 2, "\(done)")
            // A frame is a page and its 24-byte header; a commit that finds the
            // background checkpoint busy leaves the log to the next one.
            #expect(run.longestLog <= Int(checkpointer.limits.ceiling + 500) * (Self.pageSize + 24), "\(run.longestLog) bytes of log, \(done)")
            #expect(done.inline <= done.background, "\(done)")
        }
    }

    @Test("with no background checkpoint, a commit checkpoints itself at the ceiling, and the log stays near it")
    func ceiling() throws {
        try withTemporaryDatabase { database in
            var options = WorkoutStore.Options()
            // A threshold the log never reaches: only the ceiling checkpoints.
            options.checkpointLimits = .init(threshold: 100_000, ceiling: 200)
            let store = try database.open(options: options)
            let checkpointer = try #require(store.checkpointer)
            let run = try Self.save(store, at: database.path, limit: 2_000)
            #expect(checkpointer.done.background == 0)
            #expect(checkpointer.done.inline >= 2, "\(checkpointer.done)")
            #expect(run.longestLog <= (200 + 50) * (Self.pageSize + 24), "\(run.longestLog) bytes of log")
        }
    }

    @Test("three writers saving back to back while two readers read without a pause: the log stays within a few times its ceiling, nothing is lost")
    func severalWriters() throws {
        try withTemporaryDatabase { database in
            var options = WorkoutStore.Options()
            options.checkpointLimits = .init(threshold: 100, ceiling: 400)
            let writers = try (0..<3).map { _ in try database.open(options: options) }
            let readers = try (0..<2).map { _ in try database.open(options: .init(readOnly: true)) }
            let ana = try writers[0].createUser(named: "Ana")
            let squat = try writers[0].createExercise(named: "Back Squat", category: "barbell")
            let end = Date().addingTimeInterval(6)
            let run = Run()
            let group = DispatchGroup()
            for (index, writer) in writers.enumerated() {
                DispatchQueue.global().async(group: group) {
                    var mine = 0
                    while Date() < end {
                        let values = SetValues(weight: Weight(hundredths: 10_000 + mine % 400 * 25, unit: .kg), reps: 1 + index, series: 3)
                        do {
                            _ = try writer.save(NewRecord(user: ana, exercise: squat, values: values, performedAt: Date()))
                            mine += 1
                        } catch {
                            run.lock.withLock { run.failures.append("writer \(index): \(error)") }
                            return
                        }
                    }
                    run.lock.withLock { run.saved += mine }
                }
            }
            for reader in readers {
                DispatchQueue.global().async(group: group) {
                    while Date() < end {
                        do {
                            _ = try reader.history(HistoryQuery(limit: 500))
                        } catch {
                            run.lock.withLock { run.failures.append("reader: \(error)") }
                            return
                        }
                    }
                }
            }
            while Date() < end {
                let size = Self.logBytes(database.path)
                run.lock.withLock { run.longest = max(run.longest, size) }
                Thread.sleep(forTimeInterval: 0.005)
            }
            group.wait()
            let (saved, longest, failures) = run.lock.withLock { (run.saved, run.longest, run.failures) }
            #expect(failures.isEmpty, "\(failures.prefix(3))")
            let frame = Self.pageSize + 24
            // Bounded, not unbounded: without the restart at the ceiling the log
            // reached 151 659 pages here; with it, 411 to 2 450 over seven runs
            // (restarts come later when a reader or another checkpoint is slow).
            #expect(longest <= 400 * 20 * frame, "the log reached \(longest / frame) pages (\(longest) bytes) with \(saved) saves")
            #expect(try readers[0].history(HistoryQuery(limit: nil)).count == saved)
            print("several writers: \(saved) saves, the log's longest \(longest / frame) pages, restarts \(writers.map { "\($0.checkpointer?.restarts.done ?? 0)/\($0.checkpointer?.restarts.refused ?? 0)" })")
        }
    }

    /// What the threads of `severalWriters` found, under its lock.
    private final class Run: @unchecked Sendable {
        let lock = NSLock()
        var saved = 0
        var longest = 0
        var failures: [String] = []
    }

    @Test("a file opened read-only gets no checkpointer; one in memory neither")
    func none() throws {
        try withTemporaryDatabase { database in
            _ = try database.open()
            #expect(try database.open(options: .init(readOnly: true)).checkpointer == nil)
            #expect(try WorkoutStore.inMemory().checkpointer == nil)
        }
    }
}
