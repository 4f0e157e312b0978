import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - The gym's teams, kept in `teammember` (see `MemberTeams`)

extension PostgresLogbook {
    public func teamMemberships() throws(LogbookError) -> [TeamMembership] {
        var found: [TeamMembership] = []
        for row in try link.query("""
            SELECT t.team, u.id, u.name FROM teammember t JOIN "user" u ON u.id = t.userid ORDER BY t.teamkey COLLATE "C", u.namekey COLLATE "C"
            """) {
            let (team, id, name) = try Self.decode(row, as: (String, Int64, String).self)
            found.append(TeamMembership(team: team, user: User(id: id, name: name)))
        }
        return found
    }

    public func joinTeam(_ user: User, team: String, now: Date) throws(LogbookError) -> Bool {
        let key = NameRules.key(team)
        let created = Self.milliseconds(now)
        return try link.transaction { transaction in
            guard try transaction.query("SELECT 1 FROM \"user\" WHERE id = \(user.id)").first != nil else {
                throw LogbookError(.other, "no member \(user.name)")
            }
            var spelt = team
            if let row = try transaction.query("SELECT team FROM teammember WHERE teamkey = \(key) LIMIT 1").first {
                spelt = try Self.decode(row, as: String.self)
            }
            let added = try transaction.query("""
                INSERT INTO teammember (team, teamkey, userid, createdat) VALUES (\(spelt), \(key), \(user.id), \(created))
                ON CONFLICT (teamkey, userid) DO NOTHING RETURNING userid
                """)
            return added.first != nil
        }
    }

    public func leaveTeam(_ user: User, team: String) throws(LogbookError) -> Bool {
        let result = try link.query("DELETE FROM teammember WHERE teamkey = \(NameRules.key(team)) AND userid = \(user.id)")
        return (result.metadata.rows ?? 0) > 0
    }
}
