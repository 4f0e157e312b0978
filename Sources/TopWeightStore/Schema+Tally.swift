import GRDB

extension Schema {
    /// Migration v11: how many live records each member has of each
    /// exercise, so `users`, `:users` and `exercises` read a few thousand
    /// small rows instead of counting a million records. Kept in the
    /// transaction of whatever changes `record`: each insert of ours counted
    /// itself (a save, an import, a copy; since v16 they fold, see `mark`),
    /// and triggers follow updates and deletes (an edit onto another
    /// exercise, a tombstone, a restore, a merge, a member removed). An
    /// INSERT trigger would be compiled into every insert statement prepared,
    /// which a shell or another tool does for each row. A row whose count
    /// falls to 0 stays (readers sum).
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

        /// Migration v16: a save no longer writes the tally, one page of the
        /// seven a save wrote. The tally now counts the live records up to a
        /// mark (`recordTallyMark`, one row: the last record id it counted);
        /// the records after it, a few hundred at most, are counted where they
        /// are, down the primary key, by `recordTallyNow`, the view every
        /// reader reads. Triggers follow updates and deletes of the records
        /// the tally counted only. Every 256th record saved folds the records
        /// after the mark into the tally (`fold`), and so do an import and a
        /// copy at their end. A record another program inserts counts at once.
        static func mark(_ db: Database) throws {
            try db.execute(sql: "CREATE TABLE recordTallyMark (upTo INTEGER NOT NULL)")
            // v11's tally counted every record there.
            try db.execute(sql: "INSERT INTO recordTallyMark (upTo) SELECT COALESCE(MAX(id), 0) FROM record")
            try db.execute(sql: "DROP TRIGGER record_tally_delete")
            try db.execute(sql: "DROP TRIGGER record_tally_update")
            try db.execute(sql: """
                CREATE TRIGGER record_tally_delete AFTER DELETE ON record
                WHEN OLD.deletedAt IS NULL AND OLD.id <= (SELECT upTo FROM recordTallyMark) BEGIN
                    \(uncounted)
                END
                """)
            try db.execute(sql: """
                CREATE TRIGGER record_tally_update AFTER UPDATE OF userId, exerciseId, deletedAt ON record
                WHEN OLD.id <= (SELECT upTo FROM recordTallyMark) AND ((OLD.deletedAt IS NULL) <> (NEW.deletedAt IS NULL)
                  OR OLD.userId IS NOT NEW.userId OR OLD.exerciseId IS NOT NEW.exerciseId) BEGIN
                    \(uncounted.replacingOccurrences(of: "WHERE", with: "WHERE OLD.deletedAt IS NULL AND"))
                    INSERT INTO recordTally (userId, exerciseId, records)
                    SELECT NEW.userId, NEW.exerciseId, 1 WHERE NEW.deletedAt IS NULL
                    ON CONFLICT (userId, exerciseId) DO UPDATE SET records = records + 1;
                END
                """)
            try db.execute(sql: """
                CREATE VIEW recordTallyNow AS
                SELECT userId, exerciseId, SUM(records) AS records FROM (
                    SELECT userId, exerciseId, records FROM recordTally
                    UNION ALL
                    SELECT userId, exerciseId, COUNT(*) FROM record NOT INDEXED
                    WHERE id > (SELECT upTo FROM recordTallyMark) AND deletedAt IS NULL
                    GROUP BY userId, exerciseId
                ) GROUP BY userId, exerciseId
                """)
        }

        /// How many records saved between two folds, at most.
        static let foldEvery: Int64 = 256

        /// Counts the live records after the mark into the tally, and moves
        /// the mark to the last record: in the transaction of a save whose
        /// record id is a multiple of `foldEvery`, and of each import batch
        /// and copy.
        static func fold(_ db: Database) throws {
            guard let last = try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(id) FROM record")) else { return }
            try db.cachedStatement(sql: """
                INSERT INTO recordTally (userId, exerciseId, records)
                SELECT userId, exerciseId, COUNT(*) FROM record NOT INDEXED
                WHERE id > (SELECT upTo FROM recordTallyMark) AND id <= ? AND deletedAt IS NULL
                GROUP BY userId, exerciseId
                ON CONFLICT (userId, exerciseId) DO UPDATE SET records = records + excluded.records
                """).execute(arguments: [last])
            // Down as well as up: a mark above every id counts nothing more (v17).
            try db.cachedStatement(sql: "UPDATE recordTallyMark SET upTo = ? WHERE upTo <> ?").execute(arguments: [last, last])
        }

        /// One live record fewer of the old row's member and exercise.
        private static let uncounted = """
            UPDATE recordTally SET records = records - 1 WHERE userId = OLD.userId AND exerciseId = OLD.exerciseId;
            """
    }
}
