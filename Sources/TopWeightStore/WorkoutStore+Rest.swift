import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - A member's own rest per exercise, and a set's place in a superset

extension WorkoutStore {
    public func restTimes(userID: Int64) throws(LogbookError) -> [Int64: Int] {
        try perform {
            try writer.read { db in
                let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT exerciseId, seconds FROM restTime WHERE userId = ?"), arguments: [userID])
                var times: [Int64: Int] = [:]
                for row in rows {
                    guard let exercise = Int64.fromDatabaseValue(row["exerciseId"]), let seconds = Int.fromDatabaseValue(row["seconds"]),
                          StoredRange.restSeconds.contains(seconds) else { continue }
                    times[exercise] = seconds
                }
                return times
            }
        }
    }

    public func markSuperset(_ label: String, recordID: Int64) throws(LogbookError) {
        guard let label = Supersets.label(label) else { return }
        try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE record SET superset = ? WHERE id = ? AND deletedAt IS NULL", arguments: [label, recordID])
            }
        }
    }

    public func setRestTime(_ seconds: Int?, userID: Int64, exerciseID: Int64) throws(LogbookError) {
        try perform {
            try writer.write { db in
                if let seconds {
                    try db.execute(sql: """
                        INSERT INTO restTime (userId, exerciseId, seconds) VALUES (?, ?, ?)
                        ON CONFLICT (userId, exerciseId) DO UPDATE SET seconds = excluded.seconds
                        """, arguments: [userID, exerciseID, seconds])
                } else {
                    try db.execute(sql: "DELETE FROM restTime WHERE userId = ? AND exerciseId = ?", arguments: [userID, exerciseID])
                }
            }
        }
    }
}
