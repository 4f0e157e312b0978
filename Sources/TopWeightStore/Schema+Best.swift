import GRDB
import TopWeightStorage

extension Schema {
    /// Migration v11: the heaviest live working weight set of each member,
    /// exercise and rep count, one row each. A new set's personal records
    /// are read from these few rows (the heaviest is the heaviest of them,
    /// the best e1RM is one of them, the most reps at a weight is the first
    /// heavy enough from the most reps down), so `record` no longer carries
    /// the three v9 indexes each save wrote to.
    ///
    /// An insert of ours adds its set (`keptSQL`, once the save has read the
    /// bests before it); triggers follow what updates and deletes do to a
    /// best (a tombstone, an edit, a set moved to another exercise or member:
    /// the next heaviest at its rep count is found again, through
    /// (userId, exerciseId)) and to a set that becomes one (a restore, an
    /// edit). Only numbers Top Weight could have written are kept.
    enum Best {
        /// Live, not a warm-up, a weight set: what a weight PR is measured against.
        static let workingSQL = "deletedAt IS NULL AND kind IS NOT 'warmup' AND measure IS NULL"

        static let columns = "userId, exerciseId, reps, kilograms, recordId, weight, unit"

        /// The columns of `recordBest` from a row of `record`.
        static let fromRecordSQL = "userId, exerciseId, reps, \(ProgressSQL.kilograms), id, weight, unit"

        static func create(_ db: Database) throws {
            try db.execute(sql: """
                CREATE TABLE recordBest (
                    userId INTEGER NOT NULL,
                    exerciseId INTEGER NOT NULL,
                    reps INTEGER NOT NULL,
                    kilograms REAL NOT NULL,
                    recordId INTEGER NOT NULL,
                    weight REAL NOT NULL,
                    unit TEXT NOT NULL,
                    PRIMARY KEY (userId, exerciseId, reps)
                ) WITHOUT ROWID
                """)
            // Filled once from the records there, from the v9 reps index
            // alone (dropped after): at each rep count the heaviest, the first
            // of equals (MAX keeps the first row that reaches it). A best
            // whose row holds numbers Top Weight would not write (another
            // tool's) is then looked for again among the numbers it would.
            try db.execute(sql: """
                INSERT INTO recordBest (\(columns))
                SELECT userId, exerciseId, reps, MAX(\(ProgressSQL.kilograms)), id, weight, unit
                FROM record INDEXED BY record_on_user_exercise_reps WHERE \(workingSQL) GROUP BY userId, exerciseId, reps
                """)
            try db.execute(sql: """
                CREATE TEMP TABLE bestToFind AS SELECT userId, exerciseId, reps FROM recordBest b
                WHERE NOT EXISTS (SELECT 1 FROM record WHERE id = b.recordId AND \(StoredValues.inRangeSQL))
                """)
            try db.execute(sql: """
                DELETE FROM recordBest WHERE (userId, exerciseId, reps) IN (SELECT userId, exerciseId, reps FROM bestToFind)
                """)
            try db.execute(sql: """
                INSERT INTO recordBest (\(columns))
                SELECT \(fromRecordSQL) FROM record WHERE id IN (
                    SELECT (SELECT r.id FROM record r
                            WHERE r.userId = k.userId AND r.exerciseId = k.exerciseId AND r.reps = k.reps
                              AND \(workingSQL) AND \(StoredValues.inRangeSQL)
                            ORDER BY \(ProgressSQL.kilograms) DESC, r.id LIMIT 1)
                    FROM bestToFind k)
                """)
            try db.execute(sql: "DROP TABLE bestToFind")
            // A best that leaves (its row deleted, tombstoned, edited or
            // moved): the next heaviest at its rep count, if any.
            let replaced = """
                DELETE FROM recordBest
                WHERE userId = OLD.userId AND exerciseId = OLD.exerciseId AND reps = OLD.reps AND recordId = OLD.id;
                INSERT INTO recordBest (\(columns))
                SELECT \(fromRecordSQL) FROM record
                WHERE userId = OLD.userId AND exerciseId = OLD.exerciseId AND reps = OLD.reps
                  AND \(workingSQL) AND \(StoredValues.inRangeSQL)
                  AND NOT EXISTS (SELECT 1 FROM recordBest b WHERE b.userId = OLD.userId AND b.exerciseId = OLD.exerciseId AND b.reps = OLD.reps)
                ORDER BY \(ProgressSQL.kilograms) DESC, id LIMIT 1;
                """
            let oldWorking = "OLD.deletedAt IS NULL AND OLD.kind IS NOT 'warmup' AND OLD.measure IS NULL"
            let newWorking = "NEW.deletedAt IS NULL AND NEW.kind IS NOT 'warmup' AND NEW.measure IS NULL"
            let changed = "userId, exerciseId, weight, unit, reps, deletedAt, kind, measure"
            try db.execute(sql: "CREATE TRIGGER record_best_delete AFTER DELETE ON record WHEN \(oldWorking) BEGIN \(replaced) END")
            try db.execute(sql: "CREATE TRIGGER record_best_leave AFTER UPDATE OF \(changed) ON record WHEN \(oldWorking) BEGIN \(replaced) END")
            // A set that becomes a working weight set, or one edited: kept if heavier.
            try db.execute(sql: """
                CREATE TRIGGER record_best_enter AFTER UPDATE OF \(changed) ON record WHEN \(newWorking) BEGIN
                    INSERT INTO recordBest (\(columns))
                    SELECT \(fromRecordSQL) FROM record WHERE id = NEW.id AND \(workingSQL) AND \(StoredValues.inRangeSQL)
                    \(upsert);
                END
                """)
        }

        /// Keeps the row's set when it is heavier than the best at its rep
        /// count: a set equal to the best (the same numbers as last time,
        /// most saves) writes nothing, and the first of equals stays the best.
        static let upsert = """
            ON CONFLICT (userId, exerciseId, reps) DO UPDATE SET
                kilograms = excluded.kilograms, recordId = excluded.recordId, weight = excluded.weight, unit = excluded.unit
            WHERE excluded.kilograms > recordBest.kilograms
            """

        /// A working weight set just inserted, by its id: kept when it is a
        /// best. Argument: the record's id.
        static let keptSQL = """
            INSERT INTO recordBest (\(columns))
            SELECT \(fromRecordSQL) FROM record WHERE id = ? AND \(workingSQL) AND \(StoredValues.inRangeSQL)
            \(upsert)
            """
    }
}
