import Foundation
import PostgresNIO
import TopWeightCore

// MARK: - Sessions' notes and routines

extension PostgresLogbook {
    public func sessionInfos(userID: Int64, from first: LocalDay, through last: LocalDay) throws(LogbookError) -> [SessionInfo] {
        let rows = try link.query("""
            SELECT day, note, routine, programday FROM session
            WHERE userid = \(userID) AND day BETWEEN \(first.description) AND \(last.description) ORDER BY day
            """)
        var infos: [SessionInfo] = []
        for row in rows {
            let (text, note, routine, programDay) = try Self.decode(row, as: (String, String?, String?, String?).self)
            if let day = LocalDay(parsing: text) { infos.append(SessionInfo(day: day, note: note, routine: routine, programDay: programDay)) }
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

    public func setRoutine(_ routine: String?, programDay: String?, userID: Int64, day: LocalDay, now: Date) throws(LogbookError) {
        try link.query("""
            INSERT INTO session (userid, day, routine, programday, editedat)
            VALUES (\(userID), \(day.description), \(routine), \(programDay), \(Self.milliseconds(now)))
            ON CONFLICT (userid, day) DO UPDATE SET routine = excluded.routine, programday = excluded.programday, editedat = excluded.editedat
            """)
    }

    // The gym's routines: `NamedTexts`.
}
