import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText

/// `topweight outbox`: the sets this terminal keeps for its PostgreSQL
/// server while it is away, oldest first. Asks the database's role of what
/// waits (`WaitingSets`), which reads only the terminal's own file, so it
/// answers with the server down.
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
            guard let waiting = try global.openWaiting() else {
                // A typo'd path is refused as every reading command refuses it.
                if global.isGiven, GlobalOptions.isMissing(location) { throw Failure.database(GlobalOptions.missing(location)) }
                // A file database has no outbox: its sets go straight into it.
                if format == .json { print("[]") } else {
                    print("No outbox: \(TerminalText.safe(global.databaseShown)) is a SQLite file, and sets are saved straight into it.")
                }
                return
            }
            let kept = try waiting.waitingSets()
            let known = waiting.knownNames()
            let formatter = RecordFormatter(timeZone: .current)
            switch format {
            case .json:
                // Each row as history's JSON, `id` negative (`#k3` is -3), with when it was kept.
                let rows = kept.map { set in
                    String(formatter.json(set.record).dropLast())
                        + ",\"keptAt\":" + DataFormats.json(DataFormats.timestamp(set.keptAt, timeZone: .current)) + "}"
                }
                print("[" + rows.joined(separator: "\n, ") + "]")
            case .text:
                if kept.isEmpty {
                    print("No sets wait on this terminal.")
                } else {
                    let grouping = HistoryGrouping(timeZone: .current)
                    HistoryText.render(kept.map(\.record).reversed(), grouping: grouping, now: Date(), showUser: true,
                                       notes: [:], noteStyle: .standardOutput).forEach { print($0) }
                    print("\(kept.count == 1 ? "1 set waits" : "\(kept.count) sets wait") on this terminal for \(TerminalText.safe(global.databaseShown)); 'topweight check' sends them.")
                }
                // What the terminal can save while the server is away.
                let (members, exercises) = known
                print("While the server is away, this terminal knows \(members) member\(members == 1 ? "" : "s") and \(exercises) exercise\(exercises == 1 ? "" : "s") (from its last look).")
            }
        }
    }

    /// How many sets wait on this terminal for the database; `nil` for a
    /// file (it has no outbox), 0 when the outbox can't be read.
    static func waiting(_ global: GlobalOptions) -> Int? {
        guard let waiting = try? global.openWaiting() else { return nil }
        return (try? waiting.waitingCount()) ?? 0
    }
}
