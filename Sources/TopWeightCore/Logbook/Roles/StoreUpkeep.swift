/// The database as a whole, for looking after it: where it is, whether it
/// is healthy, how much it holds, and a watch on other terminals' changes.
public protocol StoreUpkeep: AnyObject, Sendable {
    /// Where the data lives, fit to show (a path, or a URL without its password).
    var location: String { get }
    func health() throws(LogbookError) -> StoreHealth
    /// How many live records the database holds.
    func recordCount() throws(LogbookError) -> Int
    /// A watch on the database that wakes when any terminal, in any process,
    /// commits a change: what keeps the board live with one query a change.
    func changes() throws(LogbookError) -> any LogbookChanges
}
