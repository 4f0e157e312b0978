import NIOCore
import PostgresNIO
import TopWeightCore

/// The schema on PostgreSQL: the same migrations, by the same identifiers,
/// as the SQLite file's (`topweight check` reports them the same way), each
/// written for this engine. Applied inside one transaction under an
/// advisory lock, so terminals starting together migrate once; a shipped
/// migration is never edited, and none erases anything.
///
/// Identifiers are unquoted (PostgreSQL folds them to lower case) except
/// `"user"`, a reserved word. Instants are milliseconds since 1970 in
/// `bigint`, as in the file, so records copy across unchanged.
enum PostgresSchema {
    /// Where applied migrations are listed.
    static let migrationsTable = "topweight_migrations"
    /// The advisory lock key taken while migrating ("TWschema").
    static let migrationLock: Int64 = 0x5457_7363_6865_6D61

    /// Every migration, oldest first (`PostgresSchema+FirstMigrations`,
    /// `PostgresSchema+LaterMigrations`, `PostgresSchema+Search`, `PostgresSchema+Save`,
    /// `PostgresLogbook+Sources`, `PostgresSchema+CoachNotes`, `PostgresLogbook+BoardMark`).
    static let migrations = firstMigrations + laterMigrations
        + [searchMigration, saveMigration, tallyMarkMigration, recordIDsMigration, recordIDsKeptMigration, enrolmentCodeMigration,
           teamsMigration, recordSourceMigration, coachNotesMigration, boardChangeMigration, programDayMigration,
           reportIndexMigration]

    /// v25: which day of its program a day walked with `:go` was, beside its routine (as in SQLite).
    static let programDayMigration: (identifier: String, statements: [String]) = ("v25", [
        "ALTER TABLE session ADD COLUMN programday text",
    ])

    /// v26: nothing here. On the file it widens record_on_user_exercise so
    /// the coach's report reads a member's sets of a lift from the index
    /// alone; this engine's report walks record_on_user_exercise_reps.
    static let reportIndexMigration: (identifier: String, statements: [String]) = ("v26", [])

    static var knownMigrations: [String] { migrations.map(\.identifier) }

    /// The migrations applied to the database, or `[]` when it has none yet.
    /// With a `deadline` (a save's bound), both reads end by it.
    static func applied(_ link: PostgresLink, until deadline: NIODeadline? = nil, bound: TimeAmount? = nil) throws(LogbookError) -> [String] {
        let exists = try link.query("SELECT to_regclass('topweight_migrations') IS NOT NULL", until: deadline, bound: bound)
        guard let row = exists.first, (try? row.decode(Bool.self)) == true else { return [] }
        return try link.query("SELECT identifier FROM topweight_migrations", until: deadline, bound: bound).compactMap { try? $0.decode(String.self) }
    }

    /// Applies what is missing. Refuses, before writing anything, a database
    /// that lists a migration this build does not know (a newer Top Weight's).
    ///
    /// With a `deadline` (the check runs inside a save of a terminal that
    /// started while its server was away), it only reads, by the deadline,
    /// and throws `.unreachable` when there is anything to migrate: the save
    /// is kept, and the migration waits for a call that may take its time.
    static func migrate(_ link: PostgresLink, readOnly: Bool, until deadline: NIODeadline? = nil, bound: TimeAmount? = nil) throws(LogbookError) {
        let applied = try applied(link, until: deadline, bound: bound)
        try refuseNewer(applied, link)
        // Up to date: nothing to take a lock for (and a role without CREATE rights works).
        if readOnly || Set(applied) == Set(knownMigrations) { return }
        if deadline != nil {
            throw LogbookError(.unreachable, "database \(link.location.redacted) needs its schema brought up to date before it takes a set")
        }
        try link.transaction { transaction in
            try transaction.query("SELECT pg_advisory_xact_lock(\(migrationLock))")
            try transaction.query("""
                CREATE TABLE IF NOT EXISTS topweight_migrations (identifier text PRIMARY KEY, appliedat timestamptz NOT NULL DEFAULT now())
                """)
            // Again under the lock: another terminal may have migrated meanwhile.
            let done = Set(try transaction.query("SELECT identifier FROM topweight_migrations").compactMap { try? $0.decode(String.self) })
            if let unknown = done.subtracting(knownMigrations).sorted().first { throw newer(unknown, link) }
            for migration in migrations where !done.contains(migration.identifier) {
                for statement in migration.statements {
                    try transaction.query(PostgresQuery(unsafeSQL: statement))
                }
                try transaction.query("INSERT INTO topweight_migrations (identifier) VALUES (\(migration.identifier))")
            }
        }
    }

    private static func refuseNewer(_ applied: [String], _ link: PostgresLink) throws(LogbookError) {
        if let unknown = applied.first(where: { !knownMigrations.contains($0) }) { throw newer(unknown, link) }
    }

    private static func newer(_ identifier: String, _ link: PostgresLink) -> LogbookError {
        LogbookError(.schemaAhead, "database \(link.location.redacted) was written by a newer Top Weight (migration \(identifier)); upgrade topweight to use it (nothing was changed)")
    }
}
