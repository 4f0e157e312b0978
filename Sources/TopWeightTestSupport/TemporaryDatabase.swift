import Foundation
import TopWeightCore
import TopWeightStore

/// A fresh directory under the system's temporary directory, unique per test,
/// holding the database file. `remove()` deletes the whole directory; use
/// `withTemporaryDatabase` so that it always runs.
public struct TemporaryDatabase: Sendable {
    /// The directory made for this test (created lazily by whoever writes in it).
    public let directory: URL
    /// Where the database file lives inside `directory`.
    public let url: URL

    public var path: String { url.path }

    /// `nested` adds intermediate directories that do not exist yet.
    public init(nested: [String] = [], fileName: String = "topweight.sqlite") {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("TopWeightStoreTests-\(UUID().uuidString)", isDirectory: true)
        var url = directory
        for component in nested { url.appendPathComponent(component, isDirectory: true) }
        self.url = url.appendingPathComponent(fileName)
    }

    /// Creates `directory` (not the nested ones) so that files can be placed in it.
    public func makeDirectory() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Opens the store at `path`.
    public func open(options: WorkoutStore.Options = WorkoutStore.Options()) throws(LogbookError) -> WorkoutStore {
        try WorkoutStore(path: path, options: options)
    }

    /// The file's bytes, or `nil` when it does not exist.
    public func bytes() -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// Deletes the directory and everything in it, restoring write permissions first.
    public func remove() {
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
public func withTemporaryDatabase<T>(
    nested: [String] = [], _ body: (TemporaryDatabase) throws -> T
) throws -> T {
    let database = TemporaryDatabase(nested: nested)
    defer { database.remove() }
    return try body(database)
}
