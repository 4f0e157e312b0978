import GRDB

/// A problem with the database file, told in one line.
///
/// The command line maps every `StoreError` to exit code 2; nothing that
/// raises one ever erases or overwrites data to "fix" it.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case cannotOpen
        case readOnly
        case notADatabase
        case schemaAhead
        case diskFull
        case busy
        case corrupt
        /// The request clashes with what is stored (a taken name, a name still in use).
        case conflict
        case other
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// Translates whatever SQLite or the file system said into one line for `path`.
    static func wrap(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return StoreError(.other, "database \(path): \(error)")
        }
        switch error.resultCode {
        case .SQLITE_READONLY:
            return StoreError(.readOnly, "database \(path) is read-only; check the file's permissions")
        case .SQLITE_NOTADB:
            return StoreError(.notADatabase, "\(path) is not a Top Weight database (not SQLite); it was left untouched")
        case .SQLITE_CORRUPT:
            return StoreError(.corrupt, "database \(path) is damaged; run 'topweight check' and restore a backup")
        case .SQLITE_FULL:
            return StoreError(.diskFull, "database \(path) is full (no space left); nothing was saved")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(.busy, "database \(path) is held by another program for too long; nothing was saved, try again")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreError(.cannotOpen, "cannot open database \(path); check the path and its permissions")
        default:
            return StoreError(.other, "database \(path): \(error.message ?? "\(error.resultCode)")")
        }
    }
}
