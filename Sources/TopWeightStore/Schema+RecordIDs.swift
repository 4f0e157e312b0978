import CSQLiteConfig
import GRDB

extension Schema {
    /// Migration v17: a save no longer writes `sqlite_sequence`, one page of
    /// the six a save wrote. `record`'s id was AUTOINCREMENT, so every insert
    /// also rewrote that table's row for it. Without the keyword SQLite gives
    /// a new record the highest id there plus one: ids still only grow, as a
    /// set leaves as a tombstone. The one way a row goes for good is a member
    /// removed with their tombstones (`users remove --yes`), which could let
    /// an id above every row left be given again: v18 keeps it (`keepHighest`).
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

        /// Migration v18: an id is given once. Without AUTOINCREMENT SQLite
        /// gives a new row the highest id there plus one, so a removal that
        /// takes the newest rows would let their ids be given again (`Saved
        /// #302` then names another member's set). The delete trigger keeps
        /// the id of a row that was the highest in `recordIdGiven`, one row
        /// at most; a save writes nothing there, and while the table is empty
        /// (no removal ever took the newest row) its insert reads one empty page.
        static func keepHighest(_ db: Database) throws {
            try db.execute(sql: """
                CREATE TABLE recordIdGiven (upTo INTEGER NOT NULL);
                CREATE TRIGGER record_id_given AFTER DELETE ON record
                WHEN OLD.id > \(highest) BEGIN
                    DELETE FROM recordIdGiven WHERE upTo < OLD.id;
                    INSERT INTO recordIdGiven (upTo) SELECT OLD.id WHERE NOT EXISTS (SELECT 1 FROM recordIdGiven);
                END
                """)
        }

        /// The id every insert into `record` gives: past the highest id a
        /// removal took while none is above it, else NULL, which has SQLite
        /// give the highest id there plus one (as it did before v18).
        static let next = "(SELECT upTo + 1 FROM recordIdGiven WHERE upTo >= \(highest))"
    }
}
