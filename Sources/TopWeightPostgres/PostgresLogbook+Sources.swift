import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Where imported sets came from (`recordsource`, v22)

extension PostgresSchema {
    /// v22: where an imported set came from (RecordSource), beside the
    /// record and gone with it: the app, its name for the exercise, the
    /// workout's name, start (milliseconds) and length (seconds). No save
    /// writes it. As SQLite's v22.
    static let recordSourceMigration: (identifier: String, statements: [String]) = ("v22", [
        """
        CREATE TABLE recordsource (
            recordid bigint PRIMARY KEY REFERENCES record (id) ON DELETE CASCADE,
            app text NOT NULL,
            exercise text NOT NULL,
            workout text,
            workoutstart bigint,
            workoutseconds bigint
        )
        """,
    ])
}

extension PostgresLogbook {
    public func recordSources(userID: Int64) throws(LogbookError) -> [Int64: RecordSource] {
        let rows = try link.query("""
            SELECT s.recordid, s.app, s.exercise, s.workout, s.workoutstart, s.workoutseconds, r.editedat IS NOT NULL
            FROM recordsource s JOIN record r ON r.id = s.recordid WHERE r.userid = \(userID)
            """)
        var found: [Int64: RecordSource] = [:]
        for row in rows {
            let (id, app, exercise, workout, start, seconds, edited) =
                try Self.decode(row, as: (Int64, String, String, String?, Int64?, Int64?, Bool).self)
            guard var source = Self.source(app, exercise, workout, start, seconds) else { continue }
            source.edited = edited
            found[id] = source
        }
        return found
    }

    /// A source from its columns, or `nil` for a set logged here.
    static func source(_ app: String?, _ exercise: String?, _ workout: String?, _ start: Int64?, _ seconds: Int64?) -> RecordSource? {
        guard let app, let exercise else { return nil }
        return RecordSource(app: app, exercise: exercise, workout: workout, workoutStart: start.flatMap(StoredRange.date(milliseconds:)),
                            workoutSeconds: seconds.map { Int(clamping: $0) }).checked
    }

    /// Keeps each record's source beside the record of its uid here, unless
    /// that record has one already; inside the adopting transaction.
    static func adoptSources(_ records: [StoredRecord], _ transaction: PostgresLink.Transaction) throws {
        let sources = records.compactMap { record in record.source?.checked.map { (record.uid, $0) } }
        guard !sources.isEmpty else { return }
        // postgres-nio encodes no optional elements: "" is NULL (an app's workout name is never empty, `checked`).
        try transaction.query("""
            INSERT INTO recordsource (recordid, app, exercise, workout, workoutstart, workoutseconds)
            SELECT r.id, s.app, s.exercise, NULLIF(s.workout, ''), NULLIF(s.workoutstart, '')::int8, NULLIF(s.workoutseconds, '')::int8
            FROM unnest(\(sources.map(\.0))::text[], \(sources.map(\.1.app))::text[], \(sources.map(\.1.exercise))::text[],
                        \(sources.map { $0.1.workout ?? "" })::text[],
                        \(sources.map { $0.1.workoutStart.map { String(StoredRange.milliseconds($0)) } ?? "" })::text[],
                        \(sources.map { $0.1.workoutSeconds.map(String.init) ?? "" })::text[])
                 AS s (uid, app, exercise, workout, workoutstart, workoutseconds)
            JOIN record r ON r.uid = s.uid
            ON CONFLICT (recordid) DO NOTHING
            """)
    }
}
