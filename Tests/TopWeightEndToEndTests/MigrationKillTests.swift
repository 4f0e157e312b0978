import Foundation
import GRDB
import Testing
import TopWeightCore
@testable import TopWeightPostgres
@testable import TopWeightStore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` in the middle of a migration: a database of each earlier schema,
/// opened by the current binary and killed at random moments while it
/// migrates, many times; then opened again.
@Suite("A migration killed in the middle", .serialized)
struct MigrationKillTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TopWeightStoreTests/Fixtures")
    /// Kills per database, and the window (from the start of the process) each lands in at random.
    static let kills = 3
    /// Records in each database, so that a migration that rewrites a table takes a while.
    static let records = 10_000

    /// What a killed run left: the migrations applied, as the engine lists them.
    struct Outcome {
        var before: Int
        var after: Int
    }

    /// A SQLite file at schema `version` (v1 to v10): the shipped fixture of that
    /// version (written by that version's `topweight add`), or, for v7 to v10,
    /// which have none, the v6 fixture brought to `version` by the shipped
    /// migrations; its records copied until it holds `records`.
    static func sqliteFile(version: Int, at path: String) throws {
        let source = fixtures.appendingPathComponent("schema-v\(min(version, 6)).sqlite")
        try FileManager.default.copyItem(atPath: source.path, toPath: path)
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        if version > 6 { try Schema.migrator.migrate(queue, upTo: "v\(version)") }
        try queue.write { db in
            let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(record)").map { $0["name"] as String }.filter { $0 != "id" }
            let chosen = columns.map { $0.lowercased() == "uid" ? "lower(hex(randomblob(16)))" : $0 }
            for _ in 0..<20 where try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") ?? 0 < records {
                try db.execute(sql: "INSERT INTO record (\(columns.joined(separator: ", "))) SELECT \(chosen.joined(separator: ", ")) FROM record")
            }
        }
    }

    static func applied(_ path: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try Schema.migrator.appliedIdentifiers($0).count }
    }

    /// Everything a migrated database holds, as the store reads it.
    /// (A migration that gives old records their uid draws it at random, so
    /// uids are compared only for being there and unique.)
    static func contents(_ store: some StorageEngine) throws -> [String] {
        var tombstones = HistoryQuery()
        tombstones.deleted = true
        let records = try store.history(HistoryQuery()) + store.history(tombstones)
        #expect(Set(records.compactMap(\.uid)).count == records.count, "a record without its own uid")
        return records.map { "\($0.id) \($0.user) \($0.exercise) \($0.values) \($0.performedAt) \(String(describing: $0.deletedAt)) \(String(describing: $0.kind))" }
    }

    /// Starts `topweight check` on `db` and kills it `after` its start.
    static func killedRun(db: String, after: Duration) throws {
        let child = try PipedChild(["check"], db: db)
        Thread.sleep(forTimeInterval: Double(after.components.seconds) + Double(after.components.attoseconds) / 1e18)
        child.signal(SIGKILL)
        _ = child.wait()
    }

    @Test("SQLite: a file of each earlier schema, the binary killed (SIGKILL) at random moments of its migration, three times, each on a fresh copy; opened again after each kill it is fully migrated, integrity_check ok, every record there",
          .tags(.slow), arguments: 1...10)
    func sqlite(version: Int) throws {
        var generator = SplitMix64(seed: UInt64(version) * 7919)
        let scratch = TemporaryDatabase()
        defer { scratch.remove() }
        try scratch.makeDirectory()
        let control = scratch.path + "-control.sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { unlink(control + suffix) } }
        try Self.sqliteFile(version: version, at: scratch.path)
        try FileManager.default.copyItem(atPath: scratch.path, toPath: control)
        // An unkilled migration of the same file, timed: the kills land within it.
        let started = ContinuousClock.now
        let uninterrupted = try PipedChild(["check"], db: control)
        #expect(uninterrupted.wait() == .exited(0), "\(uninterrupted.stderr.text)")
        let whole = ContinuousClock.now - started
        let expected = try Self.contents(try WorkoutStore(path: control))

        var outcomes: [Outcome] = []
        let window = Int(whole.components.seconds * 1000 + whole.components.attoseconds / 1_000_000_000_000_000)
        let original = scratch.path + "-v\(version).sqlite"
        defer { unlink(original) }
        try FileManager.default.copyItem(atPath: scratch.path, toPath: original)
        // Each kill on a fresh copy of the old file, and each file opened again after its kill.
        for _ in 0..<Self.kills {
            for suffix in ["", "-wal", "-shm"] { unlink(scratch.path + suffix) }
            try FileManager.default.copyItem(atPath: original, toPath: scratch.path)
            try Self.killedRun(db: scratch.path, after: .milliseconds(Int.random(in: 0...max(1, window), using: &generator)))
            outcomes.append(Outcome(before: version, after: try Self.applied(scratch.path)))
            let store = try WorkoutStore(path: scratch.path)
            let health = try store.health()
            #expect(health.integrity == "ok")
            #expect(health.appliedMigrations == health.knownMigrations)
            let found = try Self.contents(store)
            #expect(found.count == expected.count)
            #expect(found == expected)
        }
        print("MigrationKillTests: SQLite v\(version), \(expected.count) records, a whole migration and check in \(whole); migrations applied after each kill: \(outcomes.map { "v\($0.before)→\($0.after)" })")
    }
}

// MARK: - PostgreSQL

extension MigrationKillTests {
    /// A database on the test server at schema `version`, made by the shipped
    /// migrations up to it (as `PostgresSchema.migrate` applies them), with
    /// two members, two exercises and `records` sets written in v1's columns.
    static func postgresDatabase(version: Int, url: String) throws {
        try PostgresServer.execute("""
            CREATE TABLE IF NOT EXISTS topweight_migrations (identifier text PRIMARY KEY, appliedat timestamptz NOT NULL DEFAULT now())
            """, url: url)
        for migration in PostgresSchema.migrations.prefix(version) {
            for statement in migration.statements { try PostgresServer.execute(statement, url: url) }
            try PostgresServer.execute("INSERT INTO topweight_migrations (identifier) VALUES ('\(migration.identifier)')", url: url)
        }
        try PostgresServer.execute("INSERT INTO \"user\" (name, namekey, createdat) VALUES ('Ana', 'ana', 0), ('Bo', 'bo', 0)", url: url)
        try PostgresServer.execute("""
            INSERT INTO exercise (name, namekey, category, createdat) VALUES ('Back Squat', 'back squat', 'legs', 0), ('Bench Press', 'bench press', 'chest', 0)
            """, url: url)
        let uid = version >= 3 ? ", uid" : ""
        let uidValue = version >= 3 ? ", gen_random_uuid()::text" : ""
        try PostgresServer.execute("""
            INSERT INTO record (userid, exerciseid, weight, unit, reps, series, performedat, createdat\(uid))
            SELECT 1 + g % 2, 1 + g / 2 % 2, 20 + g % 200 * 0.5, 'kg', 1 + g % 12, 1 + g % 5,
                   1700000000000 + g * 60000, 1700000000000 + g * 60000\(uidValue)
            FROM generate_series(1, \(records)) AS g
            """, url: url)
    }

    static func appliedOnServer(_ url: String) throws -> Int {
        Int(try PostgresServer.count("SELECT COUNT(*) FROM topweight_migrations", url: url))
    }

    @Test("PostgreSQL: a database of each earlier schema, the binary killed (SIGKILL) at random moments of its migration, three times; each kill leaves it as it was or fully migrated; opened again it is fully migrated with every record there",
          .tags(.slow), arguments: 1...10)
    func postgres(version: Int) throws {
        var generator = SplitMix64(seed: UInt64(version) * 104_729)
        _ = try withPostgresDatabase { control in
            try Self.postgresDatabase(version: version, url: control)
            let started = ContinuousClock.now
            let uninterrupted = try PipedChild(["check"], db: control)
            #expect(uninterrupted.wait() == .exited(0), "\(uninterrupted.stderr.text)")
            let whole = ContinuousClock.now - started
            let server = try PostgresLogbook(url: control)
            defer { server.close() }
            let expected = try Self.contents(server)

            _ = try withPostgresDatabase { url in
                try Self.postgresDatabase(version: version, url: url)
                // The same rows, ids and all (uids aside, which are drawn at random).
                var outcomes: [Outcome] = []
                let window = Int(whole.components.seconds * 1000 + whole.components.attoseconds / 1_000_000_000_000_000)
                for _ in 0..<Self.kills {
                    let before = try Self.appliedOnServer(url)
                    try Self.killedRun(db: url, after: .milliseconds(Int.random(in: 0...max(1, window), using: &generator)))
                    let after = try Self.appliedOnServer(url)
                    // One transaction for every missing migration: all of them or none.
                    #expect(after == version || after == PostgresSchema.migrations.count, "v\(version) left at \(after) migrations")
                    outcomes.append(Outcome(before: before, after: after))
                }
                let store = try PostgresLogbook(url: url)
                defer { store.close() }
                let health = try store.health()
                #expect(health.appliedMigrations == health.knownMigrations)
                let found = try Self.contents(store)
                #expect(found.count == expected.count)
                #expect(found == expected)
                print("MigrationKillTests: PostgreSQL v\(version), \(expected.count) records, a whole migration and check in \(whole); migrations applied after each kill: \(outcomes.map { "\($0.before)→\($0.after)" })")
            }
        }
    }
}
