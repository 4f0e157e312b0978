import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Bulk loading: one round trip per batch, through arrays

extension PostgresLogbook {
    public func recordCount() throws(LogbookError) -> Int {
        guard let row = try link.query("SELECT COUNT(*) FROM record WHERE deletedat IS NULL").first else { return 0 }
        return Int(try Self.decode(row, as: Int64.self))
    }

    public func findOrCreateUsers(named names: [String], now: Date) throws(LogbookError) -> [User] {
        try findOrCreateNames(.user, names.map { ($0, nil, .weight) }, now: now).map { User(id: $0.0, name: $0.1) }
    }

    public func findOrCreateExercises(_ entries: [ExerciseEntry], now: Date) throws(LogbookError) -> [Exercise] {
        try findOrCreateNames(.exercise, entries, now: now).map { Exercise(id: $0.0, name: $0.1, category: $0.2, kind: $0.3) }
    }

    /// Each name in order, found or created, in one transaction under the names lock.
    private func findOrCreateNames(_ table: NameTable, _ entries: [ExerciseEntry],
                                   now: Date) throws(LogbookError) -> [(Int64, String, String?, ExerciseKind)] {
        var valid: [ExerciseEntry] = []
        for entry in entries {
            switch NameRules.validate(entry.name, kind: table == .user ? .user : .exercise) {
            case .success(let name): valid.append((name, entry.category, entry.kind))
            case .failure(let error): throw LogbookError(.other, error.description)
            }
        }
        guard !valid.isEmpty else { return [] }
        return try link.transaction { transaction in
            try transaction.query("SELECT pg_advisory_xact_lock(\(Self.namesLock))")
            var found: [(Int64, String, String?, ExerciseKind)] = []
            var known: [String: (Int64, String, String?, ExerciseKind)] = [:]
            for entry in valid {
                let key = NameRules.key(entry.name)
                if let seen = known[key] {
                    found.append(seen)
                    continue
                }
                let row = try Self.findOrCreate(table: table, name: entry.name, category: entry.category, kind: entry.kind, now: now, transaction)
                known[key] = row
                found.append(row)
            }
            return found
        }
    }

    public func insertRecords(batchSize: Int, _ next: () -> BulkRecord?) throws(LogbookError) -> Int {
        precondition(batchSize > 0, "batchSize must be positive")
        var total = 0
        var generator = SystemRandomNumberGenerator()
        while true {
            var batch = RecordColumns()
            while batch.count < batchSize, let record = next() {
                guard StoredRange.values(weight: record.values.weight.value, unit: record.values.weight.unit.rawValue,
                                         reps: record.values.reps, series: record.values.series) != nil,
                      record.values.isWellFormed else {
                    throw LogbookError(.other, "refused a record out of range: \(record.values.description) (after \(total) records were inserted)")
                }
                batch.append(uid: RecordUID.make(at: record.createdAt, using: &generator), user: record.userID, exercise: record.exerciseID,
                             values: record.values, performedAt: record.performedAt, createdAt: record.createdAt, editedAt: nil, deletedAt: nil)
            }
            guard batch.count > 0 else { return total }
            do {
                // Not retried on a new connection: a batch the server committed
                // before the connection dropped would go in twice.
                total += try link.query(batch.insert, retry: false).metadata.rows ?? 0
            } catch {
                throw LogbookError(error.kind, "\(error.message) (after \(total) records were inserted)")
            }
        }
    }

    /// Records as columns, sent as one array per column: one statement per batch.
    struct RecordColumns {
        var uids: [String] = []
        var users: [Int64] = []
        var exercises: [Int64] = []
        var weights: [Double] = []
        var units: [String] = []
        var reps: [Int64] = []
        var series: [Int64] = []
        var performed: [Int64] = []
        var created: [Int64] = []
        var edited: [Int64?] = []
        var deleted: [Int64?] = []
        var kinds: [String] = []
        /// Places in supersets ("" for none).
        var supersets: [String] = []
        /// The v7 columns as text ("" for NULL; cast by the server).
        var measures: [String] = []
        var assisted: [String] = []
        var seconds: [String] = []
        var distances: [String] = []
        var distanceUnits: [String] = []
        var rpes: [String] = []

        var count: Int { uids.count }

        mutating func append(uid: String, user: Int64, exercise: Int64, values: SetValues, performedAt: Date, createdAt: Date,
                             editedAt: Date?, deletedAt: Date?, kind: SetKind? = nil, superset: String? = nil) {
            kinds.append(kind?.rawValue ?? "")
            supersets.append(Supersets.label(superset) ?? "")
            uids.append(uid)
            users.append(user)
            exercises.append(exercise)
            weights.append(values.weight.value)
            units.append(values.weight.unit.rawValue)
            reps.append(Int64(values.reps))
            series.append(Int64(values.series))
            performed.append(StoredRange.milliseconds(performedAt))
            created.append(StoredRange.milliseconds(createdAt))
            edited.append(editedAt.map(StoredRange.milliseconds))
            deleted.append(deletedAt.map(StoredRange.milliseconds))
            let more = StoredRange.kindColumns(values)
            measures.append(more.measure ?? "")
            assisted.append(more.assisted.map(String.init) ?? "")
            seconds.append(more.seconds.map(String.init) ?? "")
            distances.append(more.distance.map { String($0) } ?? "")
            distanceUnits.append(more.distanceUnit ?? "")
            rpes.append(more.rpe.map { String($0) } ?? "")
        }

        /// New records (fresh uids).
        var insert: PostgresQuery {
            """
            INSERT INTO record (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat,
                                measure, assisted, seconds, distance, distanceunit, rpe)
            SELECT uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat,
                   NULLIF(measure, ''), NULLIF(assisted, '')::int8, NULLIF(seconds, '')::int8,
                   NULLIF(distance, '')::float8, NULLIF(distanceunit, ''), NULLIF(rpe, '')::float8
            FROM unnest(\(uids)::text[], \(users)::int8[], \(exercises)::int8[], \(weights)::float8[], \(units)::text[],
                        \(reps)::int8[], \(series)::int8[], \(performed)::int8[], \(created)::int8[],
                        \(measures)::text[], \(assisted)::text[], \(seconds)::text[], \(distances)::text[],
                        \(distanceUnits)::text[], \(rpes)::text[])
                 AS fresh (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat,
                           measure, assisted, seconds, distance, distanceunit, rpe)
            """
        }

        /// Records from another database: the ones whose uid is already here are left alone.
        var adopt: PostgresQuery {
            """
            INSERT INTO record (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat, editedat, deletedat, kind,
                                measure, assisted, seconds, distance, distanceunit, rpe, superset)
            SELECT uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat,
                   NULLIF(editedat, '')::int8, NULLIF(deletedat, '')::int8, NULLIF(kind, ''),
                   NULLIF(measure, ''), NULLIF(assisted, '')::int8, NULLIF(seconds, '')::int8,
                   NULLIF(distance, '')::float8, NULLIF(distanceunit, ''), NULLIF(rpe, '')::float8, NULLIF(superset, '')
            FROM unnest(\(uids)::text[], \(users)::int8[], \(exercises)::int8[], \(weights)::float8[], \(units)::text[],
                        \(reps)::int8[], \(series)::int8[], \(performed)::int8[], \(created)::int8[],
                        \(editedText)::text[], \(deletedText)::text[], \(kinds)::text[],
                        \(measures)::text[], \(assisted)::text[], \(seconds)::text[], \(distances)::text[],
                        \(distanceUnits)::text[], \(rpes)::text[], \(supersets)::text[])
                 AS copied (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat, editedat, deletedat, kind,
                            measure, assisted, seconds, distance, distanceunit, rpe, superset)
            ON CONFLICT (uid) DO NOTHING
            """
        }

        /// Arrays with NULLs, as text PostgreSQL casts (postgres-nio encodes no optional elements).
        private var editedText: [String] { edited.map { $0.map(String.init) ?? "" } }
        private var deletedText: [String] { deleted.map { $0.map(String.init) ?? "" } }
    }
}
