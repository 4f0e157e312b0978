extension PostgresSchema {
    /// v14: full-text search through a member's log, as SQLite's FTS5
    /// tables do it: GIN indexes of `tsvector`s of the exercises' names and
    /// of the days' notes and routine or program names (only the days that
    /// have one), which PostgreSQL keeps in the transaction of every write.
    /// Words fold case and accents through `topweight_fold`: `unaccent`'s
    /// when the server has the extension (a trusted one since PostgreSQL 13:
    /// a database owner may create it), else `translate` over the Latin
    /// letters with accents (ß, æ, œ and other scripts' marks then stay as
    /// they are). Either is IMMUTABLE, as an index needs. The `simple`
    /// configuration: no stemming, no stop words, as SQLite's unicode61.
    static let searchMigration: (identifier: String, statements: [String]) = ("v14", [
        """
        DO $body$
        DECLARE
            home text;
        BEGIN
            BEGIN
                CREATE EXTENSION IF NOT EXISTS unaccent;
            EXCEPTION WHEN OTHERS THEN
                NULL;
            END;
            SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent';
            IF home IS NOT NULL THEN
                EXECUTE format(
                    'CREATE FUNCTION topweight_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS %L',
                    format('SELECT lower(%I.unaccent(%L::regdictionary, $1))', home, quote_ident(home) || '.unaccent'));
            ELSE
                CREATE FUNCTION topweight_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
                AS $fold$ SELECT lower(translate($1, '\(foldedFrom)', '\(foldedTo)')) $fold$;
            END IF;
        END
        $body$
        """,
        "CREATE INDEX exercise_search ON exercise USING gin (\(firstExerciseVector))",
        "CREATE INDEX session_search ON session USING gin (\(firstSessionVector)) WHERE \(sessionIndexed)",
    ])

    /// What v14's indexes held (as shipped): the `simple` parser's words,
    /// which keep `5/3/1`, `62.5` and `knee-high` whole where SQLite's
    /// unicode61 splits them.
    static let firstExerciseVector = "to_tsvector('simple', topweight_fold(name))"
    static let firstSessionVector = "to_tsvector('simple', topweight_fold(coalesce(note, '') || ' ' || coalesce(routine, '')))"

    /// What the indexes hold since v23: the text folded, its punctuation
    /// made spaces first, so that words are runs of letters and digits as
    /// SQLite's unicode61 and `SearchWords` take them (`5/3/1` is 5, 3 and
    /// 1 on both engines). A query must spell them so to use them.
    static let exerciseVector = "to_tsvector('simple', \(spaced("topweight_fold(name)")))"
    static let sessionVector = "to_tsvector('simple', \(spaced("topweight_fold(coalesce(note, '') || ' ' || coalesce(routine, ''))")))"
    static let sessionIndexed = "note IS NOT NULL OR routine IS NOT NULL"

    /// `text` with every run of punctuation a space: ASCII's and, whatever
    /// the server's locale, the marks a note is likely to hold.
    static func spaced(_ text: String) -> String {
        "regexp_replace(\(text), '[[:punct:]×÷·•–—‘’“”„…«»]+', ' ', 'g')"
    }

    /// The fallback fold's letters (either case) and the letter each becomes.
    static let foldedFrom = """
        àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆĉĈċĊčČďĎđĐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤħĦìÌíÍîÎïÏĩĨīĪĭĬįĮıĵĴķĶĺĹļĻľĽŀĿłŁñÑńŃņŅňŇòÒóÓôÔõÕöÖøØōŌŏŎőŐŕŔŗŖřŘśŚŝŜşŞšŠţŢťŤŧŦùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽ
        """
    static let foldedTo = """
        aaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz
        """
}
