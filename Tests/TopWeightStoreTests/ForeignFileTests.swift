import Foundation
import GRDB
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The store opens only what is Top Weight's: another program's SQLite
/// database (another GRDB app's too) is refused before anything is written
/// to it, and an empty file becomes a database only when the caller may
/// create one.
@Suite("Files that are not Top Weight's")
struct ForeignFileTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    static func journalMode(_ path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    @Test("Another program's database is refused as notADatabase, naming it, its tables, bytes, journal mode and mode unchanged",
          arguments: ["plain", "another GRDB app"], [false, true])
    func anotherProgram(kind: String, create: Bool) throws {
        try withTemporaryDatabase { database in
            try database.makeDirectory()
            do {
                let queue = try DatabaseQueue(path: database.path)
                try queue.write { db in
                    try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)")
                    if kind == "another GRDB app" {
                        try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('createNotes')")
                    }
                }
                try queue.close()
            }
            #expect(chmod(database.path, 0o644) == 0)
            let before = try #require(database.bytes())

            let error = #expect(throws: LogbookError.self) {
                _ = try database.open(options: WorkoutStore.Options(create: create))
            }

            #expect(error?.kind == .notADatabase, "\(String(describing: error))")
            #expect(error?.message.contains("\(database.path) is another program's SQLite database") == true, "\(String(describing: error))")
            #expect(error?.message.contains("note") == true)
            #expect(database.bytes() == before)
            #expect(Self.mode(database.path) == 0o644)
            #expect(try Self.journalMode(database.path) == "delete")
            #expect(try FileManager.default.contentsOfDirectory(atPath: database.directory.path) == [database.url.lastPathComponent])
        }
    }

    @Test("An empty file, or a SQLite file with nothing in it, is no database: refused without create and left as it was; made one with create",
          arguments: ["empty file", "empty SQLite"])
    func emptyFile(kind: String) throws {
        try withTemporaryDatabase { database in
            try database.makeDirectory()
            if kind == "empty file" {
                #expect(FileManager.default.createFile(atPath: database.path, contents: Data()))
            } else {
                let queue = try DatabaseQueue(path: database.path)
                try queue.write { db in try db.execute(sql: "CREATE TABLE t (x); DROP TABLE t") }
                try queue.close()
            }
            let before = try #require(database.bytes())

            let error = #expect(throws: LogbookError.self) {
                _ = try database.open(options: WorkoutStore.Options(create: false))
            }

            #expect(error?.kind == .cannotOpen, "\(String(describing: error))")
            #expect(error?.message.contains("no database at \(database.path)") == true, "\(String(describing: error))")
            #expect(database.bytes() == before)
            let store = try database.open(options: WorkoutStore.Options(create: true))
            #expect(try store.createUser(named: "Ana").name == "Ana")
        }
    }
}
