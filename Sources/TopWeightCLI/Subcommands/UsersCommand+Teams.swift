import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension UsersCommand {
    /// `topweight users team NAME TEAM [--remove]`: a member into a team, or out of it.
    struct Team: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "team",
            abstract: "Put a member in a team (a member may be in several), or take them out with --remove. Needs the admin PIN when one is set.",
            discussion: """
                A team is there while it has a member, spelt as its first member was put in it; 'Juniors' and \
                'juniors' are one team. 'topweight users --team TEAM' lists its members; report, roster, board, \
                serve and search take --team TEAM.
                Examples: topweight users team Ana Juniors
                          topweight users team Ana Juniors --remove
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The member's name.") var name: String
        @Argument(help: "The team's name.") var team: String
        @Flag(help: "Take the member out of the team.") var remove = false

        func run() throws {
            try reportingFailures {
                let team = try UsersCommand.validTeam(self.team)
                let (opened, member) = try UsersCommand.memberToChange(name, global: global)
                let shown = TerminalText.safe(member.name)
                if remove {
                    guard try opened.workouts.leave(member, team: team) else {
                        throw Failure.input("\(member.name) isn't in \(team): 'topweight users --team \(ShellWord.quoted(team))' lists who is")
                    }
                    print("\(shown) is no longer in \(TerminalText.safe(team))")
                    return
                }
                let (kept, joined) = try opened.workouts.join(member, team: team, now: Date())
                let count = try opened.workouts.team(named: kept).members.count
                print("\(shown) \(joined ? "is now" : "was already") in \(TerminalText.safe(kept)) (\(count) member\(count == 1 ? "" : "s"))")
            }
        }
    }

    /// A team's name as typed, checked as a member's is.
    static func validTeam(_ raw: String) throws -> String {
        switch Workouts.validTeam(raw) {
        case .success(let valid): return valid
        case .failure(let error): throw Failure.input(error)
        }
    }

    /// The ids of the members of `team` (by name, checked), or `nil` without a team.
    static func members(in team: String?, of workouts: Workouts) throws -> Set<Int64>? {
        guard let team else { return nil }
        return Set(try workouts.team(named: validTeam(team)).members.map(\.id))
    }

    /// The team a board is of, as kept (checked: one with no member is refused), or `nil` for the gym's.
    static func boardTeam(_ team: String?, roles: LogbookRoles) throws -> String? {
        guard let team else { return nil }
        return try Workouts.team(named: validTeam(team), in: roles.teams).name
    }
}
