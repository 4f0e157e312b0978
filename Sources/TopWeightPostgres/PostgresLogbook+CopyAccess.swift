import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Credentials and coaches' sets from another database (`topweight copy`, our JSON import)

extension PostgresLogbook {
    public func adoptAccess(_ members: [StoredMember], cardKey: String?) throws(LogbookError) -> AccessAdoption {
        let coming = members.filter(\.hasAccess)
        guard !coming.isEmpty else { return AccessAdoption() }
        return try link.transaction { transaction in
            // Under the PIN lock, as a card given at the desk: the key is never made twice.
            try transaction.query("SELECT pg_advisory_xact_lock(\(Self.pinLock))")
            let cardsUsable = try Self.takeCardKey(cardKey, cards: coming.contains { $0.card != nil }, transaction)
            var adopted = AccessAdoption()
            for member in coming {
                guard let row = try transaction.query("SELECT id FROM \"user\" WHERE namekey = \(NameRules.key(member.name))").first else { continue }
                let userID = try row.decode(Int64.self)
                try transaction.query("INSERT INTO memberaccess (userid) VALUES (\(userID)) ON CONFLICT (userid) DO NOTHING")
                guard let hereRow = try transaction.query("SELECT pin, card, coach FROM memberaccess WHERE userid = \(userID) FOR UPDATE").first
                else { continue }
                let (pinHere, cardHere, coachHere) = try hereRow.decode((String?, String?, Bool).self)
                if let pin = member.pin {
                    if pinHere == nil {
                        try transaction.query("UPDATE memberaccess SET pin = \(pin) WHERE userid = \(userID)")
                        adopted.pins += 1
                    } else if pinHere != pin {
                        adopted.pinsKept += 1
                    }
                }
                if let card = member.card {
                    let holder = try transaction.query("SELECT userid FROM memberaccess WHERE card = \(card)").first.map { try $0.decode(Int64.self) }
                    if !cardsUsable {
                        adopted.cardsOfAnotherKey.append(member.name)
                    } else if let holder, holder != userID {
                        adopted.cardsHeldByOthers.append(member.name)
                    } else if cardHere == nil {
                        try transaction.query("UPDATE memberaccess SET card = \(card) WHERE userid = \(userID)")
                        adopted.cards += 1
                    } else if cardHere != card {
                        adopted.cardsKept += 1
                    }
                }
                if member.isCoach, !coachHere {
                    try transaction.query("UPDATE memberaccess SET coach = true WHERE userid = \(userID)")
                    adopted.coaches += 1
                }
            }
            return adopted
        }
    }

    public func adoptCoachMarks(_ marks: [CoachMark]) throws(LogbookError) -> Int {
        guard !marks.isEmpty else { return 0 }
        return try link.query(Self.coachMarks(marks)).metadata.rows ?? 0
    }

    /// Whether cards made with `key` find their members here, taking the
    /// key when this database has none, or one no card was made with.
    private static func takeCardKey(_ key: String?, cards: Bool, _ transaction: PostgresLink.Transaction) throws -> Bool {
        guard cards, let key else { return false }
        let here = try transaction.query("SELECT value FROM setting WHERE key = \(MemberCard.key)").first.map { try $0.decode(String.self) }
        if here == key { return true }
        if here != nil, try transaction.query("SELECT 1 FROM memberaccess WHERE card IS NOT NULL LIMIT 1").first != nil { return false }
        try transaction.query("""
            INSERT INTO setting (key, value) VALUES (\(MemberCard.key), \(key)) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
            """)
        return true
    }
}
