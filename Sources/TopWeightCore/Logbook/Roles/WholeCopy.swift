import Foundation

/// Everything a database holds, read out and taken in whole: `copy`
/// between databases, and what export and import carry besides sets.
public protocol WholeCopy: AnyObject, Sendable {
    /// Every member with what is known of them (`StoredMember`), by name.
    func storedMembers() throws(LogbookError) -> [StoredMember]
    /// Up to `limit` records (live and deleted) with an id above `id`, by id.
    func storedRecords(after id: Int64, limit: Int) throws(LogbookError) -> [StoredRecord]
    /// Adds the records whose `uid` is not here yet, creating their members
    /// and exercises by name, in one transaction; returns how many were new.
    func adoptRecords(_ records: [StoredRecord], now: Date) throws(LogbookError) -> Int
    /// Every stored setting (the admin PIN's hash, …) except wrong-PIN counters.
    func settings() throws(LogbookError) -> [(key: String, value: String)]
    /// Stores the settings this database does not have yet; returns how many.
    func adoptSettings(_ settings: [(key: String, value: String)]) throws(LogbookError) -> Int
    /// Every member's kept days (note and routine), by member and day.
    func storedSessions() throws(LogbookError) -> [StoredSession]
    /// Adds the sessions whose member has no row for that day here yet,
    /// creating members by name; a day already kept here is left as it is.
    /// Returns how many were new.
    func adoptSessions(_ sessions: [StoredSession], now: Date) throws(LogbookError) -> Int
    /// Stores the routines whose name this database does not have yet
    /// (one it has is left as it is); returns how many.
    func adoptRoutines(_ routines: [Routine], now: Date) throws(LogbookError) -> Int
    /// Up to `limit` body-weight measurements with an id above `id`, by id.
    func storedBodyWeights(after id: Int64, limit: Int) throws(LogbookError) -> [StoredBodyWeight]
    /// Adds the measurements whose `uid` is not here yet, creating their
    /// members by name, in one transaction; returns how many were new.
    func adoptBodyWeights(_ measurements: [StoredBodyWeight], now: Date) throws(LogbookError) -> Int
}
