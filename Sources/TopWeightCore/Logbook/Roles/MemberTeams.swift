import Foundation

/// One member in one team.
public struct TeamMembership: Sendable, Hashable {
    /// The team as its first member was put in it (`Juniors`).
    public var team: String
    public var user: User

    public init(team: String, user: User) {
        self.team = team
        self.user = user
    }
}

/// The gym's teams (`users team`, `--team`): a name a coach gives a group
/// of members, found by `NameRules.key` as members are (`Juniors` and
/// `juniors` are one). A team is there while it has a member; a member may
/// be in several.
public protocol MemberTeams: AnyObject, Sendable {
    /// Every member of every team, by team then member (name keys).
    func teamMemberships() throws(LogbookError) -> [TeamMembership]
    /// Puts `user` in `team`, spelt as the team already is when it has
    /// members; whether they were not in it yet.
    func joinTeam(_ user: User, team: String, now: Date) throws(LogbookError) -> Bool
    /// Takes `user` out of `team`; whether they were in it.
    func leaveTeam(_ user: User, team: String) throws(LogbookError) -> Bool
}

extension MemberTeams {
    /// The members of `team` (by key), by name key; `nil` when no one is in it.
    public func team(_ team: String) throws(LogbookError) -> (name: String, members: [User])? {
        let key = NameRules.key(team)
        let found = try teamMemberships().filter { NameRules.key($0.team) == key }
        guard let first = found.first else { return nil }
        return (first.team, found.map(\.user))
    }

    /// Each member's teams, by member id, in team order.
    public func teamsByMember() throws(LogbookError) -> [Int64: [String]] {
        var found: [Int64: [String]] = [:]
        for membership in try teamMemberships() { found[membership.user.id, default: []].append(membership.team) }
        return found
    }
}
