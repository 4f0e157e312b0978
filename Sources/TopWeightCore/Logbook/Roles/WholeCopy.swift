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
    /// A record's `source` is kept with it (and given to a record here by
    /// that uid that has none).
    func adoptRecords(_ records: [StoredRecord], now: Date) throws(LogbookError) -> Int
    /// Where each of `userID`'s imported records came from, by record id
    /// (deleted ones too), `edited` when it was edited since; a record logged here has no entry.
    func recordSources(userID: Int64) throws(LogbookError) -> [Int64: RecordSource]
    /// Every stored setting (the admin PIN's hash, the policy, …) except
    /// wrong-PIN counters and the card key (it travels with the cards, `adoptAccess`).
    func settings() throws(LogbookError) -> [(key: String, value: String)]
    /// Stores the settings this database does not have yet (never the card
    /// key, nor a wrong-PIN counter); returns how many.
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
    /// Gives the members here (by name; one not here is passed over) the
    /// credentials that came with them, in one transaction, never taking
    /// one away: a PIN to a member with none here, a card to a member with
    /// none here that nobody here holds, a coach's flag (a coach in either
    /// database is one here). Cards come only under the card key they were
    /// made with (`cardKey`): it becomes this database's when it has none,
    /// or has one but no card made with it; else the cards are not taken.
    func adoptAccess(_ members: [StoredMember], cardKey: String?) throws(LogbookError) -> AccessAdoption
    /// Notes, for each set here by uid that has no coach noted yet, the
    /// coach (a member here, by name) who logged it; returns how many were noted.
    func adoptCoachMarks(_ marks: [CoachMark]) throws(LogbookError) -> Int
}
