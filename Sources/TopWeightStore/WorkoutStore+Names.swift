import Foundation
import GRDB
import TopWeightCore

// MARK: - Members and exercises: finding, creating, renaming, removing

extension WorkoutStore {

    /// The user with this name, compared case-insensitively.
    public func user(named name: String) throws(LogbookError) -> User? {
        try find(in: "user", name: name).flatMap(Self.user(from:))
    }

    /// Finds or creates the user (another terminal may have created it a moment ago).
    public func createUser(named name: String, now: Date = Date()) throws(LogbookError) -> User {
        let row = try findOrCreate(in: "user", name: name, category: nil, now: now)
        return User(id: row.id, name: row.name)
    }

    /// Creates the user, only if the name is nobody's by then.
    public func addUser(named name: String, now: Date) throws(LogbookError) -> User {
        let row = try findOrCreate(in: "user", name: name, category: nil, now: now, onlyNew: true)
        return User(id: row.id, name: row.name)
    }

    /// The exercise with this name, compared case-insensitively.
    public func exercise(named name: String) throws(LogbookError) -> Exercise? {
        try find(in: "exercise", name: name).flatMap(Self.exercise(from:))
    }

    /// Finds or creates the exercise.
    public func createExercise(named name: String, category: String? = nil, kind: ExerciseKind = .weight,
                               now: Date = Date()) throws(LogbookError) -> Exercise {
        let row = try findOrCreate(in: "exercise", name: name, category: category, kind: kind, now: now)
        return Exercise(id: row.id, name: row.name, category: row.category, kind: row.kind)
    }

    /// Changes what an exercise's new sets measure; its records keep theirs.
    public func setExerciseKind(_ exercise: Exercise, to kind: ExerciseKind) throws(LogbookError) -> Exercise {
        try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE exercise SET kind = ? WHERE id = ?",
                               arguments: [kind == .weight ? nil : kind.rawValue, exercise.id])
            }
        }
        var changed = exercise
        changed.kind = kind
        return changed
    }

    /// The row of `table` (`user` or `exercise`) whose key is `name`'s.
    private func find(in table: String, name: String) throws(LogbookError) -> Row? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: Self.nameByKeySQL(table: table)), arguments: [NameRules.key(name)])
            }
        }
    }

    /// The row whose key is `name`'s, or a new one; a look-alike of another name is refused.
    private func findOrCreate(
        in table: String, name: String, category: String?, kind: ExerciseKind = .weight, now: Date, onlyNew: Bool = false
    ) throws(LogbookError) -> (id: Int64, name: String, category: String?, kind: ExerciseKind) {
        let key = NameRules.key(name)
        return try perform {
            try writer.write { db in
                if let row = try Row.fetchOne(db.cachedStatement(sql: Self.nameByKeySQL(table: table)), arguments: [key]) {
                    if onlyNew { throw LogbookError.taken(name) }
                    if table == "exercise", let found = Self.exercise(from: row) { return (found.id, found.name, found.category, found.kind) }
                    if table == "user", let found = Self.user(from: row) { return (found.id, found.name, nil, .weight) }
                }
                try Self.refuseLookalike(of: name, in: table, db)
                try Self.insertName(name, key: key, category: category, kind: kind, in: table, createdAt: Self.milliseconds(now), db)
                return (db.lastInsertedRowID, name, category, kind)
            }
        }
    }

    /// A name's row by its key: `id`, `name` and, for exercises, `category`. Argument: the key.
    static func nameByKeySQL(table: String) -> String {
        "SELECT id, name\(table == "exercise" ? ", category, kind" : "") FROM \(table) WHERE nameKey = ?"
    }

    /// Inserts a member or an exercise (the category only for exercises).
    static func insertName(_ name: String, key: String, category: String?, kind: ExerciseKind = .weight, in table: String,
                           createdAt: Int64, _ db: Database) throws {
        if table == "exercise" {
            try db.cachedStatement(sql: "INSERT INTO exercise (name, nameKey, category, kind, createdAt) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: [name, key, category, kind == .weight ? nil : kind.rawValue, createdAt])
        } else {
            try db.cachedStatement(sql: "INSERT INTO user (name, nameKey, createdAt) VALUES (?, ?, ?)")
                .execute(arguments: [name, key, createdAt])
        }
    }

    public func users() throws(LogbookError) -> [UserSummary] {
        try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: Self.usersSQL).compactMap { row in
                    // A member whose name another tool made unreadable is left out;
                    // MAX() of a column filled with text is text: no date then.
                    guard let user = Self.user(from: row) else { return nil }
                    return UserSummary(
                        user: user, records: Int.fromDatabaseValue(row[RecordColumns.records]) ?? 0,
                        lastPerformedAt: StoredValues.date(row[RecordColumns.lastPerformedAt]),
                        isPrivate: Bool.fromDatabaseValue(row[RecordColumns.isPrivate]) ?? false
                    )
                }
            }
        }
    }

    /// All exercises with how many records use each.
    public func exercises() throws(LogbookError) -> [ExerciseSummary] {
        try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: Self.exercisesSQL).compactMap { row in
                    Self.exercise(from: row).map { ExerciseSummary(exercise: $0, records: Int.fromDatabaseValue(row[RecordColumns.records]) ?? 0) }
                }
            }
        }
    }

    /// Every member with their live records (the tally, summed) and
    /// their newest live set's time (the newest entries of their
    /// (userId, performedAt) index, back to the first live one).
    static let usersSQL = """
        SELECT u.id, u.name, u.isPrivate, t.records AS records,
               (SELECT r.performedAt FROM record r WHERE r.userId = u.id AND r.deletedAt IS NULL
                ORDER BY r.performedAt DESC LIMIT 1) AS lastPerformedAt
        FROM user u LEFT JOIN (SELECT userId, SUM(records) AS records FROM recordTallyNow GROUP BY userId) t
          ON t.userId = u.id
        ORDER BY u.nameKey
        """

    /// Every exercise with its live records (the tally, summed once per exercise).
    static let exercisesSQL = """
        SELECT e.id, e.name, e.category, e.kind, t.records AS records
        FROM exercise e LEFT JOIN (SELECT exerciseId, SUM(records) AS records FROM recordTallyNow GROUP BY exerciseId) t
          ON t.exerciseId = e.id
        ORDER BY e.nameKey
        """

    /// Renames an exercise; refuses a name another exercise already has.
    public func renameExercise(_ exercise: Exercise, to newName: String, category: String?) throws(LogbookError) -> Exercise {
        try rename(in: "exercise", id: exercise.id, to: newName, taken: "an exercise", category: category)
        return Exercise(id: exercise.id, name: newName, category: category ?? exercise.category, kind: exercise.kind)
    }

    public func mergeExercise(_ from: Exercise, into: Exercise, now: Date) throws(LogbookError) -> ExerciseMerge {
        guard from.id != into.id else { throw LogbookError(.conflict, "\(from.name) and \(into.name) are the same exercise") }
        return try perform {
            try writer.write { db in
                var merge = ExerciseMerge(from: from.name, into: into.name)
                let ofFrom = Self.recordsOfExerciseSQL
                merge.records = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE \(ofFrom) AND deletedAt IS NULL", arguments: [from.id]) ?? 0
                merge.deletedRecords = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE \(ofFrom) AND deletedAt IS NOT NULL", arguments: [from.id]) ?? 0
                merge.members = try String.fetchAll(db, sql: """
                    SELECT u.name FROM user u WHERE EXISTS (SELECT 1 FROM record WHERE userId = u.id AND exerciseId = ?) ORDER BY u.nameKey
                    """, arguments: [from.id])
                // A moved set is an edit of its exercise, as 'edit --exercise' stamps one.
                try db.execute(sql: "UPDATE record SET exerciseId = ?, editedAt = ? WHERE \(ofFrom)",
                               arguments: [into.id, Self.milliseconds(now), from.id])
                for row in try Row.fetchAll(db, sql: "SELECT id, name, exercises FROM routine ORDER BY nameKey") {
                    guard let name = String.fromDatabaseValue(row["name"]), let text = String.fromDatabaseValue(row["exercises"]),
                          let routine = Routine(name: name, storedExercises: text) else { continue }
                    let (merged, steps) = routine.merging(from.name, into: into.name)
                    guard steps > 0 else { continue }
                    try db.execute(sql: "UPDATE routine SET exercises = ? WHERE id = ?", arguments: [merged.storedExercises, row["id"]])
                    merge.routines.append(name)
                    merge.routineSteps += steps
                }
                try db.execute(sql: "DELETE FROM exercise WHERE id = ?", arguments: [from.id])
                return merge
            }
        }
    }

    /// The records of one exercise (argument: its id), found through
    /// (userId, exerciseId) one member at a time: record has no index of
    /// its own on exerciseId (v11), which every save would write.
    static let recordsOfExerciseSQL = "userId IN (SELECT id FROM user) AND exerciseId = ?"

    /// Removes an exercise that no record uses. Records are never deleted this way.
    public func removeExercise(_ exercise: Exercise) throws(LogbookError) {
        try remove(from: "exercise", id: exercise.id, name: exercise.name,
                   advice: "'topweight exercises merge \(ShellWord.quoted(exercise.name)) OTHER' puts them on another exercise")
    }

    /// Renames a member; refuses a name another member already has.
    public func renameUser(_ user: User, to newName: String) throws(LogbookError) -> User {
        try rename(in: "user", id: user.id, to: newName, taken: "a member")
        return User(id: user.id, name: newName)
    }

    /// Removes a member who has no live records; live records are never deleted this way.
    public func removeUser(_ user: User, withDeleted: Bool) throws(LogbookError) {
        try remove(from: "user", id: user.id, name: user.name, withDeleted: withDeleted,
                   advice: "delete them first ('topweight history --user \(ShellWord.quoted(user.name))' shows their ids, 'topweight delete ID' deletes one) or rename the member")
    }

    /// Renames the row `id` of a name table (`user`, `exercise`), keeping names unique.
    private func rename(in table: String, id: Int64, to newName: String, taken: String, category: String? = nil) throws(LogbookError) {
        let key = NameRules.key(newName)
        try perform {
            try writer.write { db in
                if let other = try Int64.fetchOne(db, sql: "SELECT id FROM \(table) WHERE nameKey = ?", arguments: [key]),
                   other != id {
                    throw LogbookError(.conflict, "\(taken) named \(newName) already exists")
                }
                try Self.refuseLookalike(of: newName, in: table, except: id, db)
                try db.execute(sql: "UPDATE \(table) SET name = ?, nameKey = ? WHERE id = ?", arguments: [newName, key, id])
                if let category {
                    try db.execute(sql: "UPDATE exercise SET category = ? WHERE id = ?", arguments: [category, id])
                }
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
        throw LogbookError(.conflict, "\(name) looks like the existing \(kind) \(other) but is spelt with other letters; use that name or choose a clearly different one")
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

    /// Deletes the row `id` of a name table when no live record refers to
    /// it; a member's tombstones, notes and body weights go with them when
    /// `withDeleted`, in the same transaction.
    private func remove(from table: String, id: Int64, name: String, withDeleted: Bool = false,
                        advice: String) throws(LogbookError) {
        try perform {
            try writer.write { db in
                let ofRow = table == "user" ? "userId = ?" : Self.recordsOfExerciseSQL
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE \(ofRow) AND deletedAt IS NULL", arguments: [id]) ?? 0
                if count > 0 {
                    throw LogbookError(.conflict, "\(name) has \(count) record\(count == 1 ? "" : "s"); \(advice)")
                }
                if withDeleted, table == "user" {
                    for owned in ["record", "session", "bodyWeight"] {
                        try db.execute(sql: "DELETE FROM \(owned) WHERE userId = ?", arguments: [id])
                    }
                }
                // Deleted records are kept (they can be restored), and they still name it.
                let kept = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE \(ofRow)", arguments: [id]) ?? 0
                if kept > 0 {
                    let way = table == "user" ? "'topweight users remove \(ShellWord.quoted(name)) --yes' removes them with the member"
                        : "'topweight exercises merge \(ShellWord.quoted(name)) OTHER' puts them on another exercise"
                    throw LogbookError(.conflict, "\(name) has \(kept) deleted record\(kept == 1 ? "" : "s") kept for restoring; \(way)")
                }
                if table == "user" {
                    // A day's note or body weight names the member too.
                    let owned = try Int.fetchOne(db, sql: """
                        SELECT (SELECT COUNT(*) FROM session WHERE userId = ?) + (SELECT COUNT(*) FROM bodyWeight WHERE userId = ?)
                        """, arguments: [id, id]) ?? 0
                    if owned > 0 {
                        throw LogbookError(.conflict, "\(name) has days' notes or body weights; 'topweight users remove \(ShellWord.quoted(name)) --yes' removes them with the member")
                    }
                }
                try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [id])
            }
        }
    }

    /// A member from a row with `id` and `name`, or `nil` when another tool
    /// stored something that is not an id and a text there.
    static func user(from row: Row) -> User? {
        guard let id = Int64.fromDatabaseValue(row[RecordColumns.id]),
              let name = String.fromDatabaseValue(row[RecordColumns.name]) else { return nil }
        return User(id: id, name: name)
    }

    /// An exercise from a row with `id`, `name`, `category` and `kind` (a
    /// category that is not text is shown as none, a kind that is no kind as
    /// weight), or `nil` like `user(from:)`.
    static func exercise(from row: Row) -> Exercise? {
        guard let id = Int64.fromDatabaseValue(row[RecordColumns.id]),
              let name = String.fromDatabaseValue(row[RecordColumns.name]) else { return nil }
        let kind = row.hasColumn("kind") ? String.fromDatabaseValue(row[RecordColumns.kind]).flatMap(ExerciseKind.init(rawValue:)) : nil
        return Exercise(id: id, name: name, category: String.fromDatabaseValue(row[RecordColumns.category]), kind: kind ?? .weight)
    }
}

// MARK: - Names for Tab, and for the completion index

extension WorkoutStore {
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
                    if let id = Int64.fromDatabaseValue(row[RecordColumns.id]), let name = String.fromDatabaseValue(row[RecordColumns.name]) { found.append((id, name)) }
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
}
