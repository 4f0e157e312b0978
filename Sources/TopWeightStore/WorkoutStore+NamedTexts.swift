import Foundation
import GRDB
import TopWeightCore

// MARK: - The gym's named texts: a routine's exercises, a program's YAML

/// A table of the gym's own texts kept by name: one row a name (found by
/// `NameRules.key`, so `Push Day` and `push day` are one), its text in
/// `column`, saved over when the name comes again.
struct NamedTextTable {
    let table: String
    let column: String

    /// The gym's routines: exercises in order, as JSON.
    static let routines = NamedTextTable(table: "routine", column: "exercises")
    /// The gym's programs: the YAML of each one.
    static let programs = NamedTextTable(table: "gymProgram", column: "source")

    /// The table a kind is kept in.
    static func of(_ kind: NamedTextKind) -> NamedTextTable {
        switch kind {
        case .routines: .routines
        case .programs: .programs
        }
    }
}

extension WorkoutStore: NamedTexts {
    /// Leaves out a row another tool broke.
    public func namedTexts(_ kind: NamedTextKind) throws(LogbookError) -> [(name: String, text: String)] {
        let table = NamedTextTable.of(kind)
        return try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: "SELECT name, \(table.column) FROM \(table.table) ORDER BY nameKey").compactMap { row in
                    guard let name = String.fromDatabaseValue(row["name"]),
                          let text = String.fromDatabaseValue(row[table.column]) else { return nil }
                    return (name, text)
                }
            }
        }
    }

    public func saveNamedText(_ kind: NamedTextKind, name: String, text: String, now: Date) throws(LogbookError) -> Bool {
        let table = NamedTextTable.of(kind)
        return try perform {
            try writer.write { db in
                let key = NameRules.key(name)
                let existed = try Bool.fetchOne(db, sql: "SELECT 1 FROM \(table.table) WHERE nameKey = ?", arguments: [key]) ?? false
                try db.execute(sql: """
                    INSERT INTO \(table.table) (nameKey, name, \(table.column), createdAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (nameKey) DO UPDATE SET name = excluded.name, \(table.column) = excluded.\(table.column)
                    """, arguments: [key, name, text, Self.milliseconds(now)])
                return existed
            }
        }
    }

    public func removeNamedText(_ kind: NamedTextKind, name: String) throws(LogbookError) -> Bool {
        let table = NamedTextTable.of(kind)
        return try perform {
            try writer.write { db in
                try db.execute(sql: "DELETE FROM \(table.table) WHERE nameKey = ?", arguments: [NameRules.key(name)])
                return db.changesCount > 0
            }
        }
    }
}
