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
}

extension WorkoutStore {
    /// Every name and its text in name order, leaving out a row another tool broke.
    func namedTexts(_ table: NamedTextTable) throws(LogbookError) -> [(name: String, text: String)] {
        try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: "SELECT name, \(table.column) FROM \(table.table) ORDER BY nameKey").compactMap { row in
                    guard let name = String.fromDatabaseValue(row["name"]),
                          let text = String.fromDatabaseValue(row[table.column]) else { return nil }
                    return (name, text)
                }
            }
        }
    }

    /// Keeps `text` under `name`, over the text of the same name if there is
    /// one (which then takes this spelling); whether there was.
    func saveNamedText(_ table: NamedTextTable, name: String, text: String, now: Date) throws(LogbookError) -> Bool {
        try perform {
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

    /// Removes the text of that name; whether there was one.
    func removeNamedText(_ table: NamedTextTable, name: String) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: "DELETE FROM \(table.table) WHERE nameKey = ?", arguments: [NameRules.key(name)])
                return db.changesCount > 0
            }
        }
    }
}
