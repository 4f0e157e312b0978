import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Coaches' notes to members, kept in `coachnote` (see `CoachNotes`)

extension PostgresLogbook {
    private static let coachNoteSelect = """
        SELECT n.id, u.name, n.day, n.coach, n.text, n.createdat, n.seenat, n.uid FROM coachnote n JOIN "user" u ON u.id = n.userid
        """

    public func addCoachNote(_ note: CoachNote, userID: Int64) throws(LogbookError) -> Int64 {
        // A retried insert finds its uid there and answers that row.
        let rows = try link.query("""
            WITH added AS (
                INSERT INTO coachnote (uid, userid, day, coach, text, createdat, seenat)
                SELECT \(note.uid), id, \(note.day.description), \(note.coach), \(note.text), \(Self.milliseconds(note.createdAt)),
                       \(note.seenAt.map(Self.milliseconds)) FROM "user" WHERE id = \(userID)
                ON CONFLICT (uid) DO NOTHING RETURNING id
            )
            SELECT id FROM added UNION ALL SELECT id FROM coachnote WHERE uid = \(note.uid)
            """)
        guard let row = rows.first else { throw LogbookError(.other, "no member \(note.user)") }
        return try Self.decode(row, as: Int64.self)
    }

    public func coachNotes(userID: Int64?) throws(LogbookError) -> [CoachNote] {
        let order = #"ORDER BY u.namekey COLLATE "C", n.day COLLATE "C", n.id"#
        guard let userID else {
            return try coachNotes(try link.query("\(unescaped: Self.coachNoteSelect) \(unescaped: order)"))
        }
        return try coachNotes(try link.query("\(unescaped: Self.coachNoteSelect) WHERE n.userid = \(userID) \(unescaped: order)"))
    }

    public func coachNote(id: Int64) throws(LogbookError) -> CoachNote? {
        try coachNotes(try link.query("\(unescaped: Self.coachNoteSelect) WHERE n.id = \(id)")).first
    }

    public func removeCoachNote(id: Int64) throws(LogbookError) -> Bool {
        let result = try link.query("DELETE FROM coachnote WHERE id = \(id)")
        return (result.metadata.rows ?? 0) > 0
    }

    public func takeUnseenCoachNotes(userID: Int64, now: Date) throws(LogbookError) -> [CoachNote] {
        // One statement: a terminal updating the same rows waits, then finds
        // them seen. Not retried: a lost answer must not show them twice.
        try coachNotes(try link.query("""
            WITH taken AS (
                UPDATE coachnote SET seenat = \(Self.milliseconds(now)) WHERE userid = \(userID) AND seenat IS NULL
                RETURNING id, userid, day, coach, text, createdat, seenat, uid
            )
            SELECT t.id, u.name, t.day, t.coach, t.text, t.createdat, t.seenat, t.uid FROM taken t JOIN "user" u ON u.id = t.userid ORDER BY t.id
            """, retry: false))
    }

    public func adoptCoachNotes(_ notes: [CoachNote]) throws(LogbookError) -> Int {
        guard !notes.isEmpty else { return 0 }
        return try link.transaction { transaction in
            var added = 0
            for note in notes {
                let rows = try transaction.query("""
                    INSERT INTO coachnote (uid, userid, day, coach, text, createdat, seenat)
                    SELECT \(note.uid), id, \(note.day.description), \(note.coach), \(note.text), \(Self.milliseconds(note.createdAt)),
                           \(note.seenAt.map(Self.milliseconds)) FROM "user" WHERE namekey = \(NameRules.key(note.user))
                    ON CONFLICT (uid) DO NOTHING RETURNING id
                    """)
                if rows.first != nil { added += 1 }
            }
            return added
        }
    }

    /// The notes in rows of `id, name, day, coach, text, createdat, seenat, uid`; a row that is not one is passed over.
    private func coachNotes(_ rows: PostgresQueryResult) throws(LogbookError) -> [CoachNote] {
        var found: [CoachNote] = []
        for row in rows {
            let (id, user, dayText, coach, text, created, seen, uid) = try Self.decode(
                row, as: (Int64, String, String, String, String, Int64, Int64?, String).self)
            guard let day = LocalDay(parsing: dayText), let createdAt = StoredRange.date(milliseconds: created) else { continue }
            found.append(CoachNote(id: id, user: user, day: day, coach: coach, text: text, createdAt: createdAt,
                                   seenAt: seen.flatMap(StoredRange.date(milliseconds:)), uid: uid))
        }
        return found
    }
}
