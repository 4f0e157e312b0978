import TopWeightCore
import ArgumentParser
import Foundation
import TopWeightStore

/// `topweight check`: is the file healthy, and what is in it.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database: integrity, schema version and counts."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try reportingFailures {
            let health = try global.openStore().health()
            print("topweight     \(TopWeightVersion.current)")
            print("database      \(TerminalText.safe(global.databaseShown))")
            print("integrity     \(health.integrity)")
            print("schema        \(health.schemaVersion) (\(health.appliedMigrations) of \(health.knownMigrations) migrations)")
            print("journal       \(health.journalMode)")
            print("users         \(health.users)")
            print("exercises     \(health.exercises)")
            print("records       \(health.records)")
            print("deleted       \(health.tombstones) (tombstones; 'history --deleted', 'restore ID')")
            if !health.recordsOutOfRange.isEmpty {
                let shown = health.recordsOutOfRange.prefix(20).map { "#\($0)" }.joined(separator: " ")
                let more = health.recordsOutOfRange.count > 20 ? " …" : ""
                print("out of range  \(health.recordsOutOfRange.count) record(s) hold numbers Top Weight never writes, left out of history: \(shown)\(more)")
            }
            if health.integrity != "ok" { throw Failure.database(LogbookError(.corrupt, "integrity check failed: \(health.integrity)")) }
        }
    }
}
