import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - A member's own rest per exercise, and a set's place in a superset

extension PostgresLogbook {
    public func restTimes(userID: Int64) throws(LogbookError) -> [Int64: Int] {
        let rows = try link.query("SELECT exerciseid, seconds FROM resttime WHERE userid = \(userID)")
        var times: [Int64: Int] = [:]
        for row in rows {
            let (exercise, seconds) = try Self.decode(row, as: (Int64, Int64).self)
            guard StoredRange.restSeconds.contains(Int(seconds)) else { continue }
            times[exercise] = Int(seconds)
        }
        return times
    }

    public func markSuperset(_ label: String, recordID: Int64) throws(LogbookError) {
        guard let label = Supersets.label(label) else { return }
        try link.query("UPDATE record SET superset = \(label) WHERE id = \(recordID) AND deletedat IS NULL")
    }

    public func setRestTime(_ seconds: Int?, userID: Int64, exerciseID: Int64) throws(LogbookError) {
        if let seconds {
            try link.query("""
                INSERT INTO resttime (userid, exerciseid, seconds) VALUES (\(userID), \(exerciseID), \(Int64(seconds)))
                ON CONFLICT (userid, exerciseid) DO UPDATE SET seconds = excluded.seconds
                """)
        } else {
            try link.query("DELETE FROM resttime WHERE userid = \(userID) AND exerciseid = \(exerciseID)")
        }
    }
}
