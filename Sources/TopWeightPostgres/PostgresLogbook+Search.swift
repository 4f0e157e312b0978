import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Searching a member's log

extension PostgresLogbook {
    public func searchDays(userID: Int64, terms: [SearchTerm], zone: ZoneOffsets, limit: Int) throws(LogbookError) -> [SearchResult.Day] {
        guard !terms.isEmpty, limit > 0 else { return [] }
        var days: [LocalDay] = []
        for row in try link.query(Self.searchSQL(userID: userID, terms: terms, zone: zone, limit: limit)) {
            if let day = LocalDay(parsing: try Self.decode(row, as: String.self)) { days.append(day) }
        }
        guard !days.isEmpty else { return [] }
        var texts: [LocalDay: (note: String?, routine: String?)] = [:]
        let rows = try link.query("SELECT day, note, routine FROM session WHERE userid = \(userID) AND day = ANY(\(days.map(\.description)))")
        for row in rows {
            let (text, note, routine) = try Self.decode(row, as: (String, String?, String?).self)
            if let day = LocalDay(parsing: text) { texts[day] = (note, routine) }
        }
        var sets: [LocalDay: [WorkoutRecord]] = [:]
        for row in try link.query(Self.searchSetsSQL(userID: userID, terms: terms, zone: zone, days: days)) {
            guard let record = try Self.workoutRecord(from: row),
                  let day = LocalDay(daysSince1970: zone.daysSince1970(at: ZoneOffsets.milliseconds(record.performedAt))) else { continue }
            sets[day, default: []].append(record)
        }
        return days.map { day in
            SearchResult.Day(day: day, note: texts[day]?.note, routine: texts[day]?.routine, records: sets[day] ?? [])
        }
    }

    /// The member's live sets on `days` of the exercises any term finds, in the order done.
    static func searchSetsSQL(userID: Int64, terms: [SearchTerm], zone: ZoneOffsets, days: [LocalDay]) -> PostgresQuery {
        var binds = PostgresBindings()
        func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        let any = terms.map { tsPrefix($0.word) }.joined(separator: " | ")
        let keys = Array(Set(terms.flatMap(\.aliasedKeys))).sorted()
        let sql = recordSelectSQL + """
             WHERE r.userid = \(bind(userID)) AND r.deletedat IS NULL AND r.exerciseid IN (
                SELECT id FROM exercise WHERE \(PostgresSchema.exerciseVector) @@ to_tsquery('simple', topweight_fold(\(bind(any))))
                UNION SELECT id FROM exercise WHERE namekey = ANY(\(bind(keys)))
            ) AND \(ProgressSQL.localDay(zone)) = ANY(\(bind(days.map { Int64($0.daysSince1970) })))
            ORDER BY r.performedat, r.id
            """
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// One statement, as SQLite's: for each term the member's days it
    /// matches (through the exercises the name index finds, and the days'
    /// own index), the days every term matches, newest first. A day's
    /// `YYYY-MM-DD` is compared as text, as `session` keeps it.
    static func searchSQL(userID: Int64, terms: [SearchTerm], zone: ZoneOffsets, limit: Int) -> PostgresQuery {
        var binds = PostgresBindings()
        func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        let user = bind(userID)
        var parts: [String] = []
        for (index, term) in terms.enumerated() {
            let query = "to_tsquery('simple', topweight_fold(\(bind(tsPrefix(term.word)))))"
            parts.append("""
                d\(index) AS (
                    SELECT to_char(DATE '1970-01-01' + (\(ProgressSQL.localDay(zone)))::integer, 'YYYY-MM-DD') AS day FROM record
                    WHERE userid = \(user) AND deletedat IS NULL AND exerciseid IN (
                        SELECT id FROM exercise WHERE \(PostgresSchema.exerciseVector) @@ \(query)
                        UNION SELECT id FROM exercise WHERE namekey = ANY(\(bind(term.aliasedKeys)))
                    )
                    UNION
                    SELECT day FROM session
                    WHERE userid = \(user) AND (\(PostgresSchema.sessionIndexed)) AND \(PostgresSchema.sessionVector) @@ \(query)
                )
                """)
        }
        let days = terms.indices.map { "SELECT day FROM d\($0)" }.joined(separator: " INTERSECT ")
        let sql = "WITH " + parts.joined(separator: ",\n") + "\n" + days + " ORDER BY day DESC LIMIT \(bind(Int64(limit)))"
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// `to_tsquery`'s prefix of a folded word: quoted (a quote or backslash
    /// inside doubled or escaped), then `:*`.
    static func tsPrefix(_ word: String) -> String {
        let quoted = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''")
        return "'" + quoted + "':*"
    }
}
