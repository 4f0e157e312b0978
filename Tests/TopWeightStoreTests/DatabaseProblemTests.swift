import Foundation
import GRDB
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport

/// Files the store must refuse with a one-line `LogbookError`, without ever
/// changing a byte of what the member already has.
@Suite("Database problems")
struct DatabaseProblemTests {
    /// Contents that are no SQLite database: text, text longer than a page, and binary noise.
    static let notDatabases: [(label: String, bytes: Data)] = {
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let text = "Ana 62.5x8x3\nBo 135lbx5x5\n\(UUID().uuidString)\n"
        return [
            ("short text", Data(text.utf8)),
            ("long text", Data(String(repeating: text, count: 200).utf8)),
            ("random bytes", noise),
            // The right magic, then text where the page size should be: still refused.
            ("fake header", Data("SQLite format 3\0".utf8) + Data(String(repeating: text, count: 100).utf8)),
        ]
    }()

    @Test(
        "A file that is not a database is refused as notADatabase and left byte for byte",
        arguments: notDatabases.map(\.label), [false, true]
    )
    func notADatabase(label: String, readOnly: Bool) throws {
        let contents = try #require(Self.notDatabases.first { $0.label == label }?.bytes)
        try withTemporaryDatabase { database in
            try database.makeDirectory()
            #expect(FileManager.default.createFile(atPath: database.path, contents: contents))

            let error = #expect(throws: LogbookError.self) {
                _ = try database.open(options: WorkoutStore.Options(readOnly: readOnly))
            }

            #expect(error?.kind == .notADatabase)
            #expect(error?.message.contains(database.path) == true)
            #expect(database.bytes() == contents)
        }
    }

    @Test("A database with a migration this build does not know is refused as schemaAhead and left untouched")
    func schemaAhead() throws {
        try withTemporaryDatabase { database in
            let savedID: Int64
            do {
                let store = try database.open()
                let ana = try store.createUser(named: "Ana")
                let bench = try store.createExercise(named: "Bench Press")
                savedID = try store.save(ana, bench, SetValues(62.5, .kg, 8, 3), at: instant(0))
            }
            // A newer Top Weight applied "v999".
            do {
                let queue = try DatabaseQueue(path: database.path)
                try queue.write { db in
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999')")
                }
                try queue.close()
            }
            let before = try #require(database.bytes())

            let error = #expect(throws: LogbookError.self) {
                _ = try database.open()
            }

            #expect(error?.kind == .schemaAhead)
            #expect(database.bytes() == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: database.directory.path) == [database.url.lastPathComponent])
            let queue = try DatabaseQueue(path: database.path)
            defer { try? queue.close() }
            let (migrations, records) = try queue.read { db in
                (
                    try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid"),
                    try Int64.fetchAll(db, sql: "SELECT id FROM record")
                )
            }
            #expect(migrations == Schema.knownMigrations + ["v999"])
            #expect(records == [savedID])
        }
    }

    @Test("When the disk fills up, saving fails with diskFull and every earlier record stays intact")
    func diskFull() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            // `max_page_count` belongs to one connection, so it is set on the
            // store's own writer connection: a second connection on the file
            // would not limit the store's writes. The file may then not grow
            // by a single page, as if the disk were full.
            let pages = try store.writer.barrierWriteWithoutTransaction { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                try db.execute(sql: "PRAGMA max_page_count = \(pages)")
                return pages
            }
            #expect(pages > 0)

            var saved: [Int64] = []
            var failure: LogbookError?
            // A page holds well under 1 000 records, so the limit is met long before the end.
            for index in 0..<1_000 {
                do throws(LogbookError) {
                    saved.append(try store.save(ana, bench, SetValues(Double(index), .kg, 8, 3), at: instant(index)))
                } catch {
                    failure = error
                    break
                }
            }

            let error = try #require(failure, "saving never failed")
            #expect(error.kind == .diskFull)
            #expect(!saved.isEmpty, "the first saves fit in the pages the file already has")
            let history = try store.history(HistoryQuery())
            #expect(history.map(\.id) == saved.reversed())
            #expect(history.map(\.values.weight.hundredths) == (0..<saved.count).reversed().map { $0 * 100 })
            #expect(try store.lastValues(of: ana, for: bench) == SetValues(Double(saved.count - 1), .kg, 8, 3))
            #expect(try store.health().integrity == "ok")

            // Once there is room again, saving works again.
            try store.writer.barrierWriteWithoutTransaction { db in
                try db.execute(sql: "PRAGMA max_page_count = 1073741823")
            }
            let next = try store.save(ana, bench, SetValues(1, .lb, 1, 1), at: instant(5_000))
            #expect(try store.history(HistoryQuery(limit: 1)).map(\.id) == [next])
        }
    }

    // Permission bits don't stop root: `WriteProtection` makes the file and
    // its directory read-only with `chattr +i` as root, `chmod` otherwise.
    @Test("A read-only file and directory are refused as readOnly and left untouched")
    func readOnlyFile() throws {
        try withTemporaryDatabase { database in
            let savedID: Int64
            do {
                let store = try database.open()
                let ana = try store.createUser(named: "Ana")
                let bench = try store.createExercise(named: "Bench Press")
                savedID = try store.save(ana, bench, SetValues(62.5, .kg, 8, 3), at: instant(0))
            }
            let file = try WriteProtection(database.path)
            let directory = try WriteProtection(database.directory.path)
            defer {
                directory.lift()
                file.lift()
            }
            let before = try #require(database.bytes())

            let error = #expect(throws: LogbookError.self) {
                let store = try database.open()
                let ana = try #require(try store.user(named: "Ana"))
                let bench = try #require(try store.exercise(named: "Bench Press"))
                #expect(try store.history(HistoryQuery()).map(\.id) == [savedID])
                try store.save(ana, bench, SetValues(65, .kg, 8, 3), at: instant(1))
            }

            #expect(error?.kind == .readOnly)
            #expect(database.bytes() == before)
        }
    }
}
