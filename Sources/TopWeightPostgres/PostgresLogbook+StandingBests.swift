import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - The bests as they stood when a period began (the coach's report)

extension PostgresLogbook {
    /// One round trip: the period's members and exercises (its sets through
    /// (performedat, id), or (userid, performedat, id) for one member); for
    /// each, one step down `record_on_user_exercise_reps` (from its
    /// INCLUDEd columns alone) per rep count done before `start`, most reps
    /// first, each step landing on the heaviest set done before `start` at
    /// the next rep count down (only the sets done since are passed over;
    /// of equals, the first met, as on SQLite); the
    /// rows no heavier set with more reps outdoes; its sets of the other
    /// kinds when the period has one; and, without a weight set before
    /// `start`, one set before it, so that a first is a first. Each walk a
    /// loop of index look-ups (the pairs'
    /// sets of other kinds too, and the rows by id at the end): planned as
    /// joins, they read the whole table.
    public func standingBests(start: Date, end: Date, userID: Int64?) throws(LogbookError) -> [WorkoutRecord] {
        var binds = PostgresBindings()
        binds.append(Self.milliseconds(start))
        binds.append(Self.milliseconds(end))
        var member = ""
        if let userID {
            binds.append(userID)
            member = " AND userid = $3"
        }
        // Planned from estimates far above the few thousand rows it reads,
        // the walk would be compiled (JIT) for longer than it runs.
        let rows = try link.transaction { transaction in
            try transaction.query("SET LOCAL jit = off")
            return try transaction.query(PostgresQuery(unsafeSQL: Self.standingBestsSQL(member: member), binds: binds))
        }
        var records: [WorkoutRecord] = []
        for row in rows {
            if let record = try Self.workoutRecord(from: row) { records.append(record) }
        }
        return records
    }

    /// `$1` the start, `$2` the end, in milliseconds; `member` a condition on `userid`.
    static func standingBestsSQL(member: String) -> String {
        let kilograms = PostgresSchema.BestSets.kilograms
        let weightSets = "r.deletedat IS NULL AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL"
        let working = "r.deletedat IS NULL AND r.kind IS DISTINCT FROM 'warmup'"
        let inRange = StoredRange.conditionSQL
        return """
            WITH RECURSIVE pairs AS (
                SELECT userid, exerciseid, bool_or(measure IS NOT NULL) AS kinded FROM record
                WHERE performedat >= $1 AND performedat < $2 AND deletedat IS NULL AND kind IS DISTINCT FROM 'warmup'\(member)
                GROUP BY userid, exerciseid
            ), heaviest AS (
                SELECT p.userid, p.exerciseid, b.reps, b.id, b.kilograms FROM pairs p CROSS JOIN LATERAL (
                    SELECT r.reps, r.id, \(kilograms) AS kilograms FROM record r
                    WHERE r.userid = p.userid AND r.exerciseid = p.exerciseid AND \(weightSets) AND r.reps >= 1
                      AND r.performedat < $1 AND \(inRange)
                    ORDER BY r.reps DESC, \(kilograms) DESC LIMIT 1) b
                UNION ALL
                SELECT h.userid, h.exerciseid, b.reps, b.id, b.kilograms FROM heaviest h CROSS JOIN LATERAL (
                    SELECT r.reps, r.id, \(kilograms) AS kilograms FROM record r
                    WHERE r.userid = h.userid AND r.exerciseid = h.exerciseid AND \(weightSets) AND r.reps >= 1 AND r.reps < h.reps
                      AND r.performedat < $1 AND \(inRange)
                    ORDER BY r.reps DESC, \(kilograms) DESC LIMIT 1) b
            ), seeds AS (
                SELECT h.id FROM heaviest h WHERE NOT EXISTS (
                    SELECT 1 FROM heaviest o WHERE o.userid = h.userid AND o.exerciseid = h.exerciseid
                      AND o.reps > h.reps AND o.kilograms >= h.kilograms)
                UNION
                SELECT k.id FROM pairs p CROSS JOIN LATERAL (
                    SELECT r.id FROM record r WHERE r.userid = p.userid AND r.exerciseid = p.exerciseid
                      AND \(working) AND r.measure IS NOT NULL AND r.performedat < $1 OFFSET 0) k
                WHERE p.kinded
                UNION
                SELECT o.id FROM pairs p CROSS JOIN LATERAL (
                    SELECT r.id FROM record r WHERE r.userid = p.userid AND r.exerciseid = p.exerciseid AND \(working)
                      AND r.performedat < $1 AND \(inRange) LIMIT 1) o
                WHERE NOT EXISTS (SELECT 1 FROM heaviest h WHERE h.userid = p.userid AND h.exerciseid = p.exerciseid)
            )
            \(recordSelectSQL) WHERE r.id = ANY(ARRAY(SELECT id FROM seeds))
            """
    }
}
