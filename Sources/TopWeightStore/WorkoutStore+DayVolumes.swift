import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - Every member's days, as sums (the coach's report)

extension WorkoutStore {
    /// One read through (performedAt), or (userId, performedAt) for one
    /// member: the live sets of the span summed by member and local day,
    /// the loads in whole hundredths of each unit (`DayVolume`).
    public func dayVolumes(since: Date, until: Date, userID: Int64?, zone: ZoneOffsets) throws(LogbookError) -> [MemberDayVolume] {
        var sql = """
            SELECT userId, \(ProgressSQL.localDay(zone)) AS day, \(DayVolumeSQL.sums)
            FROM record WHERE performedAt >= ? AND performedAt < ? AND +deletedAt IS NULL AND \(StoredValues.inRangeSQL)
            """
        var arguments: StatementArguments = [Self.milliseconds(since), Self.milliseconds(until)]
        if let userID {
            sql += " AND userId = ?"
            arguments += [userID]
        }
        sql += " GROUP BY userId, day ORDER BY userId, day"
        return try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap { row in
                    guard let number = Int.fromDatabaseValue(row[1]), let day = LocalDay(daysSince1970: number) else { return nil }
                    return MemberDayVolume(userID: row[0], volume: DayVolume(day: day, kilogramHundredths: row[2], poundHundredths: row[3]))
                }
            }
        }
    }
}
