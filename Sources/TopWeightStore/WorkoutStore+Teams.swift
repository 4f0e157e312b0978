import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - The gym's teams, kept in `teamMember` (see `MemberTeams`)

extension WorkoutStore {
    public func teamMemberships() throws(LogbookError) -> [TeamMembership] {
        try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT t.team, u.id, u.name FROM teamMember t JOIN user u ON u.id = t.userId ORDER BY t.teamKey, u.nameKey
                    """).compactMap { row in
                    guard let team = String.fromDatabaseValue(row["team"]), let user = Self.user(from: row) else { return nil }
                    return TeamMembership(team: team, user: user)
                }
            }
        }
    }

    public func joinTeam(_ user: User, team: String, now: Date) throws(LogbookError) -> Bool {
        let key = NameRules.key(team)
        return try perform {
            try writer.write { db in
                guard try Int.fetchOne(db, sql: "SELECT 1 FROM user WHERE id = ?", arguments: [user.id]) != nil else {
                    throw LogbookError(.other, "no member \(user.name)")
                }
                let spelt = try String.fetchOne(db, sql: "SELECT team FROM teamMember WHERE teamKey = ? LIMIT 1", arguments: [key]) ?? team
                try db.execute(sql: "INSERT OR IGNORE INTO teamMember (team, teamKey, userId, createdAt) VALUES (?, ?, ?, ?)",
                               arguments: [spelt, key, user.id, Self.milliseconds(now)])
                return db.changesCount > 0
            }
        }
    }

    public func leaveTeam(_ user: User, team: String) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: "DELETE FROM teamMember WHERE teamKey = ? AND userId = ?", arguments: [NameRules.key(team), user.id])
                return db.changesCount > 0
            }
        }
    }
}
