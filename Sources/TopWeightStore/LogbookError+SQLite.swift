import Foundation
import GRDB
import TopWeightCore

extension LogbookError {
    /// Translates whatever SQLite or the file system said into one line for
    /// `path` that says what to fix: SQLite's primary and extended codes, and
    /// for the codes that name only a symptom (an I/O error, a file that
    /// can't be opened, a read-only database) what the file system shows.
    static func wrap(_ error: any Error, path: String) -> LogbookError {
        if let error = error as? LogbookError { return error }
        guard let error = error as? DatabaseError else {
            return fileSystem(error, path: path)
        }
        let code = error.extendedResultCode
        switch error.resultCode {
        case .SQLITE_FULL:
            return FileFault.full.error(path)
        case .SQLITE_READONLY:
            if code == .SQLITE_READONLY_DBMOVED {
                return LogbookError(.cannotOpen, "database \(path) was moved or deleted while in use; start topweight again")
            }
            let fault = FileFault.diagnose(path).flatMap { $0.blocksWrites ? $0 : nil }
            return (fault ?? .readOnlyDatabase(Self.detail(error))).error(path)
        case .SQLITE_IOERR:
            if let fault = FileFault.diagnose(path), fault.blocksWrites { return fault.error(path) }
            return LogbookError(.ioError, "database \(path): the disk reported an I/O error (\(Self.name(of: code))); check the disk and the system log, then run 'topweight check'")
        case .SQLITE_CANTOPEN:
            if let fault = FileFault.diagnose(path) { return fault.error(path) }
            return LogbookError(.cannotOpen, "cannot open database \(path); check the path and its permissions")
        case .SQLITE_NOTADB:
            return LogbookError(.notADatabase, "\(path) is not a Top Weight database (not SQLite, or its first page is damaged); it was left untouched")
        case .SQLITE_CORRUPT:
            return LogbookError(.corrupt, "database \(path) is damaged (\(Self.detail(error))); run 'topweight check' and restore a backup")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return LogbookError(.busy, "database \(path) is held by another program for too long; nothing was saved, try again")
        case .SQLITE_PERM, .SQLITE_AUTH:
            return LogbookError(.cannotOpen, "cannot open database \(path); check the path and its permissions")
        default:
            return LogbookError(.other, "database \(path): \(Self.detail(error))")
        }
    }

    /// A failure outside SQLite (creating the directory): by its POSIX error.
    private static func fileSystem(_ error: any Error, path: String) -> LogbookError {
        switch posixCode(of: error) {
        case ENOSPC, EDQUOT:
            return FileFault.full.error(path)
        case let code? where [EROFS, EACCES, EPERM].contains(code):
            let directory = FileFault.directory(of: path)
            return LogbookError(.cannotOpen, "cannot create the directory \(directory) for database \(path) (\(String(cString: strerror(code)).lowercased())); create it, or give another path")
        default:
            return LogbookError(.other, "database \(path): \(error)")
        }
    }

    /// The errno behind a Foundation error, when it tells one.
    private static func posixCode(of error: any Error) -> Int32? {
        if let error = error as? POSIXError { return error.code.rawValue }
        if let error = error as? CocoaError {
            switch error.code {
            case .fileWriteOutOfSpace: return ENOSPC
            case .fileWriteVolumeReadOnly: return EROFS
            case .fileWriteNoPermission: return EACCES
            default: break
            }
        }
        let error = error as NSError
        return error.domain == NSPOSIXErrorDomain ? Int32(truncatingIfNeeded: error.code) : nil
    }

    /// SQLite's own words, or its code when it gave none.
    private static func detail(_ error: DatabaseError) -> String {
        error.message ?? name(of: error.extendedResultCode)
    }

    /// `IOERR_SHMSIZE`, `IOERR_READ`, … as SQLite's documentation names them.
    static func name(of code: ResultCode) -> String {
        let names: [(ResultCode, String)] = [
            (.SQLITE_IOERR_READ, "IOERR_READ"), (.SQLITE_IOERR_SHORT_READ, "IOERR_SHORT_READ"),
            (.SQLITE_IOERR_WRITE, "IOERR_WRITE"), (.SQLITE_IOERR_FSYNC, "IOERR_FSYNC"),
            (.SQLITE_IOERR_DIR_FSYNC, "IOERR_DIR_FSYNC"), (.SQLITE_IOERR_TRUNCATE, "IOERR_TRUNCATE"),
            (.SQLITE_IOERR_FSTAT, "IOERR_FSTAT"), (.SQLITE_IOERR_LOCK, "IOERR_LOCK"),
            (.SQLITE_IOERR_UNLOCK, "IOERR_UNLOCK"), (.SQLITE_IOERR_RDLOCK, "IOERR_RDLOCK"),
            (.SQLITE_IOERR_DELETE, "IOERR_DELETE"), (.SQLITE_IOERR_ACCESS, "IOERR_ACCESS"),
            (.SQLITE_IOERR_SHMOPEN, "IOERR_SHMOPEN"), (.SQLITE_IOERR_SHMSIZE, "IOERR_SHMSIZE"),
            (.SQLITE_IOERR_SHMLOCK, "IOERR_SHMLOCK"), (.SQLITE_IOERR_SHMMAP, "IOERR_SHMMAP"),
            (.SQLITE_IOERR_SEEK, "IOERR_SEEK"), (.SQLITE_IOERR_MMAP, "IOERR_MMAP"),
            (.SQLITE_IOERR_NOMEM, "IOERR_NOMEM"), (.SQLITE_IOERR, "IOERR"),
        ]
        return names.first { $0.0 == code }?.1 ?? "SQLite code \(code.rawValue)"
    }
}
