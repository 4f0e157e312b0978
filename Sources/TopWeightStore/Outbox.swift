import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage
#if canImport(Glibc)
import Glibc
#endif

/// A terminal's own small SQLite file of sets saved while its database
/// server was away: each committed (fsync'd) before the member sees
/// `Saved`, so it outlives `kill -9`, a restart and a power cut, and taken
/// out only once the server holds it.
///
/// One file per terminal account (`$XDG_STATE_HOME/topweight/outbox.sqlite`,
/// mode 0600 in a 0700 directory), shared by every logger that account
/// runs; each set names the database it is for, so terminals pointed at
/// two servers keep theirs apart. Sending is claimed by an exclusive
/// `flock` on a file beside it: one sender at a time, whatever the process.
public final class Outbox: Sendable {
    public let path: String
    /// The database the sets are for (its URL without the password).
    public let place: String
    let queue: DatabaseQueue

    /// The outbox file of this account: `$XDG_STATE_HOME/topweight/outbox.sqlite`,
    /// else `~/.local/state/topweight/outbox.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = xdg
        } else {
            state = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        return state + "/topweight/outbox.sqlite"
    }

    /// Opens the outbox at `path` for the sets of `place`, creating it (and
    /// its directory, 0700) when `create`; `nil` when there is none and not `create`.
    public static func open(_ path: String, place: String, create: Bool) throws(LogbookError) -> Outbox? {
        guard create || FileManager.default.fileExists(atPath: path) else { return nil }
        return try Outbox(path: path, place: place)
    }

    init(path: String, place: String) throws(LogbookError) {
        self.path = path
        self.place = place
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !FileManager.default.fileExists(atPath: directory) {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
            // Made 0600 before SQLite opens it: its journal takes the same mode.
            let descriptor = Glibc.open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw LogbookError(.cannotOpen, "cannot open the outbox \(path) (\(String(cString: strerror(errno))))")
            }
            close(descriptor)
            var config = Configuration()
            config.label = "topweight.outbox"
            config.busyMode = .timeout(5)
            config.prepareDatabase { db in
                // Committed to the disk before `Saved` is printed: a power cut keeps it.
                // In a write-ahead log, a commit is one sync, not a journal's three: a
                // set kept on a loaded machine waits on the disk once (left as it is
                // when another process holds the file and it can't change now).
                _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            queue = try DatabaseQueue(path: path, configuration: config)
            do {
                try Self.migrator.migrate(queue)
            } catch {
                // Another process made the tables between our look and our
                // write (each migration is one transaction, rolled back): look again.
                try Self.migrator.migrate(queue)
            }
        } catch {
            throw LogbookError.wrap(error, path: path)
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("outbox v1") { db in
            // AUTOINCREMENT: a place is never handed out twice, so `#k3` in
            // a member's undo list can't come to mean another set.
            try db.execute(sql: """
                CREATE TABLE kept (
                    place INTEGER PRIMARY KEY AUTOINCREMENT,
                    database TEXT NOT NULL,
                    uid TEXT NOT NULL UNIQUE,
                    userid INTEGER NOT NULL, username TEXT NOT NULL,
                    exerciseid INTEGER NOT NULL, exercisename TEXT NOT NULL, category TEXT, exercisekind TEXT NOT NULL,
                    setvalues TEXT NOT NULL, performedat REAL NOT NULL, createdat REAL NOT NULL, kind TEXT
                );
                CREATE TABLE sent (
                    place INTEGER PRIMARY KEY, database TEXT NOT NULL, uid TEXT NOT NULL, recordid INTEGER NOT NULL, sentat REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration("outbox v2: names") { db in
            // What the server named, so a terminal that starts or meets a
            // member while the server is away still knows who and what a
            // name is (`NameCache`). A cache: refilled from the server.
            try db.execute(sql: """
                CREATE TABLE knownuser (
                    database TEXT NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY (database, id)
                );
                CREATE TABLE knownexercise (
                    database TEXT NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, category TEXT, kind TEXT NOT NULL,
                    PRIMARY KEY (database, id)
                );
                CREATE TABLE knownlast (
                    database TEXT NOT NULL, userid INTEGER NOT NULL, exerciseid INTEGER NOT NULL, setvalues TEXT,
                    seenat REAL NOT NULL, PRIMARY KEY (database, userid, exerciseid)
                );
                """)
        }
        migrator.registerMigration("outbox v3: credentials") { db in
            // The hashes members identify by (never a PIN or a card's
            // number) and the database's card key, as the server last
            // named them, so a terminal whose server is away still knows
            // its members' cards and PINs; wrong PINs tried meanwhile count here.
            try db.execute(sql: """
                CREATE TABLE knowncredential (
                    database TEXT NOT NULL, userid INTEGER NOT NULL, name TEXT NOT NULL, pin TEXT, card TEXT,
                    coach INTEGER NOT NULL, pinfailures INTEGER, pinlockeduntil INTEGER, PRIMARY KEY (database, userid)
                );
                CREATE TABLE knowngym (database TEXT PRIMARY KEY, cardkey TEXT, policy TEXT NOT NULL);
                """)
        }
        migrator.registerMigration("outbox v4: rankings") { db in
            // Each member's exercises in the server's order (`NameCache.rank`):
            // what a short name means to them, kept across a restart.
            try db.execute(sql: """
                CREATE TABLE knownrank (
                    database TEXT NOT NULL, userid INTEGER NOT NULL, exerciseid INTEGER NOT NULL, rank INTEGER NOT NULL,
                    PRIMARY KEY (database, userid, exerciseid)
                );
                """)
        }
        return migrator
    }

    // MARK: - Keeping

    /// Keeps `record`, committed before it returns; its place in the outbox
    /// (`OutboxLogbook.id(place:)` is its id meanwhile).
    public func keep(_ record: NewRecord, now: Date) throws(LogbookError) -> Int64 {
        let values: String
        do {
            values = String(decoding: try JSONEncoder().encode(record.values), as: UTF8.self)
        } catch {
            throw LogbookError(.other, "cannot keep the set in the outbox: \(error)")
        }
        return try write { db in
            try db.execute(sql: """
                INSERT INTO kept (database, uid, userid, username, exerciseid, exercisename, category, exercisekind,
                                  setvalues, performedat, createdat, kind)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [place, record.uid, record.user.id, record.user.name, record.exercise.id, record.exercise.name,
                                 record.exercise.category, record.exercise.kind.rawValue, values,
                                 record.performedAt.timeIntervalSince1970, now.timeIntervalSince1970, record.kind?.rawValue])
            return db.lastInsertedRowID
        }
    }

    /// The sets waiting for this database, oldest first.
    public func kept() throws(LogbookError) -> [KeptSet] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM kept WHERE database = ? ORDER BY place", arguments: [place]).compactMap(KeptSet.init)
        }
    }

    /// How many sets wait for this database.
    public func count() throws(LogbookError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM kept WHERE database = ?", arguments: [place]) ?? 0 }
    }

    /// Takes a kept set out before it is sent (`:undo`); false when it is not waiting.
    public func remove(place: Int64) throws(LogbookError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM kept WHERE place = ? AND database = ?", arguments: [place, self.place])
            return db.changesCount > 0
        }
    }

    /// Notes that the server holds the set kept at `place`, as record `recordID`.
    func markSent(place: Int64, uid: String, recordID: Int64, now: Date) throws(LogbookError) {
        try write { db in
            try db.execute(sql: "DELETE FROM kept WHERE place = ?", arguments: [place])
            try db.execute(sql: "INSERT OR REPLACE INTO sent (place, database, uid, recordid, sentat) VALUES (?, ?, ?, ?, ?)",
                           arguments: [place, self.place, uid, recordID, now.timeIntervalSince1970])
            // What was sent is remembered a day: long enough for an `:undo` of it.
            try db.execute(sql: "DELETE FROM sent WHERE sentat < ?", arguments: [now.timeIntervalSince1970 - 86_400])
        }
    }

    /// The server's id of a set that was kept at `place` and since sent.
    public func sentRecordID(place: Int64) throws(LogbookError) -> Int64? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT recordid FROM sent WHERE place = ? AND database = ?", arguments: [place, self.place])
        }
    }

    // MARK: - Names heard of (`NameCache`)

    /// The members and exercises this terminal heard of from its server.
    public func knownNames() throws(LogbookError) -> KnownNames {
        try read { db in
            let users = try Row.fetchAll(db, sql: "SELECT id, name FROM knownuser WHERE database = ?", arguments: [place])
                .map { User(id: $0["id"], name: $0["name"]) }
            let exercises = try Row.fetchAll(db, sql: "SELECT id, name, category, kind FROM knownexercise WHERE database = ?",
                                             arguments: [place])
                .compactMap { row -> Exercise? in
                    guard let kind = ExerciseKind(rawValue: row["kind"] ?? "") else { return nil }
                    return Exercise(id: row["id"], name: row["name"], category: row["category"], kind: kind)
                }
            return KnownNames(users: users, exercises: exercises)
        }
    }

    func knownLasts(of user: Int64) throws(LogbookError) -> [(Int64, NameCache.Last)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT exerciseid, setvalues, seenat FROM knownlast WHERE database = ? AND userid = ?",
                             arguments: [place, user]).map { row in
                let text: String? = row["setvalues"]
                let values = text.flatMap { try? JSONDecoder().decode(SetValues.self, from: Data($0.utf8)) }
                return (row["exerciseid"], NameCache.Last(values: values, seenAt: row["seenat"]))
            }
        }
    }

    /// A member's exercises in the server's order, as last stored.
    func knownRanking(of user: Int64) throws(LogbookError) -> [Int64] {
        try read { db in
            try Int64.fetchAll(db, sql: "SELECT exerciseid FROM knownrank WHERE database = ? AND userid = ? ORDER BY rank",
                               arguments: [place, user])
        }
    }

    /// Stores what the cache learned: with `all`, the server's whole list
    /// replaces the stored names (a member's lasts stay); each of
    /// `rankings` replaces that member's.
    func storeKnown(all: KnownNames?, users: [User], exercises: [Exercise],
                    lasts: [(user: Int64, exercise: Int64, last: NameCache.Last)],
                    rankings: [(user: Int64, exercises: [Int64])] = []) throws(LogbookError) {
        let encoded = lasts.map { entry in
            (entry, entry.last.values.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) })
        }
        try write { db in
            if all != nil {
                try db.execute(sql: "DELETE FROM knownuser WHERE database = ?", arguments: [place])
                try db.execute(sql: "DELETE FROM knownexercise WHERE database = ?", arguments: [place])
            }
            for user in (all?.users ?? []) + users {
                try db.execute(sql: "INSERT OR REPLACE INTO knownuser (database, id, name) VALUES (?, ?, ?)",
                               arguments: [place, user.id, user.name])
            }
            for exercise in (all?.exercises ?? []) + exercises {
                try db.execute(sql: "INSERT OR REPLACE INTO knownexercise (database, id, name, category, kind) VALUES (?, ?, ?, ?, ?)",
                               arguments: [place, exercise.id, exercise.name, exercise.category, exercise.kind.rawValue])
            }
            for (entry, values) in encoded {
                try db.execute(sql: """
                    INSERT INTO knownlast (database, userid, exerciseid, setvalues, seenat) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (database, userid, exerciseid) DO UPDATE
                    SET setvalues = coalesce(excluded.setvalues, setvalues), seenat = max(seenat, excluded.seenat)
                    """, arguments: [place, entry.user, entry.exercise, values, entry.last.seenAt])
            }
            for (user, ranked) in rankings {
                try db.execute(sql: "DELETE FROM knownrank WHERE database = ? AND userid = ?", arguments: [place, user])
                for (rank, exercise) in ranked.enumerated() {
                    try db.execute(sql: "INSERT INTO knownrank (database, userid, exerciseid, rank) VALUES (?, ?, ?, ?)",
                                   arguments: [place, user, exercise, rank])
                }
            }
        }
    }

    // MARK: - Members' hashes

    /// Takes the server's whole list of members' hashes and its card key.
    func storeCredentials(_ known: MemberCredentials) throws(LogbookError) {
        try write { db in
            try db.execute(sql: "DELETE FROM knowncredential WHERE database = ?", arguments: [place])
            for member in known.members {
                try db.execute(sql: "INSERT INTO knowncredential (database, userid, name, pin, card, coach) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [place, member.user.id, member.user.name, member.pin, member.card, member.isCoach])
            }
            try db.execute(sql: "INSERT OR REPLACE INTO knowngym (database, cardkey, policy) VALUES (?, ?, ?)",
                           arguments: [place, known.cardKey, known.policy.rawValue])
        }
    }

    /// What the terminal knows of the member with this id, or of the card's holder.
    func knownCredential(of userID: Int64? = nil, card: String? = nil) throws(LogbookError) -> MemberCredentials.Member? {
        try read { db in
            let row: Row?
            if let card {
                guard let key = try String.fetchOne(db, sql: "SELECT cardkey FROM knowngym WHERE database = ?", arguments: [place]) else { return nil }
                row = try Row.fetchOne(db, sql: "SELECT * FROM knowncredential WHERE database = ? AND card = ?",
                                       arguments: [place, MemberCard.digest(card, key: key)])
            } else {
                row = try Row.fetchOne(db, sql: "SELECT * FROM knowncredential WHERE database = ? AND userid = ?", arguments: [place, userID])
            }
            return row.map { MemberCredentials.Member(user: User(id: $0["userid"], name: $0["name"]), pin: $0["pin"], card: $0["card"],
                                                      isCoach: ($0["coach"] as Int64? ?? 0) == 1) }
        }
    }

    /// The gym's policy as the server last named it (`nil`: never learned).
    func knownPolicy() throws(LogbookError) -> IdentityPolicy? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT policy FROM knowngym WHERE database = ?", arguments: [place]).map { IdentityPolicy(stored: $0) }
        }
    }

    /// A PIN tried while the server is away: the admin PIN's rule, counted in this file.
    func attemptKnownPin(of userID: Int64, matches: Bool, now: Date) throws(LogbookError) -> PinVerdict {
        let columns = [AdminPin.failuresKey: "pinfailures", AdminPin.lockedUntilKey: "pinlockeduntil"]
        return try write { db in
            try AdminPin.attempt(matches: matches, now: StoredRange.milliseconds(now)) { key in
                try Int64.fetchOne(db, sql: "SELECT \(columns[key] ?? "NULL") FROM knowncredential WHERE database = ? AND userid = ?",
                                   arguments: [place, userID]).map(String.init)
            } write: { key, value in
                try db.execute(sql: "UPDATE knowncredential SET \(columns[key] ?? "pinfailures") = ? WHERE database = ? AND userid = ?",
                               arguments: [value.flatMap { Int64($0) }, place, userID])
            }
        }
    }

    // MARK: - One sender at a time

    /// Runs `body` if no other sender (thread or process) holds the outbox;
    /// `nil` without running it when one does.
    func exclusively<T>(_ body: () throws(LogbookError) -> T) throws(LogbookError) -> T? {
        let descriptor = Glibc.open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw LogbookError(.cannotOpen, "cannot open the outbox's lock \(path).lock (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return nil }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    // MARK: - Access

    private func read<T>(_ body: (Database) throws -> T) throws(LogbookError) -> T {
        do { return try queue.read(body) } catch { throw LogbookError.wrap(error, path: path) }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(LogbookError) -> T {
        do { return try queue.write(body) } catch { throw LogbookError.wrap(error, path: path) }
    }
}

/// One set waiting in the outbox.
public struct KeptSet: Sendable, Hashable {
    /// Its place in the outbox, oldest first.
    public var place: Int64
    public var record: NewRecord
    /// When it was kept.
    public var keptAt: Date

    init?(_ row: Row) {
        guard let values = try? JSONDecoder().decode(SetValues.self, from: Data((row["setvalues"] as String? ?? "").utf8)),
              let exerciseKind = ExerciseKind(rawValue: row["exercisekind"] ?? "")
        else { return nil }
        place = row["place"]
        let user = User(id: row["userid"], name: row["username"])
        let exercise = Exercise(id: row["exerciseid"], name: row["exercisename"], category: row["category"], kind: exerciseKind)
        let kind: String? = row["kind"]
        record = NewRecord(user: user, exercise: exercise, values: values,
                           performedAt: Date(timeIntervalSince1970: row["performedat"]), uid: row["uid"],
                           kind: kind.flatMap(SetKind.init(rawValue:)))
        keptAt = Date(timeIntervalSince1970: row["createdat"])
    }

    /// How history shows it: its id is minus its place (`#k3`).
    public var workoutRecord: WorkoutRecord {
        WorkoutRecord(id: OutboxLogbook.id(place: place), user: record.user.name, exercise: record.exercise.name, values: record.values,
                      performedAt: record.performedAt, uid: record.uid, kind: record.kind)
    }
}
