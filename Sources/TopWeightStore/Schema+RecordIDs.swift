import CSQLiteConfig
import GRDB

extension Schema {
    /// Migration v17: a save no longer writes `sqlite_sequence`, one page of
    /// the six a save wrote. `record`'s id was AUTOINCREMENT, so every insert
    /// also rewrote that table's row for it. Without the keyword SQLite gives
    /// a new record the highest id there plus one: ids still only grow, as a
    /// set leaves as a tombstone. The one way a row goes for good is a member
    /// removed with their tombstones (`users remove --yes`), and only an id
    /// above every row left can then be given again.
    ///
    /// The tally's mark was all that counted on ids never coming back: a
    /// record given an id at or under it would be counted by neither the
    /// tally nor the view. So the mark never stands above the highest id: the
    /// delete trigger lowers it to the highest id left, which counts the same
    /// records (none lies between).
    ///
    /// The keyword changes nothing in the file but the table's text in the
    /// schema: that text alone is rewritten (`writable_schema`, with the schema
    /// cookie moved on, so that every connection reads it again), no row is
    /// copied. A `record` table of another form keeps its text, and so does
    /// a connection in SQLite's defensive mode, which may not write the
    /// schema (such a file keeps its sequence; the trigger serves it as well).
    enum RecordIDs {
        /// How GRDB wrote the key of the v1 table.
        static let sequenced = "\"id\" INTEGER PRIMARY KEY AUTOINCREMENT"

        static func unsequence(_ db: Database) throws {
            if topweight_defensive(db.sqliteConnection, -1) == 0 {
                try rewrite(db)
            }
            try db.execute(sql: "UPDATE recordTallyMark SET upTo = \(highest) WHERE upTo > \(highest)")
            try db.execute(sql: "DROP TRIGGER record_tally_delete")
            try db.execute(sql: """
                CREATE TRIGGER record_tally_delete AFTER DELETE ON record BEGIN
                    UPDATE recordTally SET records = records - 1
                    WHERE OLD.deletedAt IS NULL AND OLD.id <= (SELECT upTo FROM recordTallyMark)
                      AND userId = OLD.userId AND exerciseId = OLD.exerciseId;
                    UPDATE recordTallyMark SET upTo = \(highest) WHERE upTo > \(highest);
                END
                """)
        }

        /// The table's text without the keyword, and its row of `sqlite_sequence` gone.
        private static func rewrite(_ db: Database) throws {
            let cookie = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
            try db.execute(sql: "PRAGMA writable_schema = ON")
            defer { try? db.execute(sql: "PRAGMA writable_schema = OFF") }
            try db.execute(sql: """
                UPDATE sqlite_master SET sql = replace(sql, ?, '"id" INTEGER PRIMARY KEY')
                WHERE type = 'table' AND name = 'record' AND instr(sql, ?) > 0
                """, arguments: [sequenced, sequenced])
            guard db.changesCount == 1 else { return }
            try db.execute(sql: "PRAGMA schema_version = \(cookie + 1)")
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = 'record'")
        }

        /// The highest record id there, 0 with none.
        private static let highest = "(SELECT COALESCE(MAX(id), 0) FROM record)"
    }
}
