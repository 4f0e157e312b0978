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
            // Filled once from the records there; of equals, the first done.
            try db.execute(sql: """
                INSERT INTO recordBest (\(columns))
                SELECT \(columns) FROM (
                    SELECT userId, exerciseId, reps, \(ProgressSQL.kilograms) AS kilograms, id AS recordId, weight, unit,
                           ROW_NUMBER() OVER (PARTITION BY userId, exerciseId, reps ORDER BY \(ProgressSQL.kilograms) DESC, id) AS place
                    FROM record WHERE \(workingSQL) AND \(StoredValues.inRangeSQL)
                ) WHERE place = 1
                """)
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
