import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightStore

/// The engines a storage test runs on, one test case each (`@Test(arguments:
/// TestEngine.allCases)`), so a failure names its engine: a SQLite file (WAL
/// pool, as in use), SQLite in memory (a queue, as GRDB's demo tests do), and
/// PostgreSQL (a fresh database on the throwaway server `Scripts/test` starts).
/// Without `TOPWEIGHT_TEST_PG` the PostgreSQL case fails: a suite never passes
/// by skipping an engine.
public enum TestEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case file
    case memory
    case postgres

    public var testDescription: String { rawValue }

    /// Both SQLite engines: for what only the file's store offers.
    public static let sqlite: [TestEngine] = [.file, .memory]

    /// The engines that several stores open at once on the same data (another
    /// terminal, another process): the file and PostgreSQL.
    public static let shared: [TestEngine] = [.file, .postgres]

    /// One engine of each kind: SQLite (in memory) and PostgreSQL.
    public static let kinds: [TestEngine] = [.memory, .postgres]

    /// Runs `body` on a fresh, empty store of this engine, removed afterwards.
    public func withStore(_ body: (any StorageEngine) throws -> Void) throws {
        try withStores { store, _ in try body(store) }
    }

    /// Runs `body` on a fresh, empty SQLite store: only for the `sqlite` engines.
    public func withSQLiteStore(_ body: (WorkoutStore) throws -> Void) throws {
        switch self {
        case .file: try withTemporaryDatabase { database in try body(try database.open()) }
        case .memory: try body(try WorkoutStore.inMemory())
        case .postgres: Issue.record("PostgreSQL is not a SQLite store")
        }
    }

    /// Runs `body` with `open`, which gives a further store on the same data
    /// each call; only for the `shared` engines (memory has no second store).
    public func withSharedStore(_ body: (_ open: () throws -> any StorageEngine) throws -> Void) throws {
        switch self {
        case .file:
            try withTemporaryDatabase { database in try body { try database.open() } }
        case .memory:
            Issue.record("an in-memory store can't be opened twice")
        case .postgres:
            _ = try withPostgresDatabase { url in
                var opened: [PostgresLogbook] = []
                defer { opened.forEach { $0.close() } }
                try body {
                    let store = try PostgresLogbook(url: url)
                    opened.append(store)
                    return store
                }
            }
        }
    }

    /// Runs `body` on a fresh, empty store of this engine, with `fresh` giving
    /// another empty one of the same engine each call (all removed afterwards).
    public func withStores(_ body: (_ store: any StorageEngine, _ fresh: () throws -> any StorageEngine) throws -> Void) throws {
        switch self {
        case .file:
            var databases: [TemporaryDatabase] = []
            defer { databases.forEach { $0.remove() } }
            func fresh() throws -> any StorageEngine {
                let database = TemporaryDatabase()
                databases.append(database)
                return try database.open()
            }
            try body(try fresh(), fresh)
        case .memory:
            try body(try WorkoutStore.inMemory()) { try WorkoutStore.inMemory() }
        case .postgres:
            guard let server = PostgresTestServer.url else {
                PostgresTestServer.recordMissing()
                return
            }
            var databases: [(name: String, store: PostgresLogbook)] = []
            defer {
                for database in databases {
                    database.store.close()
                    try? PostgresServer.dropDatabase(database.name, serverURL: server)
                }
            }
            func fresh() throws -> any StorageEngine {
                let name = PostgresTestServer.newDatabaseName()
                try PostgresServer.createDatabase(name, serverURL: server)
                let store: PostgresLogbook
                do {
                    store = try PostgresLogbook(url: try PostgresServer.url(server, database: name))
                } catch {
                    try? PostgresServer.dropDatabase(name, serverURL: server)
                    throw error
                }
                databases.append((name, store))
                return store
            }
            try body(try fresh(), fresh)
        }
    }
}

// MARK: - The end-to-end pass

extension TestEngine {
    /// The engine of the end-to-end pass: the file, or PostgreSQL when
    /// `TOPWEIGHT_TEST_ENGINE=postgres` (the second pass `Scripts/test` makes).
    public static var current: TestEngine {
        ProcessInfo.processInfo.environment["TOPWEIGHT_TEST_ENGINE"] == "postgres" ? .postgres : .file
    }

    /// The throwaway server's URL; a missing one fails the test, never skips it.
    public static func postgresServer() throws -> String {
        guard let url = PostgresTestServer.url else { throw PostgresTestServer.Missing() }
        return url
    }

    /// The store behind `db` (a path or a URL), as the binary would open it.
    public static func open(_ db: String) throws -> any StorageEngine {
        PostgresLocation.isPostgresURL(db) ? try PostgresLogbook(url: db) : try WorkoutStore(path: db)
    }
}

// MARK: - The server

/// The throwaway PostgreSQL server `Scripts/test` starts, named by `TOPWEIGHT_TEST_PG`.
public enum PostgresTestServer {
    public static var url: String? {
        ProcessInfo.processInfo.environment["TOPWEIGHT_TEST_PG"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static let missing = "TOPWEIGHT_TEST_PG is not set: run the suite through Scripts/test, which starts a throwaway PostgreSQL server"

    /// The error for a test that needs the server and has none.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { PostgresTestServer.missing }
    }

    /// Fails the running test: a PostgreSQL case never passes by skipping.
    static func recordMissing() {
        Issue.record(Comment(rawValue: missing))
    }

    static func newDatabaseName() -> String {
        "tw_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }
}

/// Runs `body` with the URL of a new, empty database on the test server, and
/// drops it after; without the server the test fails and `nil` comes back.
public func withPostgresDatabase<T>(_ body: (String) throws -> T) throws -> T? {
    guard let server = PostgresTestServer.url else {
        PostgresTestServer.recordMissing()
        return nil
    }
    let name = PostgresTestServer.newDatabaseName()
    try PostgresServer.createDatabase(name, serverURL: server)
    defer { try? PostgresServer.dropDatabase(name, serverURL: server) }
    return try body(try PostgresServer.url(server, database: name))
}
