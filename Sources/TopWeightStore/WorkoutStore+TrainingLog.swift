import Foundation
import GRDB
import TopWeightCore

// MARK: - Sessions' notes and routines

extension WorkoutStore {
    public func sessionInfos(userID: Int64, from first: LocalDay, through last: LocalDay) throws(LogbookError) -> [SessionInfo] {
        try perform {
            try writer.read { db in
                let rows = try Row.fetchAll(db.cachedStatement(sql: """
                    SELECT day, note, routine, programDay FROM session WHERE userId = ? AND day BETWEEN ? AND ? ORDER BY day
                    """), arguments: [userID, first.description, last.description])
                return rows.compactMap { row in
                    guard let text = String.fromDatabaseValue(row["day"]), let day = LocalDay(parsing: text) else { return nil }
                    return SessionInfo(day: day, note: String.fromDatabaseValue(row["note"]),
                                       routine: String.fromDatabaseValue(row["routine"]),
                                       programDay: String.fromDatabaseValue(row["programDay"]))
                }
            }
        }
    }

    public func appendNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError) {
        _ = try upsertNote(userID: userID, day: day, text: text, now: now, sql: Self.appendNoteSQL)
    }

    public func adoptNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError) -> Bool {
        // The upsert's WHERE sees the row as it is under the write lock.
        try upsertNote(userID: userID, day: day, text: text, now: now, sql: Self.appendNoteSQL + """

            WHERE note IS NULL
               OR instr(char(10) || char(10) || note || char(10) || char(10),
                        char(10) || char(10) || excluded.note || char(10) || char(10)) = 0
            """)
    }

    /// Adds `text` to the day's note as a paragraph of its own, the day's session made if new.
    private static let appendNoteSQL = """
        INSERT INTO session (userId, day, note, editedAt) VALUES (?, ?, ?, ?)
        ON CONFLICT (userId, day) DO UPDATE SET
            note = CASE WHEN note IS NULL OR note = '' THEN excluded.note ELSE note || char(10) || char(10) || excluded.note END,
            editedAt = excluded.editedAt
        """

    /// Runs one of the note upserts; true when it wrote a row.
    private func upsertNote(userID: Int64, day: LocalDay, text: String, now: Date, sql: String) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: sql, arguments: [userID, day.description, text, Self.milliseconds(now)])
                return db.changesCount > 0
            }
        }
    }

    public func setRoutine(_ routine: String?, programDay: String?, userID: Int64, day: LocalDay, now: Date) throws(LogbookError) {
        try perform {
            try writer.write { db in
                try db.execute(sql: """
                    INSERT INTO session (userId, day, routine, programDay, editedAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (userId, day) DO UPDATE SET routine = excluded.routine, programDay = excluded.programDay,
                        editedAt = excluded.editedAt
                    """, arguments: [userID, day.description, routine, programDay, Self.milliseconds(now)])
            }
        }
    }
}

// The gym's routines: `NamedTexts`.
