import Foundation
import GRDB
import TopWeightCore

// MARK: - Changes that need the admin on a shared terminal

extension WorkoutStore {
    /// Renames a member; refuses a name another member already has.
    public func renameUser(_ user: User, to newName: String) throws(StoreError) -> User {
        let key = NameRules.key(newName)
        return try perform {
            try writer.write { db in
                if let other = try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE nameKey = ?", arguments: [key]),
                   other != user.id {
                    throw StoreError(.conflict, "a member named \(TerminalText.safe(newName)) already exists")
                }
                try db.execute(sql: "UPDATE user SET name = ?, nameKey = ? WHERE id = ?", arguments: [newName, key, user.id])
                return User(id: user.id, name: newName)
            }
        }
    }

    /// Removes a member who has no records. Records are never deleted this way.
    public func removeUser(_ user: User) throws(StoreError) {
        try perform {
            try writer.write { db in
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE userId = ?", arguments: [user.id]) ?? 0
                if count > 0 {
                    throw StoreError(.conflict, "\(TerminalText.safe(user.name)) has \(count) record\(count == 1 ? "" : "s"); delete them first or rename the member")
                }
                try db.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [user.id])
            }
        }
    }

    /// One record by id, names included.
    public func record(id: Int64) throws(StoreError) -> WorkoutRecord? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db, sql: Self.recordSelectSQL + " WHERE r.id = ?", arguments: [id])
                    .map(Self.workoutRecord(from:))
            }
        }
    }
}
