import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - Searching a member's log

extension WorkoutStore {
    public func searchDays(userID: Int64, terms: [SearchTerm], zone: ZoneOffsets, limit: Int) throws(LogbookError) -> [SearchResult.Day] {
        guard !terms.isEmpty, limit > 0 else { return [] }
        return try perform {
            try writer.read { db in
                let (sql, arguments) = Self.searchSQL(userID: userID, terms: terms, zone: zone, limit: limit)
                let days = try String.fetchAll(db, sql: sql, arguments: arguments).compactMap { LocalDay(parsing: $0) }
                guard !days.isEmpty else { return [] }
                var texts: [LocalDay: Row] = [:]
                let rows = try Row.fetchAll(db, sql: """
                    SELECT day, note, routine FROM session WHERE userId = ? AND day IN \(Self.placeholders(days.count))
                    """, arguments: StatementArguments([userID] + days.map { $0.description as (any DatabaseValueConvertible)? }))
                for row in rows {
                    if let text = String.fromDatabaseValue(row["day"]), let day = LocalDay(parsing: text) { texts[day] = row }
                }
                var sets: [LocalDay: [WorkoutRecord]] = [:]
                let (setsSQL, setsArguments) = Self.searchSetsSQL(userID: userID, terms: terms, zone: zone, days: days)
                for row in try Row.fetchAll(db, sql: setsSQL, arguments: setsArguments) {
                    guard let record = Self.workoutRecord(from: row),
                          let day = LocalDay(daysSince1970: zone.daysSince1970(at: ZoneOffsets.milliseconds(record.performedAt))) else { continue }
                    sets[day, default: []].append(record)
                }
                return days.map { day in
                    SearchResult.Day(day: day, note: texts[day].flatMap { String.fromDatabaseValue($0["note"]) },
                                     routine: texts[day].flatMap { String.fromDatabaseValue($0["routine"]) }, records: sets[day] ?? [])
                }
            }
        }
    }

    /// The member's live sets on `days` of the exercises any term finds, in the order done.
    static func searchSetsSQL(userID: Int64, terms: [SearchTerm], zone: ZoneOffsets, days: [LocalDay]) -> (String, StatementArguments) {
        let keys = Array(Set(terms.flatMap(\.aliasedKeys))).sorted()
        let sql = recordSelectSQL + """
             WHERE r.userId = ? AND r.deletedAt IS NULL AND r.exerciseId IN (
                SELECT rowid FROM exerciseSearch WHERE exerciseSearch MATCH ?
                UNION SELECT id FROM exercise WHERE nameKey IN \(placeholders(keys.count))
            ) AND \(ProgressSQL.localDay(zone)) IN \(placeholders(days.count))
            ORDER BY r.performedAt, r.id
            """
        var arguments: [(any DatabaseValueConvertible)?] = [userID, terms.map { ftsPrefix($0.word) }.joined(separator: " OR ")]
        arguments += keys.map { $0 as (any DatabaseValueConvertible)? }
        arguments += days.map { $0.daysSince1970 as (any DatabaseValueConvertible)? }
        return (sql, StatementArguments(arguments))
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
