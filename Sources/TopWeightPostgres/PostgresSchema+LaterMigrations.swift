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
        ] + RecordBests.indexes(weightSetsOnly: true) + [
            // topweight_bests of v6, on weight sets only.
            RecordBests.function(replacing: true, weightSetsOnly: true),
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
