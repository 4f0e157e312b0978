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
            private (one private in either database is private in DEST); their PIN and card come as \
            the hashes they are kept as (never a PIN or a card's number), with the card key the cards \
            were made with, before the gym's settings, so a kiosk policy never arrives without them. A \
            member DEST already has keeps the PIN and card DEST gave them; one a coach in either is a \
            coach in DEST; a set a coach logged says so in DEST too. Cards come only when DEST has no \
            card of its own made with another key (each database makes its own key at its first card): \
            then the summary names the members to give theirs again with 'users card'. Exercises come with their \
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
            line += "\(Self.count(summary.settings, "setting")), \(Self.credentials(summary.access, coachedSets: summary.coachedSets)) "
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
            line += Self.refusedCredentials(summary.access, destination: to)
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

    /// What came of members' credentials: `2 PINs, 3 cards, 1 coach, 4 sets logged by a coach`.
    static func credentials(_ access: AccessAdoption, coachedSets: Int) -> String {
        let sets = coachedSets == 1 ? "1 set" : "\(coachedSets) sets"
        return "\(count(access.pins, "PIN")), \(count(access.cards, "card")), \(count(access.coaches, "coach", plural: "coaches")), "
            + "\(sets) logged by a coach"
    }

    /// What of members' credentials DEST kept of its own or could not take, after `;`s.
    static func refusedCredentials(_ access: AccessAdoption, destination: String) -> String {
        var line = ""
        if access.pinsKept > 0 { line += "; \(count(access.pinsKept, "member")) kept the PIN \(destination) gave them" }
        if access.cardsKept > 0 { line += "; \(count(access.cardsKept, "member")) kept the card \(destination) gave them" }
        if !access.cardsHeldByOthers.isEmpty {
            line += "; not carried, another member holds it in \(destination): the card of \(access.cardsHeldByOthers.joined(separator: ", "))"
        }
        if !access.cardsOfAnotherKey.isEmpty {
            line += "; not carried, \(destination) makes its cards with another key: the card of "
            line += access.cardsOfAnotherKey.joined(separator: ", ") + " (give them again with 'topweight users card NAME')"
        }
        return line
    }

    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        if let plural, number != 1 { return "\(number) \(plural)" }
        return "\(number) \(noun)\(number == 1 ? "" : "s")"
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
