import Foundation
import Testing
import TopWeightPostgres

/// What one Enter costs the server, counted where nothing can hide it: the
/// server's own statement log (`log_statement = all`), for the real binary
/// with piped input, on a server of the test's own.
@Suite("One Enter's statements in PostgreSQL's log", .serialized)
struct EnterStatementTests {
    @Test("Piped saves cost the server at most 3 statements for the first set of a member's turn and exactly 1 for each later one")
    func statementsPerSave() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        // Every statement, each line led by its database and the server process of its connection.
        try PostgresServer.execute("ALTER SYSTEM SET log_statement = 'all'", url: cluster.url)
        try PostgresServer.execute("ALTER SYSTEM SET log_line_prefix = '%d|%p|'", url: cluster.url)
        #expect(try PostgresServer.count("SELECT count(*) FROM pg_reload_conf()", url: cluster.url) == 1)
        // The same member and history each time; what differs is how many sets are piped.
        let runs = try (0...3).map { saves in try statements(on: cluster, saves: saves) }
        let first = Array(runs[1].dropFirst(runs[0].count))
        #expect(runs[1].count - runs[0].count <= 3, "the first save of the turn sent:\n\(first.joined(separator: "\n"))")
        #expect(runs[1].count > runs[0].count, "the save itself is a statement")
        for saves in 2...3 {
            let later = Array(runs[saves].dropFirst(runs[saves - 1].count))
            #expect(runs[saves].count - runs[saves - 1].count == 1, "save \(saves) of the turn sent:\n\(later.joined(separator: "\n"))")
            // A statement the server prepared once a connection (`execute NAME:`), not one it parses and plans again (`execute <unnamed>:`).
            #expect(later.allSatisfy { $0.contains("|LOG:  execute ") && !$0.contains("|LOG:  execute <unnamed>:") },
                    "save \(saves) of the turn sent:\n\(later.joined(separator: "\n"))")
        }
    }

    /// The statements the logger sent for Ana and `saves` piped sets of
    /// `squat 100x5x5`, on a database of their own where Ana trained two days ago.
    private func statements(on cluster: PrivateCluster, saves: Int) throws -> [String] {
        let name = "enter_\(saves)"
        try PostgresServer.createDatabase(name, serverURL: cluster.url)
        let url = try PostgresServer.url(cluster.url, database: name)
        let before = Date().addingTimeInterval(-2 * 86_400).formatted(.iso8601)
        for set in [["Back Squat", "90", "5", "5"], ["Bench Press", "60", "5", "5"]] {
            let added = try Binary.run(["add", "Ana"] + set + ["--at", before], db: url)
            try #require(added.status == 0, "\(added.stderr)")
        }
        let log = cluster.directory + "/server.log"
        let start = try Self.size(of: log)
        let run = try Binary.run([], db: url, input: "Ana\n" + String(repeating: "squat 100x5x5\n", count: saves))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Saved") }.count == saves, "\(run.stdout)")
        // The server writes a statement's line before it runs it: all are there once the logger has exited.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: log))
        defer { try? handle.close() }
        try handle.seek(toOffset: start)
        let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let logged = text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix(name + "|") && ($0.contains("|LOG:  statement: ") || $0.contains("|LOG:  execute "))
        }
        // The logger's own connection is the first to speak; the background's
        // list of names (a connection of its own, 5 s in) is not an Enter's.
        guard let first = logged.first?.split(separator: "|").dropFirst().first else { return [] }
        return logged.filter { $0.hasPrefix("\(name)|\(first)|") }
    }

    private static func size(of path: String) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
    }
}
