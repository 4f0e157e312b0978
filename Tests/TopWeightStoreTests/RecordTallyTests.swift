import Foundation
import GRDB
import Testing
import TopWeightCore
@testable import TopWeightPostgres
@testable import TopWeightStore
import TopWeightTestSupport

/// Migration v11's tally of live records per member and exercise, which the
/// listings read instead of counting records: whatever changes records, on
/// every engine, leaves it equal to a count of the records themselves.
@Suite("The tally of live records, on a file, in memory and on PostgreSQL")
struct RecordTallyTests {
    /// How many (member, exercise) pairs have live records, and how many
    /// rows the tally and a count of the records disagree on (either way),
    /// read from the engine's own tables.
    static func tallyDrift(_ store: any StorageEngine) throws -> (pairs: Int64, differing: Int64) {
        // A file's tally counts up to its mark, its view the records after it too (v16).
        let tallied = store is WorkoutStore ? "recordTallyNow" : "recordTally"
        let tally = "SELECT userId, exerciseId, records FROM \(tallied) WHERE records <> 0"
        let counted = "SELECT userId, exerciseId, COUNT(*) FROM record WHERE deletedAt IS NULL GROUP BY userId, exerciseId"
        let pairs = "SELECT COUNT(*) FROM (\(counted)) AS counted"
        let differing = """
            SELECT (SELECT COUNT(*) FROM (SELECT * FROM (\(tally)) AS a EXCEPT SELECT * FROM (\(counted)) AS b) AS one)
                 + (SELECT COUNT(*) FROM (SELECT * FROM (\(counted)) AS c EXCEPT SELECT * FROM (\(tally)) AS d) AS other)
            """
        if let file = store as? WorkoutStore {
            return try file.writer.read { db in
                (try Int64.fetchOne(db, sql: pairs) ?? -1, try Int64.fetchOne(db, sql: differing) ?? -1)
            }
        }
        let server = try #require(store as? PostgresLogbook)
        let test = try #require(PostgresTestServer.url)
        let url = try PostgresServer.url(test, database: server.link.location.database)
        return (try PostgresServer.count(pairs, url: url), try PostgresServer.count(differing, url: url))
    }

    /// Random saves, bulk imports, copies, edits onto other exercises,
    /// tombstones, restores, merges and removals of members, seeded.
    static func shuffle(_ store: any StorageEngine, seed: UInt64, steps: Int) throws {
        var random = Seeded(seed)
        var users = try (0..<4).map { try store.createUser(named: "Member \($0)") }
        var exercises = try (0..<5).map { try store.createExercise(named: "Lift \($0)") }
        var ids: [Int64] = []
        var clock = 0
        var made = 0
        func values() -> SetValues { SetValues(Double(20 + random.next(40)), .kg, 1 + random.next(10), 1 + random.next(3)) }
        func next() -> Date {
            clock += 60
            return instant(clock)
        }
        for _ in 0..<steps {
            switch random.next(10) {
            case 0, 1, 2:
                let at = next()
                let record = NewRecord(user: users[random.next(users.count)], exercise: exercises[random.next(exercises.count)],
                                       values: values(), performedAt: at, uid: RecordUID.make(at: at),
                                       kind: random.next(5) == 0 ? .warmup : nil)
                ids.append(try store.saveMeasured(record, now: at).id)
            case 3:
                // An import: a few sets at once.
                var left = 1 + random.next(4)
                let user = users[random.next(users.count)]
                let exercise = exercises[random.next(exercises.count)]
                let at = next()
                _ = try store.insertRecords(batchSize: 2) { () -> BulkRecord? in
                    guard left > 0 else { return nil }
                    left -= 1
                    return BulkRecord(userID: user.id, exerciseID: exercise.id, values: values(), performedAt: at, createdAt: at)
                }
            case 4 where !ids.isEmpty:
                _ = try store.deleteRecord(id: ids[random.next(ids.count)], now: next())
            case 5 where !ids.isEmpty:
                _ = try store.restoreRecord(id: ids[random.next(ids.count)])
            case 6 where !ids.isEmpty:
                _ = try store.editRecord(id: ids[random.next(ids.count)], exercise: exercises[random.next(exercises.count)],
                                         values: values(), now: next())
            case 7 where exercises.count > 2:
                let from = exercises.remove(at: random.next(exercises.count))
                _ = try store.mergeExercise(from, into: exercises[random.next(exercises.count)], now: next())
                made += 1
                exercises.append(try store.createExercise(named: "New lift \(made)"))
            case 8 where users.count > 2 && random.next(3) == 0:
                // A member whose sets are all deleted, removed with their tombstones.
                let index = random.next(users.count)
                var query = HistoryQuery(userID: users[index].id)
                query.limit = nil
                for record in try store.history(query) { _ = try store.deleteRecord(id: record.id, now: next()) }
                try store.removeUser(users.remove(at: index), withDeleted: true)
                made += 1
                users.append(try store.createUser(named: "New member \(made)"))
            case 9:
                // Another database's records adopted, as `copy` does, and again (nothing twice).
                let at = next()
                let stored = StoredRecord(id: 0, uid: RecordUID.make(at: at), user: users[random.next(users.count)].name,
                                          exercise: exercises[random.next(exercises.count)].name, category: nil, values: values(),
                                          performedAt: at, createdAt: at, editedAt: nil, deletedAt: random.next(3) == 0 ? at : nil)
                _ = try store.adoptRecords([stored], now: at)
                _ = try store.adoptRecords([stored], now: at)
            default:
                continue
            }
        }
    }

    @Test("after random saves, imports, copies, edits, tombstones, restores, merges and removals the tally is a count of the live records",
          arguments: TestEngine.allCases, [1, 2, 3] as [UInt64])
    func tallyFollowsRecords(engine: TestEngine, seed: UInt64) throws {
        try engine.withStore { store in
            try Self.shuffle(store, seed: seed, steps: 120)
            let drift = try Self.tallyDrift(store)
            #expect(drift.pairs > 5)
            #expect(drift.differing == 0)
        }
    }

    @Test("users and exercises list each one's live records, as counted from the records", arguments: TestEngine.allCases)
    func listingsCount(engine: TestEngine) throws {
        try engine.withStore { store in
            try Self.shuffle(store, seed: 7, steps: 80)
            var everything = HistoryQuery()
            everything.limit = nil
            let live = try store.history(everything)
            #expect(live.count > 10)
            for summary in try store.users() {
                let expected = live.filter { $0.user == summary.user.name }.count
                #expect(summary.records == expected, "\(summary.user.name)")
                var query = HistoryQuery(userID: summary.user.id)
                query.limit = 1
                #expect(summary.lastPerformedAt == (try store.history(query)).first?.performedAt, "\(summary.user.name)")
            }
            for summary in try store.exercises() {
                let expected = live.filter { $0.exercise == summary.exercise.name }.count
                #expect(summary.records == expected, "\(summary.exercise.name)")
            }
        }
    }

    @Test("a file of v10 with records is tallied by migration v11")
    func migrationFillsTheTally() throws {
        try withTemporaryDatabase { database in
            try database.makeDirectory()
            let queue = try DatabaseQueue(path: database.path)
            try Schema.migrator.migrate(queue, upTo: "v10")
            try queue.write { db in
                try db.execute(sql: "INSERT INTO user (name, nameKey, createdAt) VALUES ('Ana', 'ana', 0), ('Bo', 'bo', 0)")
                try db.execute(sql: "INSERT INTO exercise (name, nameKey, createdAt) VALUES ('Squat', 'squat', 0), ('Row', 'row', 0)")
                let insert = try db.makeStatement(sql: WorkoutStore.insertSQL)
                for index in 0..<30 {
                    let at = WorkoutStore.milliseconds(instant(index * 60))
                    try insert.execute(arguments: [RecordUID.make(at: instant(index)), 1 + index % 2, 1 + index % 3 / 2, 60.0, "kg", 5, 3, at, at])
                }
                try db.execute(sql: "UPDATE record SET deletedAt = 1 WHERE id % 7 = 0")
                // Ana's squats (odd ids but 3, 9, 15, 21, 27; 7 deleted): 60 kg × 5, then
                // 70 kg, 150 lb (68 kg), a warm-up of 90 kg, another tool's 5 000 kg, and two at 8 reps.
                try db.execute(sql: "UPDATE record SET weight = 70 WHERE id = 13")
                try db.execute(sql: "UPDATE record SET weight = 150, unit = 'lb' WHERE id = 19")
                try db.execute(sql: "UPDATE record SET weight = 90, kind = 'warmup' WHERE id = 25")
                try db.execute(sql: "UPDATE record SET weight = 5000 WHERE id = 5")
                try db.execute(sql: "UPDATE record SET reps = 8 WHERE id IN (11, 17)")
            }
            try queue.close()

            let store = try database.open()
            let drift = try Self.tallyDrift(store)
            #expect(drift.pairs == 4)
            #expect(drift.differing == 0)
            #expect(try store.users().map(\.records) == [13, 13])
            let bests = try store.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT reps, recordId, kilograms FROM recordBest WHERE userId = 1 AND exerciseId = 1 ORDER BY reps")
                    .map { "\($0[0] as Int)×\($0[1] as Int64) \($0[2] as Double)" }
            }
            #expect(bests == ["5×13 70.0", "8×11 60.0"])
        }
    }

    /// The rows of the tally table itself, and its mark (v16).
    static func tallied(_ store: WorkoutStore) throws -> (rows: [String], mark: Int64) {
        try store.writer.read { db in
            (try Row.fetchAll(db, sql: "SELECT userId, exerciseId, records FROM recordTally WHERE records <> 0 ORDER BY 1, 2")
                .map { "\($0[0] as Int64)/\($0[1] as Int64):\($0[2] as Int64)" },
             try Int64.fetchOne(db, sql: "SELECT upTo FROM recordTallyMark") ?? -1)
        }
    }

    @Test("a save writes no row of the tally; the 256th record saved folds those after the mark into it")
    func savesFoldEvery256() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            func save(_ index: Int) throws {
                let at = instant(index * 60)
                _ = try store.saveMeasured(NewRecord(user: ana, exercise: bench, values: SetValues(60, .kg, 5, 5), performedAt: at,
                                                     uid: RecordUID.make(at: at)), now: at)
            }
            for index in 1...255 { try save(index) }
            #expect(try Self.tallied(store).rows == [])
            #expect(try Self.tallied(store).mark == 0)
            #expect(try store.exercises().first { $0.exercise.name == "Bench Press" }?.records == 255)

            try save(256)
            #expect(try Self.tallied(store).rows == ["\(ana.id)/\(bench.id):256"])
            #expect(try Self.tallied(store).mark == 256)
            try save(257)
            #expect(try Self.tallied(store).rows == ["\(ana.id)/\(bench.id):256"])
            #expect(try store.users().first { $0.user.name == "Ana" }?.records == 257)
            #expect(try Self.tallyDrift(store).differing == 0)
        }
    }

    @Test("a record another program inserts into the file counts at once, in users and exercises")
    func anotherProgramsInsertCounts() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat")
            // As the sqlite3 shell would: an INSERT into record, and nothing else.
            let queue = try DatabaseQueue(path: database.path)
            defer { try? queue.close() }
            try queue.write { db in
                let at = WorkoutStore.milliseconds(instant(60))
                try db.execute(sql: WorkoutStore.insertSQL, arguments: [RecordUID.make(at: instant(60)), ana.id, squat.id, 100.0, "kg", 5, 5, at, at])
            }
            #expect(try store.users().first { $0.user.name == "Ana" }?.records == 1)
            #expect(try store.exercises().first { $0.exercise.name == "Back Squat" }?.records == 1)
            #expect(try store.lastExercise(of: ana)?.name == "Back Squat")
        }
    }

    @Test("users and exercises read their counts from the tally, not by counting the records")
    func listingsReadTheTally() throws {
        try withTemporaryDatabase { database in
            _ = try QueryPlanTests.makeFixture(in: database)
            for sql in [WorkoutStore.usersSQL, WorkoutStore.exercisesSQL] {
                let plan = try QueryPlanTests.plan(of: sql, arguments: [], path: database.path)
                let explained = plan.joined(separator: "\n")
                #expect(explained.contains("recordTally") || explained.contains("SEARCH t USING PRIMARY KEY"), "\(explained)")
                // The only looks at record: a member's newest live set, through their (userId, performedAt)
                // entries, and the records after the tally's mark, down the primary key (v16).
                for step in plan where QueryPlanTests.readsRecordTable(step) {
                    #expect(step.contains("USING INDEX record_on_user_performedAt (userId=?)")
                        || step == "SEARCH record USING INTEGER PRIMARY KEY (rowid>?)", "\(explained)")
                }
            }
        }
    }
}

/// SplitMix64: the same steps for a seed on every run.
struct Seeded {
    private var state: UInt64

    init(_ seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
