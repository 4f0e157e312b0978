import GRDB
import GRDBSQLite
import Synchronization
import TopWeightCore

/// The `recordBest` rows a save last read for one member's exercise, kept
/// while the file stays as that save left it. SQLite's data version
/// (`SQLITE_FCNTL_DATA_VERSION`) moves with every commit to the file, this
/// connection's or another's: the next save of the same exercise, finding
/// it where the last one left it, measures its set against these rows
/// without reading them again. A save that changes `recordBest` (a new
/// best) forgets them.
final class KeptFrontier: Sendable {
    /// One row of `WorkoutStore.frontierSQL`, as a save measures with it.
    struct Row: Sendable {
        var reps: DatabaseValue
        var recordID: Int64?
        /// The best, when its numbers are ones Top Weight could have written.
        var best: BestSet?
        /// The kilograms as stored, for `keepBest`'s comparison.
        var kilograms: Double?

        /// Whether this row keeps a best at `reps` weighing at least
        /// `kilograms`, so recordBest's upsert (`WHERE excluded.kilograms >
        /// recordBest.kilograms`) would change nothing. A rep count stored as
        /// a whole number only: the upsert's conflict key is the set's reps,
        /// which 5.5 (another program's row) is not.
        func outweighs(reps: Int, kilograms: Double) -> Bool {
            guard case .int64(let stored) = self.reps.storage, let kept = self.kilograms else { return false }
            return stored == Int64(reps) && kept >= kilograms
        }
    }

    private struct Entry {
        var user: Int64
        var exercise: Int64
        var version: UInt32
        var rows: [Row]
    }

    private let entry = Mutex<Entry?>(nil)

    init() {}

    /// The rows kept for this exercise, when the file is at `version`.
    func rows(user: Int64, exercise: Int64, at version: UInt32?) -> [Row]? {
        guard let version else { return nil }
        return entry.withLock { kept in
            guard let kept, kept.user == user, kept.exercise == exercise, kept.version == version else { return nil }
            return kept.rows
        }
    }

    /// Keeps `rows`, true of the file at `version`; forgets them without one.
    func keep(_ rows: [Row], user: Int64, exercise: Int64, at version: UInt32?) {
        entry.withLock { $0 = version.map { Entry(user: user, exercise: exercise, version: $0, rows: rows) } }
    }

    func forget() {
        entry.withLock { $0 = nil }
    }

    /// The main database's data version on `db`'s connection, or nil when SQLite can't tell.
    static func version(_ db: Database) -> UInt32? {
        var version: UInt32 = 0
        guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_DATA_VERSION, &version) == SQLITE_OK else { return nil }
        return version
    }
}
