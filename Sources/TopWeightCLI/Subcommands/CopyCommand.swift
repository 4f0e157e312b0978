import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightStorage
import TopWeightUseCases
#if canImport(Glibc)
import Glibc
#endif

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
            simply be run again. Members come with all that is known of them: a private member stays \
            private (one private in either database is private in DEST); exercises come with their \
            category and kind (one DEST has keeps its own). A DEST file's folder is made if its \
            parent is there; a missing parent is taken for a typo and refused.
            """
    )

    @Argument(help: ArgumentHelp("Where to copy from: a file or a postgres:// URL.", valueName: "source"))
    var source: String

    @Argument(help: ArgumentHelp("Where to copy to (created or migrated when needed).", valueName: "dest"))
    var destination: String

    /// Either end on a PostgreSQL server: `topweight-postgres` copies (`PostgresProgram`).
    func validate() throws {
        try PostgresProgram.takeOverInValidation([source, destination])
    }

    func run() throws {
        try reportingFailures {
            let from = GlobalOptions.shown(source)
            let to = GlobalOptions.shown(destination)
            guard !Self.same(source, destination) else { throw Failure.input("source and destination are the same database (\(from))") }
            let clock = ContinuousClock()
            let started = clock.now
            let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
            let summary: LogbookCopy.Summary
            do {
                let sourceStore = try GlobalOptions.open(source)
                try GlobalOptions.refuseMissingParent(destination)
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

    /// True when both name one database: the same server URL, or files that
    /// are one file however spelt (`a.sqlite`, `./a.sqlite`, a link to it).
    static func same(_ first: String, _ second: String) -> Bool {
        if PostgresURL.matches(first) || PostgresURL.matches(second) {
            return GlobalOptions.shown(first) == GlobalOptions.shown(second)
        }
        var one = stat()
        var other = stat()
        if stat(first, &one) == 0, stat(second, &other) == 0 { return one.st_dev == other.st_dev && one.st_ino == other.st_ino }
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return resolved(first) == resolved(second)
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
