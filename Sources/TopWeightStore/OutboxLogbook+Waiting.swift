import Foundation
import TopWeightCore

// MARK: - What waits, as the role asks it

/// The outbox as `topweight outbox`, `check` and the logger see it: the
/// sets that wait, sending them, and the names the terminal keeps.
extension OutboxLogbook {
    /// How long a member's save spends sending the sets that wait before its
    /// own: on a link just healed after a long cut (forty kept sets, each a
    /// round trip) the rest go from the background, and the new set is kept
    /// behind them, so the save answers in about half a second.
    static let sendingWithin: Duration = .milliseconds(250)

    public func waitingSets() throws(LogbookError) -> [WaitingSet] {
        try keptSets().map { WaitingSet(record: $0.workoutRecord, keptAt: $0.keptAt) }
    }

    public func waitingCount() throws(LogbookError) -> Int {
        try waiting()
    }

    public func sendWaiting(now: Date) throws(LogbookError) -> Int? {
        try sendKept(now: now)
    }

    /// The gym's names 5 s after start and every minute after.
    public func startSending(every seconds: Double) {
        startSending(every: seconds, namesAfter: 5, namesEvery: 60)
    }

    public func keepNames() {
        try? flushNames()
    }

    /// As the outbox file holds them (the cache's last write).
    public func knownNames() -> (members: Int, exercises: Int) {
        guard let known = try? outbox()?.knownNames() else { return (0, 0) }
        return (known.users.count, known.exercises.count)
    }
}
