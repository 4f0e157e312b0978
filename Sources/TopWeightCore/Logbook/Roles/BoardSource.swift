/// The gym's board: its facts, who keeps off it, and a watch that wakes it.
public protocol BoardSource: AnyObject, Sendable {
    /// The board's totals and bests over `window`, of members who are not
    /// private, from live sets: one consistent read.
    func boardFacts(_ window: BoardWindow) throws(LogbookError) -> BoardFacts
    /// Keeps the member off the board (`true`) or puts them back.
    func setPrivate(_ user: User, _ isPrivate: Bool) throws(LogbookError)
    /// Whether the member keeps off the board.
    func isPrivate(_ user: User) throws(LogbookError) -> Bool
}
