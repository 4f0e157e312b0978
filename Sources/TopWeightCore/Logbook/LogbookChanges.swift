/// Wakes when the database changed: the SQLite file's `PRAGMA data_version`
/// on a connection of its own, PostgreSQL's `LISTEN`. One watch serves every
/// viewer of a board; a change costs the board one read, however many watch it.
public protocol LogbookChanges: AnyObject, Sendable {
    /// Waits until another connection commits a change, at most `seconds`;
    /// `true` when one did (or when the watch had to reconnect, as a change
    /// may have been missed meanwhile), `false` when the time ran out.
    func wait(seconds: Double) throws(LogbookError) -> Bool
    /// Stops watching; a wait under way returns.
    func close()
}
