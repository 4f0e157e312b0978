import Foundation

/// Loading many members, exercises and sets at once: imports and demo data.
public protocol BulkLoading: AnyObject, Sendable {
    /// Finds or creates each named member, in order, in one transaction.
    func findOrCreateUsers(named names: [String], now: Date) throws(LogbookError) -> [User]
    /// Finds or creates each named exercise, in order, in one transaction;
    /// a category is set only on exercises created here.
    func findOrCreateExercises(_ entries: [ExerciseEntry], now: Date) throws(LogbookError) -> [Exercise]
    /// Inserts the records `next` hands out until it returns `nil`, in
    /// transactions of `batchSize`; returns how many were inserted.
    func insertRecords(batchSize: Int, _ next: () -> BulkRecord?) throws(LogbookError) -> Int
    /// Adds `text` to the note of that member's day (after what is there, a
    /// blank line between) unless the note already holds it as whole
    /// paragraphs, in one statement: imports of one file run at once write it
    /// once. Returns whether it was added.
    func adoptNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError) -> Bool
}

extension BulkLoading {
    public func findOrCreateUsers(named names: [String]) throws(LogbookError) -> [User] {
        try findOrCreateUsers(named: names, now: Date())
    }

    public func findOrCreateExercises(_ entries: [ExerciseEntry]) throws(LogbookError) -> [Exercise] {
        try findOrCreateExercises(entries, now: Date())
    }

    public func insertRecords(_ next: () -> BulkRecord?) throws(LogbookError) -> Int {
        try insertRecords(batchSize: 10_000, next)
    }
}
