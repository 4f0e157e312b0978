import Foundation
import GRDB
import TopWeightCore

/// The one owner of the database file: every write is a single transaction
/// that leaves the file consistent, and every read the flow needs is an
/// indexed query.
///
/// Several terminals may open the same file: the pool runs in WAL mode so
/// readers never block the writer, and a busy timeout makes concurrent writers
/// wait their turn instead of failing with "database is locked".
public final class WorkoutStore: Logbook {
    /// Where the database lives (for messages).
    public let path: String
    /// A pool (WAL) on a file; a queue in memory for tests.
    let writer: any DatabaseWriter

    public struct Options: Sendable {
        /// `synchronous = FULL`: each save survives a power cut, at the cost of an fsync.
        public var durable: Bool
        /// How long a write waits for another terminal's write before giving up.
        public var busyTimeout: TimeInterval
        /// Opens without migrating (for `check` on a file from a newer version).
        public var readOnly: Bool

        public init(durable: Bool = false, busyTimeout: TimeInterval = 10, readOnly: Bool = false) {
            self.durable = durable
            self.busyTimeout = busyTimeout
            self.readOnly = readOnly
        }
    }

    /// Opens (and creates, with its directory) the database at `path`, and
    /// brings its schema up to date. Refuses files from a newer Top Weight.
    public init(path: String, options: Options = Options()) throws(LogbookError) {
        self.path = path
        do {
            try FileAccess.prepare(path)
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if !options.readOnly, !FileManager.default.fileExists(atPath: directory) {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            var config = Configuration()
            config.label = "topweight"
            config.busyMode = .timeout(options.busyTimeout)
            config.readonly = options.readOnly
            config.maximumReaderCount = 2
            let migrator = Schema.migrator
            // Look before touching: opening the pool writes to the file (GRDB's
            // WAL set-up creates and drops a table), so an existing file is first
            // read through a plain connection (no journal-mode change, reads
            // only; being the last to close it removes the -wal and -shm files
            // it opened), and one from a newer Top Weight is refused with not
            // a byte changed.
            if FileManager.default.fileExists(atPath: path) {
                var probe = Configuration()
                probe.busyMode = .timeout(options.busyTimeout)
                let queue = try DatabaseQueue(path: path, configuration: probe)
                let superseded = try queue.read { db in try migrator.hasBeenSuperseded(db) }
                try queue.close()
                if superseded {
                    throw LogbookError(.schemaAhead, "database \(path) was written by a newer Top Weight; upgrade topweight to use it (the file was left untouched)")
                }
            }
            writer = try DatabasePool(path: path, configuration: config)
            // Again, for a file another program created after the probe.
            let superseded = try writer.read { db in try migrator.hasBeenSuperseded(db) }
            if superseded {
                throw LogbookError(.schemaAhead, "database \(path) was written by a newer Top Weight; upgrade topweight to use it (the file was left untouched)")
            }
            if !options.readOnly { try migrator.migrate(writer) }
            if options.durable {
                // After the pool's own WAL set-up, which sets NORMAL on the
                // writer: only the writing connection's setting matters.
                try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            }
        } catch {
            throw LogbookError.wrap(error, path: path)
        }
    }

    /// A store on a database GRDB already opened, migrated here: an in-memory
    /// `DatabaseQueue()` for tests, as GRDB's demo app does.
    public init(writer: any DatabaseWriter, label: String = "memory") throws(LogbookError) {
        path = label
        self.writer = writer
        do {
            try Schema.migrator.migrate(writer)
        } catch {
            throw LogbookError.wrap(error, path: label)
        }
    }

    /// A fresh store in memory: the whole schema, nothing on disk.
    public static func inMemory() throws(LogbookError) -> WorkoutStore {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue()
        } catch {
            throw LogbookError.wrap(error, path: "memory")
        }
        return try WorkoutStore(writer: queue)
    }

    /// Runs `body`, turning any failure into a one-line `LogbookError`.
    func perform<T>(_ body: () throws -> T) throws(LogbookError) -> T {
        do {
            return try body()
        } catch {
            throw LogbookError.wrap(error, path: path)
        }
    }

    // MARK: - Users and exercises

    /// The user with this name, compared case-insensitively.
    public func user(named name: String) throws(LogbookError) -> User? {
        let key = NameRules.key(name)
        return try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: "SELECT id, name FROM user WHERE nameKey = ?"), arguments: [key])
                    .map { User(id: $0[0], name: $0[1]) }
            }
        }
    }

    /// Finds or creates the user (another terminal may have created it a moment ago).
    public func createUser(named name: String, now: Date = Date()) throws(LogbookError) -> User {
        let key = NameRules.key(name)
        return try perform {
            try writer.write { db in
                if let row = try UserRow.filter(UserRow.Columns.nameKey == key).fetchOne(db), let id = row.id {
                    return User(id: id, name: row.name)
                }
                try Self.refuseLookalike(of: name, in: "user", db)
                var row = UserRow(id: nil, name: name, nameKey: key, createdAt: now)
                try row.insert(db)
                return User(id: row.id ?? db.lastInsertedRowID, name: name)
            }
        }
    }

    /// The exercise with this name, compared case-insensitively.
    public func exercise(named name: String) throws(LogbookError) -> Exercise? {
        let key = NameRules.key(name)
        return try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: "SELECT id, name, category FROM exercise WHERE nameKey = ?"), arguments: [key])
                    .map { Exercise(id: $0[0], name: $0[1], category: $0[2]) }
            }
        }
    }

    /// Finds or creates the exercise.
    public func createExercise(named name: String, category: String? = nil, now: Date = Date()) throws(LogbookError) -> Exercise {
        let key = NameRules.key(name)
        return try perform {
            try writer.write { db in
                if let row = try ExerciseRow.filter(ExerciseRow.Columns.nameKey == key).fetchOne(db), let id = row.id {
                    return Exercise(id: id, name: row.name, category: row.category)
                }
                try Self.refuseLookalike(of: name, in: "exercise", db)
                var row = ExerciseRow(id: nil, name: name, nameKey: key, category: category, createdAt: now)
                try row.insert(db)
                return Exercise(id: row.id ?? db.lastInsertedRowID, name: name, category: category)
            }
        }
    }

    /// Names starting with `prefix` (case-insensitive), alphabetically, for Tab completion.
    public func userNames(withPrefix prefix: String, limit: Int = 200) throws(LogbookError) -> [String] {
        try names(table: "user", prefix: prefix, limit: limit)
    }

    /// Exercise names starting with `prefix` (case-insensitive), for Tab completion.
    public func exerciseNames(withPrefix prefix: String, limit: Int = 200) throws(LogbookError) -> [String] {
        try names(table: "exercise", prefix: prefix, limit: limit)
    }

    private func names(table: String, prefix: String, limit: Int) throws(LogbookError) -> [String] {
        let key = NameRules.key(prefix)
        return try perform {
            try writer.read { db in
                if key.isEmpty {
                    return try String.fetchAll(db.cachedStatement(sql: Self.allNamesSQL(table: table)), arguments: [limit])
                }
                return try String.fetchAll(db.cachedStatement(sql: Self.namesSQL(table: table)), arguments: [key, Self.upperBound(ofPrefix: key), limit])
            }
        }
    }

    public func names(of kind: NameRules.Kind, after id: Int64) throws(LogbookError) -> [(id: Int64, name: String)] {
        let sql = kind == .user ? "SELECT id, name FROM user WHERE id > ? ORDER BY id" : "SELECT id, name FROM exercise WHERE id > ? ORDER BY id"
        return try perform {
            try writer.read { db in
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [id])
                var found: [(id: Int64, name: String)] = []
                while let row = try rows.next() {
                    if let id = Int64.fromDatabaseValue(row[0]), let name = String.fromDatabaseValue(row[1]) { found.append((id, name)) }
                }
                return found
            }
        }
    }

    /// Every name of `table` (`user` or `exercise`) in key order; argument: limit.
    static func allNamesSQL(table: String) -> String {
        "SELECT name FROM \(table) ORDER BY nameKey LIMIT ?"
    }

    /// A range on the unique index: every key that starts with a prefix.
    /// Arguments: prefix key, `upperBound(ofPrefix:)` of it, limit.
    static func namesSQL(table: String) -> String {
        "SELECT name FROM \(table) WHERE nameKey >= ? AND nameKey < ? ORDER BY nameKey LIMIT ?"
    }

    /// The smallest string greater than every string starting with `prefix`.
    static func upperBound(ofPrefix prefix: String) -> String {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            var next = last.value + 1
            if next == 0xD800 { next = 0xE000 }
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                return String(String.UnicodeScalarView(scalars))
            }
        }
        return "\u{10FFFF}"
    }

    /// All users with how many records each has and when they last trained.
    public func users() throws(LogbookError) -> [UserSummary] {
        try perform {
            try writer.read { db in
                let sql = """
                    SELECT u.id, u.name,
                           (SELECT COUNT(*) FROM record r WHERE r.userId = u.id AND r.deletedAt IS NULL),
                           (SELECT MAX(performedAt) FROM record r WHERE r.userId = u.id AND r.deletedAt IS NULL)
                    FROM user u ORDER BY u.nameKey
                    """
                return try Row.fetchAll(db, sql: sql).map { row in
                    let last: Int64? = row[3]
                    return UserSummary(
                        user: User(id: row[0], name: row[1]), records: row[2],
                        lastPerformedAt: last.map { Date(timeIntervalSince1970: Double($0) / 1000) }
                    )
                }
            }
        }
    }

    /// All exercises with how many records use each.
    public func exercises() throws(LogbookError) -> [ExerciseSummary] {
        try perform {
            try writer.read { db in
                let sql = """
                    SELECT e.id, e.name, e.category, (SELECT COUNT(*) FROM record r WHERE r.exerciseId = e.id AND r.deletedAt IS NULL)
                    FROM exercise e ORDER BY e.nameKey
                    """
                return try Row.fetchAll(db, sql: sql).map { row in
                    ExerciseSummary(exercise: Exercise(id: row[0], name: row[1], category: row[2]), records: row[3])
                }
            }
        }
    }

    /// Renames an exercise; refuses a name another exercise already has.
    public func renameExercise(_ exercise: Exercise, to newName: String) throws(LogbookError) -> Exercise {
        try rename(in: "exercise", id: exercise.id, to: newName, taken: "an exercise")
        return Exercise(id: exercise.id, name: newName, category: exercise.category)
    }

    /// Removes an exercise that no record uses. Records are never deleted this way.
    public func removeExercise(_ exercise: Exercise) throws(LogbookError) {
        try remove(from: "exercise", id: exercise.id, name: exercise.name, advice: "rename it instead of removing it")
    }

    /// Renames a member; refuses a name another member already has.
    public func renameUser(_ user: User, to newName: String) throws(LogbookError) -> User {
        try rename(in: "user", id: user.id, to: newName, taken: "a member")
        return User(id: user.id, name: newName)
    }

    /// Removes a member who has no records. Records are never deleted this way.
    public func removeUser(_ user: User) throws(LogbookError) {
        try remove(from: "user", id: user.id, name: user.name, advice: "delete them first or rename the member")
    }

    /// Renames the row `id` of a name table (`user`, `exercise`), keeping names unique.
    private func rename(in table: String, id: Int64, to newName: String, taken: String) throws(LogbookError) {
        let key = NameRules.key(newName)
        try perform {
            try writer.write { db in
                if let other = try Int64.fetchOne(db, sql: "SELECT id FROM \(table) WHERE nameKey = ?", arguments: [key]),
                   other != id {
                    throw LogbookError(.conflict, "\(taken) named \(TerminalText.safe(newName)) already exists")
                }
                try Self.refuseLookalike(of: newName, in: table, except: id, db)
                try db.execute(sql: "UPDATE \(table) SET name = ?, nameKey = ? WHERE id = ?", arguments: [newName, key, id])
            }
        }
    }

    /// Refuses a new name that reads the same as another row's of `table`
    /// (`user` or `exercise`) but is spelt with other letters: a Cyrillic `А`
    /// in `Аna`, fullwidth `Ａｎａ`. Only runs when a name is created or
    /// renamed, so reading every name is affordable.
    static func refuseLookalike(of name: String, in table: String, except id: Int64? = nil, _ db: Database) throws {
        guard let other = try lookalike(of: name, in: table, except: id, db) else { return }
        let kind = table == "user" ? "member" : "exercise"
        throw LogbookError(.conflict, "\(TerminalText.safe(name)) looks like the existing \(kind) \(TerminalText.safe(other)) but is spelt with other letters; use that name or choose a clearly different one")
    }

    /// The stored name of `table` that `name` would pass for, if any.
    static func lookalike(of name: String, in table: String, except id: Int64? = nil, _ db: Database) throws -> String? {
        let skeleton = NameRules.skeleton(name)
        let key = NameRules.key(name)
        let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM \(table)")
        while let row = try rows.next() {
            guard let other = String.fromDatabaseValue(row["name"]), Int64.fromDatabaseValue(row["id"]) != id,
                  NameRules.skeleton(other) == skeleton, NameRules.key(other) != key
            else { continue }
            return other
        }
        return nil
    }

    /// The existing member or exercise name that `name` would pass for
    /// (other letters drawn the same), so the logger can refuse before asking.
    public func existingLookalike(of name: String, kind: NameRules.Kind) throws(LogbookError) -> String? {
        try perform {
            try writer.read { db in try Self.lookalike(of: name, in: kind == .user ? "user" : "exercise", db) }
        }
    }

    /// Deletes the row `id` of a name table when no record refers to it.
    private func remove(from table: String, id: Int64, name: String, advice: String) throws(LogbookError) {
        try perform {
            try writer.write { db in
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE \(table)Id = ? AND deletedAt IS NULL", arguments: [id]) ?? 0
                if count > 0 {
                    throw LogbookError(.conflict, "\(TerminalText.safe(name)) has \(count) record\(count == 1 ? "" : "s"); \(advice)")
                }
                // Deleted records are kept (they can be restored), and they still name it.
                let kept = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE \(table)Id = ?", arguments: [id]) ?? 0
                if kept > 0 {
                    throw LogbookError(.conflict, "\(TerminalText.safe(name)) has \(kept) deleted record\(kept == 1 ? "" : "s") kept for restoring; rename it instead")
                }
                try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [id])
            }
        }
    }

    // MARK: - Records

    /// Saves one set in its own transaction and returns its id.
    ///
    /// This is the path every Enter that completes an entry takes: one cached,
    /// prepared INSERT; the last-used defaults are derived from the records
    /// themselves through indexes, so nothing else is written.
    public func save(_ record: NewRecord, now: Date = Date()) throws(LogbookError) -> Int64 {
        try perform {
            // The transaction `writer.write` would open (BEGIN IMMEDIATE …
            // COMMIT, rolled back on any error), through cached statements:
            // `write` prepares its BEGIN and COMMIT anew on every call, which
            // was half of a save's allocations.
            try writer.writeWithoutTransaction { db in
                try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
                do {
                    let statement = try db.cachedStatement(sql: Self.insertSQL)
                    try statement.execute(arguments: [
                        RecordUID.make(at: now), record.user.id, record.exercise.id, record.values.weight.value,
                        record.values.weight.unit.rawValue, record.values.reps, record.values.series,
                        Self.milliseconds(record.performedAt), Self.milliseconds(now),
                    ])
                    let id = db.lastInsertedRowID
                    try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                    return id
                } catch {
                    if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK TRANSACTION") }
                    throw error
                }
            }
        }
    }

    /// Arguments: uid, user id, exercise id, weight, unit, reps, series, performedAt, createdAt.
    static let insertSQL = """
        INSERT INTO record (uid, userId, exerciseId, weight, unit, reps, series, performedAt, createdAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Leaves a tombstone on one live record (`:undo`, `topweight delete`):
    /// the row stays, so `topweight restore` can bring it back.
    public func deleteRecord(id: Int64, now: Date) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE record SET deletedAt = ? WHERE id = ? AND deletedAt IS NULL",
                               arguments: [Self.milliseconds(now), id])
                return db.changesCount > 0
            }
        }
    }

    public func restoreRecord(id: Int64) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE record SET deletedAt = NULL WHERE id = ? AND deletedAt IS NOT NULL", arguments: [id])
                return db.changesCount > 0
            }
        }
    }

    /// The user who saved the most recent record on this database.
    public func lastUsedUser() throws(LogbookError) -> User? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: Self.lastUsedUserSQL)).map { User(id: $0[0], name: $0[1]) }
            }
        }
    }

    /// The newest record is found by its rowid first; a join ordered by
    /// `r.id` let the planner sort every record when there are few users.
    static let lastUsedUserSQL = """
        SELECT u.id, u.name FROM user u
        WHERE u.id = (SELECT userId FROM record INDEXED BY record_on_deletedAt WHERE deletedAt IS NULL ORDER BY id DESC LIMIT 1)
        """

    /// The exercise this user recorded last.
    public func lastExercise(of user: User) throws(LogbookError) -> Exercise? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: Self.lastExerciseSQL), arguments: [user.id])
                    .map { Exercise(id: $0[0], name: $0[1], category: $0[2]) }
            }
        }
    }

    /// Argument: user id.
    static let lastExerciseSQL = """
        SELECT e.id, e.name, e.category FROM exercise e
        WHERE e.id = (SELECT exerciseId FROM record WHERE userId = ? AND deletedAt IS NULL ORDER BY id DESC LIMIT 1)
        """

    /// This user's last weight, reps and series for this exercise.
    public func lastValues(of user: User, for exercise: Exercise) throws(LogbookError) -> SetValues? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: Self.lastValuesSQL), arguments: [user.id, exercise.id])
                    .flatMap { StoredValues.decode(weight: $0[0], unit: $0[1], reps: $0[2], series: $0[3]) }
            }
        }
    }

    public func recentExercises(of user: User, limit: Int) throws(LogbookError) -> [Exercise] {
        try perform {
            try writer.read { db in
                // The member's newest sets through the (userId, performedAt) index;
                // a few hundred rows name their last exercises.
                let rows = try Int64.fetchCursor(db.cachedStatement(sql: Self.recentExerciseIDsSQL), arguments: [user.id])
                var seen = Set<Int64>()
                var found: [Exercise] = []
                while found.count < limit, let id = try rows.next() {
                    guard seen.insert(id).inserted,
                          let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT name, category FROM exercise WHERE id = ?"), arguments: [id]),
                          let name = String.fromDatabaseValue(row[0]) else { continue }
                    found.append(Exercise(id: id, name: name, category: String.fromDatabaseValue(row[1])))
                }
                return found
            }
        }
    }

    /// Argument: user id.
    static let recentExerciseIDsSQL = """
        SELECT exerciseId FROM record WHERE userId = ? AND deletedAt IS NULL ORDER BY performedAt DESC LIMIT 500
        """

    /// Arguments: user id, exercise id.
    static let lastValuesSQL = """
        SELECT weight, unit, reps, series FROM record
        WHERE userId = ? AND exerciseId = ? AND deletedAt IS NULL ORDER BY id DESC LIMIT 1
        """

    /// Streams records matching `query`, newest first, without holding them all.
    public func forEachRecord(_ query: HistoryQuery, _ body: (WorkoutRecord) throws -> Void) throws(LogbookError) {
        let (sql, arguments) = Self.historySQL(query)
        try perform {
            try writer.read { db in
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
                while let row = try rows.next() {
                    // A row another tool wrote out of range is left out, never trapped on.
                    if let record = Self.workoutRecord(from: row) { try body(record) }
                }
            }
        }
    }

    /// The columns `workoutRecord(from:)` reads, with the names joined in.
    static let recordSelectSQL = """
        SELECT r.id, u.name, e.name, r.weight, r.unit, r.reps, r.series, r.performedAt, r.uid, r.deletedAt
        FROM record r JOIN user u ON u.id = r.userId JOIN exercise e ON e.id = r.exerciseId
        """

    /// A record from a row of `recordSelectSQL`, or `nil` when a stored value
    /// is of the wrong type or outside what Top Weight writes (a tampered file).
    static func workoutRecord(from row: Row) -> WorkoutRecord? {
        guard let id = Int64.fromDatabaseValue(row[0]), let user = String.fromDatabaseValue(row[1]),
              let exercise = String.fromDatabaseValue(row[2]),
              let values = StoredValues.decode(weight: row[3], unit: row[4], reps: row[5], series: row[6]),
              let performedAt = StoredValues.date(row[7])
        else { return nil }
        return WorkoutRecord(
            id: id, user: user, exercise: exercise, values: values, performedAt: performedAt,
            uid: String.fromDatabaseValue(row[8]), deletedAt: StoredValues.date(row[9])
        )
    }

    /// The statement and arguments `forEachRecord` runs for `query`.
    static func historySQL(_ query: HistoryQuery) -> (sql: String, arguments: StatementArguments) {
        // Every read of records goes through here: live ones, or only tombstones.
        var conditions: [String] = [query.deleted ? "r.deletedAt IS NOT NULL" : "r.deletedAt IS NULL"]
        var arguments: StatementArguments = []
        if let user = query.userID {
            conditions.append("r.userId = ?")
            arguments += [user]
        }
        if let exercise = query.exerciseID {
            conditions.append("r.exerciseId = ?")
            arguments += [exercise]
        }
        if let since = query.since {
            conditions.append("r.performedAt >= ?")
            arguments += [Self.milliseconds(since)]
        }
        if let before = query.before {
            let at = Self.milliseconds(before.performedAt)
            conditions.append("(r.performedAt < ? OR (r.performedAt = ? AND r.id < ?))")
            arguments += [at, at, before.id]
        }
        var sql = recordSelectSQL
        sql += " WHERE " + conditions.joined(separator: " AND ")
        sql += " ORDER BY r.performedAt DESC, r.id DESC"
        if let limit = query.limit {
            sql += " LIMIT ?"
            arguments += [limit]
        }
        return (sql, arguments)
    }

    // MARK: - Maintenance

    /// Integrity, schema version and counts, for whoever runs the kiosk.
    public func health() throws(LogbookError) -> StoreHealth {
        try perform {
            try writer.read { db in
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
                let applied = try Schema.migrator.appliedMigrations(db)
                return StoreHealth(
                    integrity: integrity,
                    schemaVersion: applied.last ?? "none",
                    knownMigrations: Schema.knownMigrations.count,
                    appliedMigrations: applied.count,
                    users: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0,
                    exercises: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exercise") ?? 0,
                    records: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE deletedAt IS NULL") ?? 0,
                    tombstones: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE deletedAt IS NOT NULL") ?? 0,
                    recordsOutOfRange: try Int64.fetchAll(db, sql: "SELECT id FROM record WHERE NOT (\(StoredValues.inRangeSQL)) ORDER BY id"),
                    journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?"
                )
            }
        }
    }

    // MARK: - Conversions

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

}
