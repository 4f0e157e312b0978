import Foundation
import PostgresNIO
import TopWeightCore

// MARK: - Sessions' notes and routines

extension PostgresLogbook {
    public func sessionInfos(userID: Int64, from first: LocalDay, through last: LocalDay) throws(LogbookError) -> [SessionInfo] {
        let rows = try link.query("""
            SELECT day, note, routine FROM session
            WHERE userid = \(userID) AND day BETWEEN \(first.description) AND \(last.description) ORDER BY day
            """)
        var infos: [SessionInfo] = []
        for row in rows {
            let (text, note, routine) = try Self.decode(row, as: (String, String?, String?).self)
            if let day = LocalDay(parsing: text) { infos.append(SessionInfo(day: day, note: note, routine: routine)) }
        }
        return infos
    }

    public func appendNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError) {
        try link.query("""
            INSERT INTO session (userid, day, note, editedat) VALUES (\(userID), \(day.description), \(text), \(Self.milliseconds(now)))
            ON CONFLICT (userid, day) DO UPDATE SET
                note = CASE WHEN session.note IS NULL OR session.note = '' THEN excluded.note
                            ELSE session.note || E'\\n\\n' || excluded.note END,
                editedat = excluded.editedat
            """)
    }

    public func adoptNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError) -> Bool {
        // ON CONFLICT DO UPDATE locks the row and checks its WHERE on the
        // latest version: of imports run at once, one adds the text.
        let rows = try link.query("""
            INSERT INTO session (userid, day, note, editedat) VALUES (\(userID), \(day.description), \(text), \(Self.milliseconds(now)))
            ON CONFLICT (userid, day) DO UPDATE SET
                note = CASE WHEN session.note IS NULL OR session.note = '' THEN excluded.note
                            ELSE session.note || E'\\n\\n' || excluded.note END,
                editedat = excluded.editedat
            WHERE session.note IS NULL
               OR strpos(E'\\n\\n' || session.note || E'\\n\\n', E'\\n\\n' || excluded.note || E'\\n\\n') = 0
            RETURNING 1
            """)
        return !rows.isEmpty
    }

    public func setRoutine(_ routine: String?, userID: Int64, day: LocalDay, now: Date) throws(LogbookError) {
        try link.query("""
            INSERT INTO session (userid, day, routine, editedat) VALUES (\(userID), \(day.description), \(routine), \(Self.milliseconds(now)))
            ON CONFLICT (userid, day) DO UPDATE SET routine = excluded.routine, editedat = excluded.editedat
            """)
    }

    public func routines() throws(LogbookError) -> [Routine] {
        // By code point, as the file and the member lists sort, whatever the database's collation.
        let rows = try link.query("SELECT name, exercises FROM routine ORDER BY namekey COLLATE \"C\"")
        var found: [Routine] = []
        for row in rows {
            let (name, exercises) = try Self.decode(row, as: (String, String).self)
            if let routine = Routine(name: name, storedExercises: exercises) { found.append(routine) }
        }
        return found
    }

    public func saveRoutine(_ routine: Routine, now: Date) throws(LogbookError) -> Bool {
        // `xmax` is non-zero on a row the upsert updated rather than inserted.
        let rows = try link.query("""
            INSERT INTO routine (name, namekey, exercises, createdat)
            VALUES (\(routine.name), \(NameRules.key(routine.name)), \(routine.storedExercises), \(Self.milliseconds(now)))
            ON CONFLICT (namekey) DO UPDATE SET name = excluded.name, exercises = excluded.exercises
            RETURNING (xmax::text <> '0')
            """)
        guard let row = rows.first else { return false }
        return try Self.decode(row, as: Bool.self)
    }

    public func removeRoutine(named name: String) throws(LogbookError) -> Bool {
        let result = try link.query("DELETE FROM routine WHERE namekey = \(NameRules.key(name))")
        return (result.metadata.rows ?? 0) > 0
    }
}
