import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight search TEXT`: a member's days whose notes, routine or
/// program, or exercises hold every word, newest first, the words marked.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search a member's log: notes, exercises (names and aliases), routines and programs.",
        discussion: """
            Every word must match something of the day, in any order; a word finds \
            the words it begins (squ finds Squat), accents folded (zoe finds Zoë). \
            Days come newest first, the day's matching sets and note lines under \
            each, the words marked (between [brackets] when the output is not a \
            terminal, or under NO_COLOR). --user can be left out when the database \
            has only one member. JSON: {"user", "terms", "more", "days": [{"date", \
            "routine", "note", "sets"}]}, the sets as history's rows.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The words to look for.") var words: [String] = []
    @Option(help: "The member (needed unless the database has only one).") var user: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("At most N days (0 = all). Default: 20.", valueName: "limit"))
    var limit: String?
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    func run() throws {
        try reportingFailures {
            let limit = try Failure.count(self.limit, "--limit", in: 0...10_000_000, example: "--limit 20, or 0 for all")
            let text = words.joined(separator: " ")
            guard !SearchWords.terms(in: text).isEmpty else {
                throw Failure.input("say what to look for: a word of a note, an exercise, a routine or a program (e.g. topweight search squat)")
            }
            let cases = try global.open()
            let member = try SessionsCommand.member(named: user, in: cases.workouts)
            let now = Date()
            let wanted = limit ?? 20
            let result = try cases.search.find(text, of: member, limit: wanted == 0 ? nil : wanted, now: now)
            let out = OutputBuffer()
            switch format {
            case .text:
                SearchText.render(result, grouping: HistoryGrouping(timeZone: cases.search.calendar.timeZone), now: now,
                                  style: .standardOutput).forEach(out.line)
            case .json:
                out.line(SearchText.json(result, timeZone: cases.search.calendar.timeZone))
            }
            out.flush()
        }
    }
}
