import CSQLiteWAL
import Foundation
import GRDB
import Synchronization
import TopWeightCore
import TopWeightStorage

/// The one owner of the database file: every write is a single transaction
/// that leaves the file consistent, and every read the flow needs is an
/// indexed query.
///
/// Several terminals may open the same file: it runs in WAL mode so
/// readers never block the writer, and a busy timeout makes concurrent writers
/// wait their turn instead of failing with "database is locked".
public final class WorkoutStore: Logbook {
    /// Where the database lives (for messages).
    public let path: String
    public var location: String { path }
    /// On a file, not in memory: other connections may change it.
    let isFile: Bool
    let options: Options
    /// The connections in use. Replaced once when a store that could open its
    /// file only for reading (a full disk, a read-only file) opens it for
    /// writing again.
    let access: Mutex<Access>

    /// What the store reads and writes through, and why it can't write.
    struct Access {
        /// A queue on a file (WAL), or a pool for concurrent reads; a queue
        /// in memory for tests, or on a file that could be opened only for reading.
        var writer: any DatabaseWriter
        /// Checkpoints the WAL off the saves (a file opened for writing only).
        var checkpointer: Checkpointer?
        /// Why no set can be saved: the file could be opened only for reading.
        var fault: LogbookError?
    }

    /// The recordBest rows the last save read, while the file is as it left it.
    let keptFrontier = KeptFrontier()

    /// The connections every call goes through.
    var writer: any DatabaseWriter { access.withLock { $0.writer } }
    var checkpointer: Checkpointer? { access.withLock { $0.checkpointer } }
    public var savingFault: LogbookError? { access.withLock { $0.fault } }

    public struct Options: Sendable {
        /// `synchronous = FULL`: each save survives a power cut, at the cost of an fsync.
        public var durable: Bool
        /// How long a write waits for another terminal's write before giving up.
        public var busyTimeout: TimeInterval
        /// Opens without migrating (for `check` on a file from a newer version).
        public var readOnly: Bool
        /// May make a database where there is none yet: an empty file. Without
        /// it an empty file is refused (`no database at …`), left as it was.
        public var create: Bool
        /// Reads on connections of their own beside the writer's (a pool), for
        /// a program whose threads read at once (`serve`). Without it one
        /// connection reads and writes: what the logger and every other
        /// command need, opened at a third of the cost.
        public var concurrentReads: Bool
        /// The program's version, written into the file when this store applies
        /// migrations (`ProgramStamp`): an older program then names it.
        public var programVersion: String?
        /// When the log is checkpointed (tests make these small).
        var checkpointLimits = Checkpointer.Limits.process

        public init(durable: Bool = false, busyTimeout: TimeInterval = 10, readOnly: Bool = false, create: Bool = true,
                    concurrentReads: Bool = false, programVersion: String? = nil) {
            self.programVersion = programVersion
            self.durable = durable
            self.busyTimeout = busyTimeout
            self.readOnly = readOnly
            self.create = create
            self.concurrentReads = concurrentReads
        }
    }

    /// Opens (and creates, with its directory) the database at `path`, and
    /// brings its schema up to date. Refuses files from a newer Top Weight.
    ///
    /// When the disk is full or the file, its directory or its file system
    /// is read-only, an existing file whose schema is up to date opens for
    /// reading only: every read works, `savingFault` says why nothing can be
    /// saved, and each write tries the file again first (see `perform`).
    public init(path: String, options: Options = Options()) throws(LogbookError) {
        _ = Self.walFramesInOneWrite
        self.path = path
        self.options = options
        isFile = true
        let opened: Access
        do {
            try FileAccess.prepare(path)
            // A file that is there has its folder: one stat, no URL, on every start.
            var info = stat()
            if !options.readOnly, stat(path, &info) != 0 {
                let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
                if !FileManager.default.fileExists(atPath: directory) {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                }
            }
            opened = try Self.openForWriting(path, options: options)
        } catch {
            let failure = LogbookError.wrap(error, path: path)
            opened = try Self.openForReading(path, options: options, after: failure)
        }
        access = Mutex(opened)
    }

    /// A store on a database GRDB already opened, migrated here: an in-memory
    /// `DatabaseQueue()` for tests, as GRDB's demo app does.
    public init(writer: any DatabaseWriter, label: String = "memory") throws(LogbookError) {
        path = label
        options = Options()
        isFile = false
        access = Mutex(Access(writer: writer))
        do {
            try Schema.migrator.migrate(writer)
        } catch {
            throw LogbookError.wrap(error, path: label)
        }
    }

    /// SQLite's default VFS, from the first file a store opens: the system's
    /// own, with each write-ahead-log frame written in one call, not two
    /// (Sources/CSQLiteWAL). Should it fail, SQLite's own stays the default.
    static let walFramesInOneWrite: Int32 = topweight_register_wal_vfs()

    deinit {
        if let checkpointer {
            checkpointer.close()
            // Its connections leave the log as it is when they close (see KeptLog).
            if checkpointer.wrote { KeptLog.settle(writer) }
        }
        ConnectionsAtExit.keep(writer)
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
    ///
    /// On a file opened for reading only, a write it refused opens the
    /// file for writing again and runs `body` once more: the save a member
    /// retries goes through as soon as space is freed. While the fault
    /// lasts, the write fails with what stops it (`is full …; nothing was saved`).
    func perform<T>(_ body: () throws -> T) throws(LogbookError) -> T {
        do {
            return try body()
        } catch {
            // Refused by the read-only connection, or met it closed by a reopening that failed.
            let code = (error as? DatabaseError)?.resultCode
            guard savingFault != nil, code == .SQLITE_READONLY || code == .SQLITE_MISUSE else {
                throw LogbookError.wrap(error, path: path)
            }
        }
        try reopenForWriting()
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
