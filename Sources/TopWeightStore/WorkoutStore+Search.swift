import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - Searching a member's log

extension WorkoutStore {
    public func searchDays(userID: Int64, terms: [SearchTerm], zone: ZoneOffsets, limit: Int) throws(LogbookError) -> [SessionInfo] {
        guard !terms.isEmpty, limit > 0 else { return [] }
        return try perform {
            try writer.read { db in
                let (sql, arguments) = Self.searchSQL(userID: userID, terms: terms, zone: zone, limit: limit)
                let days = try String.fetchAll(db, sql: sql, arguments: arguments)
                guard !days.isEmpty else { return [] }
                var found: [String: SessionInfo] = [:]
                let rows = try Row.fetchAll(db, sql: """
                    SELECT day, note, routine FROM session WHERE userId = ? AND day IN \(Self.placeholders(days.count))
                    """, arguments: StatementArguments([userID] + days.map { $0 as (any DatabaseValueConvertible)? }))
                for row in rows {
                    guard let text = String.fromDatabaseValue(row["day"]), let day = LocalDay(parsing: text) else { continue }
                    found[text] = SessionInfo(day: day, note: row["note"], routine: row["routine"])
                }
                return days.compactMap { text in
                    found[text] ?? LocalDay(parsing: text).map { SessionInfo(day: $0, note: nil, routine: nil) }
                }
            }
        }
    }

    /// One statement: for each term the member's days it matches (through
    /// the exercises its index finds, the days' own index), the days every
    /// term matches, newest first.
    static func searchSQL(userID: Int64, terms: [SearchTerm], zone: ZoneOffsets, limit: Int) -> (String, StatementArguments) {
        let first = userID * Schema.Search.dayKeySpan
        var parts: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        for (index, term) in terms.enumerated() {
            let match = ftsPrefix(term.word)
            parts.append("""
                e\(index)(id) AS (
                    SELECT rowid FROM exerciseSearch WHERE exerciseSearch MATCH ?
                    UNION SELECT id FROM exercise WHERE nameKey IN \(placeholders(term.aliasedKeys.count))
                ),
                d\(index)(day) AS (
                    SELECT date(\(ProgressSQL.localDay(zone)) * 86400, 'unixepoch') FROM record
                    WHERE userId = ? AND deletedAt IS NULL AND exerciseId IN e\(index)
                    UNION
                    SELECT day FROM sessionSearch WHERE sessionSearch MATCH ? AND rowid BETWEEN ? AND ?
                )
                """)
            arguments.append(match)
            arguments += term.aliasedKeys.map { $0 as (any DatabaseValueConvertible)? }
            arguments += [userID, match, first, first + Schema.Search.dayKeySpan - 1]
        }
        let days = terms.indices.map { "SELECT day FROM d\($0)" }.joined(separator: " INTERSECT ")
        arguments.append(limit)
        let sql = "WITH " + parts.joined(separator: ",\n") + "\n" + days + " ORDER BY day DESC LIMIT ?"
        return (sql, StatementArguments(arguments))
    }

    /// FTS5's query for the words a folded word begins: the word quoted (a
    /// word has letters and digits only, but a quote inside is doubled), then `*`.
    static func ftsPrefix(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
    }

    /// `(?, ?, …)`, one a value (`(NULL)` for none: an empty list matches nothing).
    static func placeholders(_ count: Int) -> String {
        count == 0 ? "(NULL)" : "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }
}
