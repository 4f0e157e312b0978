import Foundation
import TopWeightCore

// MARK: - The gym's teams (`users team`, `--team`)

extension Workouts {
    /// A team's name as typed, checked as a member's name is (said as a team's).
    public static func validTeam(_ raw: String) -> Result<String, InputError> {
        NameRules.validate(raw, kind: .user).mapError { error in
            InputError(error.reason.replacingOccurrences(of: "a user name", with: "a team name"), example: "Juniors")
        }
    }

    /// Every member of every team, by team then member.
    public func teamMemberships() throws(WorkoutsError) -> [TeamMembership] {
        try attempt { () throws(LogbookError) in try roles.teams.teamMemberships() }
    }

    /// The team of that name with its members, or why there is none (the teams there are).
    public func team(named name: String) throws(WorkoutsError) -> (name: String, members: [User]) {
        try Self.team(named: name, in: roles.teams)
    }

    /// The team of that name in `teams`, as `team(named:)` finds it.
    public static func team(named name: String, in teams: any MemberTeams) throws(WorkoutsError) -> (name: String, members: [User]) {
        let memberships = try attempt { () throws(LogbookError) in try teams.teamMemberships() }
        let key = NameRules.key(name)
        let found = memberships.filter { NameRules.key($0.team) == key }
        guard let first = found.first else {
            var teams: [String] = []
            for membership in memberships where teams.last.map({ NameRules.key($0) != NameRules.key(membership.team) }) ?? true {
                teams.append(membership.team)
            }
            let known = teams.isEmpty ? "there are no teams yet: 'topweight users team NAME TEAM' makes one"
                : "teams: \(teams.joined(separator: ", "))"
            throw .notFound("no team named \(name) (\(known))")
        }
        return (first.team, found.map(\.user))
    }

    /// Each member's teams, by member id.
    public func teamsByMember() throws(WorkoutsError) -> [Int64: [String]] {
        try attempt { () throws(LogbookError) in try roles.teams.teamsByMember() }
    }

    /// Puts `member` in `team`; whether they were not in it yet. The team's name as kept.
    public func join(_ member: User, team: String, now: Date) throws(WorkoutsError) -> (team: String, joined: Bool) {
        let joined = try attempt { () throws(LogbookError) in try roles.teams.joinTeam(member, team: team, now: now) }
        let kept = try teamMemberships().first { NameRules.key($0.team) == NameRules.key(team) }?.team ?? team
        return (kept, joined)
    }

    /// Takes `member` out of `team`; whether they were in it.
    public func leave(_ member: User, team: String) throws(WorkoutsError) -> Bool {
        try attempt { () throws(LogbookError) in try roles.teams.leaveTeam(member, team: team) }
    }
}
