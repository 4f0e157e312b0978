import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres

/// The throwaway PostgreSQL server `Scripts/test` starts, named by
/// `TOPWEIGHT_TEST_PG`. Without it every PostgreSQL case fails loudly: the
/// suite never passes by skipping an engine.
enum PostgresTestServer {
    static var url: String? {
        ProcessInfo.processInfo.environment["TOPWEIGHT_TEST_PG"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Runs `body` with the URL of a new, empty database on the test server, and drops it after.
func withPostgresDatabase<T>(_ body: (String) throws -> T) throws -> T? {
    guard let server = PostgresTestServer.url else {
        Issue.record("TOPWEIGHT_TEST_PG is not set: run the suite through Scripts/test, which starts a throwaway PostgreSQL server")
        return nil
    }
    let name = "tw_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try PostgresServer.createDatabase(name, serverURL: server)
    defer { try? PostgresServer.dropDatabase(name, serverURL: server) }
    return try body(try PostgresServer.url(server, database: name))
}
