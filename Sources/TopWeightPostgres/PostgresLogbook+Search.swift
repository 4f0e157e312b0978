import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Searching a member's log

extension PostgresLogbook {
    public func searchDays(userID: Int64, terms: [SearchTerm], zone: ZoneOffsets, limit: Int) throws(LogbookError) -> [SessionInfo] {
        guard !terms.isEmpty, limit > 0 else { return [] }
        var days: [String] = []
        for row in try link.query(Self.searchSQL(userID: userID, terms: terms, zone: zone, limit: limit)) {
            days.append(try Self.decode(row, as: String.self))
        }
        guard !days.isEmpty else { return [] }
        var found: [String: SessionInfo] = [:]
        let rows = try link.query("SELECT day, note, routine FROM session WHERE userid = \(userID) AND day = ANY(\(days))")
        for row in rows {
            let (text, note, routine) = try Self.decode(row, as: (String, String?, String?).self)
            if let day = LocalDay(parsing: text) { found[text] = SessionInfo(day: day, note: note, routine: routine) }
        }
        return days.compactMap { text in
            found[text] ?? LocalDay(parsing: text).map { SessionInfo(day: $0, note: nil, routine: nil) }
        }
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
