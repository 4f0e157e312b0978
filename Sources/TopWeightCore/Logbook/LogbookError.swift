/// A problem with the logbook's storage, told in one line.
///
/// The command line maps every `LogbookError` to exit code 2 (a `conflict`
/// to 64); nothing that raises one ever erases or overwrites data to "fix" it.
public struct LogbookError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case cannotOpen
        case readOnly
        case notADatabase
        case schemaAhead
        case diskFull
        case busy
        /// The database server can't be reached (down, restarting, network gone);
        /// nothing was half-saved, and the same call can be tried again.
        case unreachable
        case corrupt
        /// The disk or file system failed a read or a write, for no reason
        /// it shows (not full, not read-only): a failing disk, a lost mount.
        case ioError
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
}
