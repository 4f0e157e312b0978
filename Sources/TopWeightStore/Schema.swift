import Foundation
import GRDB
import TopWeightCore

/// The database schema, one migration per shipped change.
///
/// A migration that has shipped is never edited: later changes are new
/// migrations, each with a fixture database under `Tests/` that proves old
/// files upgrade without losing a record.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "user") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("nameKey", .text).notNull().unique()
                t.column("createdAt", .integer).notNull()
            }
            try db.create(table: "exercise") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("nameKey", .text).notNull().unique()
                t.column("category", .text)
                t.column("createdAt", .integer).notNull()
            }
            try db.create(table: "record") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .restrict).notNull()
                t.belongsTo("exercise", onDelete: .restrict).notNull()
                t.column("weight", .double).notNull().check { $0 >= 0 }
                t.column("unit", .text).notNull().check { ["kg", "lb"].contains($0) }
                t.column("reps", .integer).notNull().check { $0 >= 1 }
                t.column("series", .integer).notNull().check { $0 >= 1 }
                t.column("performedAt", .integer).notNull()
                t.column("createdAt", .integer).notNull()
            }
            // History of one user, newest first (rowid breaks ties inside the index).
            try db.create(index: "record_on_user_performedAt", on: "record", columns: ["userId", "performedAt"])
            // Last values of one user for one exercise (newest rowid last in the index).
            try db.create(index: "record_on_user_exercise", on: "record", columns: ["userId", "exerciseId"])
            // History of everybody, newest first.
            try db.create(index: "record_on_performedAt", on: "record", columns: ["performedAt"])
        }
        migrator.registerMigration("v2") { db in
            // Settings shared by every terminal on this file: the admin PIN's salted hash.
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v3") { db in
            // A stable unique id per record, for import, export and copying
            // between databases; when it was last edited; and a tombstone:
            // `:undo` and `delete` set `deletedAt` instead of erasing the row.
            try db.alter(table: "record") { t in
                t.add(column: "uid", .text)
                t.add(column: "editedAt", .integer)
                t.add(column: "deletedAt", .integer)
            }
            // Records written before v3 get ids from when they were created.
            let rows = try Row.fetchAll(db, sql: "SELECT id, createdAt FROM record")
            let update = try db.makeStatement(sql: "UPDATE record SET uid = ? WHERE id = ?")
            for row in rows {
                let created = Date(timeIntervalSince1970: Double(Int64.fromDatabaseValue(row["createdAt"]) ?? 0) / 1000)
                try update.execute(arguments: [RecordUID.make(at: created), row["id"]])
            }
            try db.create(index: "record_on_uid", on: "record", columns: ["uid"], unique: true)
            // Live records, newest first, for the last member to save.
            try db.create(index: "record_on_deletedAt", on: "record", columns: ["deletedAt"])
        }
        migrator.registerMigration("v4") { db in
            // The training log around the sets: one row per member and local
            // day that has a note (markdown) or followed a routine.
            try db.create(table: "session") { t in
                t.belongsTo("user", onDelete: .restrict).notNull()
                t.column("day", .text).notNull()
                t.column("note", .text)
                t.column("routine", .text)
                t.column("editedAt", .integer).notNull()
                t.primaryKey(["userId", "day"])
            }
            // The gym's own routines: exercises in order, with starting numbers (JSON).
            try db.create(table: "routine") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("nameKey", .text).notNull().unique()
                t.column("exercises", .text).notNull()
                t.column("createdAt", .integer).notNull()
            }
        }
        migrator.registerMigration("v5") { db in
            // How a set was done when it was not a working set: 'warmup',
            // 'drop' or 'failure' (imports bring them); NULL for a working set.
            try db.alter(table: "record") { t in
                t.add(column: "kind", .text)
            }
            // A member's body weight over time.
            try db.create(table: "bodyWeight") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("uid", .text).notNull().unique()
                t.belongsTo("user", onDelete: .restrict).notNull()
                t.column("weight", .double).notNull().check { $0 > 0 }
                t.column("unit", .text).notNull().check { ["kg", "lb"].contains($0) }
                t.column("measuredAt", .integer).notNull()
                t.column("createdAt", .integer).notNull()
            }
            try db.create(index: "bodyWeight_on_user_measuredAt", on: "bodyWeight", columns: ["userId", "measuredAt"])
        }
        migrator.registerMigration("v6") { db in
            // Personal records, checked on every save in a few index steps
            // however long the member's log, from a member's live working
            // sets of an exercise: by weight in kilograms (pounds converted),
            // by Epley's e1RM, and by reps then weight (most reps at a weight
            // or more: one look per distinct rep count above the answer). The
            // expressions are the queries' own (ProgressSQL); the set's numbers
            // and the partial condition's columns are in each index, so SQLite
            // reads no table row for them.
            try db.execute(sql: """
                CREATE INDEX record_on_user_exercise_kilograms ON record (
                    userId, exerciseId, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END),
                    weight, unit, reps, deletedAt, kind
                ) WHERE deletedAt IS NULL AND kind IS NOT 'warmup'
                """)
            try db.execute(sql: """
                CREATE INDEX record_on_user_exercise_estimate ON record (
                    userId, exerciseId,
                    (CASE WHEN reps = 1 THEN (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)
                     ELSE (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END) * (30 + reps) / 30.0 END),
                    weight, unit, reps, deletedAt, kind
                ) WHERE deletedAt IS NULL AND kind IS NOT 'warmup'
                """)
            try db.execute(sql: """
                CREATE INDEX record_on_user_exercise_reps ON record (
                    userId, exerciseId, reps, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END),
                    weight, unit, deletedAt, kind
                ) WHERE deletedAt IS NULL AND kind IS NOT 'warmup'
                """)
        }
        migrator.registerMigration("v7") { db in
            // Every kind of set. An exercise's kind says what its new sets
            // measure (NULL: weight, as before); each record keeps what it
            // measured, so changing an exercise's kind leaves its history
            // as it was. A bodyweight set's `weight` is its added load, or
            // its assistance when `assisted`; a timed set has `seconds`; a
            // distance set `distance` in `distanceUnit` (as typed) and
            // `seconds`; any set may have an RPE.
            try db.alter(table: "exercise") { t in
                t.add(column: "kind", .text).check { $0 == nil || ["weight", "bodyweight", "time", "distance"].contains($0) }
            }
            try db.alter(table: "record") { t in
                t.add(column: "measure", .text).check { $0 == nil || ["bodyweight", "time", "distance"].contains($0) }
                t.add(column: "assisted", .integer).check { $0 == nil || $0 == 1 }
                t.add(column: "seconds", .integer).check { $0 == nil || $0 > 0 }
                t.add(column: "distance", .double).check { $0 == nil || $0 > 0 }
                t.add(column: "distanceUnit", .text).check { $0 == nil || ["m", "km", "mi"].contains($0) }
                t.add(column: "rpe", .double).check { $0 == nil || ($0 >= 6 && $0 <= 10) }
            }
        }
        migrator.registerMigration("v8") { db in
            // A member who keeps off the gym's board (`:private on`,
            // `topweight users private NAME`); everybody starts on it.
            try db.alter(table: "user") { t in
                t.add(column: "isPrivate", .boolean).notNull().defaults(to: false)
            }
        }
        migrator.registerMigration("v9") { db in
            // Personal records per kind: the v6 indexes take weight sets only
            // (a bodyweight set's added load is no weight lifted; a timed or
            // distance set weighs 0), so a weight PR's look-ups read them alone
            // and the index still holds every number they need. The other
            // kinds' bests read the member's few sets of the exercise through
            // record_on_user_exercise. "v8" is another branch's.
            let names = ["record_on_user_exercise_kilograms", "record_on_user_exercise_estimate", "record_on_user_exercise_reps"]
            for name in names { try db.execute(sql: "DROP INDEX \(name)") }
            try db.execute(sql: """
                CREATE INDEX record_on_user_exercise_kilograms ON record (
                    userId, exerciseId, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END),
                    weight, unit, reps, deletedAt, kind, measure
                ) WHERE deletedAt IS NULL AND kind IS NOT 'warmup' AND measure IS NULL
                """)
            try db.execute(sql: """
                CREATE INDEX record_on_user_exercise_estimate ON record (
                    userId, exerciseId,
                    (CASE WHEN reps = 1 THEN (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)
                     ELSE (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END) * (30 + reps) / 30.0 END),
                    weight, unit, reps, deletedAt, kind, measure
                ) WHERE deletedAt IS NULL AND kind IS NOT 'warmup' AND measure IS NULL
                """)
            try db.execute(sql: """
                CREATE INDEX record_on_user_exercise_reps ON record (
                    userId, exerciseId, reps, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END),
                    weight, unit, deletedAt, kind, measure
                ) WHERE deletedAt IS NULL AND kind IS NOT 'warmup' AND measure IS NULL
                """)
        }
        migrator.registerMigration("v10") { db in
            // Programs at the rack: the gym's own program files, and each
            // member's program with where they are in it (JSON:
            // ProgramAssignment.storedProgress), one row per member.
            try db.create(table: "gymProgram") { t in
                t.primaryKey("nameKey", .text)
                t.column("name", .text).notNull()
                t.column("source", .text).notNull()
                t.column("createdAt", .integer).notNull()
            }
            try db.create(table: "programAssignment") { t in
                t.primaryKey("userId", .integer).references("user", onDelete: .cascade)
                t.column("program", .text).notNull()
                t.column("progress", .text).notNull()
                t.column("assignedAt", .integer).notNull()
                t.column("lastDoneAt", .integer)
            }
        }
        migrator.registerMigration("v11") { db in
            // Fewer writes per save (a kiosk's SD card wears out): the
            // listings' counts and the PR check's bests in small tables of
            // their own, and record keeps only the indexes a query uses:
            // (userId) and (exerciseId) served no plan that a composite or
            // the tally doesn't, live records are found by rowid, tombstones
            // by a partial index no save writes, and the v9 indexes give way
            // to recordBest.
            try Tally.create(db)
            try Best.create(db)
            let unused = [
                "record_on_userId", "record_on_exerciseId", "record_on_deletedAt",
                "record_on_user_exercise_kilograms", "record_on_user_exercise_estimate", "record_on_user_exercise_reps",
            ]
            for name in unused { try db.execute(sql: "DROP INDEX \(name)") }
            // `history --deleted`, newest first; no save writes to it.
            try db.execute(sql: "CREATE INDEX record_on_tombstone ON record (performedAt) WHERE deletedAt IS NOT NULL")
        }
        migrator.registerMigration("v12") { db in
            // How a member proves who they are at a kiosk, never the secrets
            // themselves: their PIN's salted hash with its own count of wrong
            // ones, their card's keyed hash (MemberCard; one card, one
            // member), and whether they coach. Gone with the member.
            try db.execute(sql: """
                CREATE TABLE memberAccess (
                    userId INTEGER PRIMARY KEY REFERENCES user (id) ON DELETE CASCADE,
                    pin TEXT,
                    pinFailures INTEGER,
                    pinLockedUntil INTEGER,
                    card TEXT UNIQUE,
                    coach INTEGER NOT NULL DEFAULT 0 CHECK (coach IN (0, 1))
                )
                """)
            // The coach who logged a set for a member at a kiosk (`:user NAME`).
            try db.execute(sql: """
                CREATE TABLE recordCoach (
                    recordId INTEGER PRIMARY KEY REFERENCES record (id) ON DELETE CASCADE,
                    coachId INTEGER NOT NULL REFERENCES user (id) ON DELETE CASCADE
                )
                """)
        }
        migrator.registerMigration("v13") { db in
            // A member's own rest per exercise (`:rest 2:30`; 0 s is `:rest
            // off`), gone with the member or the exercise; and a set's place
            // in a superset (`A1`: group A, its first lift).
            try db.create(table: "restTime") { t in
                t.column("userId", .integer).notNull().references("user", onDelete: .cascade)
                t.column("exerciseId", .integer).notNull().references("exercise", onDelete: .cascade)
                t.column("seconds", .integer).notNull().check { $0 >= 0 && $0 <= 3600 }
                t.primaryKey(["userId", "exerciseId"])
            }
            try db.alter(table: "record") { t in
                t.add(column: "superset", .text).check(sql: "superset GLOB '[A-Z][1-9]' OR superset GLOB '[A-Z][1-9][0-9]'")
            }
        }
        migrator.registerMigration("v14") { db in
            // Search through a member's log: FTS5 indexes of the exercises'
            // names and the days' notes and routines ("v12" and "v13" are other branches').
            try Search.create(db)
        }
        migrator.registerMigration("v15") { _ in
            // PostgreSQL's save of a weight set in one function of one
            // level; a file's save is already one transaction of its own
            // statements, so nothing changes here (the same identifiers on
            // both engines).
        }
        migrator.registerMigration("v16") { db in
            // A save writes no page of the tally: it counts up to a mark, and
            // the records after it are counted where they are (Tally.mark).
            try Tally.mark(db)
        }
        migrator.registerMigration("v17", foreignKeyChecks: .immediate) { db in
            // Nor a page of sqlite_sequence: record's id is no longer
            // AUTOINCREMENT, and the tally's mark follows a removed member (RecordIDs).
            try RecordIDs.unsequence(db)
        }
        migrator.registerMigration("v18") { db in
            // Nor is an id given twice: a removal of the newest records keeps the highest (RecordIDs).
            try RecordIDs.keepHighest(db)
        }
        migrator.registerMigration("v19") { db in
            // A member's one-time enrolment code from the desk: its salted
            // hash (as a PIN's) and the end of its validity, in milliseconds;
            // spent by the PIN it lets the member choose.
            try db.execute(sql: "ALTER TABLE memberAccess ADD COLUMN enrolCode TEXT")
            try db.execute(sql: "ALTER TABLE memberAccess ADD COLUMN enrolUntil INTEGER")
        }
        migrator.registerMigration("v21") { db in
            // The gym's teams: one row a member in a team, the team's name as
            // first spelt and its key (`NameRules.key`); gone with the member.
            try db.execute(sql: """
                CREATE TABLE teamMember (
                    team TEXT NOT NULL,
                    teamKey TEXT NOT NULL,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    createdAt INTEGER NOT NULL,
                    PRIMARY KEY (teamKey, userId)
                )
                """)
            try db.execute(sql: "CREATE INDEX teamMember_on_user ON teamMember (userId)")
        }
        // v20 is a number never shipped: no file or server has it.
        migrator.registerMigration("v22") { db in
            // Where an imported set came from (RecordSource): the app, its
            // name for the exercise, and the workout it was in (name, start
            // in milliseconds, length in seconds), so an export back to that
            // app gives them back. Beside the record, gone with it; no save writes it.
            try db.execute(sql: """
                CREATE TABLE recordSource (
                    recordId INTEGER PRIMARY KEY REFERENCES record (id) ON DELETE CASCADE,
                    app TEXT NOT NULL,
                    exercise TEXT NOT NULL,
                    workout TEXT,
                    workoutStart INTEGER,
                    workoutSeconds INTEGER
                )
                """)
        }
        migrator.registerMigration("v23", migrate: coachNotesMigration)
        registerBoardChange(&migrator)
        migrator.registerMigration("v25") { db in
            // Which day of its program a day walked with `:go` was (`week 2 day 1`), beside its routine.
            try db.execute(sql: "ALTER TABLE session ADD COLUMN programDay TEXT")
        }
        migrator.registerMigration("v26") { db in
            // The coach's report reads each member's sets of a lift before
            // the period (WorkoutStore+StandingBests), and everybody's days
            // around it as sums (WorkoutStore+DayVolumes), from these two
            // indexes alone, not from as many table pages as there are sets:
            // every column their conditions name is in them. Still the same
            // indexes a save writes; their entries are longer. By day and
            // then id, as before, for the listings walked in that order.
            try db.execute(sql: "DROP INDEX record_on_user_exercise")
            try db.execute(sql: """
                CREATE INDEX record_on_user_exercise ON record (
                    userId, exerciseId, performedAt, reps, weight, unit, series, measure, seconds, rpe, deletedAt, kind
                )
                """)
            try db.execute(sql: "DROP INDEX record_on_performedAt")
            try db.execute(sql: """
                CREATE INDEX record_on_performedAt ON record (
                    performedAt, id, userId, exerciseId, weight, unit, reps, series, measure, assisted, seconds, rpe, deletedAt, kind
                )
                """)
        }
        return migrator
    }

    /// Identifiers of the migrations this build knows, oldest first.
    static var knownMigrations: [String] { migrator.migrations }
}
