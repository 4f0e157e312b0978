import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Every member's days, as sums (the coach's report)

extension PostgresLogbook {
    /// One round trip through (performedat), or (userid, performedat) for
    /// one member: the live sets of the span summed by member and local
    /// day, the loads in whole hundredths of each unit (`DayVolume`).
    public func dayVolumes(since: Date, until: Date, userID: Int64?, zone: ZoneOffsets) throws(LogbookError) -> [MemberDayVolume] {
        var binds = PostgresBindings()
        binds.append(Self.milliseconds(since))
        binds.append(Self.milliseconds(until))
        var member = ""
        if let userID {
            binds.append(userID)
            member = " AND userid = $3"
        }
        let sql = """
            SELECT userid, \(ProgressSQL.localDay(zone)) AS day, \(DayVolumeSQL.sums)
            FROM record WHERE performedat >= $1 AND performedat < $2 AND deletedat IS NULL AND \(StoredRange.conditionSQL)\(member)
            GROUP BY userid, day ORDER BY userid, day
            """
        var days: [MemberDayVolume] = []
        for row in try link.query(PostgresQuery(unsafeSQL: sql, binds: binds)) {
            let (user, number, kilograms, pounds) = try Self.decode(row, as: (Int64, Int64, Int64, Int64).self)
            guard let day = LocalDay(daysSince1970: Int(number)) else { continue }
            days.append(MemberDayVolume(userID: user, volume: DayVolume(day: day, kilogramHundredths: Int(kilograms), poundHundredths: Int(pounds))))
        }
        return days
    }
}
