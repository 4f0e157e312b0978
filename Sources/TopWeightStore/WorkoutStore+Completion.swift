import Foundation
import GRDB
import TopWeightCore

// MARK: - Names for Tab

extension WorkoutStore {
    /// Names starting with `prefix` (case-insensitive), alphabetically, for Tab completion.
    public func userNames(withPrefix prefix: String, limit: Int = 200) throws(LogbookError) -> [String] {
        try names(table: "user", prefix: prefix, limit: limit)
    }

    /// Exercise names starting with `prefix` (case-insensitive), for Tab completion.
    public func exerciseNames(withPrefix prefix: String, limit: Int = 200) throws(LogbookError) -> [String] {
        try names(table: "exercise", prefix: prefix, limit: limit)
    }

    private func names(table: String, prefix: String, limit: Int) throws(LogbookError) -> [String] {
        let key = NameRules.key(prefix)
        return try perform {
            try writer.read { db in
                if key.isEmpty {
                    return try String.fetchAll(db.cachedStatement(sql: Self.allNamesSQL(table: table)), arguments: [limit])
                }
                return try String.fetchAll(db.cachedStatement(sql: Self.namesSQL(table: table)), arguments: [key, Self.upperBound(ofPrefix: key), limit])
            }
        }
    }

    public func names(of kind: NameRules.Kind, after id: Int64) throws(LogbookError) -> [(id: Int64, name: String)] {
        let sql = kind == .user ? "SELECT id, name FROM user WHERE id > ? ORDER BY id" : "SELECT id, name FROM exercise WHERE id > ? ORDER BY id"
        return try perform {
            try writer.read { db in
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [id])
                var found: [(id: Int64, name: String)] = []
                while let row = try rows.next() {
                    if let id = Int64.fromDatabaseValue(row[RecordColumns.id]), let name = String.fromDatabaseValue(row[RecordColumns.name]) { found.append((id, name)) }
                }
                return found
            }
        }
    }

    /// Every name of `table` (`user` or `exercise`) in key order; argument: limit.
    static func allNamesSQL(table: String) -> String {
        "SELECT name FROM \(table) ORDER BY nameKey LIMIT ?"
    }

    /// A range on the unique index: every key that starts with a prefix.
    /// Arguments: prefix key, `upperBound(ofPrefix:)` of it, limit.
    static func namesSQL(table: String) -> String {
        "SELECT name FROM \(table) WHERE nameKey >= ? AND nameKey < ? ORDER BY nameKey LIMIT ?"
    }

    /// The smallest string greater than every string starting with `prefix`.
    static func upperBound(ofPrefix prefix: String) -> String {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            var next = last.value + 1
            if next == 0xD800 { next = 0xE000 }
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                return String(String.UnicodeScalarView(scalars))
            }
        }
        return "\u{10FFFF}"
    }
}
