import Foundation
import GRDB
import TopWeightCore
#if canImport(Glibc)
import Glibc
#endif

/// What a database holds, as `topweight check` counts it: what a backup is
/// checked against.
public struct BackupCounts: Sendable, Equatable {
    public var users: Int
    public var exercises: Int
    /// Sets not deleted.
    public var records: Int
    /// Deleted sets kept for `restore ID`.
    public var tombstones: Int

    static func count(_ db: Database) throws -> BackupCounts {
        BackupCounts(
            users: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0,
            exercises: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exercise") ?? 0,
            records: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE deletedAt IS NULL") ?? 0,
            tombstones: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE deletedAt IS NOT NULL") ?? 0)
    }
}

/// Copies of the database file made while terminals save (SQLite's online
/// backup, through GRDB), each checked before it counts, and one put back.
public enum DatabaseBackup {
    /// Copies the database at `path` into `destination`, a file that must not
    /// be there yet (made readable by its owner only), while every terminal
    /// goes on saving: the copy is made in one read transaction, so it holds
    /// the database exactly as it was when the copy began, and the counts it
    /// is checked against are read in that same transaction. The copy is a
    /// file of its own (no -wal beside it), checked (`integrity_check`, the
    /// counts); when anything fails it is removed and nothing is left.
    public static func copy(_ path: String, to destination: String, busyTimeout: TimeInterval = 10,
                            programVersion: String? = nil) throws(LogbookError) -> BackupCounts {
        do {
            guard let source = try WorkoutStore.inspect(path, options: .init(busyTimeout: busyTimeout, create: false, programVersion: programVersion)) else {
                throw LogbookError(.cannotOpen, "no database at \(path); nothing to back up")
            }
            defer { try? source.close() }
            do {
                return try source.read { db in
                    let counts = try BackupCounts.count(db)
                    try write(from: db, into: destination, expecting: counts)
                    return counts
                }
            } catch {
                remove(destination)
                throw error
            }
        } catch let error as LogbookError where error.kind != .diskFull {
            throw error
        } catch {
            let failure = LogbookError.wrap(error, path: path)
            if failure.kind == .diskFull || Self.isFull(error) {
                let folder = (destination as NSString).deletingLastPathComponent
                throw LogbookError(.diskFull, "no room for a backup in \(folder): the disk is full; nothing was written there, and the database is untouched")
            }
            throw failure
        }
    }

    /// Checks the backup `file`: a Top Weight database this program can open,
    /// whose `integrity_check` passes. Returns what it holds.
    public static func check(_ file: String) throws(LogbookError) -> BackupCounts {
        do {
            guard FileManager.default.fileExists(atPath: file) else {
                throw LogbookError(.cannotOpen, "no backup at \(file); nothing was changed")
            }
            var config = Configuration()
            config.readonly = true
            let queue = try DatabaseQueue(path: file, configuration: config)
            defer { try? queue.close() }
            return try queue.read { db in
                switch try WorkoutStore.contents(of: db) {
                case .nothing, .foreign:
                    throw LogbookError(.notADatabase, "\(file) is not a Top Weight backup; nothing was changed")
                case .ours(superseded: true):
                    throw LogbookError(.schemaAhead, "\(file) was written by a newer Top Weight; upgrade topweight to restore it (nothing was changed)")
                case .ours(superseded: false):
                    break
                }
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard integrity == ["ok"] else {
                    throw LogbookError(.corrupt, "backup \(file) is damaged (\(integrity.prefix(3).joined(separator: "; "))); nothing was changed")
                }
                return try BackupCounts.count(db)
            }
        } catch let error as LogbookError {
            throw error
        } catch {
            throw LogbookError.wrap(error, path: file)
        }
    }

    /// Puts the checked backup `file` in place of the database at `path`,
    /// written into that same file (its owner, mode and -wal stay what they
    /// are), and checks the result against the backup. Refused while a logger
    /// has the database open (`LoggerLock`); no logger starts on it meanwhile.
    public static func restore(_ file: String, into path: String, busyTimeout: TimeInterval = 10) throws(LogbookError) -> BackupCounts {
        let counts = try check(file)
        guard let lock = try LoggerLock.exclusive(path) else {
            throw LogbookError(.busy, "a logger has \(path) open: stop it first (a kiosk: 'systemctl stop topweight-kiosk@tty1'), then restore; nothing was changed")
        }
        defer { close(lock) }
        do {
            var config = Configuration()
            config.busyMode = .timeout(busyTimeout)
            let target = try DatabaseQueue(path: path, configuration: config)
            defer { try? target.close() }
            let current = try target.read { db in try WorkoutStore.contents(of: db) }
            if case .foreign = current {
                throw LogbookError(.notADatabase, "\(path) is another program's database, not Top Weight's; nothing was changed")
            }
            var readOnly = Configuration()
            readOnly.readonly = true
            let backup = try DatabaseQueue(path: file, configuration: readOnly)
            defer { try? backup.close() }
            try backup.backup(to: target)
            let (integrity, restored) = try target.read { db in
                (try String.fetchAll(db, sql: "PRAGMA integrity_check"), try BackupCounts.count(db))
            }
            guard integrity == ["ok"], restored == counts else {
                throw LogbookError(.corrupt, "database \(path) does not match the backup after the restore (integrity: \(integrity.prefix(3).joined(separator: "; "))); restore it again")
            }
            return restored
        } catch let error as LogbookError {
            throw error
        } catch {
            throw LogbookError.wrap(error, path: path)
        }
    }

    /// The backup's pages written into a new file, made a file of its own
    /// (rollback journal), checked, and synced with its folder.
    private static func write(from db: Database, into destination: String, expecting counts: BackupCounts) throws {
        let made = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard made >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        close(made)
        let copy = try DatabaseQueue(path: destination)
        defer { try? copy.close() }
        try copy.writeWithoutTransaction { target in
            try db.backup(to: target)
            try target.execute(sql: "PRAGMA journal_mode = DELETE")
        }
        let (integrity, copied) = try copy.read { target in
            (try String.fetchAll(target, sql: "PRAGMA integrity_check"), try BackupCounts.count(target))
        }
        guard integrity == ["ok"], copied == counts else {
            throw LogbookError(.corrupt, "the backup in \(destination) did not check out (integrity: \(integrity.prefix(3).joined(separator: "; ")), \(copied.records) of \(counts.records) sets); it was removed")
        }
        try copy.close()
        let folder = open((destination as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    private static func remove(_ destination: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(destination + suffix) }
    }

    private static func isFull(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError { return error.resultCode == .SQLITE_FULL }
        if let error = error as? POSIXError { return error.code == .ENOSPC || error.code == .EDQUOT }
        return false
    }
}

/// The lock that tells a restore a logger has the database open: every
/// logger on a database file holds a shared `flock` on the file itself from
/// before it opens it until its process ends; `topweight backup --restore`
/// takes it exclusively, without waiting, and holds it while it writes (a
/// logger started meanwhile waits for it). `flock` and SQLite's own locks
/// (`fcntl`) never meet, and the descriptor is never closed while SQLite has
/// the file open (closing one would drop SQLite's locks in this process).
public enum LoggerLock {
    /// Takes the shared lock for this process's lifetime; quiet when the
    /// file can't be opened (a PostgreSQL URL, a file not there yet).
    public static func hold(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        while flock(descriptor, LOCK_SH) != 0, errno == EINTR {}
        // Left open on purpose: released when the process ends.
    }

    /// The exclusive lock, on a file made (empty, the owner's only) when
    /// missing; `nil` while a logger holds the shared one. Close the
    /// descriptor to release it.
    static func exclusive(_ path: String) throws(LogbookError) -> Int32? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw LogbookError(.cannotOpen, "cannot open database \(path) (\(String(cString: strerror(errno)).lowercased())); nothing was changed")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}

extension DatabaseBackup {
    /// How many of this program's migrations the database at `path` has,
    /// read without changing it (refused for a newer Top Weight's file), and
    /// the last one's name.
    public static func migrations(_ path: String, busyTimeout: TimeInterval = 10,
                                  programVersion: String? = nil) throws(LogbookError) -> (applied: Int, known: Int, last: String) {
        do {
            guard let queue = try WorkoutStore.inspect(path, options: .init(busyTimeout: busyTimeout, create: false, programVersion: programVersion)) else {
                throw LogbookError(.cannotOpen, "no database at \(path)")
            }
            defer { try? queue.close() }
            let applied = try queue.read { db in try Schema.migrator.appliedMigrations(db) }
            return (applied.count, Schema.knownMigrations.count, applied.last ?? "none")
        } catch let error as LogbookError {
            throw error
        } catch {
            throw LogbookError.wrap(error, path: path)
        }
    }
}
