import Foundation
import GRDB
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport

/// A start that only reads writes nothing: the log stays beside the file
/// between runs, and what a run saved is in the file itself when it ends.
@Suite("The log kept between runs")
struct KeptLogTests {
    /// What a file looks like from outside: its bytes and the time it was last
    /// written, to the nanosecond (`nil`: no such file).
    struct Seen: Equatable {
        let bytes: Data
        let seconds: Int
        let nanoseconds: Int
    }

    static func seen(_ path: String) -> Seen? {
        var info = stat()
        guard stat(path, &info) == 0, let bytes = FileManager.default.contents(atPath: path) else { return nil }
        return Seen(bytes: bytes, seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }

    /// The database file and its log.
    static func files(_ path: String) -> [Seen?] {
        [seen(path), seen(path + "-wal")]
    }

    /// Opens the file, saves `count` sets, and closes it.
    static func session(saving count: Int, in database: TemporaryDatabase, options: WorkoutStore.Options = .init()) throws {
        let store = try database.open(options: options)
        let ana = try store.user(named: "Ana") ?? store.createUser(named: "Ana")
        let bench = try store.exercise(named: "Bench Press") ?? store.createExercise(named: "Bench Press", category: "barbell")
        for index in 0 ..< count {
            try store.save(ana, bench, SetValues(60 + Double(index % 40), .kg, 5, 3), at: instant(index))
        }
    }

    @Test("a run that only reads leaves the database file and its log byte for byte as they were, and unwritten")
    func readingWritesNothing() throws {
        try withTemporaryDatabase { database in
            try Self.session(saving: 3, in: database)
            let before = Self.files(database.path)
            try #require(before[0] != nil)
            do {
                let store = try database.open()
                #expect(try store.history(HistoryQuery()).count == 3)
            }
            #expect(Self.files(database.path) == before)
            // And a second time, the log as the first left it.
            do {
                let store = try database.open()
                #expect(try store.user(named: "Ana") != nil)
            }
            #expect(Self.files(database.path) == before)
        }
    }

    @Test("what a run saved is in the database file itself once it ends, the log aside", arguments: [false, true])
    func savedInTheFile(durable: Bool) throws {
        try withTemporaryDatabase { database in
            try Self.session(saving: 2, in: database, options: .init(durable: durable))
            try Self.session(saving: 5, in: database, options: .init(durable: durable))
            // The file alone, copied where no log is.
            let copy = database.directory.appendingPathComponent("copy.sqlite").path
            try FileManager.default.copyItem(atPath: database.path, toPath: copy)
            let queue = try DatabaseQueue(path: copy)
            defer { try? queue.close() }
            #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") } == 7)
        }
    }

    @Test("after a run that wrote a long log, the next start finds a short one to read")
    func longLogStartsOver() throws {
        try withTemporaryDatabase { database in
            var options = WorkoutStore.Options()
            // No checkpoint during the run: the log holds every page it wrote.
            options.checkpointLimits = .init(threshold: 100_000, ceiling: 200_000)
            try Self.session(saving: 40, in: database, options: options)
            // How many pages the next start reads back from the log, and copies none of them
            // (what SQLite's own checkpoint reports: the log's length, the pages copied).
            let queue = try DatabaseQueue(path: database.path)
            defer { try? queue.close() }
            let log = try queue.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            #expect(log.walFrameCount <= KeptLog.longestKept, "\(log.walFrameCount) pages of log")
            #expect(log.walFrameCount > 0, "the log is kept, not deleted")
        }
    }
}
