import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

/// `topweight copy SOURCE DEST`: moves a gym's data between a file and a server.
struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy members, exercises, records, notes, routines, body weights and settings from one database into another.",
        discussion: """
            SOURCE and DEST are each a file path or a postgres:// URL. Members, exercises and routines \
            are matched by name, records and body weights by their stable id, and a day's note and routine by member and \
            day, so nothing is duplicated or overwritten (a day that already has a note or routine in \
            DEST keeps its own): running the same copy again adds nothing, and an interrupted copy can \
            simply be run again.
            """
    )

    @Argument(help: ArgumentHelp("Where to copy from: a file or a postgres:// URL.", valueName: "source"))
    var source: String

    @Argument(help: ArgumentHelp("Where to copy to (created or migrated when needed).", valueName: "dest"))
    var destination: String

    func run() throws {
        try reportingFailures {
            let from = GlobalOptions.shown(source)
            let to = GlobalOptions.shown(destination)
            guard from != to else { throw Failure.input("source and destination are the same database (\(from))") }
            let clock = ContinuousClock()
            let started = clock.now
            let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
            let summary: LogbookCopy.Summary
            do {
                let sourceStore = try GlobalOptions.open(source)
                let destinationStore = try GlobalOptions.open(destination, create: true)
                summary = try LogbookCopy.run(from: sourceStore, to: destinationStore, now: Date()) { done, total in
                    bar.show(done, of: total)
                }
            } catch let error as LogbookError {
                bar.finish()
                throw Failure.database(error)
            }
            bar.finish()
            let elapsed = clock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            var line = "copied \(Self.count(summary.members, "member")), \(Self.count(summary.exercises, "exercise")), "
            line += "\(Self.count(summary.records, "record")), \(Self.days(summary.sessions)), "
            line += "\(Self.count(summary.routines, "gym routine")), \(Self.count(summary.bodyWeights, "body weight")), "
            line += "\(Self.count(summary.settings, "setting")) "
            line += "from \(from) to \(to) in \(String(format: "%.1f", seconds)) s"
            if summary.recordsAlreadyThere > 0 { line += "; \(Self.count(summary.recordsAlreadyThere, "record")) already there" }
            if summary.sessionsAlreadyThere > 0 {
                line += "; \(Self.days(summary.sessionsAlreadyThere)) already there, kept as \(summary.sessionsAlreadyThere == 1 ? "it was" : "they were")"
            }
            if summary.routinesAlreadyThere > 0 {
                line += "; \(Self.count(summary.routinesAlreadyThere, "gym routine")) already there by name, "
                line += "kept as \(summary.routinesAlreadyThere == 1 ? "it was" : "they were")"
            }
            if summary.bodyWeightsAlreadyThere > 0 { line += "; \(Self.count(summary.bodyWeightsAlreadyThere, "body weight")) already there" }
            print(TerminalText.safe(line))
        }
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Members' days kept beside the sets: `1 day's note and routine`, `2 days' notes and routines`.
    static func days(_ number: Int) -> String {
        number == 1 ? "1 day's note and routine" : "\(number) days' notes and routines"
    }
}

/// A one-line bar on standard error, redrawn in place, only on a terminal.
final class ProgressBar {
    private let enabled: Bool
    private let noun: String
    private var drawn = false

    init(enabled: Bool, noun: String = "records") {
        self.enabled = enabled
        self.noun = noun
    }

    func show(_ done: Int, of total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done * 100 / total)% \(done)/\(total) \(noun)".utf8))
        drawn = true
    }

    func finish() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\n".utf8))
        drawn = false
    }
}
