import Foundation
import TopWeightCore
import TopWeightPostgres

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
