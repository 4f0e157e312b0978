import GRDB

extension Schema {
    /// Migration v11: how many live records each member has of each
    /// exercise, so `users`, `:users` and `exercises` read a few thousand
    /// small rows instead of counting a million records. Kept in the
    /// transaction of whatever changes `record`: each insert of ours counts
    /// itself (`countedSQL`: a save, an import, a copy), and triggers follow
    /// updates and deletes (an edit onto another exercise, a tombstone, a
    /// restore, a merge, a member removed). An INSERT trigger would be
    /// compiled into every insert statement prepared, which a shell or
    /// another tool does for each row. A row whose count falls to 0 stays
    /// (readers sum).
    enum Tally {
        static func create(_ db: Database) throws {
            try db.execute(sql: """
                CREATE TABLE recordTally (
                    userId INTEGER NOT NULL,
                    exerciseId INTEGER NOT NULL,
                    records INTEGER NOT NULL,
                    PRIMARY KEY (userId, exerciseId)
                ) WITHOUT ROWID
                """)
            // Filled once from the records there: every record, read from
            // the (userId, exerciseId) index alone, less the tombstones,
            // read through v3's index of them (no look at a row of live records).
            try db.execute(sql: """
                INSERT INTO recordTally (userId, exerciseId, records)
                SELECT userId, exerciseId, COUNT(*) FROM record INDEXED BY record_on_user_exercise GROUP BY userId, exerciseId
                """)
            try db.execute(sql: """
                WITH gone AS (
                    SELECT userId, exerciseId, COUNT(*) AS records FROM record INDEXED BY record_on_deletedAt
                    WHERE deletedAt IS NOT NULL GROUP BY userId, exerciseId
                )
                UPDATE recordTally SET records = recordTally.records - gone.records FROM gone
                WHERE gone.userId = recordTally.userId AND gone.exerciseId = recordTally.exerciseId
                """)
            try db.execute(sql: """
                CREATE TRIGGER record_tally_delete AFTER DELETE ON record WHEN OLD.deletedAt IS NULL BEGIN
                    \(uncounted)
                END
                """)
            // A tombstone, a restore, or a set moved to another member or exercise.
            try db.execute(sql: """
                CREATE TRIGGER record_tally_update AFTER UPDATE OF userId, exerciseId, deletedAt ON record
                WHEN (OLD.deletedAt IS NULL) <> (NEW.deletedAt IS NULL)
                  OR OLD.userId IS NOT NEW.userId OR OLD.exerciseId IS NOT NEW.exerciseId BEGIN
                    \(uncounted.replacingOccurrences(of: "WHERE", with: "WHERE OLD.deletedAt IS NULL AND"))
                    INSERT INTO recordTally (userId, exerciseId, records)
                    SELECT NEW.userId, NEW.exerciseId, 1 WHERE NEW.deletedAt IS NULL
                    ON CONFLICT (userId, exerciseId) DO UPDATE SET records = records + 1;
                END
                """)
        }

        /// One more live record of a member (first argument) and an exercise
        /// (second): run by each insert of a live record, in its transaction.
        static let countedSQL = """
            INSERT INTO recordTally (userId, exerciseId, records) VALUES (?, ?, 1)
                ON CONFLICT (userId, exerciseId) DO UPDATE SET records = records + 1
            """

        /// One live record fewer of the old row's member and exercise.
        private static let uncounted = """
            UPDATE recordTally SET records = records - 1 WHERE userId = OLD.userId AND exerciseId = OLD.exerciseId;
            """
    }
}
