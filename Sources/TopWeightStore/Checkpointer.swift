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
/// other processes) can keep it from restarting at all: at the ceiling the
/// commit waits up to `restartWait` for them to finish and restarts the log,
/// which `journal_size_limit` then cuts back on disk. A long read keeps it
/// from restarting: after a wait in vain, the writer tries again once the
/// log is another quarter of the ceiling longer (the wait holds off every
/// writer), so the log grows only as long as the read lasts.
final class Checkpointer: @unchecked Sendable {
    struct Limits: Sendable {
        /// Pages of log not yet copied that start a background checkpoint: SQLite's default autocheckpoint.
        var threshold: Int32 = 1_000
        /// Pages of log at which a commit checkpoints itself after all.
        var ceiling: Int32 = 4_000
        /// How long a commit at the ceiling waits for the readers on the
        /// log to finish so that it can restart.
        var restartWait: TimeInterval = 0.03
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
            var log: Int32 = 0
            var checkpointed: Int32 = 0
            // Other connections' readers (other terminals, the board) may
            // keep the log from ever restarting: the commit waits a moment
            // for them to finish and restarts it. Another connection's
            // checkpoint under way refuses it at once (SQLite takes that lock
            // without waiting): again until the moment is up. After a moment
            // in vain (a long read holds the log), PASSIVE ones until the log
            // is another quarter of the ceiling longer: the wait holds off every writer.
            let restart = lock.withLock { pages >= restartFrom }
            var done = false
            if restart {
                let deadline = Date().addingTimeInterval(limits.restartWait)
                sqlite3_busy_timeout(connection, Int32(limits.restartWait * 1_000))
                var rc = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_RESTART, &log, &checkpointed)
                while rc == SQLITE_BUSY, Date() < deadline {
                    usleep(1_000)
                    rc = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_RESTART, &log, &checkpointed)
                }
                sqlite3_busy_timeout(connection, Int32(clamping: Int(busyTimeout * 1_000)))
                done = rc == SQLITE_OK
                lock.withLock {
                    restartFrom = done ? 0 : pages + max(limits.ceiling / 4, 1)
                    if done { counts.restarts += 1 } else { counts.refused += 1 }
                }
            } else {
                done = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &checkpointed) == SQLITE_OK
            }
            lock.withLock {
                committed = true
                if done {
                    counts.inline += 1
                    copied = max(checkpointed, 0)
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
