import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Bulk loading and copying: one round trip per batch, through arrays

extension PostgresLogbook {
    public func recordCount() throws(LogbookError) -> Int {
        guard let row = try link.query("SELECT COUNT(*) FROM record WHERE deletedat IS NULL").first else { return 0 }
        return Int(try Self.decode(row, as: Int64.self))
    }

    public func findOrCreateUsers(named names: [String], now: Date) throws(LogbookError) -> [User] {
        try findOrCreateNames(.user, names.map { ($0, nil) }, now: now).map { User(id: $0.0, name: $0.1) }
    }

    public func findOrCreateExercises(_ entries: [(name: String, category: String?)], now: Date) throws(LogbookError) -> [Exercise] {
        try findOrCreateNames(.exercise, entries, now: now).map { Exercise(id: $0.0, name: $0.1, category: $0.2) }
    }

    /// Each name in order, found or created, in one transaction under the names lock.
    private func findOrCreateNames(_ table: NameTable, _ entries: [(name: String, category: String?)], now: Date) throws(LogbookError) -> [(Int64, String, String?)] {
        var valid: [(name: String, category: String?)] = []
        for entry in entries {
            switch NameRules.validate(entry.name, kind: table == .user ? .user : .exercise) {
            case .success(let name): valid.append((name, entry.category))
            case .failure(let error): throw LogbookError(.other, error.description)
            }
        }
        guard !valid.isEmpty else { return [] }
        return try link.transaction { transaction in
            try transaction.query("SELECT pg_advisory_xact_lock(\(Self.namesLock))")
            var found: [(Int64, String, String?)] = []
            var known: [String: (Int64, String, String?)] = [:]
            for entry in valid {
                let key = NameRules.key(entry.name)
                if let seen = known[key] {
                    found.append(seen)
                    continue
                }
                let row = try Self.findOrCreate(table: table, name: entry.name, category: entry.category, now: now, transaction)
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
                                         reps: record.values.reps, series: record.values.series) != nil else {
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

    public func storedRecords(after id: Int64, limit: Int) throws(LogbookError) -> [StoredRecord] {
        let rows = try link.query("""
            SELECT r.id, r.uid, u.name, e.name, e.category, r.weight, r.unit, r.reps, r.series,
                   r.performedat, r.createdat, r.editedat, r.deletedat, r.kind
            FROM record r JOIN "user" u ON u.id = r.userid JOIN exercise e ON e.id = r.exerciseid
            WHERE r.id > \(id) ORDER BY r.id LIMIT \(limit)
            """)
        var found: [StoredRecord] = []
        for row in rows {
            let (id, uid, user, exercise, category, weight, unit, reps, series, performedAt, createdAt, editedAt, deletedAt, kind) =
                try Self.decode(row, as: (Int64, String, String, String, String?, Double, String, Int, Int, Int64, Int64, Int64?, Int64?, String?).self)
            guard let values = StoredRange.values(weight: weight, unit: unit, reps: reps, series: series),
                  let performed = StoredRange.date(milliseconds: performedAt), let created = StoredRange.date(milliseconds: createdAt)
            else { continue }
            found.append(StoredRecord(
                id: id, uid: uid, user: user, exercise: exercise, category: category, values: values,
                performedAt: performed, createdAt: created,
                editedAt: editedAt.flatMap(StoredRange.date(milliseconds:)), deletedAt: deletedAt.flatMap(StoredRange.date(milliseconds:)),
                kind: kind.flatMap(SetKind.init(rawValue:))
            ))
        }
        return found
    }

    public func adoptRecords(_ records: [StoredRecord], now: Date) throws(LogbookError) -> Int {
        guard !records.isEmpty else { return 0 }
        let users = try findOrCreateUsers(named: records.map(\.user), now: now)
        let exercises = try findOrCreateExercises(records.map { ($0.exercise, $0.category) }, now: now)
        var batch = RecordColumns()
        for (index, record) in records.enumerated() {
            batch.append(uid: record.uid, user: users[index].id, exercise: exercises[index].id, values: record.values,
                         performedAt: record.performedAt, createdAt: record.createdAt, editedAt: record.editedAt, deletedAt: record.deletedAt,
                         kind: record.kind)
        }
        return try link.query(batch.adopt).metadata.rows ?? 0
    }

    public func settings() throws(LogbookError) -> [(key: String, value: String)] {
        let rows = try link.query("""
            SELECT key, value FROM setting WHERE key NOT IN (\(AdminPin.failuresKey), \(AdminPin.lockedUntilKey)) ORDER BY key COLLATE "C"
            """)
        var found: [(key: String, value: String)] = []
        for row in rows {
            let (key, value) = try Self.decode(row, as: (String, String).self)
            found.append((key, value))
        }
        return found
    }

    public func adoptSettings(_ settings: [(key: String, value: String)]) throws(LogbookError) -> Int {
        let kept = settings.filter { $0.key != AdminPin.failuresKey && $0.key != AdminPin.lockedUntilKey }
        guard !kept.isEmpty else { return 0 }
        return try link.query("""
            INSERT INTO setting (key, value) SELECT * FROM unnest(\(kept.map(\.key))::text[], \(kept.map(\.value))::text[])
            ON CONFLICT (key) DO NOTHING
            """).metadata.rows ?? 0
    }

    public func storedSessions() throws(LogbookError) -> [StoredSession] {
        let rows = try link.query("""
            SELECT u.name, s.day, s.note, s.routine, s.editedat FROM session s JOIN "user" u ON u.id = s.userid
            ORDER BY s.userid, s.day COLLATE "C"
            """)
        var found: [StoredSession] = []
        for row in rows {
            let (user, text, note, routine, editedAt) = try Self.decode(row, as: (String, String, String?, String?, Int64).self)
            guard let day = LocalDay(parsing: text), let edited = StoredRange.date(milliseconds: editedAt) else { continue }
            found.append(StoredSession(user: user, day: day, note: note, routine: routine, editedAt: edited))
        }
        return found
    }

    public func adoptSessions(_ sessions: [StoredSession], now: Date) throws(LogbookError) -> Int {
        guard !sessions.isEmpty else { return 0 }
        let users = try findOrCreateUsers(named: sessions.map(\.user), now: now)
        // postgres-nio encodes no optional elements: a flag says which text is there.
        return try link.query("""
            INSERT INTO session (userid, day, note, routine, editedat)
            SELECT userid, day, CASE WHEN hasnote THEN note END, CASE WHEN hasroutine THEN routine END, editedat
            FROM unnest(\(users.map(\.id))::int8[], \(sessions.map(\.day.description))::text[],
                        \(sessions.map { $0.note != nil })::bool[], \(sessions.map { $0.note ?? "" })::text[],
                        \(sessions.map { $0.routine != nil })::bool[], \(sessions.map { $0.routine ?? "" })::text[],
                        \(sessions.map { StoredRange.milliseconds($0.editedAt) })::int8[])
                 AS copied (userid, day, hasnote, note, hasroutine, routine, editedat)
            ON CONFLICT (userid, day) DO NOTHING
            """).metadata.rows ?? 0
    }

    public func adoptRoutines(_ routines: [Routine], now: Date) throws(LogbookError) -> Int {
        guard !routines.isEmpty else { return 0 }
        return try link.query("""
            INSERT INTO routine (name, namekey, exercises, createdat)
            SELECT name, namekey, exercises, \(Self.milliseconds(now))
            FROM unnest(\(routines.map(\.name))::text[], \(routines.map { NameRules.key($0.name) })::text[],
                        \(routines.map(\.storedExercises))::text[]) AS copied (name, namekey, exercises)
            ON CONFLICT (namekey) DO NOTHING
            """).metadata.rows ?? 0
    }

    /// Records as columns, sent as one array per column: one statement per batch.
    private struct RecordColumns {
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

        var count: Int { uids.count }

        mutating func append(uid: String, user: Int64, exercise: Int64, values: SetValues, performedAt: Date, createdAt: Date,
                             editedAt: Date?, deletedAt: Date?, kind: SetKind? = nil) {
            kinds.append(kind?.rawValue ?? "")
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
        }

        /// New records (fresh uids).
        var insert: PostgresQuery {
            """
            INSERT INTO record (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat)
            SELECT * FROM unnest(\(uids)::text[], \(users)::int8[], \(exercises)::int8[], \(weights)::float8[], \(units)::text[],
                                 \(reps)::int8[], \(series)::int8[], \(performed)::int8[], \(created)::int8[])
            """
        }

        /// Records from another database: the ones whose uid is already here are left alone.
        var adopt: PostgresQuery {
            """
            INSERT INTO record (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat, editedat, deletedat, kind)
            SELECT uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat,
                   NULLIF(editedat, '')::int8, NULLIF(deletedat, '')::int8, NULLIF(kind, '')
            FROM unnest(\(uids)::text[], \(users)::int8[], \(exercises)::int8[], \(weights)::float8[], \(units)::text[],
                        \(reps)::int8[], \(series)::int8[], \(performed)::int8[], \(created)::int8[],
                        \(editedText)::text[], \(deletedText)::text[], \(kinds)::text[])
                 AS copied (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat, editedat, deletedat, kind)
            ON CONFLICT (uid) DO NOTHING
            """
        }

        /// Arrays with NULLs, as text PostgreSQL casts (postgres-nio encodes no optional elements).
        private var editedText: [String] { edited.map { $0.map(String.init) ?? "" } }
        private var deletedText: [String] { deleted.map { $0.map(String.init) ?? "" } }
    }
}
