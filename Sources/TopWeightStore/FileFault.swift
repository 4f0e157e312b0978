import Foundation
import TopWeightCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the file system says about a database that SQLite could not use.
///
/// SQLite's codes often name the symptom, not the cause: on a full disk the
/// `-shm` file cannot grow and SQLite answers "disk I/O error"
/// (`SQLITE_IOERR_SHMSIZE`); on a read-only mount, or in a directory nobody
/// may write, it cannot create that file and answers "unable to open database
/// file" (`SQLITE_CANTOPEN`). Looking at the path itself tells a member or an
/// admin what to fix.
enum FileFault: Equatable {
    /// The path names a directory.
    case isDirectory
    /// The directory the file goes in does not exist.
    case missingDirectory(String)
    /// The file system holding the file is mounted read-only.
    case readOnlyFileSystem
    /// The file exists but this account may not read it.
    case unreadable
    /// The file (or its `-wal` or `-shm` beside it, named) may not be written.
    case readOnlyFile(String)
    /// The directory may not be written: SQLite cannot create the `-wal` and `-shm` files beside the database.
    case readOnlyDirectory(String)
    /// Less room left on the file system than a save needs.
    case full
    /// SQLite answered read-only (its words here) and the file system shows
    /// no cause: never what `diagnose` finds.
    case readOnlyDatabase(String)

    /// Free space under which a failed write is put down to a full disk: a
    /// `-shm` file takes 32 KiB, a save a few pages of 4 KiB.
    static let nearlyFull: UInt64 = 1 << 20

    /// The first thing wrong with `path` that stops SQLite, or `nil` when the
    /// file system shows nothing wrong (a real I/O error, a damaged file).
    /// `room`: free bytes under which the disk counts as full.
    static func diagnose(_ path: String, room: UInt64 = nearlyFull) -> FileFault? {
        let directory = Self.directory(of: path)
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, info.st_mode & S_IFMT == S_IFDIR { return .isDirectory }
        var directoryInfo = stat()
        if stat(directory, &directoryInfo) != 0 { return .missingDirectory(directory) }
        var volume = statvfs()
        let measured = statvfs(directory, &volume) == 0
        if measured, volume.f_flag & UInt(ST_RDONLY) != 0 { return .readOnlyFileSystem }
        if exists, access(path, R_OK) != 0 { return .unreadable }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            if access(file, W_OK) != 0 { return .readOnlyFile(file) }
        }
        if access(directory, W_OK) != 0 { return .readOnlyDirectory(directory) }
        if measured {
            // Root may use the blocks kept back for it; anybody else only the available ones.
            let blocks = geteuid() == 0 ? volume.f_bfree : volume.f_bavail
            if UInt64(blocks) * UInt64(volume.f_frsize) < room { return .full }
        }
        return nil
    }

    /// Whether the file system makes every write fail, not just this one:
    /// the faults a store opened for reading only can live with.
    var blocksWrites: Bool {
        switch self {
        case .readOnlyFileSystem, .readOnlyFile, .readOnlyDirectory, .full, .readOnlyDatabase: true
        case .isDirectory, .missingDirectory, .unreadable: false
        }
    }

    /// The file's size in bytes, or `nil` when there is none.
    static func size(of path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// The directory of `path` (`.` for a bare file name).
    static func directory(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }
}

// MARK: - Lines

extension FileFault {
    var kind: LogbookError.Kind {
        switch self {
        case .full: .diskFull
        case .readOnlyFileSystem, .readOnlyFile, .readOnlyDirectory, .readOnlyDatabase: .readOnly
        case .isDirectory, .missingDirectory, .unreadable: .cannotOpen
        }
    }

    /// What a call that met this fault says.
    func error(_ path: String) -> LogbookError {
        switch self {
        case .isDirectory:
            LogbookError(kind, "cannot open database \(path): it is a directory; give the path of the database file")
        case .missingDirectory(let directory):
            LogbookError(kind, "cannot open database \(path): the directory \(directory) does not exist")
        case .unreadable:
            LogbookError(kind, "cannot open database \(path): this account may not read it; check the file's owner and permissions")
        case .full, .readOnlyFileSystem, .readOnlyFile, .readOnlyDirectory, .readOnlyDatabase:
            LogbookError(kind, "database \(path) \(cause); nothing was saved")
        }
    }

    /// What a store that could open the file only for reading says once, at start.
    func notice(_ path: String) -> LogbookError {
        LogbookError(kind, "database \(path) \(cause): history can be read, but no set can be saved until \(remedy)")
    }

    /// What a file that could be read but not brought up to date (a
    /// migration pending, which writes) says: nothing can be done with it.
    func pendingMigration(_ path: String) -> LogbookError {
        LogbookError(kind, "database \(path) \(cause), and this Top Weight must bring its schema up to date first, which writes to it; the file was left untouched: start topweight again once \(remedy)")
    }

    /// After "database PATH ".
    private var cause: String {
        switch self {
        case .full: "is full (no space left)"
        case .readOnlyFileSystem: "is read-only (its file system is mounted read-only)"
        case .readOnlyFile(let file): "is read-only (\(file) may not be written; check its permissions)"
        case .readOnlyDirectory(let directory):
            "is read-only (its directory \(directory) may not be written, and SQLite keeps its -wal and -shm files there; check the directory's permissions)"
        case .readOnlyDatabase(let detail): "is read-only (SQLite: \(detail))"
        case .isDirectory: "is a directory"
        case .missingDirectory(let directory): "is in a directory that does not exist (\(directory))"
        case .unreadable: "may not be read by this account"
        }
    }

    /// After "until ".
    private var remedy: String {
        switch self {
        case .full: "space is freed"
        case .readOnlyFileSystem: "it is mounted read-write"
        case .readOnlyDirectory: "the directory may be written"
        case .readOnlyFile, .readOnlyDatabase, .isDirectory, .missingDirectory, .unreadable: "it may be written"
        }
    }
}
