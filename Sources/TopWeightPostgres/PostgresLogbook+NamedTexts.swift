import Foundation
import PostgresNIO
import TopWeightCore

// MARK: - The gym's named texts: a routine's exercises, a program's YAML

extension PostgresLogbook: NamedTexts {
    /// The table of each kind and the column of its text.
    private static func table(_ kind: NamedTextKind) -> (table: String, column: String) {
        switch kind {
        case .routines: ("routine", "exercises")
        case .programs: ("gymprogram", "source")
        }
    }

    public func namedTexts(_ kind: NamedTextKind) throws(LogbookError) -> [(name: String, text: String)] {
        let (table, column) = Self.table(kind)
        // By code point, as the file and the member lists sort, whatever the database's collation.
        let rows = try link.query("SELECT name, \(unescaped: column) FROM \(unescaped: table) ORDER BY namekey COLLATE \"C\"")
        var found: [(name: String, text: String)] = []
        for row in rows {
            let (name, text) = try Self.decode(row, as: (String, String).self)
            found.append((name, text))
        }
        return found
    }

    public func saveNamedText(_ kind: NamedTextKind, name: String, text: String, now: Date) throws(LogbookError) -> Bool {
        let (table, column) = Self.table(kind)
        // `xmax` is non-zero on a row the upsert updated rather than inserted.
        let rows = try link.query("""
            INSERT INTO \(unescaped: table) (name, namekey, \(unescaped: column), createdat)
            VALUES (\(name), \(NameRules.key(name)), \(text), \(Self.milliseconds(now)))
            ON CONFLICT (namekey) DO UPDATE SET name = excluded.name, \(unescaped: column) = excluded.\(unescaped: column)
            RETURNING (xmax::text <> '0')
            """)
        guard let row = rows.first else { return false }
        return try Self.decode(row, as: Bool.self)
    }

    public func removeNamedText(_ kind: NamedTextKind, name: String) throws(LogbookError) -> Bool {
        let result = try link.query("DELETE FROM \(unescaped: Self.table(kind).table) WHERE namekey = \(NameRules.key(name))")
        return (result.metadata.rows ?? 0) > 0
    }
}
