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
            let sets = BestSets(weightSetsOnly: weightSetsOnly, excluded: "p_id", lightest: "p_lightest")
            return """
                \(create) topweight_bests(p_user bigint, p_exercise bigint, p_id bigint, p_lightest double precision)
                RETURNS TABLE (part integer, id bigint, weight double precision, unit text, reps integer)
                LANGUAGE plpgsql STABLE AS $body$
                DECLARE
                    v_top double precision;
                    v_below integer := 1001;
                    v_reps integer;
                BEGIN
                    \(sets.heaviest(select: "1, r.id, r.weight, r.unit, r.reps", into: "part, id, weight, unit, reps, v_top"))
                    IF NOT FOUND THEN
                        RETURN;
                    END IF;
                    RETURN NEXT;
                    RETURN QUERY
                    \(sets.strongest(select: "2, r.id, r.weight, r.unit, r.reps", into: nil))
                    IF v_top < p_lightest THEN
                        RETURN;
                    END IF;
                    \(sets.mostReps(select: "3, r.id, r.weight, r.unit, r.reps", into: nil))
                END
                $body$
                """
        }
    }

    /// The queries of a set's bests, as `topweight_bests` (v6, v9) and v15's
    /// save both run them, written once: the member's other live working sets
    /// of the exercise (`excluded`, the set being measured, left out; with
    /// `weightSetsOnly`, weight sets alone), their numbers ones Top Weight
    /// writes. Each query's text is laid out as the shipped migrations sent
    /// it (`ShippedMigrationsTests` holds them to it): a query's first line
    /// goes where it is interpolated, four spaces into the function's body,
    /// and its later lines carry their own indentation.
    struct BestSets {
        let weightSetsOnly: Bool
        let excluded: String
        /// The lightest weight in kilograms a most-reps set may have.
        let lightest: String

        static let kilograms = "(CASE r.unit WHEN 'lb' THEN r.weight * 0.45359237 ELSE r.weight END)"

        /// The sets' conditions after `FROM record r`, then `AND` and the reps' own.
        private func conditions(_ indent: String, reps: String) -> String {
            let weightSets = weightSetsOnly ? " AND r.measure IS NULL" : ""
            return "\n\(indent)WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL"
                + "\n\(indent)  AND r.kind IS DISTINCT FROM 'warmup'\(weightSets) AND r.id <> \(excluded)"
                + "\n\(indent)  AND (r.weight <= 1000 OR r.unit = 'lb') AND r.weight <= 2200 AND \(reps)"
        }

        /// `SELECT …` up to `FROM record r`: on one line, or with `INTO` before a line of its own.
        private func selecting(_ select: String, into: String?, _ indent: String) -> String {
            guard let into else { return "SELECT \(select) FROM record r" }
            return "SELECT \(select) INTO \(into)\n\(indent)FROM record r"
        }

        /// The heaviest, its weight in kilograms selected last (into `v_top`).
        func heaviest(select: String, into: String) -> String {
            "SELECT \(select), \(Self.kilograms)\n    INTO \(into)\n    FROM record r"
                + conditions("    ", reps: "r.reps BETWEEN 1 AND 1000")
                + "\n    ORDER BY \(Self.kilograms) DESC LIMIT 1;"
        }

        /// The best by Epley's e1RM (a single's weight as it is).
        func strongest(select: String, into: String?) -> String {
            selecting(select, into: into, "    ")
                + conditions("    ", reps: "r.reps BETWEEN 1 AND 1000")
                + "\n    ORDER BY (CASE WHEN r.reps = 1 THEN \(Self.kilograms)"
                + "\n              ELSE \(Self.kilograms) * (30 + r.reps) / 30.0 END) DESC"
                + "\n    LIMIT 1;"
        }

        /// For each rep count, most first, the heaviest set with it at
        /// `lightest` or more, until one is heavy enough: a loop whose found
        /// set is answered by `RETURN QUERY` when there is no `into`.
        func mostReps(select: String, into: String?) -> String {
            let weightSets = weightSetsOnly ? " AND r.measure IS NULL" : ""
            let indent = "        "
            let found = into == nil ? "RETURN QUERY\n\(indent)" : ""
            return "LOOP"
                + "\n\(indent)SELECT r.reps INTO v_reps FROM record r"
                + "\n\(indent)WHERE r.userid = p_user AND r.exerciseid = p_exercise AND r.deletedat IS NULL"
                + "\n\(indent)  AND r.kind IS DISTINCT FROM 'warmup'\(weightSets) AND r.reps < v_below AND r.reps >= 1"
                + "\n\(indent)ORDER BY r.reps DESC LIMIT 1;"
                + "\n\(indent)EXIT WHEN NOT FOUND;"
                + "\n\(indent)\(found)\(selecting(select, into: into, indent))"
                + conditions(indent, reps: "r.reps = v_reps")
                + "\n\(indent)  AND \(Self.kilograms) >= \(lightest)"
                + "\n\(indent)ORDER BY \(Self.kilograms) DESC LIMIT 1;"
                + "\n\(indent)EXIT WHEN FOUND;"
                + "\n\(indent)v_below := v_reps;"
                + "\n    END LOOP;"
        }
    }
}
