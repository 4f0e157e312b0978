import Foundation

/// The gym's board: its facts, who keeps off it, and a watch that wakes it.
public protocol BoardSource: AnyObject, Sendable {
    /// The board's totals and bests over `window`, of members who are not
    /// private, from live sets: one consistent read.
    func boardFacts(_ window: BoardWindow) throws(LogbookError) -> BoardFacts
    /// What has changed since a board last read (`BoardMark`): cheap, so a
    /// live board reads its past again only when the past has changed.
    /// `after` is the newest record id the board has seen.
    func boardMark(after: Int64) throws(LogbookError) -> BoardMark
    /// For each of the sets named (record ids), its member's bests of its
    /// exercise before `before`, from live working weight sets, as a whole
    /// read gives them with today's sets (`TodaySet.priorHeaviest`,
    /// `priorEstimate`): a set no longer there is left out. Each set costs
    /// one look through that member's sets of that exercise.
    func boardBests(of records: [Int64], before: Date) throws(LogbookError) -> [Int64: BoardFacts.PriorBests]
    /// Keeps the member off the board (`true`) or puts them back.
    func setPrivate(_ user: User, _ isPrivate: Bool) throws(LogbookError)
    /// Whether the member keeps off the board.
    func isPrivate(_ user: User) throws(LogbookError) -> Bool
}

/// How a live board knows whether what it read of the days before today
/// still holds: a count the engine moves whenever a set is changed or
/// removed, or a member or an exercise renamed, hidden or removed (not when
/// a set is added: a save moves nothing), and the newest record.
public struct BoardMark: Sendable, Hashable {
    /// Moves on every change but an added set.
    public var changes: Int64
    /// The newest record's id (0 for none).
    public var newest: Int64
    /// The earliest moment of a set among those after the id asked about
    /// (`nil` for none): a set added for a day before today changes the past.
    public var earliestAdded: Date?

    public init(changes: Int64, newest: Int64, earliestAdded: Date?) {
        self.changes = changes
        self.newest = newest
        self.earliestAdded = earliestAdded
    }
}
