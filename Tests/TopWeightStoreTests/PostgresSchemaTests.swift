import Foundation
import Synchronization
import Testing
import TopWeightCore
import TopWeightPostgres
@testable import TopWeightStore
import TopWeightTestSupport

/// What only the PostgreSQL engine's schema handling has to prove.
@Suite("PostgreSQL schema and migrations")
struct PostgresSchemaTests {
    @Test("An empty database migrates to the same versions as the file, and reopening applies nothing twice")
    func migratesFromEmpty() throws {
        _ = try withPostgresDatabase { url in
            let health = try PostgresLogbook(url: url).health()
            #expect(health.schemaVersion == Schema.knownMigrations.last)
            #expect(health.appliedMigrations == Schema.knownMigrations.count)
            #expect(health.knownMigrations == Schema.knownMigrations.count)
            #expect(health.users == 0 && health.exercises == 0 && health.records == 0)
            // The same migrations by identifier, not only as many; v4's tables are there, empty.
            let identifiers = Schema.knownMigrations.map { "'\($0)'" }.joined(separator: ", ")
            #expect(try PostgresServer.count("SELECT COUNT(*) FROM topweight_migrations WHERE identifier IN (\(identifiers))", url: url)
                == Int64(Schema.knownMigrations.count))
            #expect(try PostgresServer.count("SELECT COUNT(*) FROM session", url: url) == 0)
            #expect(try PostgresServer.count("SELECT COUNT(*) FROM routine", url: url) == 0)

            let store = try PostgresLogbook(url: url)
            let ana = try store.createUser(named: "Ana")
            try store.save(ana, try store.createExercise(named: "Row"), SetValues(50, .kg, 10, 3), at: instant(0))
            let again = try PostgresLogbook(url: url).health()
            #expect(again.appliedMigrations == Schema.knownMigrations.count)
            #expect(again.records == 1)
        }
    }

    @Test("Terminals opening an empty database at once migrate it once")
    func concurrentFirstOpen() throws {
        _ = try withPostgresDatabase { url in
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                do {
                    _ = try PostgresLogbook(url: url)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            let failed = failures.withLock { $0 }
            #expect(failed.isEmpty, "\(failed)")
            let health = try PostgresLogbook(url: url).health()
            #expect(health.appliedMigrations == Schema.knownMigrations.count)
        }
    }

    @Test("A database from a newer Top Weight is refused as schemaAhead and left as it was")
    func newerRefused() throws {
        _ = try withPostgresDatabase { url in
            let store = try PostgresLogbook(url: url)
            let ana = try store.createUser(named: "Ana")
            try store.save(ana, try store.createExercise(named: "Row"), SetValues(50, .kg, 10, 3), at: instant(0))
            try PostgresServer.execute("INSERT INTO topweight_migrations (identifier) VALUES ('v99-from-the-future')", url: url)
            store.close()

            for readOnly in [false, true] {
                do {
                    _ = try PostgresLogbook(url: url, options: .init(readOnly: readOnly))
                    Issue.record("a newer database was opened (readOnly: \(readOnly))")
                } catch let error as LogbookError {
                    #expect(error.kind == .schemaAhead)
                    #expect(error.message.contains("newer Top Weight"))
                }
            }
            let records = try PostgresServer.count("SELECT COUNT(*) FROM record", url: url)
            let migrations = try PostgresServer.count("SELECT COUNT(*) FROM topweight_migrations", url: url)
            #expect(records == 1)
            #expect(migrations == Int64(Schema.knownMigrations.count + 1))
        }
    }
}
