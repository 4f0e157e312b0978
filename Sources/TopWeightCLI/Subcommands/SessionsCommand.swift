import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight sessions`: a member's days of training, newest first, each
/// with its routine, sets, volume, exercises and note.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "Show a member's sessions (their sets on one local day), newest first, with notes.",
        discussion: """
            --user can be left out when the database has only one member. Volume is \
            weight × reps × series in kg (lb converted). JSON: an array of objects with \
            date, user, sets, volume, exercises, exerciseNames, note and routine, and kinds \
            (sets by kind) on a day with warm-ups, drop sets or failed sets.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "The member (needed unless the database has only one).") var user: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Only the last N days (1 = today).", valueName: "days")) var days: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("At most N sessions (0 = all). Default: 20 for text, all for json.", valueName: "limit"))
    var limit: String?
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    func run() throws {
        try reportingFailures {
            let days = try Failure.count(self.days, "--days", in: 1...100_000, example: "--days 7")
            let limit = try Failure.count(self.limit, "--limit", in: 0...10_000_000, example: "--limit 20, or 0 for all")
            let (workouts, log) = try global.openLog()
            let member = try Self.member(named: user, in: workouts)
            let now = Date()
            let today = log.day(of: now)
            let requested = limit ?? (format == .text ? 20 : 0)
            var sessions = try log.sessions(
                of: member, since: days.map { today.adding(days: -($0 - 1)) }, through: today,
                limit: requested == 0 ? nil : requested + 1
            )
            let more = requested > 0 && sessions.count > requested
            if more { sessions.removeLast() }
            let out = OutputBuffer()
            switch format {
            case .text:
                if sessions.isEmpty {
                    out.line("No sessions.")
                } else {
                    SessionText.render(
                        sessions, grouping: HistoryGrouping(timeZone: log.calendar.timeZone), now: now,
                        notes: .standardOutput, width: Self.terminalWidth
                    ).forEach(out.line)
                }
                if more { out.line("… more sessions: --limit \(requested * 2) or --limit 0 for all") }
            case .json:
                out.line("[")
                for (index, session) in sessions.enumerated() {
                    out.line((index == 0 ? "  " : ", ") + LogFormats.sessionJSON(session))
                }
                out.line("]")
            }
            out.flush()
        }
    }

    /// The member named by `--user`; without it, the only member there is.
    static func member(named name: String?, in workouts: Workouts) throws -> User {
        if let name {
            return try workouts.member(named: AddCommand.valid(name, kind: .user))
        }
        let everyone = try workouts.members()
        if everyone.count == 1, let only = everyone.first { return only.user }
        throw Failure.input(everyone.isEmpty
            ? "no members yet: record a set first (topweight add, or the logger)"
            : "--user is needed: the database has \(everyone.count) members ('topweight users' lists them)")
    }

    /// `$COLUMNS` when it is a sensible number, else 80.
    static var terminalWidth: Int {
        guard let text = ProcessEnvironment.value("COLUMNS"), let columns = Int(text),
              (20...1_000).contains(columns) else { return 80 }
        return columns
    }
}

extension TextStyle {
    /// Colour when standard output is a terminal that takes it (see `detect`).
    static var standardOutput: TextStyle {
        detect(environment: ProcessEnvironment.current, isTerminal: isatty(STDOUT_FILENO) == 1)
    }
}
