import Foundation

/// The training log around the sets: each day's note and routine, the gym's
/// own routines, and body weight.
public protocol TrainingDiary: AnyObject, Sendable {
    /// Notes and routines kept for `userID`'s days from `first` through `last`, by day.
    func sessionInfos(userID: Int64, from first: LocalDay, through last: LocalDay) throws(LogbookError) -> [SessionInfo]
    /// Adds `text` to the note of that member's day (after what is there, a blank line between).
    func appendNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError)
    /// Records which routine that member's day followed (`nil` forgets it),
    /// and which day of its program it was (`week 2 day 1`; `nil` for a routine).
    func setRoutine(_ routine: String?, programDay: String?, userID: Int64, day: LocalDay, now: Date) throws(LogbookError)
    /// The gym's own routines (the bundled starters are not stored), by name.
    func routines() throws(LogbookError) -> [Routine]
    /// Stores a routine, replacing the one with the same name; `true` when it replaced one.
    func saveRoutine(_ routine: Routine, now: Date) throws(LogbookError) -> Bool
    /// Removes the stored routine with this name; `false` when there is none.
    func removeRoutine(named name: String) throws(LogbookError) -> Bool
    /// Stores a measurement unless one with the same `uid` is there; returns its id.
    func saveBodyWeight(userID: Int64, weight: Weight, at measuredAt: Date, uid: String, now: Date) throws(LogbookError) -> Int64
    /// The member's measurements from `since` on (all when `nil`), newest first, at most `limit`.
    func bodyWeights(userID: Int64, since: Date?, limit: Int?) throws(LogbookError) -> [BodyWeight]
    /// Every measurement of each of the members, newest first, by member
    /// (the coach's report: one read, not one a member).
    func bodyWeights(userIDs: [Int64]) throws(LogbookError) -> [Int64: [BodyWeight]]
    /// The member's own rests, in seconds by exercise id (`:rest`; 0: off).
    func restTimes(userID: Int64) throws(LogbookError) -> [Int64: Int]
    /// Keeps the member's own rest for an exercise (`nil`: back to the default).
    func setRestTime(_ seconds: Int?, userID: Int64, exerciseID: Int64) throws(LogbookError)
    /// Marks a live set saved by a walk as its superset's place (`A1`).
    func markSuperset(_ label: String, recordID: Int64) throws(LogbookError)
}

extension TrainingDiary {
    /// Records which routine that member's day followed, a routine that is no program's day.
    public func setRoutine(_ routine: String?, userID: Int64, day: LocalDay, now: Date) throws(LogbookError) {
        try setRoutine(routine, programDay: nil, userID: userID, day: day, now: now)
    }
}
