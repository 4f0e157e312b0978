import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightText

/// `topweight outbox`: the sets this terminal keeps for its PostgreSQL
/// server while it is away, oldest first. Reads only the terminal's own
/// outbox file, so it answers with the server down.
struct OutboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List the sets kept on this terminal while its PostgreSQL server was away ('check' sends them).",
        discussion: "The outbox is $XDG_STATE_HOME/topweight/outbox.sqlite (~/.local/state/topweight/outbox.sqlite)."
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    func run() throws {
        try reportingFailures {
            let location = global.databasePath
            guard PostgresLocation.isPostgresURL(location) else {
                // A typo'd path is refused as every reading command refuses it.
                if global.isGiven, GlobalOptions.isMissing(location) { throw Failure.database(GlobalOptions.missing(location)) }
                // A file database has no outbox: its sets go straight into it.
                if format == .json { print("[]") } else {
                    print("No outbox: \(TerminalText.safe(global.databaseShown)) is a SQLite file, and sets are saved straight into it.")
                }
                return
            }
            let outbox = try Outbox.open(Outbox.defaultPath(), place: try PostgresLocation(location).redacted, create: false)
            let kept = try outbox?.kept() ?? []
            let known = (try? outbox?.knownNames()) ?? nil
            let formatter = RecordFormatter(timeZone: .current)
            switch format {
            case .json:
                // Each row as history's JSON, `id` negative (`#k3` is -3), with when it was kept.
                let rows = kept.map { set in
                    String(formatter.json(set.workoutRecord).dropLast())
                        + ",\"keptAt\":" + DataFormats.json(DataFormats.timestamp(set.keptAt, timeZone: .current)) + "}"
                }
                print("[" + rows.joined(separator: "\n, ") + "]")
            case .text:
                if kept.isEmpty {
                    print("No sets wait on this terminal.")
                } else {
                    let grouping = HistoryGrouping(timeZone: .current)
                    HistoryText.render(kept.map(\.workoutRecord).reversed(), grouping: grouping, now: Date(), showUser: true,
                                       notes: [:], noteStyle: .standardOutput).forEach { print($0) }
                    print("\(kept.count == 1 ? "1 set waits" : "\(kept.count) sets wait") on this terminal for \(TerminalText.safe(global.databaseShown)); 'topweight check' sends them.")
                }
                // What the terminal can save while the server is away.
                let members = known?.users.count ?? 0, exercises = known?.exercises.count ?? 0
                print("While the server is away, this terminal knows \(members) member\(members == 1 ? "" : "s") and \(exercises) exercise\(exercises == 1 ? "" : "s") (from its last look).")
            }
        }
    }

    /// How many sets wait on this terminal for `location`; `nil` for a file
    /// database (it has no outbox), 0 when the outbox can't be read.
    static func waiting(for location: String) -> Int? {
        guard PostgresLocation.isPostgresURL(location), let place = try? PostgresLocation(location).redacted else { return nil }
        return (try? Outbox.open(Outbox.defaultPath(), place: place, create: false)?.count()) ?? 0
    }
}
