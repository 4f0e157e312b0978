import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - Coaches' notes to members, kept in `coachNote` (see `CoachNotes`)

extension WorkoutStore {
    private static let coachNoteColumns = "n.id, u.name, n.day, n.coach, n.text, n.createdAt, n.seenAt, n.uid"

    public func addCoachNote(_ note: CoachNote, userID: Int64) throws(LogbookError) -> Int64 {
        try perform {
            try writer.write { db in
                guard try Int.fetchOne(db, sql: "SELECT 1 FROM user WHERE id = ?", arguments: [userID]) != nil else {
                    throw LogbookError(.other, "no member \(note.user)")
                }
                try db.execute(sql: """
                    INSERT INTO coachNote (uid, userId, day, coach, text, createdAt, seenAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [note.uid, userID, note.day.description, note.coach, note.text, Self.milliseconds(note.createdAt),
                                     note.seenAt.map(Self.milliseconds)])
                return db.lastInsertedRowID
            }
        }
    }

    public func coachNotes(userID: Int64?) throws(LogbookError) -> [CoachNote] {
        try perform {
            try writer.read { db in
                try Self.coachNotes(db, where: userID == nil ? "1" : "n.userId = ?", arguments: userID.map { [$0] } ?? [])
            }
        }
    }

    public func coachNote(id: Int64) throws(LogbookError) -> CoachNote? {
        try perform {
            try writer.read { db in try Self.coachNotes(db, where: "n.id = ?", arguments: [id]).first }
        }
    }

    public func removeCoachNote(id: Int64) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: "DELETE FROM coachNote WHERE id = ?", arguments: [id])
                return db.changesCount > 0
            }
        }
    }

    public func takeUnseenCoachNotes(userID: Int64, now: Date) throws(LogbookError) -> [CoachNote] {
        try perform {
            // Every turn starts here: a read first, so a turn with nothing waiting takes no write lock.
            let waiting = try writer.read { db in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM coachNote WHERE userId = ? AND seenAt IS NULL)", arguments: [userID])
            }
            guard waiting == true else { return [] }
            return try writer.write { db in
                let found = try Self.coachNotes(db, where: "n.userId = ? AND n.seenAt IS NULL", arguments: [userID], order: "n.id")
                guard !found.isEmpty else { return [] }
                try db.execute(sql: "UPDATE coachNote SET seenAt = ? WHERE userId = ? AND seenAt IS NULL",
                               arguments: [Self.milliseconds(now), userID])
                return found.map { note in
                    var note = note
                    note.seenAt = StoredRange.date(milliseconds: Self.milliseconds(now))
                    return note
                }
            }
        }
    }

    public func adoptCoachNotes(_ notes: [CoachNote]) throws(LogbookError) -> Int {
        guard !notes.isEmpty else { return 0 }
        return try perform {
            try writer.write { db in
                var added = 0
                for note in notes {
                    guard let userID = try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE nameKey = ?", arguments: [NameRules.key(note.user)]) else {
                        continue
                    }
                    try db.execute(sql: """
                        INSERT OR IGNORE INTO coachNote (uid, userId, day, coach, text, createdAt, seenAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [note.uid, userID, note.day.description, note.coach, note.text, Self.milliseconds(note.createdAt),
                                         note.seenAt.map(Self.milliseconds)])
                    added += db.changesCount
                }
                return added
            }
        }
    }

    /// The notes a condition on `coachNote n` finds, by member, day, then id (or `order`); a row that is not one is passed over.
    private static func coachNotes(_ db: Database, where condition: String, arguments: StatementArguments,
                                   order: String = "u.nameKey, n.day, n.id") throws -> [CoachNote] {
        try Row.fetchAll(db, sql: """
            SELECT \(coachNoteColumns) FROM coachNote n JOIN user u ON u.id = n.userId WHERE \(condition) ORDER BY \(order)
            """, arguments: arguments).compactMap { row in
            guard let id = Int64.fromDatabaseValue(row[0]), let user = String.fromDatabaseValue(row[1]),
                  let day = String.fromDatabaseValue(row[2]).flatMap(LocalDay.init(parsing:)),
                  let coach = String.fromDatabaseValue(row[3]), let text = String.fromDatabaseValue(row[4]),
                  let createdAt = StoredValues.date(row[5]), let uid = String.fromDatabaseValue(row[7]) else { return nil }
            return CoachNote(id: id, user: user, day: day, coach: coach, text: text, createdAt: createdAt, seenAt: StoredValues.date(row[6]), uid: uid)
        }
    }
}
