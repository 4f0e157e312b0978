import GRDB

extension Schema {
    /// v23: coaches' notes to members (`note add --coach`), one row a note:
    /// the member's day (`YYYY-MM-DD`), the coach's name as it was, the
    /// text, when it was written and when the member was shown it (`NULL`
    /// while it waits), in milliseconds; a uid across databases. Gone with
    /// the member. PostgreSQL's v23 is the same table.
    static func coachNotesMigration(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE coachNote (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                uid TEXT NOT NULL UNIQUE,
                userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                coach TEXT NOT NULL,
                text TEXT NOT NULL,
                createdAt INTEGER NOT NULL,
                seenAt INTEGER
            )
            """)
        try db.execute(sql: "CREATE INDEX coachNote_on_user ON coachNote (userId, day)")
    }
}
