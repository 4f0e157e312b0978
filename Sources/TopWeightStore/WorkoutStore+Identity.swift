import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - How members prove who they are, kept in `memberAccess` (see `MemberIdentity`)

extension WorkoutStore {
    public func access(of user: User) throws(LogbookError) -> MemberAccess {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db, sql: "SELECT pin, card, coach, enrolCode FROM memberAccess WHERE userId = ?", arguments: [user.id])
                    .map(Self.access(from:)) ?? MemberAccess()
            }
        }
    }

    public func accessByMember() throws(LogbookError) -> [Int64: MemberAccess] {
        try perform {
            try writer.read { db in
                var found: [Int64: MemberAccess] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT userId, pin, card, coach, enrolCode FROM memberAccess") {
                    if let id = Int64.fromDatabaseValue(row["userId"]) { found[id] = Self.access(from: row) }
                }
                return found
            }
        }
    }

    public func setMemberPin(_ user: User, _ pin: String?) throws(LogbookError) {
        let encoded = try AdminPin.storedForm(of: pin)
        try change(user) { db in
            try db.execute(sql: "UPDATE memberAccess SET pin = ?, pinFailures = NULL, pinLockedUntil = NULL WHERE userId = ?",
                           arguments: [encoded, user.id])
            // The desk's PIN replaces a code not used yet.
            if encoded != nil { try db.execute(sql: "UPDATE memberAccess SET enrolCode = NULL, enrolUntil = NULL WHERE userId = ?", arguments: [user.id]) }
        }
    }

    /// The admin PIN's rule for each member (`AdminPin.attempt`), counted in
    /// the member's row inside one write, so every terminal and process sees it.
    public func checkMemberPin(_ user: User, _ pin: String, now: Date) throws(LogbookError) -> PinVerdict {
        let stored = try perform {
            try writer.read { db in try String.fetchOne(db, sql: "SELECT pin FROM memberAccess WHERE userId = ?", arguments: [user.id]) }
        }
        let matches = AdminPin.verify(pin, againstOptional: stored)
        let columns = [AdminPin.failuresKey: "pinFailures", AdminPin.lockedUntilKey: "pinLockedUntil"]
        return try change(user) { db in
            try AdminPin.attempt(matches: matches, now: Self.milliseconds(now)) { key in
                try Int64.fetchOne(db, sql: "SELECT \(columns[key] ?? "NULL") FROM memberAccess WHERE userId = ?", arguments: [user.id]).map(String.init)
            } write: { key, value in
                try db.execute(sql: "UPDATE memberAccess SET \(columns[key] ?? "pinFailures") = ? WHERE userId = ?",
                               arguments: [value.flatMap { Int64($0) }, user.id])
            }
        }
    }

    public func setEnrolmentCode(_ user: User, _ code: String?, until: Date) throws(LogbookError) {
        let encoded = try AdminPin.storedForm(of: code.flatMap(EnrolmentCode.normalized))
        try change(user) { db in
            try db.execute(sql: "UPDATE memberAccess SET enrolCode = ?, enrolUntil = ? WHERE userId = ?",
                           arguments: [encoded, encoded == nil ? nil : Self.milliseconds(until), user.id])
        }
    }

    /// The rule of `MemberIdentity.enrol`, in one write on the member's row.
    public func enrol(_ user: User, code: String?, pin: String?, now: Date) throws(LogbookError) -> PinVerdict {
        let stored = try perform {
            try writer.read { db in try Row.fetchOne(db, sql: "SELECT enrolCode, enrolUntil FROM memberAccess WHERE userId = ?", arguments: [user.id]) }
        }
        let matches = code.map { AdminPin.verify(EnrolmentCode.normalized($0) ?? "", againstOptional: stored?["enrolCode"]) } ?? false
        let encoded = try AdminPin.storedForm(of: pin)
        let columns = [AdminPin.failuresKey: "pinFailures", AdminPin.lockedUntilKey: "pinLockedUntil"]
        return try change(user) { db in
            guard code != nil else {
                let blank = try Bool.fetchOne(db, sql: """
                    SELECT pin IS NULL AND card IS NULL AND coach = 0 AND enrolCode IS NULL
                        AND NOT EXISTS (SELECT 1 FROM record WHERE userId = ?) FROM memberAccess WHERE userId = ?
                    """, arguments: [user.id, user.id]) ?? false
                guard blank, let encoded else { throw LogbookError(.conflict, EnrolmentCode.notNew(user)) }
                try db.execute(sql: "UPDATE memberAccess SET pin = ? WHERE userId = ?", arguments: [encoded, user.id])
                return .accepted
            }
            let verdict = try AdminPin.attempt(matches: matches, now: Self.milliseconds(now)) { key in
                try Int64.fetchOne(db, sql: "SELECT \(columns[key] ?? "NULL") FROM memberAccess WHERE userId = ?", arguments: [user.id]).map(String.init)
            } write: { key, value in
                try db.execute(sql: "UPDATE memberAccess SET \(columns[key] ?? "pinFailures") = ? WHERE userId = ?",
                               arguments: [value.flatMap { Int64($0) }, user.id])
            }
            guard verdict == .accepted else { return verdict }
            guard let until = Int64.fromDatabaseValue(stored?["enrolUntil"] ?? .null), until > Self.milliseconds(now) else {
                throw LogbookError(.conflict, EnrolmentCode.expired)
            }
            if let encoded {
                // Spent once: a second terminal with the same code in the same moment finds it gone.
                try db.execute(sql: "UPDATE memberAccess SET pin = ?, enrolCode = NULL, enrolUntil = NULL WHERE userId = ? AND enrolCode = ?",
                               arguments: [encoded, user.id, stored?["enrolCode"] as String?])
                if db.changesCount == 0 { throw LogbookError(.conflict, EnrolmentCode.spent) }
            }
            return .accepted
        }
    }

    public func setMemberCard(_ user: User, _ card: String?) throws(LogbookError) {
        try change(user) { db in
            guard let card else {
                try db.execute(sql: "UPDATE memberAccess SET card = NULL WHERE userId = ?", arguments: [user.id])
                return
            }
            let digest = MemberCard.digest(card, key: try Self.cardKey(db, making: true) ?? "")
            let holder = try Int64.fetchOne(db, sql: "SELECT userId FROM memberAccess WHERE card = ?", arguments: [digest])
            if let holder, holder != user.id { throw LogbookError(.conflict, "that card is another member's; take it from them first") }
            try db.execute(sql: "UPDATE memberAccess SET card = ? WHERE userId = ?", arguments: [digest, user.id])
        }
    }

    public func member(byCard card: String) throws(LogbookError) -> User? {
        try perform {
            try writer.read { db in
                guard let key = try Self.cardKey(db, making: false) else { return nil }
                let row = try Row.fetchOne(db, sql: """
                    SELECT user.id, user.name FROM memberAccess JOIN user ON user.id = memberAccess.userId WHERE memberAccess.card = ?
                    """, arguments: [MemberCard.digest(card, key: key)])
                return row.flatMap(Self.user(from:))
            }
        }
    }

    public func setCoach(_ user: User, _ isCoach: Bool) throws(LogbookError) {
        try change(user) { db in
            try db.execute(sql: "UPDATE memberAccess SET coach = ? WHERE userId = ?", arguments: [isCoach, user.id])
        }
    }

    public func credentials() throws(LogbookError) -> MemberCredentials {
        // Read before the read below: GRDB's reads are not reentrant.
        let policy = try identityPolicy()
        return try perform {
            try writer.read { db in
                let rows = try Row.fetchAll(db, sql: """
                    SELECT user.id, user.name, memberAccess.pin, memberAccess.card, memberAccess.coach
                    FROM memberAccess JOIN user ON user.id = memberAccess.userId
                    """)
                let members = rows.compactMap { row in
                    Self.user(from: row).map { MemberCredentials.Member(user: $0, pin: row["pin"], card: row["card"], isCoach: (Int64.fromDatabaseValue(row["coach"]) ?? 0) == 1) }
                }
                return MemberCredentials(cardKey: try Self.cardKey(db, making: false), members: members, policy: policy)
            }
        }
    }

    public func noteCoach(_ coach: User, of recordID: Int64) throws(LogbookError) {
        try perform {
            try writer.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO recordCoach (recordId, coachId) VALUES (?, ?)", arguments: [recordID, coach.id])
            }
        }
    }

    public func coaches(of recordIDs: [Int64]) throws(LogbookError) -> [Int64: String] {
        let ids = recordIDs.filter { $0 > 0 }
        guard !ids.isEmpty else { return [:] }
        return try perform {
            // Reentrant: `history --format json` asks for a page's coaches
            // inside `forEachRecord`'s read (one statement: no isolation to lose).
            try writer.unsafeReentrantRead { db in
                var found: [Int64: String] = [:]
                let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
                for row in try Row.fetchAll(db, sql: """
                    SELECT recordCoach.recordId, user.name FROM recordCoach JOIN user ON user.id = recordCoach.coachId
                    WHERE recordCoach.recordId IN (\(marks))
                    """, arguments: StatementArguments(ids)) {
                    if let id = Int64.fromDatabaseValue(row["recordId"]), let name = String.fromDatabaseValue(row["name"]) { found[id] = name }
                }
                return found
            }
        }
    }

    public func identityPolicy() throws(LogbookError) -> IdentityPolicy {
        IdentityPolicy(stored: try gymSetting(.identity))
    }

    /// Runs `body` in one write on the member's row, made first if they have none.
    private func change<T>(_ user: User, _ body: (Database) throws -> T) throws(LogbookError) -> T {
        try perform {
            try writer.write { db in
                guard try Int.fetchOne(db, sql: "SELECT 1 FROM user WHERE id = ?", arguments: [user.id]) != nil else {
                    throw LogbookError(.other, "no member \(user.name)")
                }
                try db.execute(sql: "INSERT OR IGNORE INTO memberAccess (userId) VALUES (?)", arguments: [user.id])
                return try body(db)
            }
        }
    }

    /// The database's card key (`MemberCard.key`), made when `making` and there is none.
    private static func cardKey(_ db: Database, making: Bool) throws -> String? {
        if let key = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [MemberCard.key]) { return key }
        guard making else { return nil }
        let key = MemberCard.newKey()
        try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?)", arguments: [MemberCard.key, key])
        return key
    }

    private static func access(from row: Row) -> MemberAccess {
        MemberAccess(hasPin: (row["pin"] as String?) != nil, hasCard: (row["card"] as String?) != nil,
                     isCoach: (Int64.fromDatabaseValue(row["coach"]) ?? 0) == 1, hasCode: (row["enrolCode"] as String?) != nil)
    }
}
