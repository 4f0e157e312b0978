import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - How members prove who they are, kept in `memberaccess` (see `MemberIdentity`)

extension PostgresLogbook {
    public func access(of user: User) throws(LogbookError) -> MemberAccess {
        guard let row = try link.query("""
            SELECT pin IS NOT NULL, card IS NOT NULL, coach, enrolcode IS NOT NULL FROM memberaccess WHERE userid = \(user.id)
            """).first else { return MemberAccess() }
        let (pin, card, coach, code) = try Self.decode(row, as: (Bool, Bool, Bool, Bool).self)
        return MemberAccess(hasPin: pin, hasCard: card, isCoach: coach, hasCode: code)
    }

    public func accessByMember() throws(LogbookError) -> [Int64: MemberAccess] {
        var found: [Int64: MemberAccess] = [:]
        for row in try link.query("SELECT userid, pin IS NOT NULL, card IS NOT NULL, coach, enrolcode IS NOT NULL FROM memberaccess") {
            let (id, pin, card, coach, code) = try Self.decode(row, as: (Int64, Bool, Bool, Bool, Bool).self)
            found[id] = MemberAccess(hasPin: pin, hasCard: card, isCoach: coach, hasCode: code)
        }
        return found
    }

    public func setMemberPin(_ user: User, _ pin: String?) throws(LogbookError) {
        let encoded = try AdminPin.storedForm(of: pin)
        try change(user) { transaction in
            try transaction.query("""
                UPDATE memberaccess SET pin = \(encoded), pinfailures = NULL, pinlockeduntil = NULL WHERE userid = \(user.id)
                """)
            // The desk's PIN replaces a code not used yet.
            if encoded != nil { try transaction.query("UPDATE memberaccess SET enrolcode = NULL, enroluntil = NULL WHERE userid = \(user.id)") }
        }
    }

    /// The admin PIN's rule for each member (`AdminPin.attempt`), counted in
    /// the member's row under a lock of its own, so every terminal sees it.
    public func checkMemberPin(_ user: User, _ pin: String, now: Date) throws(LogbookError) -> PinVerdict {
        let stored = try link.query("SELECT pin FROM memberaccess WHERE userid = \(user.id)").first
            .flatMap { row throws(LogbookError) in try Self.decode(row, as: String?.self) }
        let matches = AdminPin.verify(pin, againstOptional: stored)
        let nowMilliseconds = Self.milliseconds(now)
        return try change(user) { transaction in
            try transaction.query("SELECT 1 FROM memberaccess WHERE userid = \(user.id) FOR UPDATE")
            return try AdminPin.attempt(matches: matches, now: nowMilliseconds) { key in
                let rows = try transaction.query("SELECT pinfailures, pinlockeduntil FROM memberaccess WHERE userid = \(user.id)")
                guard let row = rows.first else { return nil }
                let (failures, until) = try Self.decode(row, as: (Int64?, Int64?).self)
                return (key == AdminPin.failuresKey ? failures : until).map(String.init)
            } write: { key, value in
                let number = value.flatMap { Int64($0) }
                if key == AdminPin.failuresKey {
                    try transaction.query("UPDATE memberaccess SET pinfailures = \(number) WHERE userid = \(user.id)")
                } else {
                    try transaction.query("UPDATE memberaccess SET pinlockeduntil = \(number) WHERE userid = \(user.id)")
                }
            }
        }
    }

    public func setEnrolmentCode(_ user: User, _ code: String?, until: Date) throws(LogbookError) {
        let encoded = try AdminPin.storedForm(of: code.flatMap(EnrolmentCode.normalized))
        let ends: Int64? = encoded == nil ? nil : Self.milliseconds(until)
        try change(user) { transaction in
            try transaction.query("UPDATE memberaccess SET enrolcode = \(encoded), enroluntil = \(ends) WHERE userid = \(user.id)")
        }
    }

    /// The rule of `MemberIdentity.enrol`, in one transaction under the member's row lock.
    public func enrol(_ user: User, code: String?, pin: String?, now: Date) throws(LogbookError) -> PinVerdict {
        let stored = try link.query("SELECT enrolcode, enroluntil FROM memberaccess WHERE userid = \(user.id)").first
            .map { row throws(LogbookError) in try Self.decode(row, as: (String?, Int64?).self) }
        let matches = code.map { AdminPin.verify(EnrolmentCode.normalized($0) ?? "", againstOptional: stored?.0) } ?? false
        let encoded = try AdminPin.storedForm(of: pin)
        let nowMilliseconds = Self.milliseconds(now)
        return try change(user) { transaction in
            try transaction.query("SELECT 1 FROM memberaccess WHERE userid = \(user.id) FOR UPDATE")
            guard code != nil else {
                let rows = try transaction.query("""
                    SELECT pin IS NULL AND card IS NULL AND NOT coach AND enrolcode IS NULL
                        AND NOT EXISTS (SELECT 1 FROM record WHERE userid = \(user.id)) FROM memberaccess WHERE userid = \(user.id)
                    """)
                let blank = try rows.first.map { row throws(LogbookError) in try Self.decode(row, as: Bool.self) } ?? false
                guard blank, let encoded else { throw LogbookError(.conflict, EnrolmentCode.notNew(user)) }
                try transaction.query("UPDATE memberaccess SET pin = \(encoded) WHERE userid = \(user.id)")
                return .accepted
            }
            let verdict = try AdminPin.attempt(matches: matches, now: nowMilliseconds) { key in
                let rows = try transaction.query("SELECT pinfailures, pinlockeduntil FROM memberaccess WHERE userid = \(user.id)")
                guard let row = rows.first else { return nil }
                let (failures, until) = try Self.decode(row, as: (Int64?, Int64?).self)
                return (key == AdminPin.failuresKey ? failures : until).map(String.init)
            } write: { key, value in
                let number = value.flatMap { Int64($0) }
                if key == AdminPin.failuresKey {
                    try transaction.query("UPDATE memberaccess SET pinfailures = \(number) WHERE userid = \(user.id)")
                } else {
                    try transaction.query("UPDATE memberaccess SET pinlockeduntil = \(number) WHERE userid = \(user.id)")
                }
            }
            guard verdict == .accepted else { return verdict }
            guard let until = stored?.1, until > nowMilliseconds else { throw LogbookError(.conflict, EnrolmentCode.expired) }
            if let encoded {
                // Spent once: a second terminal with the same code in the same moment finds it gone.
                let spent = try transaction.query("""
                    UPDATE memberaccess SET pin = \(encoded), enrolcode = NULL, enroluntil = NULL
                    WHERE userid = \(user.id) AND enrolcode = \(stored?.0) RETURNING userid
                    """)
                if spent.first == nil { throw LogbookError(.conflict, EnrolmentCode.spent) }
            }
            return .accepted
        }
    }

    public func setMemberCard(_ user: User, _ card: String?) throws(LogbookError) {
        try change(user) { transaction in
            guard let card else {
                try transaction.query("UPDATE memberaccess SET card = NULL WHERE userid = \(user.id)")
                return
            }
            let digest = MemberCard.digest(card, key: try Self.cardKey(transaction, making: true) ?? "")
            if let row = try transaction.query("SELECT userid FROM memberaccess WHERE card = \(digest)").first,
               try Self.decode(row, as: Int64.self) != user.id {
                throw LogbookError(.conflict, "that card is another member's; take it from them first")
            }
            try transaction.query("UPDATE memberaccess SET card = \(digest) WHERE userid = \(user.id)")
        }
    }

    public func member(byCard card: String) throws(LogbookError) -> User? {
        guard let keyRow = try link.query("SELECT value FROM setting WHERE key = \(MemberCard.key)").first else { return nil }
        let digest = MemberCard.digest(card, key: try Self.decode(keyRow, as: String.self))
        guard let row = try link.query("""
            SELECT u.id, u.name FROM memberaccess a JOIN "user" u ON u.id = a.userid WHERE a.card = \(digest)
            """).first else { return nil }
        let (id, name) = try Self.decode(row, as: (Int64, String).self)
        return User(id: id, name: name)
    }

    public func setCoach(_ user: User, _ isCoach: Bool) throws(LogbookError) {
        try change(user) { transaction in
            try transaction.query("UPDATE memberaccess SET coach = \(isCoach) WHERE userid = \(user.id)")
        }
    }

    public func credentials() throws(LogbookError) -> MemberCredentials {
        var members: [MemberCredentials.Member] = []
        for row in try link.query("SELECT u.id, u.name, a.pin, a.card, a.coach FROM memberaccess a JOIN \"user\" u ON u.id = a.userid") {
            let (id, name, pin, card, coach) = try Self.decode(row, as: (Int64, String, String?, String?, Bool).self)
            members.append(MemberCredentials.Member(user: User(id: id, name: name), pin: pin, card: card, isCoach: coach))
        }
        let key = try link.query("SELECT value FROM setting WHERE key = \(MemberCard.key)").first
            .map { row throws(LogbookError) in try Self.decode(row, as: String.self) }
        return MemberCredentials(cardKey: key, members: members, policy: try identityPolicy())
    }

    public func noteCoach(_ coach: User, of recordID: Int64) throws(LogbookError) {
        try link.query("""
            INSERT INTO recordcoach (recordid, coachid) VALUES (\(recordID), \(coach.id))
            ON CONFLICT (recordid) DO UPDATE SET coachid = EXCLUDED.coachid
            """)
    }

    public func coaches(of recordIDs: [Int64]) throws(LogbookError) -> [Int64: String] {
        let ids = recordIDs.filter { $0 > 0 }
        guard !ids.isEmpty else { return [:] }
        var found: [Int64: String] = [:]
        for row in try link.query("""
            SELECT c.recordid, u.name FROM recordcoach c JOIN "user" u ON u.id = c.coachid WHERE c.recordid = ANY(\(ids))
            """) {
            let (id, name) = try Self.decode(row, as: (Int64, String).self)
            found[id] = name
        }
        return found
    }

    public func identityPolicy() throws(LogbookError) -> IdentityPolicy {
        IdentityPolicy(stored: try gymSetting(.identity))
    }

    /// Runs `body` in one transaction on the member's row, made first if they have none.
    @discardableResult
    private func change<T>(_ user: User, _ body: (PostgresLink.Transaction) throws -> T) throws(LogbookError) -> T {
        try link.transaction { transaction in
            guard try transaction.query("SELECT 1 FROM \"user\" WHERE id = \(user.id)").first != nil else {
                throw LogbookError(.other, "no member \(user.name)")
            }
            try transaction.query("INSERT INTO memberaccess (userid) VALUES (\(user.id)) ON CONFLICT (userid) DO NOTHING")
            return try body(transaction)
        }
    }

    /// The database's card key (`MemberCard.key`), made when `making` and
    /// there is none (under the PIN lock: two terminals never make two).
    private static func cardKey(_ transaction: PostgresLink.Transaction, making: Bool) throws -> String? {
        if making { try transaction.query("SELECT pg_advisory_xact_lock(\(pinLock))") }
        if let row = try transaction.query("SELECT value FROM setting WHERE key = \(MemberCard.key)").first {
            return try decode(row, as: String.self)
        }
        guard making else { return nil }
        let key = MemberCard.newKey()
        try transaction.query("INSERT INTO setting (key, value) VALUES (\(MemberCard.key), \(key))")
        return key
    }
}
