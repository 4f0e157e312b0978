import Foundation
import GRDB
import TopWeightCore

// MARK: - Where imported sets came from (`recordSource`, v22)

extension WorkoutStore {
    public func recordSources(userID: Int64) throws(LogbookError) -> [Int64: RecordSource] {
        try perform {
            try writer.read { db in
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT s.recordId, r.editedAt IS NOT NULL AS edited, \(Self.sourceColumnsSQL) FROM recordSource s JOIN record r ON r.id = s.recordId WHERE r.userId = ?
                    """, arguments: [userID])
                var found: [Int64: RecordSource] = [:]
                while let row = try rows.next() {
                    guard let id = Int64.fromDatabaseValue(row["recordId"]), var source = Self.source(row) else { continue }
                    source.edited = Bool.fromDatabaseValue(row["edited"]) ?? false
                    found[id] = source
                }
                return found
            }
        }
    }

    /// The columns of `recordSource` (aliased `s`) that `source(_:)` reads.
    static let sourceColumnsSQL = """
        s.app AS sourceApp, s.exercise AS sourceExercise, s.workout AS sourceWorkout, \
        s.workoutStart AS sourceWorkoutStart, s.workoutSeconds AS sourceWorkoutSeconds
        """

    /// The source in a row of `sourceColumnsSQL`, or `nil` for a set logged here (or a row another tool damaged).
    static func source(_ row: Row) -> RecordSource? {
        guard let app = String.fromDatabaseValue(row["sourceApp"]), let exercise = String.fromDatabaseValue(row["sourceExercise"]) else {
            return nil
        }
        return RecordSource(app: app, exercise: exercise, workout: String.fromDatabaseValue(row["sourceWorkout"]),
                            workoutStart: StoredValues.date(row["sourceWorkoutStart"]),
                            workoutSeconds: Int.fromDatabaseValue(row["sourceWorkoutSeconds"])).checked
    }

    /// `source(row)` of a row with the columns of `sourceColumnsSQL` from `first` on, read by place by `column`.
    static func source(at first: Int, _ column: (Int) -> DatabaseValue) -> RecordSource? {
        guard let app = String.fromDatabaseValue(column(first)), let exercise = String.fromDatabaseValue(column(first + 1)) else {
            return nil
        }
        return RecordSource(app: app, exercise: exercise, workout: String.fromDatabaseValue(column(first + 2)),
                            workoutStart: StoredValues.date(column(first + 3)),
                            workoutSeconds: Int.fromDatabaseValue(column(first + 4))).checked
    }

    /// Keeps each record's source beside the record of its uid here, unless that record has one already.
    static func adoptSources(_ records: [StoredRecord], _ db: Database) throws {
        guard records.contains(where: { $0.source != nil }) else { return }
        let insert = try db.cachedStatement(sql: """
            INSERT INTO recordSource (recordId, app, exercise, workout, workoutStart, workoutSeconds)
            SELECT id, ?, ?, ?, ?, ? FROM record WHERE uid = ? ON CONFLICT (recordId) DO NOTHING
            """)
        for record in records {
            guard let source = record.source?.checked else { continue }
            try insert.execute(arguments: [source.app, source.exercise, source.workout, source.workoutStart.map(milliseconds),
                                           source.workoutSeconds, record.uid])
        }
    }
}
