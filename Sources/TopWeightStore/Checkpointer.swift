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
/// Should the log still reach `ceiling` pages (the background connection
/// failing or behind), the commit checkpoints itself, as SQLite would have.
final class Checkpointer: @unchecked Sendable {
    /// Where a background checkpoint starts: SQLite's default autocheckpoint.
    static let threshold: Int32 = 1_000
    /// Where a commit checkpoints itself after all.
    static let ceiling: Int32 = 16_000

    private let path: String
    private let queue = DispatchQueue(label: "topweight.checkpoint", qos: .utility)
    private let lock = NSLock()
    // Guarded by `lock`.
    private var pending = false
    private var closed = false
    private var counts = (background: 0, inline: 0)
    // Used on `queue` only.
    private var connection: DatabaseQueue?

    init(path: String) {
        self.path = path
    }

    /// Checkpoints done in the background, and by a commit itself.
    var done: (background: Int, inline: Int) {
        lock.withLock { counts }
    }

    /// Takes over the connection's WAL hook (which replaces its autocheckpoint).
    /// The hook holds this object for the life of the process.
    func install(on db: Database) {
        let context = Unmanaged.passRetained(self).toOpaque()
        sqlite3_wal_hook(db.sqliteConnection, { context, connection, _, pages in
            guard let context else { return SQLITE_OK }
            Unmanaged<Checkpointer>.fromOpaque(context).takeUnretainedValue().committed(pages: pages, on: connection)
            return SQLITE_OK
        }, context)
    }

    /// Waits for a checkpoint under way and starts no more; closes its connection.
    func close() {
        lock.withLock { closed = true }
        queue.sync {
            try? connection?.close()
            connection = nil
        }
    }

    /// Called by SQLite after every commit, with the log's length in pages.
    private func committed(pages: Int32, on connection: OpaquePointer?) {
        if pages >= Self.ceiling {
            sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            lock.withLock { counts.inline += 1 }
            return
        }
        guard pages >= Self.threshold else { return }
        let start = lock.withLock { () -> Bool in
            guard !pending, !closed else { return false }
            pending = true
            return true
        }
        if start { queue.async { self.checkpoint() } }
    }

    private func checkpoint() {
        if connection == nil {
            var configuration = Configuration()
            configuration.label = "topweight-checkpoint"
            connection = try? DatabaseQueue(path: path, configuration: configuration)
        }
        let finished = (try? connection?.writeWithoutTransaction { db in try db.checkpoint(.passive) }) != nil
        lock.withLock {
            pending = false
            if finished { counts.background += 1 }
        }
    }
}
