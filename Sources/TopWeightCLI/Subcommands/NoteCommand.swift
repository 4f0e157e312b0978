import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight note`: markdown notes on a member's session (one local day).
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Notes on a member's session (markdown), and a coach's word to a member (--coach).",
        subcommands: [Add.self, List.self, Remove.self]
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
                With --coach COACH (a member marked a coach with 'topweight users coach'), it is the coach's \
                word to the member instead, one line: the member is shown it once as their next turn starts \
                ("Coach Bo: lighter on squats today"), and it stays beside that day in sessions and history. \
                Under the pin and card policies only that member and coaches see it.
                Examples: topweight note add --user Ana Felt strong, **new** bench PR
                          topweight note add --user Ana --date 2026-11-20 - < notes.md
                          topweight note add --user Ana --coach Bo lighter on squats today
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(help: "Whose session.") var user: String
        @Option(help: "The coach the note is from: the member is shown it once, as their next turn starts.") var coach: String?
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
                if let coach {
                    let from = try workouts.member(named: AddCommand.valid(coach, kind: .user))
                    let left = try workouts.leaveCoachNote(note, for: member, on: day, from: from, now: now, calendar: log.calendar)
                    print("\(TerminalText.safe(left.line)) — left for \(TerminalText.safe(member.name)) on \(day) (note \(left.id)); shown at their next turn.")
                    return
                }
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

extension NoteCommand {
    /// `topweight note list --user NAME`: the coach's notes left for a member.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the coaches' notes left for a member, by day, with their ids and whether the member was shown them.",
            discussion: "Example: topweight note list --user Ana"
        )

        @OptionGroup var global: GlobalOptions
        @Option(help: "Whose notes.") var user: String

        func run() throws {
            try reportingFailures {
                let name = try AddCommand.valid(user, kind: .user)
                let (workouts, _) = try global.openLog()
                let member = try workouts.member(named: name)
                let notes = try workouts.coachNotes(of: member)
                guard !notes.isEmpty else {
                    print("No coach's notes for \(TerminalText.safe(member.name)): 'topweight note add --user NAME --coach COACH TEXT' leaves one.")
                    return
                }
                for note in notes {
                    let seen = note.seenAt.map { "shown \(DataFormats.timestamp($0, timeZone: .current))" } ?? "not shown yet"
                    print("\(note.id)  \(note.day)  \(TerminalText.safe(note.line))  (\(seen))")
                }
            }
        }
    }

    /// `topweight note remove ID`: takes a coach's note back.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a coach's note by its id ('topweight note list --user NAME' shows them), shown or not.",
            discussion: "Example: topweight note remove 3"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The note's id.") var id: Int64

        func run() throws {
            try reportingFailures {
                let (workouts, _) = try global.openLog()
                let note = try workouts.removeCoachNote(id: id)
                print("Removed note \(note.id) for \(TerminalText.safe(note.user)) on \(note.day): \(TerminalText.safe(note.line))")
            }
        }
    }
}
