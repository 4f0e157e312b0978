extension PostgresSchema {
    /// v7 onward: every kind of set, private members and the board's
    /// updates, records per kind, programs, the listings' tallies.
    /// Shipped: never edited; a new migration is appended here.
    static let laterMigrations: [(identifier: String, statements: [String])] = [
        ("v7", [
            // Every kind of set: an exercise's kind (NULL: weight) and, on
            // each record, what it measured, whether its load is assistance,
            // its time, distance (in the unit typed) and RPE. As in SQLite.
            "ALTER TABLE exercise ADD COLUMN kind text CHECK (kind IN ('weight', 'bodyweight', 'time', 'distance'))",
            """
            ALTER TABLE record
                ADD COLUMN measure text CHECK (measure IN ('bodyweight', 'time', 'distance')),
                ADD COLUMN assisted bigint CHECK (assisted = 1),
                ADD COLUMN seconds bigint CHECK (seconds > 0),
                ADD COLUMN distance double precision CHECK (distance > 0),
                ADD COLUMN distanceunit text CHECK (distanceunit IN ('m', 'km', 'mi')),
                ADD COLUMN rpe double precision CHECK (rpe BETWEEN 6 AND 10)
            """,
        ]),
        ("v8", [
            // A member who keeps off the gym's board; everybody starts on it.
            "ALTER TABLE \"user\" ADD COLUMN isprivate boolean NOT NULL DEFAULT false",
            // The board's live updates: a NOTIFY on topweight_board after
            // every statement that changes sets, members or body weights,
            // delivered at commit (once a transaction), to whoever LISTENs.
            """
            CREATE FUNCTION topweight_board_changed() RETURNS trigger LANGUAGE plpgsql AS $body$
            BEGIN
                PERFORM pg_notify('topweight_board', '');
                RETURN NULL;
            END
            $body$
            """,
            """
            CREATE TRIGGER record_board_changed AFTER INSERT OR UPDATE OR DELETE ON record
            FOR EACH STATEMENT EXECUTE FUNCTION topweight_board_changed()
            """,
            """
            CREATE TRIGGER user_board_changed AFTER INSERT OR UPDATE OR DELETE ON "user"
            FOR EACH STATEMENT EXECUTE FUNCTION topweight_board_changed()
            """,
            """
            CREATE TRIGGER bodyweight_board_changed AFTER INSERT OR UPDATE OR DELETE ON bodyweight
            FOR EACH STATEMENT EXECUTE FUNCTION topweight_board_changed()
            """,
        ]),
        ("v9", [
            // Personal records per kind, as in SQLite: the v6 indexes and the
            // weight bests take weight sets only (measure NULL); the other
            // kinds' bests read the member's sets of the exercise through
            // record_on_user_exercise. "v8" is another branch's.
            "DROP INDEX record_on_user_exercise_kilograms",
            "DROP INDEX record_on_user_exercise_estimate",
            "DROP INDEX record_on_user_exercise_reps",
            """
            CREATE INDEX record_on_user_exercise_kilograms ON record (
                userid, exerciseid, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)
            ) INCLUDE (weight, unit, reps, id) WHERE deletedat IS NULL AND kind IS DISTINCT FROM 'warmup' AND measure IS NULL
            """,
            """
            CREATE INDEX record_on_user_exercise_estimate ON record (
                userid, exerciseid,
                (CASE WHEN reps = 1 THEN (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)
                 ELSE (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END) * (30 + reps) / 30.0 END)
            ) INCLUDE (weight, unit, reps, id) WHERE deletedat IS NULL AND kind IS DISTINCT FROM 'warmup' AND measure IS NULL
            """,
            """
            CREATE INDEX record_on_user_exercise_reps ON record (
                userid, exerciseid, reps, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)
            ) INCLUDE (weight, unit, id) WHERE deletedat IS NULL AND kind IS DISTINCT FROM 'warmup' AND measure IS NULL
            """,
            // topweight_bests of v6, on weight sets only.
            """
            CREATE OR REPLACE FUNCTION topweight_bests(p_user bigint, p_exercise bigint, p_id bigint, p_lightest double precision)
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
                  AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL AND r.id <> p_id
                  AND (r.weight <= 1000 OR r.unit = 'lb') AND r.weight <= 2200 AND r.reps BETWEEN 1 AND 1000
                ORDER BY (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) DESC LIMIT 1;
                IF NOT FOUND THEN
                    RETURN;
                END IF;
                RETURN NEXT;
                RETURN QUERY
                SELECT 2, r.id, r.weight, r.unit, r.reps FROM record r
                WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
                  AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL AND r.id <> p_id
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
                      AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL AND r.reps < v_below AND r.reps >= 1
                    ORDER BY r.reps DESC LIMIT 1;
                    EXIT WHEN NOT FOUND;
                    RETURN QUERY
                    SELECT 3, r.id, r.weight, r.unit, r.reps FROM record r
                    WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL
                      AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL AND r.id <> p_id
                      AND (r.weight <= 1000 OR r.unit = 'lb') AND r.weight <= 2200 AND r.reps = v_reps
                      AND (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) >= p_lightest
                    ORDER BY (CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END) DESC LIMIT 1;
                    EXIT WHEN FOUND;
                    v_below := v_reps;
                END LOOP;
            END
            $body$
            """,
        ]),
        ("v10", [
            // Programs at the rack, as in SQLite: the gym's own program files,
            // and each member's program with where they are in it.
            """
            CREATE TABLE gymprogram (
                namekey text PRIMARY KEY,
                name text NOT NULL,
                source text NOT NULL,
                createdat bigint NOT NULL
            )
            """,
            """
            CREATE TABLE programassignment (
                userid bigint PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
                program text NOT NULL,
                progress text NOT NULL,
                assignedat bigint NOT NULL,
                lastdoneat bigint
            )
            """,
        ]),
        ("v11", [
            // How many live records each member has of each exercise, as in
            // SQLite, kept by a trigger in the transaction of whatever changes
            // record (the save's statement is left as it is), so the listings
            // read the small table instead of counting every record.
            """
            CREATE TABLE recordtally (
                userid bigint NOT NULL,
                exerciseid bigint NOT NULL,
                records bigint NOT NULL,
                PRIMARY KEY (userid, exerciseid)
            )
            """,
            """
            INSERT INTO recordtally (userid, exerciseid, records)
            SELECT userid, exerciseid, COUNT(*) FROM record WHERE deletedat IS NULL GROUP BY userid, exerciseid
            """,
            // A row: one live record fewer where it was (a delete, a
            // tombstone, a move), one more where it is (an insert, a restore).
            """
            CREATE FUNCTION topweight_tally() RETURNS trigger LANGUAGE plpgsql AS $body$
            BEGIN
                IF TG_OP <> 'INSERT' THEN
                    IF OLD.deletedat IS NULL THEN
                        UPDATE recordtally SET records = records - 1 WHERE userid = OLD.userid AND exerciseid = OLD.exerciseid;
                    END IF;
                END IF;
                IF TG_OP <> 'DELETE' THEN
                    IF NEW.deletedat IS NULL THEN
                        INSERT INTO recordtally AS t (userid, exerciseid, records) VALUES (NEW.userid, NEW.exerciseid, 1)
                        ON CONFLICT (userid, exerciseid) DO UPDATE SET records = t.records + 1;
                    END IF;
                END IF;
                RETURN NULL;
            END
            $body$
            """,
            """
            CREATE TRIGGER record_tally_insert AFTER INSERT ON record
            FOR EACH ROW WHEN (NEW.deletedat IS NULL) EXECUTE FUNCTION topweight_tally()
            """,
            """
            CREATE TRIGGER record_tally_delete AFTER DELETE ON record
            FOR EACH ROW WHEN (OLD.deletedat IS NULL) EXECUTE FUNCTION topweight_tally()
            """,
            """
            CREATE TRIGGER record_tally_update AFTER UPDATE OF userid, exerciseid, deletedat ON record
            FOR EACH ROW WHEN ((OLD.deletedat IS NULL) IS DISTINCT FROM (NEW.deletedat IS NULL)
                OR OLD.userid IS DISTINCT FROM NEW.userid OR OLD.exerciseid IS DISTINCT FROM NEW.exerciseid)
            EXECUTE FUNCTION topweight_tally()
            """,
        ]),
        ("v12", [
            // How a member proves who they are at a kiosk, as in SQLite: the
            // PIN's salted hash and its wrong ones, the card's keyed hash
            // (one card, one member), whether they coach; gone with the member.
            """
            CREATE TABLE memberaccess (
                userid bigint PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
                pin text,
                pinfailures bigint,
                pinlockeduntil bigint,
                card text UNIQUE,
                coach boolean NOT NULL DEFAULT false
            )
            """,
            """
            CREATE TABLE recordcoach (
                recordid bigint PRIMARY KEY REFERENCES record (id) ON DELETE CASCADE,
                coachid bigint NOT NULL REFERENCES "user" (id) ON DELETE CASCADE
            )
            """,
        ]),
        ("v13", [
            // A member's own rest per exercise (`:rest 2:30`; 0 s is `:rest
            // off`), gone with the member or the exercise; and a set's place
            // in a superset (`A1`: group A, its first lift). As in SQLite.
            """
            CREATE TABLE resttime (
                userid bigint NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
                exerciseid bigint NOT NULL REFERENCES exercise (id) ON DELETE CASCADE,
                seconds bigint NOT NULL CHECK (seconds BETWEEN 0 AND 3600),
                PRIMARY KEY (userid, exerciseid)
            )
            """,
            "ALTER TABLE record ADD COLUMN superset text CHECK (superset ~ '^[A-Z][1-9][0-9]?$')",
        ]),
    ]
}
