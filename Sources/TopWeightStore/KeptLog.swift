import CSQLiteConfig
import Foundation
import GRDB

/// The write-ahead log stays beside the file between runs, so that a start
/// that only reads writes nothing.
///
/// SQLite's last connection to close a WAL file checkpoints it and deletes
/// the log, and GRDB's pool, opened on a file whose log is missing or empty,
/// writes a transaction to make one (`CREATE TABLE grdb_issue_102`, then
/// drops it): every start synced a new log's header and its directory, and
/// every exit synced a checkpoint. Keeping the log file
/// (`SQLITE_FCNTL_PERSIST_WAL`) is not enough on its own: the first
/// connection to open a file rebuilds the log's index from the log and counts
/// none of its pages as copied, so the next close would copy and sync them
/// again. So no connection of ours checkpoints when it closes
/// (`SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`, which also keeps the log), and a store
/// that wrote checkpoints before it closes (`settle`): what a run saved is in
/// the database file itself when it ends, as before.
enum KeptLog {
    /// Makes closing `db` leave the log as it is.
    static func keep(on db: Database) throws {
        let code = topweight_keep_log_on_close(db.sqliteConnection)
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
    }

    /// Makes every connection `configuration` opens leave the log as it is.
    static func keep(in configuration: inout Configuration) {
        configuration.prepareDatabase { db in try keep(on: db) }
    }

    /// A log longer than this many pages is started over at the end of a
    /// run that wrote (one page written again), so that the next start,
    /// which reads the whole log to rebuild its index, reads one page, not
    /// a thousand: 64 pages are 256 KiB, read in about a tenth of a millisecond.
    static let longestKept = 64

    /// At the end of a run that wrote: copies the log into the file and
    /// syncs both (a passive checkpoint: it never waits for another
    /// terminal's reader; a page it must leave stays in the synced log), and
    /// starts a long log over (see `longestKept`).
    static func settle(_ writer: any DatabaseWriter) {
        try? writer.writeWithoutTransaction { db in
            let result = try db.checkpoint(.passive)
            guard result.walFrameCount > longestKept, result.checkpointedFrameCount == result.walFrameCount else { return }
            // All of it copied: the next commit starts the log from its
            // beginning. The version number written as it is, a commit of one page.
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            try db.execute(sql: "PRAGMA user_version = \(version)")
        }
    }
}
