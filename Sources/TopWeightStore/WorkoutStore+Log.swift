import Foundation
import GRDB
import GRDBSQLite

// MARK: - The write-ahead log around a long read

extension WorkoutStore {
    /// How long a read that takes a while waits for the log to restart,
    /// before it and after it. The wait holds off every writer (the restart
    /// takes the write lock), but only while readers of an older part of the
    /// log finish, and only when the log is long.
    static let longReadRestartWait: TimeInterval = 0.25

    /// A read that takes a while (the whole file's integrity check, the
    /// board's figures) keeps the log from restarting for as long as it
    /// lasts: every page written meanwhile stays in the log, and so does the
    /// next read's if it begins before the restart found its moment, which
    /// the writers, waiting only a moment at each try, rarely find beside
    /// readers that overlap. So such a read restarts a long log before it
    /// begins and after it ends, cutting it on disk to nothing: its own
    /// process is the one that knows when the read that held the log is
    /// over. Long: past the ceiling, or past a checkpoint's worth
    /// (`fromCheckpoint`, for a read that takes seconds, so that it begins
    /// on a short log). A log no longer than that on disk costs one stat.
    func restartLog(fromCheckpoint: Bool = false) {
        guard isFile, let checkpointer else { return }
        let longest = fromCheckpoint ? checkpointer.limits.threshold : checkpointer.limits.ceiling
        guard checkpointer.pagesOnDisk > Int(longest) else { return }
        writer.writeWithoutTransaction { db in
            // How long the log is now (the file keeps the ceiling's length
            // after a restart), from a passive checkpoint: it never waits.
            var log: Int32 = -1
            var copied: Int32 = -1
            sqlite3_wal_checkpoint_v2(db.sqliteConnection, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &copied)
            guard log > longest else { return }
            _ = checkpointer.restart(on: db.sqliteConnection, waiting: Self.longReadRestartWait, truncate: true)
        }
    }
}
