import Foundation
import GRDB
import GRDBSQLite
import TopWeightCore

// MARK: - Opening the file

extension WorkoutStore {
    /// The file as the store wants it, in WAL mode, its schema brought up
    /// to date: one connection (a queue) that reads and writes, or, for
    /// `concurrentReads`, a pool whose readers run beside the writer. Every
    /// connection it made is closed when it throws, so none keeps SQLite's
    /// shared memory of the file.
    static func openForWriting(_ path: String, options: Options) throws -> Access {
        var config = Configuration()
        config.label = "topweight"
        config.busyMode = .timeout(options.busyTimeout)
        config.readonly = options.readOnly
        let checkpointer = options.readOnly ? nil : Checkpointer(path: path, limits: options.checkpointLimits, busyTimeout: options.busyTimeout)
        let writer: any DatabaseWriter
        do {
            writer = options.concurrentReads
                ? try openPool(path, options: options, config: config, checkpointer: checkpointer)
                : try openQueue(path, options: options, config: config, checkpointer: checkpointer)
        } catch {
            checkpointer?.close()
            throw error
        }
        let migrator = Schema.migrator
        do {
            if !options.readOnly {
                let pending = try writer.read { db in try !migrator.hasCompletedMigrations(db) }
                try migrator.migrate(writer)
                if pending { try ProgramStamp.write(options.programVersion, on: writer) }
            }
            // A start that wrote nothing (the log kept, the schema current)
            // no longer finds a full disk or a read-only file by a write failing.
            if let checkpointer, !checkpointer.wrote { try refuseUnwritable(path, writer) }
            if options.durable {
                // After the WAL set-up, which sets NORMAL on the writer: only
                // the writing connection's setting matters.
                try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            }
        } catch {
            checkpointer?.close()
            try? writer.close()
            throw error
        }
        return Access(writer: writer, checkpointer: checkpointer)
    }

    /// One connection. What it opens is looked at before anything writes
    /// to it: the first thing the connection does (before the log is kept or
    /// the journal mode set) is read what the file holds, and anything but
    /// a database of ours (or none yet, where one may be made) is refused
    /// with not a byte, nor its mode, changed. The logger's start pays for
    /// one connection and one reading of the schema, not three.
    static func openQueue(_ path: String, options: Options, config base: Configuration,
                          checkpointer: Checkpointer?) throws -> DatabaseQueue {
        if (FileFault.size(of: path) ?? 0) == 0 {
            try refuse(.nothing, at: path, options: options)
        }
        var config = base
        config.prepareDatabase { db in try refuse(try contents(of: db), at: path, options: options) }
        KeptLog.keep(in: &config)
        if let checkpointer {
            config.prepareDatabase { db in checkpointer.install(on: db) }
        }
        let queue = try DatabaseQueue(path: path, configuration: config)
        do {
            FileAccess.tighten(path)
            if !options.readOnly {
                try queue.writeWithoutTransaction { db in
                    // A file made now, or one copied in another journal mode, goes over to WAL.
                    if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                        guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                            throw DatabaseError(message: "could not use a write-ahead log at \(path)")
                        }
                    }
                    try db.execute(sql: "PRAGMA synchronous = NORMAL")
                }
            }
        } catch {
            try? queue.close()
            throw error
        }
        return queue
    }

    /// A pool (WAL): look before touching. Opening the pool on a file
    /// without a log writes to it (GRDB's WAL set-up creates and drops a
    /// table), so an existing file is first read through a plain connection,
    /// and anything but a database of ours (or none yet, where one may be
    /// made) is refused with not a byte, nor its mode, changed. The probe
    /// stays open until the pool is: SQLite then reads the log once.
    static func openPool(_ path: String, options: Options, config base: Configuration,
                         checkpointer: Checkpointer?) throws -> DatabasePool {
        var config = base
        config.maximumReaderCount = 2
        KeptLog.keep(in: &config)
        if let checkpointer {
            config.prepareDatabase { db in checkpointer.install(on: db) }
        }
        let probe = try inspect(path, options: options)
        defer { try? probe?.close() }
        FileAccess.tighten(path)
        let pool = try DatabasePool(path: path, configuration: config)
        do {
            // Again, for a file another program created after the probe
            // (on the writer: no reader is opened before one is needed).
            if try pool.writeWithoutTransaction({ db in try Schema.migrator.hasBeenSuperseded(db) }) {
                throw schemaAhead(path, options)
            }
        } catch {
            try? pool.close()
            throw error
        }
        return pool
    }

    /// What a write at the start would have met, asked of the file system
    /// (as when a write fails: `FileFault`) and of SQLite, which opens a file
    /// it may not write for reading. A disk counts as full here with no
    /// byte left: a save may still fit in the log's pages.
    static func refuseUnwritable(_ path: String, _ writer: any DatabaseWriter) throws {
        if let fault = FileFault.diagnose(path, room: 1), fault.blocksWrites { throw fault.error(path) }
        let readOnly = writer.writeWithoutTransaction { db in sqlite3_db_readonly(db.sqliteConnection, "main") == 1 }
        if readOnly { throw FileFault.readOnlyDatabase("it opened the file for reading only").error(path) }
    }

    /// The file for reading only, after `failure` stopped it opening for
    /// writing: when the disk is full or the file, its directory or its file
    /// system is read-only, the file holds a database, and its schema is current (a
    /// migration pending would have to write first; the store's queries
    /// expect the current schema). Otherwise throws `failure`.
    static func openForReading(_ path: String, options: Options, after failure: LogbookError) throws(LogbookError) -> Access {
        // An empty file is a database not made yet (SQLite may leave one when creating it fails).
        guard failure.kind == .diskFull || failure.kind == .readOnly, !options.readOnly,
              (FileFault.size(of: path) ?? 0) > 0 else { throw failure }
        let fault = FileFault.diagnose(path).flatMap { $0.blocksWrites ? $0 : nil }
            ?? (failure.kind == .diskFull ? .full : .readOnlyDatabase("it refused a write"))
        var config = Configuration()
        config.label = "topweight.readonly"
        config.readonly = true
        KeptLog.keep(in: &config)
        config.busyMode = .timeout(options.busyTimeout)
        let migrator = Schema.migrator
        for uri in readingURIs(path) {
            guard let queue = try? DatabaseQueue(path: uri, configuration: config) else { continue }
            let state: (superseded: Bool, current: Bool)
            do {
                state = try queue.read { db in (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db)) }
            } catch {
                try? queue.close()
                continue
            }
            if state.superseded || !state.current {
                try? queue.close()
                throw state.superseded ? schemaAhead(path, options) : fault.pendingMigration(path)
            }
            return Access(writer: queue, checkpointer: nil, fault: fault.notice(path))
        }
        throw failure
    }

    /// Ways SQLite opens a WAL database for reading only, from the one that
    /// needs most to the one that needs least (the `file:` URIs SQLite takes):
    /// as usual (it creates or maps the `-shm` file); with a `-shm` file that
    /// can't grow on a full disk, through SQLite's heap copy of it
    /// (`readonly_shm`); with none to be made (a read-only directory or file
    /// system) and nothing waiting in the `-wal`, as an unchanging file
    /// (`immutable`), which takes no locks: only when nobody can write it.
    static func readingURIs(_ path: String) -> [String] {
        let escaped = path.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "?", with: "%3f").replacingOccurrences(of: "#", with: "%23")
        var uris = ["file:\(escaped)?mode=ro", "file:\(escaped)?mode=ro&readonly_shm=1"]
        if (FileFault.size(of: path + "-wal") ?? 0) == 0 { uris.append("file:\(escaped)?mode=ro&immutable=1") }
        return uris
    }

    /// What a file holds, seen before anything writes to it.
    enum Contents {
        /// No file, an empty one, or a SQLite file with nothing in it.
        case nothing
        /// A Top Weight database (`superseded`: by a newer Top Weight).
        case ours(superseded: Bool)
        /// Another program's database, with its tables.
        case foreign(tables: [String])
    }

    /// Refuses what the store must not open at `path`: another program's
    /// SQLite database, one from a newer Top Weight, and, without
    /// `options.create`, a file with no database in it yet. Reads through a
    /// plain connection (no journal-mode change; being the last to close it
    /// on a file not ours removes the -wal and -shm files it opened).
    /// Returns that connection, open, on a database of ours (closing it
    /// leaves the log: see `KeptLog`).
    static func inspect(_ path: String, options: Options) throws -> DatabaseQueue? {
        var contents = Contents.nothing
        var opened: DatabaseQueue?
        if FileManager.default.fileExists(atPath: path), (FileFault.size(of: path) ?? 0) > 0 {
            var probe = Configuration()
            probe.busyMode = .timeout(options.busyTimeout)
            let queue = try DatabaseQueue(path: path, configuration: probe)
            do {
                contents = try queue.read { db in try Self.contents(of: db) }
                if case .ours(superseded: false) = contents {
                    try queue.inDatabase { db in try KeptLog.keep(on: db) }
                    opened = queue
                }
            } catch {
                try? queue.close()
                throw error
            }
            if opened == nil { try? queue.close() }
        }
        try refuse(contents, at: path, options: options)
        return opened
    }

    /// Throws when `contents` is not for the store to open: another
    /// program's database, one from a newer Top Weight, or, without
    /// `options.create`, no database yet.
    static func refuse(_ contents: Contents, at path: String, options: Options) throws {
        switch contents {
        case .nothing:
            guard options.create else {
                let empty = FileManager.default.fileExists(atPath: path) ? " (the file is empty)" : ""
                throw LogbookError(.cannotOpen, "no database at \(path)\(empty); only a command that saves sets makes one there")
            }
        case .ours(let superseded):
            if superseded { throw schemaAhead(path, options) }
        case .foreign(let tables):
            let named = tables.prefix(4).joined(separator: ", ") + (tables.count > 4 ? ", …" : "")
            throw LogbookError(.notADatabase, "\(path) is another program's SQLite database (tables: \(named)), not Top Weight's; it was left untouched")
        }
    }

    /// A database is ours when our first migration is recorded in it; one
    /// with nothing in it is no one's yet.
    static func contents(of db: Database) throws -> Contents {
        let objects = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite%' ORDER BY name")
        guard !objects.isEmpty else { return .nothing }
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name")
        let first = Schema.knownMigrations.first ?? "v1"
        guard tables.contains("grdb_migrations"),
              try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM grdb_migrations WHERE identifier = ?)", arguments: [first]) == true else {
            return .foreign(tables: tables.isEmpty ? objects : tables)
        }
        return .ours(superseded: try Schema.migrator.hasBeenSuperseded(db))
    }

    /// Names the version the file needs when it says one newer than this program's.
    static func schemaAhead(_ path: String, _ options: Options) -> LogbookError {
        if let needed = ProgramStamp.needed(at: path, newerThan: options.programVersion) {
            return LogbookError(.schemaAhead, "database \(path) was written by a newer Top Weight (\(needed)); install topweight \(needed) or later to use it (the file was left untouched)")
        }
        return LogbookError(.schemaAhead, "database \(path) was written by a newer Top Weight; upgrade topweight to use it (the file was left untouched)")
    }

    /// After a write the read-only connection refused: closes it (a writer
    /// opened beside it in this process would share its read-only view of the
    /// `-shm` file) and opens the file for writing. When that fails, opens it
    /// for reading again and throws what stops writing now.
    func reopenForWriting() throws(LogbookError) {
        try access.withLock { (access: inout Access) throws(LogbookError) in
            // Another caller got there first.
            guard access.fault != nil else { return }
            try? (access.writer as? DatabaseQueue)?.close()
            let failure: LogbookError
            do {
                try FileAccess.prepare(path)
                access = try Self.openForWriting(path, options: options)
                return
            } catch {
                failure = LogbookError.wrap(error, path: path)
            }
            if let reading = try? Self.openForReading(path, options: options, after: failure) {
                access = reading
            }
            throw failure
        }
    }
}
