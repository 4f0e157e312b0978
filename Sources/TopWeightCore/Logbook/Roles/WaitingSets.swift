import Foundation

/// The sets this terminal saved while its database server was away, that
/// wait here to be sent (`WorkoutRecord.isKept`), and what the terminal
/// knows meanwhile: what `topweight outbox` lists and `check` sends. A
/// database that takes every set straight away (a SQLite file) has none
/// waiting: `NothingWaits`.
public protocol WaitingSets: AnyObject, Sendable {
    /// The sets that wait, oldest first.
    func waitingSets() throws(LogbookError) -> [WaitingSet]
    /// How many sets wait.
    func waitingCount() throws(LogbookError) -> Int
    /// Sends every set that waits, oldest first; how many the server took
    /// now, `nil` when another terminal or thread is sending them. Throws
    /// `.unreachable` when the server is still away.
    func sendWaiting(now: Date) throws(LogbookError) -> Int?
    /// Sends what waits from the background, every `seconds`, while the
    /// terminal waits for input (and learns the gym's names meanwhile).
    func startSending(every seconds: Double)
    /// Keeps the members, exercises and last sets this run heard of, so a
    /// later start while the server is away still knows them; quiet when it can't.
    func keepNames()
    /// How many members and exercises the terminal knows while the server is away.
    func knownNames() -> (members: Int, exercises: Int)
}

/// One set that waits on this terminal, as history shows it, with when it was kept.
public struct WaitingSet: Sendable, Hashable {
    public var record: WorkoutRecord
    public var keptAt: Date

    public init(record: WorkoutRecord, keptAt: Date) {
        self.record = record
        self.keptAt = keptAt
    }
}

/// Where no set ever waits: a database that takes each set straight away.
public final class NothingWaits: WaitingSets {
    public init() {}
    public func waitingSets() throws(LogbookError) -> [WaitingSet] { [] }
    public func waitingCount() throws(LogbookError) -> Int { 0 }
    public func sendWaiting(now: Date) throws(LogbookError) -> Int? { 0 }
    public func startSending(every seconds: Double) {}
    public func keepNames() {}
    public func knownNames() -> (members: Int, exercises: Int) { (0, 0) }
}
