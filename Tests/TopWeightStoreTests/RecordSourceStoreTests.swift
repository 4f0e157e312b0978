import Foundation
import GRDB
import Testing
import TopWeightCore
import TopWeightPostgres
@testable import TopWeightStore
import TopWeightUseCases
import TopWeightTestSupport

/// Where an imported set came from (`recordSource`, v22), kept beside the
/// record on both engines: carried by `copy` both ways, read back by
/// record, gone with its record, and added to a file of v21.
@Suite("Where imported sets came from, in the store")
struct RecordSourceStoreTests {
    static func record(_ index: Int, exercise: String, source: RecordSource?) -> StoredRecord {
        StoredRecord(id: 0, uid: RecordUID.make(at: instant(index)), user: "Ana", exercise: exercise, category: nil,
                     values: SetValues(100, .kg, 5, 1), performedAt: instant(index), createdAt: instant(index), editedAt: nil, deletedAt: nil,
                     source: source)
    }

    static let squat = RecordSource(app: "strong", exercise: "Squat (Barbell)", workout: "Leg Day", workoutStart: instant(0), workoutSeconds: 3_900)
    static let row = RecordSource(app: "hevy", exercise: "Bent Over Row (Barbell)", workout: nil, workoutStart: nil, workoutSeconds: nil)

    static let records = [
        record(0, exercise: "Back Squat", source: squat),
        record(1, exercise: "Barbell Row", source: row),
        record(2, exercise: "Bench Press", source: nil),
    ]

    /// Every record's uid and source.
    static func sources(_ store: any StorageEngine) throws -> [String: RecordSource?] {
        Dictionary(try store.storedRecords(after: 0, limit: 100).map { ($0.uid, $0.source) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("A record's source is kept, read back by record, and goes with its record", arguments: TestEngine.kinds)
    func kept(engine: TestEngine) throws {
        try engine.withStore { store in
            #expect(try store.adoptRecords(Self.records, now: instant(10)) == 3)
            #expect(try Self.sources(store) == Dictionary(uniqueKeysWithValues: Self.records.map { ($0.uid, $0.source) }))
            let ana = try #require(try store.user(named: "Ana"))
            let byID = try store.recordSources(userID: ana.id)
            let history = try store.history(HistoryQuery(userID: ana.id))
            #expect(Set(byID.keys) == Set(history.filter { $0.exercise != "Bench Press" }.map(\.id)))
            #expect(byID.values.allSatisfy { !$0.edited })
            // Again: nothing added, nothing doubled; a source for a record here without one is given to it.
            var again = Self.records
            again[2].source = RecordSource(app: "fitnotes", exercise: "Flat Barbell Bench Press")
            #expect(try store.adoptRecords(again, now: instant(20)) == 0)
            #expect(try Self.sources(store)[again[2].uid] == again[2].source)
            #expect(try Self.sources(store)[again[0].uid] == Self.squat)
            // An edit is told; the member's removal takes the sources with the records.
            let squat = try #require(history.first { $0.exercise == "Back Squat" })
            let bench = try #require(try store.exercise(named: "Bench Press"))
            #expect(try store.editRecord(id: squat.id, uid: squat.uid, exercise: bench, values: squat.values, now: instant(30)))
            #expect(try store.recordSources(userID: ana.id)[squat.id]?.edited == true)
            #expect(try store.recordSources(userID: ana.id)[squat.id]?.exercise == "Squat (Barbell)")
            for record in try store.history(HistoryQuery(userID: ana.id)) { _ = try store.deleteRecord(id: record.id, now: instant(35)) }
            try store.removeUser(ana, withDeleted: true)
            #expect(try store.storedRecords(after: 0, limit: 100).isEmpty)
            #expect(try store.recordSources(userID: ana.id).isEmpty)
            // A new record that happens to get a removed one's id has no source of it.
            #expect(try store.adoptRecords([Self.record(5, exercise: "Dip", source: nil)], now: instant(40)) == 1)
            #expect(try Self.sources(store).values.allSatisfy { $0 == nil })
        }
    }

    @Test("copy carries the sources from a file to PostgreSQL and back")
    func copyBothWays() throws {
        try withTemporaryDatabase { database in
            let file = try database.open()
            _ = try file.adoptRecords(Self.records, now: instant(10))
            _ = try withPostgresDatabase { url in
                let server = try PostgresLogbook(url: url)
                defer { server.close() }
                _ = try LogbookCopy.run(from: file, to: server, now: instant(100), pageSize: 2)
                #expect(try Self.sources(server) == Self.sources(file))
                try withTemporaryDatabase { other in
                    let back = try other.open()
                    _ = try LogbookCopy.run(from: server, to: back, now: instant(200), pageSize: 2)
                    #expect(try Self.sources(back) == Self.sources(file))
                    #expect(try Self.sources(back).values.compactMap { $0 }.count == 2)
                    // Again: nothing more.
                    #expect(try LogbookCopy.run(from: server, to: back, now: instant(300)).records == 0)
                    #expect(try back.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recordSource") } == 2)
                }
            }
        }
    }

    @Test("A file of v21 takes v22: its records stay, and an import's sources are kept beside them")
    func fromV21() throws {
        try withTemporaryDatabase { database in
            try database.makeDirectory()
            let queue = try DatabaseQueue(path: database.path)
            try Schema.migrator.migrate(queue, upTo: "v21")
            try queue.write { db in
                try db.execute(sql: "INSERT INTO user (name, nameKey, createdAt) VALUES ('Ana', 'ana', 0)")
                try db.execute(sql: "INSERT INTO exercise (name, nameKey, createdAt) VALUES ('Dip', 'dip', 0)")
                try db.execute(sql: """
                    INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt, uid)
                    VALUES (1, 1, 20, 'kg', 8, 3, 1000, 0, ?)
                    """, arguments: [RecordUID.make(at: instant(0))])
                try Schema.Tally.fold(db)
            }
            #expect(try queue.read { db in try db.tableExists("recordSource") } == false)
            try queue.close()

            let store = try database.open()
            let health = try store.health()
            #expect(health.integrity == "ok")
            #expect(health.schemaVersion == Schema.knownMigrations.last)
            #expect(health.appliedMigrations == health.knownMigrations)
            #expect(try store.history(HistoryQuery()).map(\.exercise) == ["Dip"])
            #expect(try store.storedRecords(after: 0, limit: 10).map(\.source) == [nil])
            #expect(try store.adoptRecords(Self.records, now: instant(10)) == 3)
            #expect(try Self.sources(store)[Self.records[0].uid] == Self.squat)
            let check = try store.writer.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
            #expect(check.isEmpty)
        }
    }
}
