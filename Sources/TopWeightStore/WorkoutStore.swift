import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

/// The one owner of the database file: every write is a single transaction
/// that leaves the file consistent, and every read the flow needs is an
/// indexed query.
///
/// Several terminals may open the same file: the pool runs in WAL mode so
/// readers never block the writer, and a busy timeout makes concurrent writers
/// wait their turn instead of failing with "database is locked".
public final class WorkoutStore: Logbook {
    /// Where the database lives (for messages).
    public let path: String
    public var location: String { path }
    /// A pool (WAL) on a file; a queue in memory for tests.
    let writer: any DatabaseWriter
    /// Checkpoints the WAL off the saves (a file opened for writing only).
    let checkpointer: Checkpointer?

    public struct Options: Sendable {
        /// `synchronous = FULL`: each save survives a power cut, at the cost of an fsync.
        public var durable: Bool
        /// How long a write waits for another terminal's write before giving up.
        public var busyTimeout: TimeInterval
        /// Opens without migrating (for `check` on a file from a newer version).
        public var readOnly: Bool
        /// When the log is checkpointed (tests make these small).
        var checkpointLimits = Checkpointer.Limits()

        public init(durable: Bool = false, busyTimeout: TimeInterval = 10, readOnly: Bool = false) {
            self.durable = durable
            self.busyTimeout = busyTimeout
            self.readOnly = readOnly
        }
    }

    /// Opens (and creates, with its directory) the database at `path`, and
    /// brings its schema up to date. Refuses files from a newer Top Weight.
    public init(path: String, options: Options = Options()) throws(LogbookError) {
        self.path = path
        do {
            try FileAccess.prepare(path)
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !options.readOnly, !FileManager.default.fileExists(atPath: directory) {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            var config = Configuration()
            config.label = "topweight"
            config.busyMode = .timeout(options.busyTimeout)
            config.readonly = options.readOnly
            config.maximumReaderCount = 2
            let checkpointer = options.readOnly ? nil : Checkpointer(path: path, limits: options.checkpointLimits)
            if let checkpointer {
                config.prepareDatabase { db in checkpointer.install(on: db) }
            }
            self.checkpointer = checkpointer
            let migrator = Schema.migrator
            // Look before touching: opening the pool writes to the file (GRDB's
            // WAL set-up creates and drops a table), so an existing file is first
            // read through a plain connection (no journal-mode change, reads
            // only; being the last to close it removes the -wal and -shm files
            // it opened), and one from a newer Top Weight is refused with not
            // a byte changed.
            if FileManager.default.fileExists(atPath: path) {
                var probe = Configuration()
                probe.busyMode = .timeout(options.busyTimeout)
                let queue = try DatabaseQueue(path: path, configuration: probe)
                let superseded = try queue.read { db in try migrator.hasBeenSuperseded(db) }
                try queue.close()
                if superseded {
                    throw LogbookError(.schemaAhead, "database \(path) was written by a newer Top Weight; upgrade topweight to use it (the file was left untouched)")
                }
            }
            writer = try DatabasePool(path: path, configuration: config)
            // Again, for a file another program created after the probe.
            let superseded = try writer.read { db in try migrator.hasBeenSuperseded(db) }
            if superseded {
                throw LogbookError(.schemaAhead, "database \(path) was written by a newer Top Weight; upgrade topweight to use it (the file was left untouched)")
            }
            if !options.readOnly { try migrator.migrate(writer) }
            if options.durable {
                // After the pool's own WAL set-up, which sets NORMAL on the
                // writer: only the writing connection's setting matters.
                try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            }
        } catch {
            throw LogbookError.wrap(error, path: path)
        }
    }

    /// A store on a database GRDB already opened, migrated here: an in-memory
    /// `DatabaseQueue()` for tests, as GRDB's demo app does.
    public init(writer: any DatabaseWriter, label: String = "memory") throws(LogbookError) {
        path = label
        self.writer = writer
        checkpointer = nil
        do {
            try Schema.migrator.migrate(writer)
        } catch {
            throw LogbookError.wrap(error, path: label)
        }
    }

    deinit {
        checkpointer?.close()
    }

    /// A fresh store in memory: the whole schema, nothing on disk.
    public static func inMemory() throws(LogbookError) -> WorkoutStore {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue()
        } catch {
            throw LogbookError.wrap(error, path: "memory")
        }
        return try WorkoutStore(writer: queue)
    }

    /// Runs `body`, turning any failure into a one-line `LogbookError`.
    func perform<T>(_ body: () throws -> T) throws(LogbookError) -> T {
        do {
            return try body()
        } catch {
            throw LogbookError.wrap(error, path: path)
        }
    }

    // MARK: - Conversions

    static func milliseconds(_ date: Date) -> Int64 {
        StoredRange.milliseconds(date)
    }

}
