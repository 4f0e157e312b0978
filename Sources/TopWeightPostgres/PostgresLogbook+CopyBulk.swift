import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - A whole history in one transaction (`topweight copy`, a large import)

extension PostgresLogbook: BulkAdoption {
    /// Records at least this many, and at least as many as the table holds,
    /// are loaded with the record table's secondary indexes dropped and the
    /// tally's trigger off, both rebuilt before the commit: building an index
    /// once over the rows costs a fraction of keeping it row by row (the
    /// three personal-record indexes are expressions over every set), and
    /// one grouped count replaces a trigger's upsert per set.
    static let rebuildFrom = 10_000

    public func adoptAllRecords(
        expected: Int, now: Date, read: (_ handed: Int, _ last: StoredRecord?) throws(LogbookError) -> [StoredRecord],
        afterPage: (_ handed: Int) -> Void
    ) throws(LogbookError) -> (records: Int, coached: Int) {
        try link.transaction(bulk: true) { transaction in
            var names = try NameIDs(transaction)
            let present = try transaction.query("SELECT count(*) FROM record").first.map { try Self.decode($0, as: Int64.self) } ?? 0
            let rebuild = expected >= Self.rebuildFrom && Int64(expected) >= present
            var indexes: [String] = []
            var tallied = false
            if rebuild {
                // Lifted for this transaction alone: building the indexes sorts in memory.
                try transaction.query("SET LOCAL maintenance_work_mem = '256MB'")
                indexes = try Self.dropSecondaryIndexes(transaction)
                tallied = try Self.tallyTriggerOn(transaction)
                if tallied { try transaction.query("ALTER TABLE record DISABLE TRIGGER record_tally_insert") }
            }
            var added = 0
            var coached = 0
            var handed = 0
            var last: StoredRecord?
            var touched = Set<Pair>()
            while true {
                let page = try read(handed, last)
                guard let final = page.last else { break }
                var batch = RecordColumns()
                var marks: [CoachMark] = []
                for record in page {
                    let user = try names.user(record.user, now: now, transaction)
                    let exercise = try names.exercise((record.exercise, record.category, record.exerciseKind ?? record.values.measure),
                                                      now: now, transaction)
                    if tallied, record.deletedAt == nil { touched.insert(Pair(user: user, exercise: exercise)) }
                    batch.append(uid: record.uid, user: user, exercise: exercise, values: record.values,
                                 performedAt: record.performedAt, createdAt: record.createdAt, editedAt: record.editedAt,
                                 deletedAt: record.deletedAt, kind: record.kind, superset: record.superset)
                    if let coach = record.coach { marks.append(CoachMark(uid: record.uid, coach: coach)) }
                }
                guard page.allSatisfy(\.values.isWellFormed) else { throw LogbookError(.other, "refused a set that is not one of its kind") }
                added += try transaction.query(batch.adopt).metadata.rows ?? 0
                try Self.adoptSources(page, transaction)
                if !marks.isEmpty { coached += try transaction.query(Self.coachMarks(marks)).metadata.rows ?? 0 }
                handed += page.count
                last = final
                afterPage(handed)
            }
            for index in indexes { try transaction.query(PostgresQuery(unsafeSQL: index)) }
            if tallied {
                try Self.recount(touched, transaction)
                try transaction.query("ALTER TABLE record ENABLE TRIGGER record_tally_insert")
            }
            if rebuild { try transaction.query("ANALYZE record") }
            return (added, coached)
        }
    }

    /// Notes each set's coach (a member here by name) where the set has none yet.
    static func coachMarks(_ marks: [CoachMark]) -> PostgresQuery {
        """
        INSERT INTO recordcoach (recordid, coachid)
        SELECT r.id, u.id FROM unnest(\(marks.map(\.uid))::text[], \(marks.map { NameRules.key($0.coach) })::text[]) AS m (uid, namekey)
        JOIN record r ON r.uid = m.uid JOIN "user" u ON u.namekey = m.namekey
        ON CONFLICT (recordid) DO NOTHING
        """
    }

    /// Drops the record table's indexes but the unique ones (the key, the
    /// uid an adopted record is matched by) and returns the statements that
    /// make them again, exactly as they were.
    private static func dropSecondaryIndexes(_ transaction: PostgresLink.Transaction) throws -> [String] {
        let rows = try transaction.query("""
            SELECT c.relname, pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = 'record'::regclass AND NOT i.indisunique ORDER BY c.relname COLLATE "C"
            """)
        var made: [String] = []
        for row in rows {
            let (name, definition) = try decode(row, as: (String, String).self)
            try transaction.query(PostgresQuery(unsafeSQL: "DROP INDEX \(quoted(name))"))
            made.append(definition)
        }
        return made
    }

    private static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether v11's tally trigger is there and enabled.
    private static func tallyTriggerOn(_ transaction: PostgresLink.Transaction) throws -> Bool {
        try transaction.query("""
            SELECT 1 FROM pg_trigger WHERE tgrelid = 'record'::regclass AND tgname = 'record_tally_insert' AND tgenabled <> 'D'
            """).first != nil
    }

    /// Each touched member's and exercise's live records counted again, as the trigger would have kept them.
    private static func recount(_ pairs: Set<Pair>, _ transaction: PostgresLink.Transaction) throws {
        guard !pairs.isEmpty else { return }
        let all = Array(pairs)
        try transaction.query("""
            INSERT INTO recordtally AS t (userid, exerciseid, records)
            SELECT r.userid, r.exerciseid, count(*) FROM record r
            JOIN unnest(\(all.map(\.user))::int8[], \(all.map(\.exercise))::int8[]) AS p (userid, exerciseid)
              ON r.userid = p.userid AND r.exerciseid = p.exerciseid
            WHERE r.deletedat IS NULL GROUP BY r.userid, r.exerciseid
            ON CONFLICT (userid, exerciseid) DO UPDATE SET records = EXCLUDED.records
            """)
    }

    private struct Pair: Hashable {
        let user: Int64
        let exercise: Int64
    }

    /// Members' and exercises' ids by name key, read once, a name not here
    /// created as `findOrCreateUsers` and `findOrCreateExercises` would
    /// (checked, under the names lock).
    private struct NameIDs {
        private var users: [String: Int64] = [:]
        private var exercises: [String: Int64] = [:]
        private var locked = false

        init(_ transaction: PostgresLink.Transaction) throws {
            for row in try transaction.query("SELECT namekey, id FROM \"user\"") {
                let (key, id) = try PostgresLogbook.decode(row, as: (String, Int64).self)
                users[key] = id
            }
            for row in try transaction.query("SELECT namekey, id FROM exercise") {
                let (key, id) = try PostgresLogbook.decode(row, as: (String, Int64).self)
                exercises[key] = id
            }
        }

        mutating func user(_ name: String, now: Date, _ transaction: PostgresLink.Transaction) throws -> Int64 {
            if let id = users[NameRules.key(name)] { return id }
            let id = try create(.user, (name, nil, .weight), now: now, transaction)
            users[NameRules.key(name)] = id
            return id
        }

        mutating func exercise(_ entry: ExerciseEntry, now: Date, _ transaction: PostgresLink.Transaction) throws -> Int64 {
            if let id = exercises[NameRules.key(entry.name)] { return id }
            let id = try create(.exercise, entry, now: now, transaction)
            exercises[NameRules.key(entry.name)] = id
            return id
        }

        private mutating func create(_ table: NameTable, _ entry: ExerciseEntry, now: Date,
                                     _ transaction: PostgresLink.Transaction) throws -> Int64 {
            let name: String
            switch NameRules.validate(entry.name, kind: table == .user ? .user : .exercise) {
            case .success(let valid): name = valid
            case .failure(let error): throw LogbookError(.other, error.description)
            }
            if !locked {
                try transaction.query("SELECT pg_advisory_xact_lock(\(PostgresLogbook.namesLock))")
                locked = true
            }
            return try PostgresLogbook.findOrCreate(table: table, name: name, category: entry.category, kind: entry.kind, now: now,
                                                    transaction).0
        }
    }
}
