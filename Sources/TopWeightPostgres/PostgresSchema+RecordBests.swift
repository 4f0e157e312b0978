extension PostgresSchema {
    /// The personal-record indexes and `topweight_bests`, as v6 made them
    /// (every working set) and as v9 made them again on weight sets only:
    /// the same SQL but for `measure IS NULL`. Both migrations are shipped,
    /// so what these send must never change.
    enum RecordBests {
        /// A member's live working sets of an exercise by weight in
        /// kilograms (pounds converted), by Epley's e1RM, and by reps then
        /// weight, with the set's numbers included for index-only scans.
        static func indexes(weightSetsOnly: Bool) -> [String] {
            let weightSets = weightSetsOnly ? " AND measure IS NULL" : ""
            return [
                """
                CREATE INDEX record_on_user_exercise_kilograms ON record (
                    userid, exerciseid, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)
                ) INCLUDE (weight, unit, reps, id) WHERE deletedat IS NULL AND kind IS DISTINCT FROM 'warmup'\(weightSets)
                """,
                """
                CREATE INDEX record_on_user_exercise_estimate ON record (
                    userid, exerciseid,
                    (CASE WHEN reps = 1 THEN (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)
                     ELSE (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END) * (30 + reps) / 30.0 END)
                ) INCLUDE (weight, unit, reps, id) WHERE deletedat IS NULL AND kind IS DISTINCT FROM 'warmup'\(weightSets)
                """,
                """
                CREATE INDEX record_on_user_exercise_reps ON record (
                    userid, exerciseid, reps, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)
                ) INCLUDE (weight, unit, id) WHERE deletedat IS NULL AND kind IS DISTINCT FROM 'warmup'\(weightSets)
                """,
            ]
        }

        /// The bests a new set is measured against, as rows (part, id,
        /// weight, unit, reps): part 1 the heaviest, 2 the best e1RM, 3 the
        /// most reps at p_lightest kg or more (for each rep count, most
        /// first, the heaviest set with it, until one is heavy enough); the
        /// record p_id left out, and numbers Top Weight would not write
        /// (another tool's) passed over. A function, so that the server
        /// plans these queries once a session rather than on every save;
        /// STABLE, so inside a save's statement it sees the sets before the
        /// one being inserted. v6 creates it, v9 replaces it.
        static func function(replacing: Bool, weightSetsOnly: Bool) -> String {
            let create = replacing ? "CREATE OR REPLACE FUNCTION" : "CREATE FUNCTION"
            let weightSets = weightSetsOnly ? " AND r.measure IS NULL" : ""
            return """
                \(create) topweight_bests(p_user bigint, p_exercise bigint, p_id bigint, p_lightest double precision)
                RETURNS TABLE (part integer, id bigint, weight double precision, unit text, reps integer)
                LANGUAGE plpgsql STABLE AS $body$
                DECLARE
                    v_top double precision;
                    v_below integer := 1001;
                    v_reps integer;
                BEGIN
                    SELECT 1, r.id, r.weight, r.unit, r.reps, (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END)
                    INTO part, id, weight, unit, reps, v_top
                    FROM record r
                    WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
                      AND r.kind IS DISTINCT FROM 'warmup'\(weightSets) AND r.id <> p_id
                      AND (r.weight <= 1000 OR r.unit = 'lb') AND r.weight <= 2200 AND r.reps BETWEEN 1 AND 1000
                    ORDER BY (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) DESC LIMIT 1;
                    IF NOT FOUND THEN
                        RETURN;
                    END IF;
                    RETURN NEXT;
                    RETURN QUERY
                    SELECT 2, r.id, r.weight, r.unit, r.reps FROM record r
                    WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
                      AND r.kind IS DISTINCT FROM 'warmup'\(weightSets) AND r.id <> p_id
                      AND (r.weight <= 1000 OR r.unit = 'lb') AND r.weight <= 2200 AND r.reps BETWEEN 1 AND 1000
                    ORDER BY (CASE WHEN r.reps = 1 THEN (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END)
                              ELSE (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) * (30 + r.reps) / 30.0 END) DESC
                    LIMIT 1;
                    IF v_top < p_lightest THEN
                        RETURN;
                    END IF;
                    LOOP
                        SELECT r.reps INTO v_reps FROM record r
                        WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
                          AND r.kind IS DISTINCT FROM 'warmup'\(weightSets) AND r.reps < v_below AND r.reps >= 1
                        ORDER BY r.reps DESC LIMIT 1;
                        EXIT WHEN NOT FOUND;
                        RETURN QUERY
                        SELECT 3, r.id, r.weight, r.unit, r.reps FROM record r
                        WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
                          AND r.kind IS DISTINCT FROM 'warmup'\(weightSets) AND r.id <> p_id
                          AND (r.weight <= 1000 OR r.unit = 'lb') AND r.weight <= 2200 AND r.reps = v_reps
                          AND (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) >= p_lightest
                        ORDER BY (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) DESC LIMIT 1;
                        EXIT WHEN FOUND;
                        v_below := v_reps;
                    END LOOP;
                END
                $body$
                """
        }
    }
}
