import Foundation
import GRDB
import TopWeightCore

// MARK: - Looking up one record

extension WorkoutStore {
    /// One record by id, names included.
    public func record(id: Int64) throws(LogbookError) -> WorkoutRecord? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db, sql: Self.recordSelectSQL + " WHERE r.id = ?", arguments: [id])
                    .flatMap(Self.workoutRecord(from:))
            }
        }
    }
}
