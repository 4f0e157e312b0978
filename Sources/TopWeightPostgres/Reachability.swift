import Foundation
import TopWeightCore

/// Whether a server was found away: set by a call that could not reach it,
/// cleared by any call that did. Shared by a terminal's links to one server,
/// so the background's look on a connection of its own tells the logger's
/// link that the server is back.
final class Reachability: @unchecked Sendable {
    private let lock = NSLock()
    private var error: LogbookError?

    /// Why the server was last found away; `nil` once a call reaches it.
    var away: LogbookError? { lock.withLock { error } }

    func found(_ away: LogbookError) {
        lock.withLock { error = away }
    }

    func reached() {
        lock.withLock { error = nil }
    }
}
