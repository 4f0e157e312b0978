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

    /// v26: the coach's report reads everybody's days around its period
    /// (the sums, and the period's members and exercises) and walks each
    /// member's bests at each rep count from the indexes alone, the columns
    /// its conditions name included; the keys, and so every other plan, as before.
    static let reportIndexMigration: (identifier: String, statements: [String]) = ("v26", [
        "DROP INDEX record_on_performedat",
        """
        CREATE INDEX record_on_performedat ON record (performedat, id)
        INCLUDE (userid, exerciseid, weight, unit, reps, series, measure, assisted, seconds, rpe, deletedat, kind)
        """,
        "DROP INDEX record_on_user_exercise_reps",
        """
        CREATE INDEX record_on_user_exercise_reps ON record (
            userid, exerciseid, reps, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)
        ) INCLUDE (weight, unit, id, performedat, series) WHERE deletedat IS NULL AND kind IS DISTINCT FROM 'warmup' AND measure IS NULL
        """,
    ])

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
        // Building an index over a chain's history takes longer than the link's timeout.
        try link.transaction(bulk: true) { transaction in
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
