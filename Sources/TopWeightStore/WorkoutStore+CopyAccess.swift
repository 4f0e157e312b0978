import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - Credentials and coaches' sets from another database (`topweight copy`, our JSON import)

extension WorkoutStore {
    public func adoptAccess(_ members: [StoredMember], cardKey: String?) throws(LogbookError) -> AccessAdoption {
        let coming = members.filter(\.hasAccess)
        guard !coming.isEmpty else { return AccessAdoption() }
        return try perform {
            try writer.write { db in
                let cardsUsable = try Self.takeCardKey(cardKey, cards: coming.contains { $0.card != nil }, db)
                var adopted = AccessAdoption()
                for member in coming {
                    guard let userID = try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE nameKey = ?", arguments: [NameRules.key(member.name)])
                    else { continue }
                    try db.execute(sql: "INSERT OR IGNORE INTO memberAccess (userId) VALUES (?)", arguments: [userID])
                    let here = try Row.fetchOne(db, sql: "SELECT pin, card, coach FROM memberAccess WHERE userId = ?", arguments: [userID])
                    if let pin = member.pin {
                        let kept: String? = here?["pin"]
                        if kept == nil {
                            try db.execute(sql: "UPDATE memberAccess SET pin = ? WHERE userId = ?", arguments: [pin, userID])
                            adopted.pins += 1
                        } else if kept != pin {
                            adopted.pinsKept += 1
                        }
                    }
                    if let card = member.card {
                        let kept: String? = here?["card"]
                        let holder = try Int64.fetchOne(db, sql: "SELECT userId FROM memberAccess WHERE card = ?", arguments: [card])
                        if !cardsUsable {
                            adopted.cardsOfAnotherKey.append(member.name)
                        } else if let holder, holder != userID {
                            adopted.cardsHeldByOthers.append(member.name)
                        } else if kept == nil {
                            try db.execute(sql: "UPDATE memberAccess SET card = ? WHERE userId = ?", arguments: [card, userID])
                            adopted.cards += 1
                        } else if kept != card {
                            adopted.cardsKept += 1
                        }
                    }
                    let coachHere: Int64? = here?["coach"]
                    if member.isCoach, (coachHere ?? 0) == 0 {
                        try db.execute(sql: "UPDATE memberAccess SET coach = 1 WHERE userId = ?", arguments: [userID])
                        adopted.coaches += 1
                    }
                }
                return adopted
            }
        }
    }

    public func adoptCoachMarks(_ marks: [CoachMark]) throws(LogbookError) -> Int {
        guard !marks.isEmpty else { return 0 }
        return try perform {
            try writer.write { db in
                let insert = try db.cachedStatement(sql: """
                    INSERT OR IGNORE INTO recordCoach (recordId, coachId)
                    SELECT r.id, u.id FROM record r, user u WHERE r.uid = ? AND u.nameKey = ?
                    """)
                var added = 0
                for mark in marks {
                    try insert.execute(arguments: [mark.uid, NameRules.key(mark.coach)])
                    added += db.changesCount
                }
                return added
            }
        }
    }

    /// Whether cards made with `key` find their members here, taking the
    /// key when this database has none, or one no card was made with.
    private static func takeCardKey(_ key: String?, cards: Bool, _ db: Database) throws -> Bool {
        guard cards, let key else { return false }
        let here = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [MemberCard.key])
        if here == key { return true }
        if here != nil, try Int.fetchOne(db, sql: "SELECT 1 FROM memberAccess WHERE card IS NOT NULL LIMIT 1") != nil { return false }
        try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                       arguments: [MemberCard.key, key])
        return true
    }
}
