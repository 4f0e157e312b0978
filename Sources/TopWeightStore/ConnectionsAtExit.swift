import GRDB
import Synchronization

/// Connections a process about to exit leaves open, for the exit to close.
///
/// Closing a connection of ours changes nothing on disk that the process's
/// exit would not: none checkpoints when it closes (`KeptLog`), and the
/// kernel closes the files and drops their locks. It costs, though: SQLite
/// frees the whole parsed schema, GRDB's queue is disposed of (libdispatch
/// starts a worker thread to release the queue's specifics), and Foundation's
/// notification center looks its observers up by dynamic cast. At the logger's
/// `:quit` that was about an eighth of its run from start to exit.
///
/// Only a program that is about to end asks for it (the logger, once its
/// session is over): every other command, test and server closes its
/// connections as they go, so nothing accumulates where a process lives on.
public enum ConnectionsAtExit {
    private static let kept = Mutex<[any DatabaseWriter]?>(nil)

    /// From now on, a store that ends (and the background checkpointer's
    /// connection) is left open until the process exits.
    public static func keepUntilExit() {
        kept.withLock { writers in
            if writers == nil { writers = [] }
        }
    }

    /// Holds `writer` until the process exits, when asked to, and says so;
    /// otherwise `writer` closes when its last owner lets it go.
    @discardableResult
    static func keep(_ writer: any DatabaseWriter) -> Bool {
        kept.withLock { writers in
            guard writers != nil else { return false }
            writers?.append(writer)
            return true
        }
    }
}
