import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightStorage
import TopWeightStore

/// `topweight migrate`: the schema brought up to date now, as a terminal's
/// start would, so that an upgrade does it once, before any kiosk starts.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Bring the database's schema up to date now (what a terminal's start does), e.g. after an upgrade."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try reportingFailures {
            let path = global.databasePath
            if GlobalOptions.isMissing(path) { throw Failure.database(GlobalOptions.missing(path)) }
            guard !PostgresURL.matches(path) else {
                // The server's schema is migrated by the first terminal that connects; opening is that.
                _ = try global.openStore()
                print("Database \(TerminalText.safe(global.databaseShown)): schema up to date")
                return
            }
            let before: (applied: Int, known: Int, last: String)
            do {
                before = try DatabaseBackup.migrations(path, busyTimeout: global.busyTimeout, programVersion: TopWeightVersion.current)
            } catch let error as LogbookError {
                throw Failure.database(error)
            }
            _ = try global.openStore()
            let after: (applied: Int, known: Int, last: String)
            do {
                after = try DatabaseBackup.migrations(path, busyTimeout: global.busyTimeout, programVersion: TopWeightVersion.current)
            } catch let error as LogbookError {
                throw Failure.database(error)
            }
            let applied = after.applied - before.applied
            let now = applied == 0 ? "already up to date" : "\(applied) migration\(applied == 1 ? "" : "s") applied now"
            print("Database \(TerminalText.safe(path)): \(now), schema \(after.last) (\(after.applied) of \(after.known) migrations)")
        }
    }
}
