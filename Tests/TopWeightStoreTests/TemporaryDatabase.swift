import Foundation
@testable import TopWeightStore
import TopWeightCore
import TopWeightPostgres
import Testing

/// A fresh directory under the system's temporary directory, unique per test,
/// holding the database file. `remove()` deletes the whole directory; use
/// `withTemporaryDatabase` so that it always runs.
struct TemporaryDatabase: Sendable {
    /// The directory made for this test (created lazily by whoever writes in it).
    let directory: URL
    /// Where the database file lives inside `directory`.
    let url: URL

    var path: String { url.path }

    /// `nested` adds intermediate directories that do not exist yet.
    init(nested: [String] = [], fileName: String = "topweight.sqlite") {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("TopWeightStoreTests-\(UUID().uuidString)", isDirectory: true)
        var url = directory
        for component in nested { url.appendPathComponent(component, isDirectory: true) }
        self.url = url.appendingPathComponent(fileName)
    }

    /// Creates `directory` (not the nested ones) so that files can be placed in it.
    func makeDirectory() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Opens the store at `path`.
    func open(options: WorkoutStore.Options = WorkoutStore.Options()) throws(LogbookError) -> WorkoutStore {
        try WorkoutStore(path: path, options: options)
    }

    /// The file's bytes, or `nil` when it does not exist.
    func bytes() -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// Deletes the directory and everything in it, restoring write permissions first.
    func remove() {
        let manager = FileManager.default
        if let enumerator = manager.enumerator(atPath: directory.path) {
            for case let relative as String in enumerator {
                chmod(directory.appendingPathComponent(relative).path, 0o755)
            }
        }
        chmod(directory.path, 0o755)
        try? manager.removeItem(at: directory)
    }
}

/// Runs `body` with a fresh temporary database path and removes its directory afterwards,
/// whether `body` returns or throws.
func withTemporaryDatabase<T>(
    nested: [String] = [], _ body: (TemporaryDatabase) throws -> T
) throws -> T {
    let database = TemporaryDatabase(nested: nested)
    defer { database.remove() }
    return try body(database)
}

/// A fixed instant plus `seconds` and `milliseconds`, built exactly the way the
/// store decodes `performedAt` (whole milliseconds), so dates compare equal
/// after a round trip. No test reads the wall clock.
func instant(_ seconds: Int, milliseconds: Int = 0) -> Date {
    let total: Int64 = 1_750_000_000_000 + Int64(seconds) * 1000 + Int64(milliseconds)
    return Date(timeIntervalSince1970: Double(total) / 1000)
}

extension SetValues {
    /// `SetValues(62.5, .kg, 8, 3)` is 62.5 kg × 8 × 3.
    init(_ weight: Double, _ unit: WeightUnit, _ reps: Int, _ series: Int) {
        self.init(weight: Weight(value: weight, unit: unit), reps: reps, series: series)
    }
}

extension Logbook {
    /// Saves a set and returns its id; a shorthand for the tests. The uid is
    /// made from `performedAt`, so ids sort the way the sets were made.
    @discardableResult
    func save(
        _ user: User, _ exercise: Exercise, _ values: SetValues, at performedAt: Date
    ) throws(LogbookError) -> Int64 {
        try save(NewRecord(user: user, exercise: exercise, values: values, performedAt: performedAt,
                           uid: RecordUID.make(at: performedAt)), now: performedAt)
    }
}

/// The engines the store suite runs against: a file (WAL pool, as in use),
/// memory (a queue, as GRDB's demo tests do), and PostgreSQL (a fresh
/// database on the throwaway server `Scripts/test` starts).
enum Engine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case file
    case memory
    case postgres

    var testDescription: String { rawValue }
}

/// Runs `body` once per engine, each on a fresh, empty store.
func withEachEngine(_ body: (any StorageEngine) throws -> Void) throws {
    for engine in Engine.allCases {
        switch engine {
        case .file:
            try withTemporaryDatabase { database in try body(try database.open()) }
        case .memory:
            try body(try WorkoutStore.inMemory())
        case .postgres:
            try withPostgresDatabase { url in try body(try PostgresLogbook(url: url)) }
        }
    }
}

/// Runs `body` on both SQLite engines only: for what only the file's store offers.
func withEachSQLiteEngine(_ body: (WorkoutStore) throws -> Void) throws {
    try withTemporaryDatabase { database in try body(try database.open()) }
    try body(try WorkoutStore.inMemory())
}

/// Runs `body` on a file and on a PostgreSQL database, with `open` giving a
/// further store on the same data: another terminal, another process.
func withEachSharedEngine(_ body: (_ open: () throws -> any StorageEngine) throws -> Void) throws {
    try withTemporaryDatabase { database in try body { try database.open() } }
    _ = try withPostgresDatabase { url in try body { try PostgresLogbook(url: url) } }
}
