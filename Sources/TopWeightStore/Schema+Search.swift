import GRDB

extension Schema {
    /// Migration v14: full-text indexes (FTS5) for `search` and `:search`:
    /// the exercises' names, and the days' notes and routine or program
    /// names (only the days that have one: most days have neither). Words
    /// fold case and accents (`unicode61 remove_diacritics 2`); prefixes of
    /// one to three letters have index entries of their own, so `s`, `sq`
    /// and `squ` read one short list.
    ///
    /// Triggers keep both in the transaction of whatever writes the rows (a
    /// new exercise, a rename, a merge's removal, a note, a routine, an
    /// import, a copy, a member removed); a set's save writes neither. The
    /// sets themselves are not indexed: a day matches an exercise's name
    /// through the member's live sets of the exercises found, read by the
    /// (userId, exerciseId) index, so edits, tombstones and restores are
    /// right at once.
    ///
    /// A day's row is keyed by its member and day (`dayKeySQL`), not by
    /// `session`'s rowid, which VACUUM may renumber (its key is composite).
    enum Search {
        static let tokenizer = "unicode61 remove_diacritics 2"

        /// The full-text row of a member's day: the member's id in the high
        /// digits, the day (days since 1970, shifted to be positive) in the
        /// low six, so one member's days are one range of rowids.
        static func dayKeySQL(_ row: String) -> String {
            "(\(row).userId * \(dayKeySpan) + \(dayKeyShift) + CAST(julianday(\(row).day) - 2440587.5 AS INTEGER))"
        }

        static let dayKeySpan: Int64 = 1_000_000
        static let dayKeyShift: Int64 = 500_000

        static func create(_ db: Database) throws {
            try db.execute(sql: """
                CREATE VIRTUAL TABLE exerciseSearch USING fts5(name, tokenize = '\(tokenizer)', prefix = '1 2 3')
                """)
            try db.execute(sql: """
                CREATE VIRTUAL TABLE sessionSearch USING fts5(note, routine, day UNINDEXED, tokenize = '\(tokenizer)', prefix = '1 2 3')
                """)
            try db.execute(sql: "INSERT INTO exerciseSearch (rowid, name) SELECT id, name FROM exercise")
            try db.execute(sql: """
                INSERT INTO sessionSearch (rowid, note, routine, day)
                SELECT \(dayKeySQL("session")), note, routine, day FROM session
                WHERE (note IS NOT NULL OR routine IS NOT NULL) AND julianday(day) IS NOT NULL
                """)
            try db.execute(sql: """
                CREATE TRIGGER exercise_search_insert AFTER INSERT ON exercise BEGIN
                    INSERT INTO exerciseSearch (rowid, name) VALUES (NEW.id, NEW.name);
                END
                """)
            try db.execute(sql: """
                CREATE TRIGGER exercise_search_rename AFTER UPDATE OF id, name ON exercise BEGIN
                    DELETE FROM exerciseSearch WHERE rowid = OLD.id;
                    INSERT INTO exerciseSearch (rowid, name) VALUES (NEW.id, NEW.name);
                END
                """)
            try db.execute(sql: """
                CREATE TRIGGER exercise_search_delete AFTER DELETE ON exercise BEGIN
                    DELETE FROM exerciseSearch WHERE rowid = OLD.id;
                END
                """)
            let indexed = "(NEW.note IS NOT NULL OR NEW.routine IS NOT NULL) AND julianday(NEW.day) IS NOT NULL"
            let insert = """
                INSERT INTO sessionSearch (rowid, note, routine, day)
                    SELECT \(dayKeySQL("NEW")), NEW.note, NEW.routine, NEW.day WHERE \(indexed);
                """
            try db.execute(sql: "CREATE TRIGGER session_search_insert AFTER INSERT ON session BEGIN \(insert) END")
            try db.execute(sql: """
                CREATE TRIGGER session_search_update AFTER UPDATE OF userId, day, note, routine ON session BEGIN
                    DELETE FROM sessionSearch WHERE rowid = \(dayKeySQL("OLD"));
                    \(insert)
                END
                """)
            try db.execute(sql: """
                CREATE TRIGGER session_search_delete AFTER DELETE ON session BEGIN
                    DELETE FROM sessionSearch WHERE rowid = \(dayKeySQL("OLD"));
                END
                """)
        }
    }
}
