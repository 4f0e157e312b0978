import CSQLiteConfig
import Foundation
import GRDB
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport

/// Migration v17: record ids without AUTOINCREMENT (Schema.RecordIDs).
@Suite("Record ids without a sequence")
struct RecordIDsTests {
    /// Frames in the store's write-ahead log, from its size.
    static func framesInLog(_ path: String, pageSize: Int) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        return size <= 32 ? 0 : (size - 32) / (pageSize + 24)
    }

    /// Saves 60 kg × 5 × 5 of `exercise` for `user` at `instant(index * 60)`; answers its id.
    @discardableResult
    static func save(_ store: WorkoutStore, _ user: User, _ exercise: Exercise, _ index: Int) throws -> Int64 {
        let at = instant(index * 60)
        return try store.saveMeasured(NewRecord(user: user, exercise: exercise, values: SetValues(60, .kg, 5, 5),
                                                performedAt: at, uid: RecordUID.make(at: at)), now: at).id
    }

    /// `record`'s rows in `sqlite_sequence`.
    static func sequenceRows(_ store: WorkoutStore) throws -> Int? {
        try store.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sqlite_sequence WHERE name = 'record'") }
    }

    @Test("a save of a set that beats nothing writes five pages: the record and its four indexes, none of sqlite_sequence")
    func fivePagesASave() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let pageSize = try store.writer.read { try Int.fetchOne($0, sql: "PRAGMA page_size") ?? 0 }
            var frames: [Int] = []
            for index in 1...20 {
                let before = Self.framesInLog(database.path, pageSize: pageSize)
                try Self.save(store, ana, bench, index)
                frames.append(Self.framesInLog(database.path, pageSize: pageSize) - before)
            }
            // The first save writes Ana's best; a leaf that fills splits now and then.
            #expect(frames.dropFirst().filter { $0 == 5 }.count >= 17, "\(frames)")
            #expect(frames.dropFirst().allSatisfy { $0 >= 5 && $0 <= 8 }, "\(frames)")
            #expect(try Self.sequenceRows(store) == 0)
        }
    }

    @Test("a member removed with the newest record: the next id, past theirs, counts in the tally and the listings")
    func removedNewestIdCounts() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            func save(_ user: User, _ index: Int) throws -> Int64 { try Self.save(store, user, bench, index) }
            for index in 1...3 { _ = try save(ana, index) }
            let bo = try store.createUser(named: "Bo")
            let bos = try save(bo, 4)
            #expect(try store.deleteRecord(id: bos, now: instant(300)))
            // The tally counts every record up to the newest: Bo's tombstone.
            try store.writer.write { try Schema.Tally.fold($0) }
            #expect(try RecordTallyTests.tallied(store).mark == bos)
            try store.removeUser(bo, withDeleted: true)
            #expect(try RecordTallyTests.tallied(store).mark == bos - 1)

            let again = try save(ana, 5)
            #expect(again == bos + 1)
            #expect(try RecordTallyTests.tallyDrift(store).differing == 0)
            #expect(try store.exercises().first { $0.exercise.name == "Bench Press" }?.records == 4)
            #expect(try store.users().first { $0.user.name == "Ana" }?.records == 4)
        }
    }

    @Test("a member removed with the record at the mark and records after it, in one delete: the mark comes down to the highest id left")
    func removedAcrossTheMark() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            func save(_ user: User, _ index: Int) throws -> Int64 { try Self.save(store, user, bench, index) }
            for index in 1...3 { _ = try save(ana, index) }
            let bo = try store.createUser(named: "Bo")
            let folded = try save(bo, 4)
            try store.writer.write { try Schema.Tally.fold($0) }
            let after = try save(bo, 5)
            #expect(try RecordTallyTests.tallied(store).mark == folded)
            // SQLite deletes Bo's rows lowest id first: at the mark's, a later one is still there.
            for id in [folded, after] { #expect(try store.deleteRecord(id: id, now: instant(400))) }
            try store.removeUser(bo, withDeleted: true)
            #expect(try RecordTallyTests.tallied(store).mark == folded - 1)

            #expect(try save(ana, 6) == after + 1)
            #expect(try RecordTallyTests.tallyDrift(store).differing == 0)
            #expect(try store.users().first { $0.user.name == "Ana" }?.records == 4)
        }
    }

    @Test("a file migrated by a connection in defensive mode, which may not write the schema, keeps its sequence, and saves")
    func defensiveConnection() throws {
        try withTemporaryDatabase { database in
            try database.makeDirectory()
            var config = Configuration()
            config.prepareDatabase { db in
                guard topweight_defensive(db.sqliteConnection, 1) == 1 else {
                    throw DatabaseError(message: "defensive mode refused")
                }
            }
            let queue = try DatabaseQueue(path: database.path, configuration: config)
            try Schema.migrator.migrate(queue)
            let (text, applied) = try queue.read { db in
                (try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'record'") ?? "",
                 try Schema.migrator.appliedIdentifiers(db))
            }
            #expect(text.contains(Schema.RecordIDs.sequenced))
            #expect(applied.contains("v17"))
            try queue.close()

            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            #expect(try Self.save(store, ana, bench, 1) == 1)
            #expect(try RecordTallyTests.tallyDrift(store).differing == 0)
        }
    }

    @Test("a fold brings a mark that stands above every id down to the highest")
    func foldLowersTheMark() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            for index in 1...2 { try Self.save(store, ana, bench, index) }
            try store.writer.write { db in
                try db.execute(sql: "UPDATE recordTallyMark SET upTo = 9")
                try Schema.Tally.fold(db)
            }
            #expect(try RecordTallyTests.tallied(store).mark == 2)
        }
    }

    @Test("a file of v16 loses the keyword and no record; its mark comes down to its newest record")
    func migration() throws {
        try withTemporaryDatabase { database in
            try database.makeDirectory()
            let queue = try DatabaseQueue(path: database.path)
            try Schema.migrator.migrate(queue, upTo: "v16")
            try queue.write { db in
                try db.execute(sql: "INSERT INTO user (name, nameKey, createdAt) VALUES ('Ana', 'ana', 0)")
                try db.execute(sql: "INSERT INTO exercise (name, nameKey, createdAt) VALUES ('Dip', 'dip', 0)")
                for id in 1...3 {
                    try db.execute(sql: """
                        INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt, uid)
                        VALUES (1, 1, 20, 'kg', 8, 3, ?, 0, ?)
                        """, arguments: [id * 1000, RecordUID.make(at: Date(timeIntervalSince1970: Double(id)))])
                }
                try Schema.Tally.fold(db)
                // The newest record gone for good: a v16 mark may stand above every id.
                try db.execute(sql: "DELETE FROM record WHERE id = 3")
            }
            let before = try queue.read { db in
                (try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'record'") ?? "",
                 try Int64.fetchOne(db, sql: "SELECT upTo FROM recordTallyMark"))
            }
            #expect(before.0.contains(Schema.RecordIDs.sequenced))
            #expect(before.1 == 3)
            try queue.close()

            let store = try database.open()
            #expect(try store.health().integrity == "ok")
            let after = try store.writer.read { db in
                (try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'record'") ?? "",
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record"))
            }
            #expect(!after.0.contains("AUTOINCREMENT"))
            #expect(after.1 == 2)
            #expect(try RecordTallyTests.tallied(store).mark == 2)
            #expect(try Self.save(store, User(id: 1, name: "Ana"), Exercise(id: 1, name: "Dip", category: nil), 10) == 3)
            #expect(try RecordTallyTests.tallyDrift(store).differing == 0)
            // The connection read the new text: its insert wrote no row of the sequence.
            #expect(try Self.sequenceRows(store) == 0)
        }
    }
}
