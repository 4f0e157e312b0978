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
        abstract: "Search a member's log, a team's or every member's: notes, exercises (names and aliases), routines and programs.",
        discussion: """
            Every word must match something of the day, in any order; a word finds \
            the words it begins (squ finds Squat), accents folded (zoe finds Zoë). \
            Days come newest first, the day's matching sets and note lines under \
            each, the words marked (between [brackets] when the output is not a \
            terminal, or under NO_COLOR). Without --user, every member's log (the \
            coach at the desk; the kiosk's :search is the member's own), or with \
            --team that team's members': the days of all of them newest first, each \
            member's under their name, private members left out unless \
            --include-private. JSON: {"user", "terms", "more", "days": [{"date", \
            "routine", "note", "sets"}]}, the sets as history's rows; of many \
            members {"terms", "more", "members": [that, for each member]}.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The words to look for.") var words: [String] = []
    @Option(help: "The member (else every member, or the team's).") var user: String?
    @Option(help: "The members of this team.") var team: String?
    @Flag(help: "With no --user, private members too.") var includePrivate = false
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
            if user != nil, team != nil {
                throw Failure.input("--user and --team can't be given together: a search is of a member's log or a team's")
            }
            let cases = try global.open()
            let now = Date()
            let wanted = limit ?? 20
            let everyone = try cases.workouts.members()
            if user == nil, team != nil || everyone.count > 1 {
                try among(everyone, text: text, limit: wanted == 0 ? nil : wanted, now: now, cases: cases)
                return
            }
            let member = try Self.member(named: user, among: everyone.map(\.user), in: cases.workouts)
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

    /// The member `--user` names: as elsewhere, else the one member whose
    /// name it is with accents and case folded as the words are
    /// (`bjorn papadopoulos` for Björn Papadopoulos), spaces run together.
    static func member(named typed: String?, among members: [User], in workouts: Workouts) throws -> User {
        do {
            return try SessionsCommand.member(named: typed, in: workouts)
        } catch {
            let folded = { (name: String) in SearchWords.words(in: name).map { SearchWords.fold(String(name[$0])) } }
            guard let typed, !folded(typed).isEmpty else { throw error }
            let found = members.filter { folded($0.name) == folded(typed) }
            guard found.count == 1, let only = found.first else { throw error }
            return only
        }
    }

    /// The search of many members' logs: the team's, or everybody's; private members only when asked.
    private func among(_ everyone: [UserSummary], text: String, limit: Int?, now: Date, cases: UseCases) throws {
        let inTeam = try UsersCommand.members(in: team, of: cases.workouts)
        let members = everyone.filter { (inTeam?.contains($0.user.id) ?? true) && (includePrivate || !$0.isPrivate) }.map(\.user)
        let (results, more) = try cases.search.find(text, among: members, limit: limit, now: now)
        let scope = try team.map { "the logs of \(try cases.workouts.team(named: UsersCommand.validTeam($0)).name)" } ?? "any member's log"
        let out = OutputBuffer()
        switch format {
        case .text:
            SearchText.render(results, more: more, words: SearchWords.typed(in: text), among: scope,
                              grouping: HistoryGrouping(timeZone: cases.search.calendar.timeZone), now: now,
                              style: .standardOutput).forEach(out.line)
        case .json:
            out.line(SearchText.json(results, more: more, terms: SearchWords.typed(in: text).map(SearchWords.fold),
                                     timeZone: cases.search.calendar.timeZone))
        }
        out.flush()
    }
}
