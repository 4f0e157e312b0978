extension PostgresSchema {
    /// v15: a weight set's save and its personal-record check in one
    /// function of one level, answering one row. v6's
    /// `topweight_save_measured` answers its parts as rows, through
    /// `topweight_bests` called as a query: two PL/pgSQL levels, each with
    /// its result set stored before it is read, and more statements a save
    /// (measured in docs/PERFORMANCE.md). The same queries, through the same
    /// v9 indexes, with the same rules: the insert, or for a retried uid the
    /// row already saved; then, except for a warm-up, the heaviest, the best
    /// e1RM and the most reps at the set's weight or more among the member's
    /// other live working weight sets of the exercise (the saved row left
    /// out, numbers Top Weight would not write passed over). v6's functions
    /// stay (`bests` and a set of another kind still call `topweight_bests`).
    /// SQLite's v15 changes nothing.
    static let saveMigration: (identifier: String, statements: [String]) = ("v15", [
        """
        CREATE FUNCTION topweight_save_weight_set(
            p_uid text, p_user bigint, p_exercise bigint, p_weight double precision, p_unit text, p_reps integer,
            p_series integer, p_performed bigint, p_created bigint, p_kind text,
            OUT saved bigint,
            OUT heaviest bigint, OUT heaviest_weight double precision, OUT heaviest_unit text, OUT heaviest_reps integer,
            OUT strongest bigint, OUT strongest_weight double precision, OUT strongest_unit text, OUT strongest_reps integer,
            OUT most bigint, OUT most_weight double precision, OUT most_unit text, OUT most_reps integer
        )
        LANGUAGE plpgsql VOLATILE AS $body$
        DECLARE
            v_lightest double precision := (CASE p_unit WHEN 'lb' THEN p_weight * 0.45359237 ELSE p_weight END) - 0.005;
            v_top double precision;
            v_below integer := 1001;
            v_reps integer;
        BEGIN
            INSERT INTO record AS r (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat, kind)
            VALUES (p_uid, p_user, p_exercise, p_weight, p_unit, p_reps, p_series, p_performed, p_created, p_kind)
            ON CONFLICT (uid) DO NOTHING RETURNING r.id INTO saved;
            IF saved IS NULL THEN
                SELECT r.id INTO saved FROM record r WHERE r.uid = p_uid;
            END IF;
            IF p_kind IS NOT DISTINCT FROM 'warmup' THEN
                RETURN;
            END IF;
            SELECT r.id, r.weight, r.unit, r.reps, (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END)
            INTO heaviest, heaviest_weight, heaviest_unit, heaviest_reps, v_top
            FROM record r
            WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
              AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL AND r.id <> saved
              AND (r.weight <= 1000 OR r.unit = 'lb') AND r.weight <= 2200 AND r.reps BETWEEN 1 AND 1000
            ORDER BY (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) DESC LIMIT 1;
            IF NOT FOUND THEN
                RETURN;
            END IF;
            SELECT r.id, r.weight, r.unit, r.reps INTO strongest, strongest_weight, strongest_unit, strongest_reps
            FROM record r
            WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
              AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL AND r.id <> saved
              AND (r.weight <= 1000 OR r.unit = 'lb') AND r.weight <= 2200 AND r.reps BETWEEN 1 AND 1000
            ORDER BY (CASE WHEN r.reps = 1 THEN (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END)
                      ELSE (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) * (30 + r.reps) / 30.0 END) DESC
            LIMIT 1;
            IF v_top < v_lightest THEN
                RETURN;
            END IF;
            -- For each rep count, most first, the heaviest set with it, until one is heavy enough.
            LOOP
                SELECT r.reps INTO v_reps FROM record r
                WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
                  AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL AND r.reps < v_below AND r.reps >= 1
                ORDER BY r.reps DESC LIMIT 1;
                EXIT WHEN NOT FOUND;
                SELECT r.id, r.weight, r.unit, r.reps INTO most, most_weight, most_unit, most_reps
                FROM record r
                WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
                  AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL AND r.id <> saved
                  AND (r.weight <= 1000 OR r.unit = 'lb') AND r.weight <= 2200 AND r.reps = v_reps
                  AND (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) >= v_lightest
                ORDER BY (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) DESC LIMIT 1;
                EXIT WHEN FOUND;
                v_below := v_reps;
            END LOOP;
        END
        $body$
        """,
    ])
}
