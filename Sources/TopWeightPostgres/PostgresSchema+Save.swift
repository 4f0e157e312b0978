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
    static let saveMigration: (identifier: String, statements: [String]) = ("v15", [saveWeightSet])

    /// v16: nothing on PostgreSQL, whose tally a trigger keeps in each
    /// save's transaction as before; a file's save stopped writing its tally
    /// (the same identifiers on both engines).
    static let tallyMarkMigration: (identifier: String, statements: [String]) = ("v16", [])

    /// v17: nothing on PostgreSQL either, whose record ids come from an
    /// identity sequence; a file's stopped being AUTOINCREMENT.
    static let recordIDsMigration: (identifier: String, statements: [String]) = ("v17", [])

    /// v18: nothing on PostgreSQL, whose identity sequence never gives an
    /// id twice, a member removed or not; a file's keeps the highest id a
    /// removal took (SQLite's `Schema.RecordIDs.keepHighest`).
    static let recordIDsKeptMigration: (identifier: String, statements: [String]) = ("v18", [])

    /// v19: a member's one-time enrolment code from the desk, its salted
    /// hash and the end of its validity in milliseconds (SQLite's v19).
    static let enrolmentCodeMigration: (identifier: String, statements: [String]) = ("v19", [
        "ALTER TABLE memberaccess ADD COLUMN enrolcode text, ADD COLUMN enroluntil bigint",
    ])

    /// v21: the gym's teams, one row a member in a team, the team's name as
    /// first spelt and its key; gone with the member (SQLite's v21).
    static let teamsMigration: (identifier: String, statements: [String]) = ("v21", [
        """
        CREATE TABLE teammember (
            team text NOT NULL,
            teamkey text NOT NULL,
            userid bigint NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
            createdat bigint NOT NULL,
            PRIMARY KEY (teamkey, userid)
        )
        """,
        "CREATE INDEX teammember_on_user ON teammember (userid)",
    ])

    /// A save's parameters, as v6's `topweight_save_measured` and v15's
    /// `topweight_save_weight_set` both take them (four spaces in, as they
    /// were sent).
    static let saveParameters = "p_uid text, p_user bigint, p_exercise bigint, p_weight double precision, p_unit text, p_reps integer,"
        + "\n    p_series integer, p_performed bigint, p_created bigint, p_kind text"

    /// A save's insert, as both functions run it: the row, or for a retried
    /// uid the row already saved, its id put in `id`.
    static func savedRow(into id: String) -> String {
        "INSERT INTO record AS r (uid, userid, exerciseid, weight, unit, reps, series, performedat, createdat, kind)"
            + "\n    VALUES (p_uid, p_user, p_exercise, p_weight, p_unit, p_reps, p_series, p_performed, p_created, p_kind)"
            + "\n    ON CONFLICT (uid) DO NOTHING RETURNING r.id INTO \(id);"
            + "\n    IF \(id) IS NULL THEN"
            + "\n        SELECT r.id INTO \(id) FROM record r WHERE r.uid = p_uid;"
            + "\n    END IF;"
    }

    private static let savedSetBests = BestSets(weightSetsOnly: true, excluded: "saved", lightest: "v_lightest")
    private static let saveWeightSet =
        """
        CREATE FUNCTION topweight_save_weight_set(
            \(saveParameters),
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
            \(savedRow(into: "saved"))
            IF p_kind IS NOT DISTINCT FROM 'warmup' THEN
                RETURN;
            END IF;
            \(savedSetBests.heaviest(select: "r.id, r.weight, r.unit, r.reps", into: "heaviest, heaviest_weight, heaviest_unit, heaviest_reps, v_top"))
            IF NOT FOUND THEN
                RETURN;
            END IF;
            \(savedSetBests.strongest(select: "r.id, r.weight, r.unit, r.reps", into: "strongest, strongest_weight, strongest_unit, strongest_reps"))
            IF v_top < v_lightest THEN
                RETURN;
            END IF;
            -- For each rep count, most first, the heaviest set with it, until one is heavy enough.
            \(savedSetBests.mostReps(select: "r.id, r.weight, r.unit, r.reps", into: "most, most_weight, most_unit, most_reps"))
        END
        $body$
        """
}
