/// Full-text search through one member's log (`search`, `:search`): the
/// engine's own index of the days' notes and routine or program names and
/// of the exercises' names, kept in the transactions that write them.
public protocol LogSearch: AnyObject, Sendable {
    /// The member's days on which every term matches something: the day's
    /// note or routine, or the name of an exercise with a live set that day
    /// (or one of `aliasedKeys`). Newest first, at most `limit`, each with
    /// its note and routine and its live sets of the exercises a term
    /// matched, in the order done; `zone` tells the sets' local days.
    func searchDays(userID: Int64, terms: [SearchTerm], zone: ZoneOffsets, limit: Int) throws(LogbookError) -> [SearchResult.Day]
}
