import Foundation
import GRDB
import GRDBSQLite

/// Keeps WAL checkpoints out of the saves.
///
/// SQLite's own autocheckpoint runs inside the commit that takes the
/// write-ahead log past 1 000 pages: it copies those pages into the database
/// file and fsyncs it, milliseconds that made that save the slowest one in a
/// hundred (the whole of a save's p99 once schema v6's indexes made each
/// commit write more pages). Instead, the writer's WAL hook hands the work to
/// a connection of its own on a background queue, which checkpoints in
/// PASSIVE mode: it never waits for, nor blocks, the writer or a reader.
///
/// A checkpoint starts once `threshold` pages were written to the log since
/// the last one copied them. The log restarts from its beginning at the first
/// commit after a checkpoint that copied all of it, which a member's pace
/// always leaves time for. Saves streaming back to back (a piped script) keep
/// adding pages while it runs, so the log grows on to `ceiling` pages; there
/// the commit checkpoints itself, as SQLite would have, copying what the
/// background ones left (about one save in 400 of such a stream), and the log
/// restarts. The ceiling also bounds it should the background connection fail.
/// Other connections reading the log without a pause (terminals, the board,
/// other processes) can keep it from restarting at all: past the ceiling
/// every commit tries to restart it without waiting (copying what it can
/// when a reader is in the way), and now and then one waits up to
/// `restartWait` for the readers to finish; `journal_size_limit` then cuts
/// the log back on disk. A long read keeps it from restarting: after a wait
/// in vain, the next wait comes once the log is another quarter of the
/// ceiling longer (the wait holds off every writer), so the log grows as
/// long as the read lasts. The reads that take a while (a check of the whole
/// file, the board) restart a long log themselves before and after them
/// (`WorkoutStore.restartLog`), and the check reads a copy of the file's
/// pages, taken in a short read. Across processes that still leaves the log
/// past the ceiling while such reads overlap writers that never pause.
final class Checkpointer: @unchecked Sendable {
    struct Limits: Sendable {
        /// Pages of log not yet copied that start a background checkpoint: SQLite's default autocheckpoint.
        var threshold: Int32 = 1_000
        /// Pages of log at which a commit checkpoints itself after all.
        var ceiling: Int32 = 4_000
        /// How long a commit at the ceiling waits for the readers on the
        /// log to finish so that it can restart.
        var restartWait: TimeInterval = 0.03

        /// The limits every store of this process starts with. A debug
        /// build takes the ceiling from `TOPWEIGHT_TEST_WAL_CEILING` (pages;
        /// a quarter of it starts a checkpoint), so that tests of several
        /// processes can make it small; a release build never reads it.
        static let process: Limits = {
            var limits = Limits()
            #if DEBUG
            if let text = getenv("TOPWEIGHT_TEST_WAL_CEILING").map({ String(cString: $0) }),
               let ceiling = Int32(text), ceiling >= 8 {
                limits.ceiling = ceiling
                limits.threshold = ceiling / 4
            }
            #endif
            return limits
        }()
    }

    private let path: String
    let limits: Limits
    private let queue = DispatchQueue(label: "topweight.checkpoint", qos: .utility)
    private let lock = NSLock()
    // Guarded by `lock`.
    private var pending = false
    private var closed = false
    /// Where the last checkpoint got to in the log, in pages.
    private var copied: Int32 = 0
    private var counts = (background: 0, inline: 0, pagesCopied: 0, restarts: 0, refused: 0)
    private var committed = false
    // Used on `queue` only.
    private var connection: DatabaseQueue?

    /// The writer's own wait for a lock (`Options.busyTimeout`), put back after a restart's shorter one.
    private let busyTimeout: TimeInterval
    /// Bytes of one page of log (a page and its frame header), once `install` read the page size.
    private var frameBytes = 4_096 + 24
    /// The log's length at which a commit may next wait for the readers (guarded by `lock`).
    private var restartFrom: Int32 = 0

    init(path: String, limits: Limits = Limits(), busyTimeout: TimeInterval = 10) {
        self.path = path
        self.limits = limits
        self.busyTimeout = busyTimeout
    }

    /// Checkpoints done in the background and by a commit itself, and the
    /// pages the background ones copied into the file.
    var done: (background: Int, inline: Int, pagesCopied: Int) {
        lock.withLock { (counts.background, counts.inline, counts.pagesCopied) }
    }

    /// Commits that waited for the readers and restarted the log.
    var restarts: (done: Int, refused: Int) {
        lock.withLock { (counts.restarts, counts.refused) }
    }

    /// Whether the writer committed anything since the store opened (GRDB's
    /// WAL set-up, a migration, a save): what `KeptLog.settle` checkpoints.
    var wrote: Bool {
        lock.withLock { committed }
    }

    /// Takes over a writing connection's WAL hook (which replaces its
    /// autocheckpoint); read-only connections never commit and are left alone.
    /// The hook holds this object for the life of the process.
    func install(on db: Database) {
        guard !db.configuration.readonly else { return }
        // A log that restarts is cut back to the ceiling's length on disk.
        let pageSize = (try? Int.fetchOne(db, sql: "PRAGMA page_size")) ?? 4_096
        lock.withLock { frameBytes = pageSize + 24 }
        try? db.execute(sql: "PRAGMA journal_size_limit = \(Int(limits.ceiling) * (pageSize + 24))")
        let context = Unmanaged.passRetained(self).toOpaque()
        sqlite3_wal_hook(db.sqliteConnection, { context, connection, _, pages in
            guard let context else { return SQLITE_OK }
            Unmanaged<Checkpointer>.fromOpaque(context).takeUnretainedValue().committed(pages: pages, on: connection)
            return SQLITE_OK
        }, context)
    }

    /// Lets a checkpoint under way finish; starts no more and closes its connection.
    func close() {
        lock.withLock { closed = true }
        queue.sync {
            if let connection, !ConnectionsAtExit.keep(connection) {
                try? connection.close()
            }
            connection = nil
        }
    }

    /// Waits until the checkpoints already started are done (for tests).
    func drain() {
        queue.sync {}
    }

    /// Called by SQLite after every commit, with the log's length in pages.
    private func committed(pages: Int32, on connection: OpaquePointer?) {
        if pages >= limits.ceiling {
            // A background checkpoint under way would make this one find the
            // log busy and do nothing: let it finish first (it never waits on the writer).
            queue.sync {}
            // Other connections' readers (other terminals, the board) may
            // keep the log from ever restarting. Every commit past the
            // ceiling tries to restart it without waiting (copying what it
            // can, as a passive checkpoint would, when a reader is in the
            // way); now and then one waits a moment for the readers to
            // finish. After a moment in vain (a long read holds the log),
            // the next wait comes once the log is another quarter of the
            // ceiling longer: the wait holds off every writer. Readers that
            // take a while restart the log themselves (`restartLog`).
            let waits = lock.withLock { pages >= restartFrom }
            let outcome = restart(on: connection, waiting: waits ? limits.restartWait : 0)
            lock.withLock {
                committed = true
                if outcome.restarted {
                    restartFrom = 0
                    counts.restarts += 1
                } else if waits {
                    restartFrom = pages + max(limits.ceiling / 4, 1)
                    counts.refused += 1
                }
                if outcome.copied >= 0 {
                    counts.inline += 1
                    copied = outcome.copied
                }
            }
            return
        }
        let start = lock.withLock { () -> Bool in
            committed = true
            // A shorter log than the last checkpoint reached: it restarted from its beginning.
            if pages < copied { copied = 0 }
            restartFrom = 0
            guard !pending, !closed, pages - copied >= limits.threshold else { return false }
            pending = true
            return true
        }
        if start { queue.async { self.checkpoint() } }
    }

    /// Pages of log on disk: the log is at most that long (a log that
    /// restarted is cut back at its next commit).
    var pagesOnDisk: Int {
        var info = stat()
        guard stat(path + "-wal", &info) == 0 else { return 0 }
        return max(0, Int(info.st_size) - 32) / lock.withLock { frameBytes }
    }

    /// Copies the whole log into the file and restarts it (`truncate`: cuts
    /// it to nothing on disk), waiting up to `wait` for another connection's
    /// write and for the readers of an older part of the log to finish.
    /// Another connection's checkpoint under way refuses it at once (SQLite
    /// takes that lock without waiting): again until the moment is up. With
    /// no wait, one try, which copies what it can when a reader is in the way.
    func restart(on connection: OpaquePointer?, waiting wait: TimeInterval,
                 truncate: Bool = false) -> (restarted: Bool, log: Int32, copied: Int32) {
        let mode = truncate ? SQLITE_CHECKPOINT_TRUNCATE : SQLITE_CHECKPOINT_RESTART
        var log: Int32 = -1
        var checkpointed: Int32 = -1
        let deadline = Date().addingTimeInterval(wait)
        sqlite3_busy_timeout(connection, Int32(wait * 1_000))
        var rc = sqlite3_wal_checkpoint_v2(connection, nil, mode, &log, &checkpointed)
        while rc == SQLITE_BUSY, Date() < deadline {
            usleep(1_000)
            rc = sqlite3_wal_checkpoint_v2(connection, nil, mode, &log, &checkpointed)
        }
        sqlite3_busy_timeout(connection, Int32(clamping: Int(busyTimeout * 1_000)))
        return (rc == SQLITE_OK, log, checkpointed)
    }

    private func checkpoint() {
        guard !lock.withLock({ closed }) else { return }
        // Never create the file: a database moved away while open gets no empty twin here.
        if connection == nil, FileManager.default.fileExists(atPath: path) {
            var configuration = Configuration()
            configuration.label = "topweight-checkpoint"
            KeptLog.keep(in: &configuration)
            connection = try? DatabaseQueue(path: path, configuration: configuration)
        }
        let result = try? connection?.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        lock.withLock {
            pending = false
            if let result {
                counts.background += 1
                counts.pagesCopied += max(result.checkpointedFrameCount, 0)
                copied = Int32(clamping: max(result.checkpointedFrameCount, 0))
            }
        }
    }
}
