import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Saving, deleting, restoring, editing records

extension PostgresLogbook {
    /// One round trip: the insert, or (a retry of a save the server already
    /// committed) the row with the same uid.
    public func save(_ record: NewRecord, now: Date) throws(LogbookError) -> Int64 {
        let values = record.values
        guard values.isWellFormed else { throw LogbookError(.other, "refused a set that is not one of its kind: \(values.description)") }
        let more = StoredRange.kindColumns(values)
        let rows = try link.query("""
            WITH inserted AS (
                INSERT INTO record (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat, kind,
                                    measure, assisted, seconds, distance, distanceunit, rpe)
                VALUES (\(record.uid), \(record.user.id), \(record.exercise.id), \(values.weight.value), \(values.weight.unit.rawValue),
                        \(values.reps), \(values.series), \(Self.milliseconds(record.performedAt)), \(Self.milliseconds(now)),
                        \(record.kind?.rawValue), \(more.measure), \(more.assisted), \(more.seconds), \(more.distance),
                        \(more.distanceUnit), \(more.rpe))
                ON CONFLICT (uid) DO NOTHING RETURNING id
            )
            SELECT id FROM inserted UNION ALL SELECT id FROM record WHERE uid = \(record.uid)
            """, within: saveBound)
        guard let row = rows.first else { throw LogbookError(.other, "the server did not return the saved record's id") }
        return try Self.decode(row, as: Int64.self)
    }

    public func deleteRecord(id: Int64, uid: String?, now: Date) throws(LogbookError) -> Bool {
        let result = try link.query("""
            UPDATE record SET deletedat = \(Self.milliseconds(now))
            WHERE id = \(id) AND (uid = \(uid) OR \(uid)::text IS NULL) AND deletedat IS NULL
            """)
        return (result.metadata.rows ?? 0) > 0
    }

    public func restoreRecord(id: Int64, uid: String?) throws(LogbookError) -> Bool {
        let result = try link.query("""
            UPDATE record SET deletedat = NULL WHERE id = \(id) AND (uid = \(uid) OR \(uid)::text IS NULL) AND deletedat IS NOT NULL
            """)
        return (result.metadata.rows ?? 0) > 0
    }

    /// One round trip, one call of the v15 migration's
    /// `topweight_save_weight_set`: the insert (or, for a retry, the row
    /// already saved under the same uid) and the bests before it, in one
    /// row. The call is a statement prepared once a connection, and the
    /// function's queries are planned once a session: a save costs the
    /// server no parsing or planning.
    public func saveMeasured(_ record: NewRecord, now: Date) throws(LogbookError) -> (id: Int64, bests: ExerciseBests) {
        let values = record.values
        if values.measure != .weight || values.effort != nil {
            // Another kind, or a rated set: the insert with every column, then
            // the bests of its kind; two round trips, off the plain set's path.
            let id = try save(record, now: now)
            guard record.kind != .warmup else { return (id, ExerciseBests()) }
            guard values.measure == .weight else {
                return (id, try kindBests(for: values, userID: record.user.id, exerciseID: record.exercise.id, excluding: id, within: saveBound))
            }
            return (id, try bests(userID: record.user.id, exerciseID: record.exercise.id, excluding: id, atLeast: values.weight, within: saveBound))
        }
        let rows = try link.execute(prepared: Self.saveWeightSet, [
            PostgresData(string: record.uid), PostgresData(int64: record.user.id), PostgresData(int64: record.exercise.id),
            PostgresData(double: values.weight.value), PostgresData(string: values.weight.unit.rawValue),
            PostgresData(int32: Int32(values.reps)), PostgresData(int32: Int32(values.series)),
            PostgresData(int64: Self.milliseconds(record.performedAt)), PostgresData(int64: Self.milliseconds(now)),
            record.kind.map { PostgresData(string: $0.rawValue) } ?? PostgresData(type: .text),
        ], within: saveBound)
        guard let row = rows.first, case let found = try Self.decodeSaved(row), let id = found.id else {
            throw LogbookError(.other, "the server did not return the saved record's id")
        }
        return (id, record.kind == .warmup ? ExerciseBests() : found.bests)
    }

    /// The call `saveMeasured` prepares; each parameter cast, so the
    /// server knows the types the binds are sent in.
    static let saveWeightSet = """
        SELECT * FROM topweight_save_weight_set($1::text, $2::bigint, $3::bigint, $4::double precision, $5::text, $6::integer,
            $7::integer, $8::bigint, $9::bigint, $10::text)
        """

    public func editRecord(id: Int64, uid: String?, exercise: Exercise, values: SetValues, now: Date) throws(LogbookError) -> Bool {
        guard values.isWellFormed else { throw LogbookError(.other, "refused a set that is not one of its kind: \(values.description)") }
        let more = StoredRange.kindColumns(values)
        let result = try link.query("""
            UPDATE record SET exerciseid = \(exercise.id), weight = \(values.weight.value), unit = \(values.weight.unit.rawValue),
                reps = \(values.reps), series = \(values.series), editedat = \(Self.milliseconds(now)),
                measure = \(more.measure), assisted = \(more.assisted), seconds = \(more.seconds), distance = \(more.distance),
                distanceunit = \(more.distanceUnit), rpe = \(more.rpe)
            WHERE id = \(id) AND (uid = \(uid) OR \(uid)::text IS NULL) AND deletedat IS NULL
            """)
        return (result.metadata.rows ?? 0) > 0
    }
}
