import Foundation
import TopWeightCore
import TopWeightPostgres

/// Temporary database files beside the real database, removed with their
/// -wal, -shm and -journal companions (and the directory, when it was made here).
final class BenchScratch {
    let directory: String
    private let prefix: String
    private let madeDirectory: Bool
    private var paths: [String] = []

    init(directory: String) throws {
        self.directory = directory
        prefix = ".topweight-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let manager = FileManager.default
        if manager.fileExists(atPath: directory) {
            madeDirectory = false
        } else {
            do {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw LogbookError(.cannotOpen, "cannot create directory \(directory) for the benchmark's temporary databases")
            }
            madeDirectory = true
        }
    }

    /// A new file name here; `pathExtension` other than the default for scripts and the like.
    func path(_ name: String, pathExtension: String = "sqlite") -> String {
        let path = (directory as NSString).appendingPathComponent("\(prefix)-\(name).\(pathExtension)")
        paths.append(path)
        return path
    }

    func removeAll() {
        let manager = FileManager.default
        for path in paths {
            for suffix in ["", "-wal", "-shm", "-journal"] where manager.fileExists(atPath: path + suffix) {
                try? manager.removeItem(atPath: path + suffix)
            }
        }
        if madeDirectory, (try? manager.contentsOfDirectory(atPath: directory))?.isEmpty == true {
            try? manager.removeItem(atPath: directory)
        }
    }
}

/// Databases made on a PostgreSQL server for one benchmark, dropped afterwards.
final class PostgresScratch {
    let serverURL: String
    private let prefix: String
    private var names: [String] = []

    init(serverURL: String) {
        self.serverURL = serverURL
        prefix = "topweight_bench_\(ProcessInfo.processInfo.processIdentifier)_\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
    }

    /// Creates an empty database and returns its URL.
    func database(_ name: String) throws -> String {
        let database = "\(prefix)_\(name)"
        do {
            try PostgresServer.createDatabase(database, serverURL: serverURL)
        } catch {
            throw LogbookError(error.kind, "cannot create the benchmark's scratch database \(database) (its role needs CREATEDB): \(error.message)")
        }
        names.append(database)
        return try PostgresServer.url(serverURL, database: database)
    }

    func dropAll() {
        for name in names {
            try? PostgresServer.dropDatabase(name, serverURL: serverURL)
        }
        names.removeAll()
    }
}
