import Foundation
import TopWeightCore

/// Deleting a record (it stays as a tombstone) and bringing it back. The
/// front end finds the record first (`recordToDelete`, `recordToRestore`),
/// asks for the admin PIN where it must, then changes it.
extension Workouts {
    /// One record by id, live or deleted (`deletedAt` tells); `nil` when there is none.
    public func record(id: Int64) throws(WorkoutsError) -> WorkoutRecord? {
        try attempt { () throws(LogbookError) in try roles.recording.record(id: id) }
    }

    /// The live record `id`, or why it can't be deleted.
    public func recordToDelete(id: Int64) throws(WorkoutsError) -> WorkoutRecord {
        guard let record = try record(id: id) else {
            throw .notFound("no record #\(id); 'topweight history' shows them")
        }
        guard record.deletedAt == nil else {
            throw .invalid("#\(id) is already deleted; 'topweight restore \(id)' brings it back")
        }
        return record
    }

    /// The deleted record `id`, or why it can't be restored.
    public func recordToRestore(id: Int64) throws(WorkoutsError) -> WorkoutRecord {
        guard let record = try record(id: id) else {
            throw .notFound("no deleted record #\(id); 'topweight history --deleted' lists them")
        }
        guard record.deletedAt != nil else {
            throw .invalid("#\(id) is not deleted; 'topweight history' shows it")
        }
        return record
    }

    /// Deletes a record, leaving a tombstone; `false` when it was not live.
    @discardableResult
    public func deleteRecord(id: Int64, now: Date) throws(WorkoutsError) -> Bool {
        try attempt { () throws(LogbookError) in try roles.recording.deleteRecord(id: id, uid: nil, now: now) }
    }

    /// Deletes the record that was shown, leaving a tombstone; `false` when
    /// it is not live, or when its id is another record's now (its uid
    /// tells): nothing else is changed.
    @discardableResult
    public func deleteRecord(_ shown: WorkoutRecord, now: Date) throws(WorkoutsError) -> Bool {
        try attempt { () throws(LogbookError) in try roles.recording.deleteRecord(id: shown.id, uid: shown.uid, now: now) }
    }

    /// Brings a deleted record back; `false` when it was not deleted.
    @discardableResult
    public func restoreRecord(id: Int64) throws(WorkoutsError) -> Bool {
        try attempt { () throws(LogbookError) in try roles.recording.restoreRecord(id: id, uid: nil) }
    }

    /// Brings back the deleted record that was shown; `false` when it is not
    /// deleted, or its id is another record's now.
    @discardableResult
    public func restoreRecord(_ shown: WorkoutRecord) throws(WorkoutsError) -> Bool {
        try attempt { () throws(LogbookError) in try roles.recording.restoreRecord(id: shown.id, uid: shown.uid) }
    }
}
