import GRDB
import TopWeightCore

extension LogbookError {
    /// Translates whatever SQLite or the file system said into one line for `path`.
    static func wrap(_ error: any Error, path: String) -> LogbookError {
        if let error = error as? LogbookError { return error }
        guard let error = error as? DatabaseError else {
            return LogbookError(.other, "database \(path): \(error)")
        }
        switch error.resultCode {
        case .SQLITE_READONLY:
            return LogbookError(.readOnly, "database \(path) is read-only; check the file's permissions")
        case .SQLITE_NOTADB:
            return LogbookError(.notADatabase, "\(path) is not a Top Weight database (not SQLite); it was left untouched")
        case .SQLITE_CORRUPT:
            return LogbookError(.corrupt, "database \(path) is damaged; run 'topweight check' and restore a backup")
        case .SQLITE_FULL:
            return LogbookError(.diskFull, "database \(path) is full (no space left); nothing was saved")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return LogbookError(.busy, "database \(path) is held by another program for too long; nothing was saved, try again")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return LogbookError(.cannotOpen, "cannot open database \(path); check the path and its permissions")
        default:
            return LogbookError(.other, "database \(path): \(error.message ?? "\(error.resultCode)")")
        }
    }
}
