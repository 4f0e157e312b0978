import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

/// `topweight note`: markdown notes on a member's session (one local day).
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Notes on a member's session (markdown).",
        subcommands: [Add.self]
    )
}

extension NoteCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a note to a member's session of one day (today unless --date).",
            discussion: """
                The words are joined with spaces; - reads the note from standard input \
                (several lines of markdown). A note added to a day that has one already \
                goes under it.
                Examples: topweight note add --user Ana Felt strong, **new** bench PR
                          topweight note add --user Ana --date 2026-11-20 - < notes.md
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(help: "Whose session.") var user: String
        @Option(help: ArgumentHelp("The session's day (default: today, in the local time zone).", valueName: "YYYY-MM-DD"))
        var date: String?
        @Argument(help: ArgumentHelp("The note, or - to read it from standard input.", valueName: "text"))
        var text: [String] = []

        /// Bytes read from standard input at most: far above a 10 000-character note.
        static let inputLimit = 1 << 20

        func run() throws {
            try reportingFailures {
                let now = Date()
                let name = try AddCommand.valid(user, kind: .user)
                let asked = try date.map { try DateArgument.day($0, option: "--date") }
                let note = try noteText()
                let (workouts, log) = try global.openLog()
                let today = log.day(of: now)
                let day = asked ?? today
                guard LatestTime.allows(day, now: now, calendar: log.calendar) else {
                    throw Failure.input("--date \(day) is in the future; notes go on days that happened")
                }
                let member = try workouts.member(named: name)
                try log.addNote(note, for: member, on: day, now: now)
                print("Note added to \(TerminalText.safe(member.name))'s session of \(day).")
            }
        }

        /// The words as typed, or standard input for a lone `-`.
        private func noteText() throws -> String {
            guard text == ["-"] else {
                guard !text.isEmpty else { throw Failure.input("give the note's text, or - to read it from standard input") }
                return text.joined(separator: " ")
            }
            return try TextInput.read(.standardInput, limit: Self.inputLimit, what: "the note on standard input")
        }
    }
}
