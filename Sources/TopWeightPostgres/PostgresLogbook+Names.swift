import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Members and exercises: finding, creating, renaming, removing

extension PostgresLogbook {
    public func user(named name: String) throws(LogbookError) -> User? {
        let key = NameRules.key(name)
        guard let row = try link.query("SELECT id, name FROM \"user\" WHERE namekey = \(key)").first else { return nil }
        let (id, stored) = try Self.decode(row, as: (Int64, String).self)
        return User(id: id, name: stored)
    }

    public func createUser(named name: String, now: Date) throws(LogbookError) -> User {
        let (id, stored, _, _) = try findOrCreate(table: .user, name: name, category: nil, now: now)
        return User(id: id, name: stored)
    }

    public func addUser(named name: String, now: Date) throws(LogbookError) -> User {
        let (id, stored, _, _) = try findOrCreate(table: .user, name: name, category: nil, now: now, onlyNew: true)
        return User(id: id, name: stored)
    }

    public func exercise(named name: String) throws(LogbookError) -> Exercise? {
        let key = NameRules.key(name)
        guard let row = try link.query("SELECT id, name, category, kind FROM exercise WHERE namekey = \(key)").first else { return nil }
        return try Self.exercise(from: row)
    }

    /// An exercise from a row of `id, name, category, kind` (a kind that is no kind reads as weight).
    static func exercise(from row: PostgresRow) throws(LogbookError) -> Exercise {
        let (id, name, category, kind) = try decode(row, as: (Int64, String, String?, String?).self)
        return Exercise(id: id, name: name, category: category, kind: kind.flatMap(ExerciseKind.init(rawValue:)) ?? .weight)
    }

    public func createExercise(named name: String, category: String?, kind: ExerciseKind, now: Date) throws(LogbookError) -> Exercise {
        let (id, stored, storedCategory, storedKind) = try findOrCreate(table: .exercise, name: name, category: category, kind: kind, now: now)
        return Exercise(id: id, name: stored, category: storedCategory, kind: storedKind)
    }

    public func setExerciseKind(_ exercise: Exercise, to kind: ExerciseKind) throws(LogbookError) -> Exercise {
        let stored: String? = kind == .weight ? nil : kind.rawValue
        _ = try link.query("UPDATE exercise SET kind = \(stored) WHERE id = \(exercise.id)")
        var changed = exercise
        changed.kind = kind
        return changed
    }

    public func users() throws(LogbookError) -> [UserSummary] {
        let rows = try link.query("""
            SELECT u.id, u.name,
                   (SELECT COALESCE(SUM(t.records), 0)::bigint FROM recordtally t WHERE t.userid = u.id),
                   (SELECT r.performedat FROM record r WHERE r.userid = u.id AND r.deletedat IS NULL
                    ORDER BY r.performedat DESC LIMIT 1),
                   u.isprivate
            FROM "user" u ORDER BY u.namekey COLLATE "C"
            """)
        var summaries: [UserSummary] = []
        for row in rows {
            let (id, name, count, last, isPrivate) = try Self.decode(row, as: (Int64, String, Int64, Int64?, Bool).self)
            summaries.append(UserSummary(user: User(id: id, name: name), records: Int(count),
                                         lastPerformedAt: last.flatMap(StoredRange.date(milliseconds:)), isPrivate: isPrivate))
        }
        return summaries
    }

    public func exercises() throws(LogbookError) -> [ExerciseSummary] {
        let rows = try link.query("""
            SELECT e.id, e.name, e.category, e.kind, COALESCE(t.records, 0)::bigint
            FROM exercise e LEFT JOIN (SELECT exerciseid, SUM(records) AS records FROM recordtally GROUP BY exerciseid) t
              ON t.exerciseid = e.id
            ORDER BY e.namekey COLLATE "C"
            """)
        var summaries: [ExerciseSummary] = []
        for row in rows {
            let (id, name, category, kind, count) = try Self.decode(row, as: (Int64, String, String?, String?, Int64).self)
            let exercise = Exercise(id: id, name: name, category: category, kind: kind.flatMap(ExerciseKind.init(rawValue:)) ?? .weight)
            summaries.append(ExerciseSummary(exercise: exercise, records: Int(count)))
        }
        return summaries
    }

    public func renameUser(_ user: User, to newName: String) throws(LogbookError) -> User {
        try rename(.user, id: user.id, to: newName, taken: "a member")
        return User(id: user.id, name: newName)
    }

    public func removeUser(_ user: User, withDeleted: Bool) throws(LogbookError) {
        try remove(.user, id: user.id, name: user.name, withDeleted: withDeleted,
                   advice: "delete them first ('topweight history --user \(ShellWord.quoted(user.name))' shows their ids, 'topweight delete ID' deletes one) or rename the member")
    }

    public func renameExercise(_ exercise: Exercise, to newName: String, category: String?) throws(LogbookError) -> Exercise {
        try rename(.exercise, id: exercise.id, to: newName, taken: "an exercise", category: category)
        return Exercise(id: exercise.id, name: newName, category: category ?? exercise.category, kind: exercise.kind)
    }

    public func removeExercise(_ exercise: Exercise) throws(LogbookError) {
        try remove(.exercise, id: exercise.id, name: exercise.name,
                   advice: "'topweight exercises merge \(ShellWord.quoted(exercise.name)) OTHER' puts them on another exercise")
    }

    public func mergeExercise(_ from: Exercise, into: Exercise, now: Date) throws(LogbookError) -> ExerciseMerge {
        guard from.id != into.id else { throw LogbookError(.conflict, "\(from.name) and \(into.name) are the same exercise") }
        return try link.transaction { transaction in
            // Under the names lock, as renames and removals: no record lands on `from` meanwhile.
            try transaction.query("SELECT pg_advisory_xact_lock(\(Self.namesLock))")
            var merge = ExerciseMerge(from: from.name, into: into.name)
            let counts = try transaction.query("""
                SELECT COUNT(*) FILTER (WHERE deletedat IS NULL), COUNT(*) FILTER (WHERE deletedat IS NOT NULL)
                FROM record WHERE exerciseid = \(from.id)
                """)
            if let row = counts.first {
                let (live, deleted) = try Self.decode(row, as: (Int64, Int64).self)
                merge.records = Int(live)
                merge.deletedRecords = Int(deleted)
            }
            let members = try transaction.query("""
                SELECT u.name FROM "user" u WHERE u.id IN (SELECT userid FROM record WHERE exerciseid = \(from.id))
                ORDER BY u.namekey COLLATE "C"
                """)
            for row in members { merge.members.append(try Self.decode(row, as: String.self)) }
            // A moved set is an edit of its exercise, as 'edit --exercise' stamps one.
            try transaction.query("""
                UPDATE record SET exerciseid = \(into.id), editedat = \(Self.milliseconds(now)) WHERE exerciseid = \(from.id)
                """)
            let routines = try transaction.query("SELECT id, name, exercises FROM routine ORDER BY namekey COLLATE \"C\"")
            for row in routines {
                let (id, name, text) = try Self.decode(row, as: (Int64, String, String).self)
                guard let routine = Routine(name: name, storedExercises: text) else { continue }
                let (merged, steps) = routine.merging(from.name, into: into.name)
                guard steps > 0 else { continue }
                try transaction.query("UPDATE routine SET exercises = \(merged.storedExercises) WHERE id = \(id)")
                merge.routines.append(name)
                merge.routineSteps += steps
            }
            try transaction.query("DELETE FROM exercise WHERE id = \(from.id)")
            return merge
        }
    }

    public func names(of kind: NameRules.Kind, after id: Int64) throws(LogbookError) -> [(id: Int64, name: String)] {
        let rows = kind == .user
            ? try link.query("SELECT id, name FROM \"user\" WHERE id > \(id) ORDER BY id")
            : try link.query("SELECT id, name FROM exercise WHERE id > \(id) ORDER BY id")
        var found: [(id: Int64, name: String)] = []
        for row in rows {
            let (id, name) = try Self.decode(row, as: (Int64, String).self)
            found.append((id, name))
        }
        return found
    }

    public func existingLookalike(of name: String, kind: NameRules.Kind) throws(LogbookError) -> String? {
        let table = NameTable(kind)
        let rows = try link.query(PostgresQuery(unsafeSQL: "SELECT id, name FROM \(table.sql)"))
        return try Self.lookalike(of: name, among: rows, except: nil)
    }

    /// `"user"` or `exercise`: the two tables of names.
    enum NameTable {
        case user, exercise

        init(_ kind: NameRules.Kind) { self = kind == .user ? .user : .exercise }

        var sql: String { self == .user ? "\"user\"" : "exercise" }
        var noun: String { self == .user ? "member" : "exercise" }
        var recordColumn: String { self == .user ? "userid" : "exerciseid" }
    }

    /// Finds the name by key, else creates it after refusing a look-alike,
    /// under the names lock; returns the stored id, name and category.
    func findOrCreate(table: NameTable, name: String, category: String?, kind: ExerciseKind = .weight,
                      now: Date, onlyNew: Bool = false) throws(LogbookError) -> (Int64, String, String?, ExerciseKind) {
        try link.transaction { transaction in
            try transaction.query("SELECT pg_advisory_xact_lock(\(Self.namesLock))")
            return try Self.findOrCreate(table: table, name: name, category: category, kind: kind, now: now, onlyNew: onlyNew, transaction)
        }
    }

    static func findOrCreate(table: NameTable, name: String, category: String?, kind: ExerciseKind = .weight, now: Date,
                             onlyNew: Bool = false, _ transaction: PostgresLink.Transaction) throws -> (Int64, String, String?, ExerciseKind) {
        let key = NameRules.key(name)
        let select = table == .user
            ? try transaction.query("SELECT id, name, NULL::text, NULL::text FROM \"user\" WHERE namekey = \(key)")
            : try transaction.query("SELECT id, name, category, kind FROM exercise WHERE namekey = \(key)")
        if let row = select.first {
            if onlyNew { throw LogbookError.taken(name) }
            let found = try exercise(from: row)
            return (found.id, found.name, found.category, found.kind)
        }
        let all = try transaction.query(PostgresQuery(unsafeSQL: "SELECT id, name FROM \(table.sql)"))
        if let other = try lookalike(of: name, among: all, except: nil) {
            throw LogbookError(.conflict, "\(name) looks like the existing \(table.noun) \(other) but is spelt with other letters; use that name or choose a clearly different one")
        }
        let created = milliseconds(now)
        let storedKind: String? = kind == .weight ? nil : kind.rawValue
        let inserted = table == .user
            ? try transaction.query("INSERT INTO \"user\" (name, namekey, createdat) VALUES (\(name), \(key), \(created)) RETURNING id")
            : try transaction.query("""
                INSERT INTO exercise (name, namekey, category, kind, createdat) VALUES (\(name), \(key), \(category), \(storedKind), \(created))
                RETURNING id
                """)
        guard let row = inserted.first else { throw LogbookError(.other, "the server did not return the new \(table.noun)'s id") }
        return (try decode(row, as: Int64.self), name, table == .user ? nil : category, table == .user ? .weight : kind)
    }

    /// The stored name among `rows` (id, name) that `name` would pass for.
    static func lookalike(of name: String, among rows: PostgresQueryResult, except id: Int64?) throws(LogbookError) -> String? {
        let skeleton = NameRules.skeleton(name)
        let key = NameRules.key(name)
        for row in rows {
            let (otherID, other) = try decode(row, as: (Int64, String).self)
            if otherID != id, NameRules.skeleton(other) == skeleton, NameRules.key(other) != key { return other }
        }
        return nil
    }

    private func rename(_ table: NameTable, id: Int64, to newName: String, taken: String, category: String? = nil) throws(LogbookError) {
        let key = NameRules.key(newName)
        try link.transaction { transaction in
            try transaction.query("SELECT pg_advisory_xact_lock(\(Self.namesLock))")
            let existing = try transaction.query(PostgresQuery(unsafeSQL: "SELECT id FROM \(table.sql) WHERE namekey = $1", binds: Self.binds(key)))
            if let row = existing.first, try Self.decode(row, as: Int64.self) != id {
                throw LogbookError(.conflict, "\(taken) named \(newName) already exists")
            }
            let all = try transaction.query(PostgresQuery(unsafeSQL: "SELECT id, name FROM \(table.sql)"))
            if let other = try Self.lookalike(of: newName, among: all, except: id) {
                throw LogbookError(.conflict, "\(newName) looks like the existing \(table.noun) \(other) but is spelt with other letters; use that name or choose a clearly different one")
            }
            var binds = PostgresBindings()
            binds.append(newName)
            binds.append(key)
            binds.append(id)
            try transaction.query(PostgresQuery(unsafeSQL: "UPDATE \(table.sql) SET name = $1, namekey = $2 WHERE id = $3", binds: binds))
            if let category, table == .exercise {
                try transaction.query("UPDATE exercise SET category = \(category) WHERE id = \(id)")
            }
        }
    }

    private func remove(_ table: NameTable, id: Int64, name: String, withDeleted: Bool = false,
                        advice: String) throws(LogbookError) {
        try link.transaction { transaction in
            try transaction.query("SELECT pg_advisory_xact_lock(\(Self.namesLock))")
            let counts = try transaction.query(PostgresQuery(unsafeSQL: """
                SELECT COUNT(*) FILTER (WHERE deletedat IS NULL), COUNT(*) FROM record WHERE \(table.recordColumn) = $1
                """, binds: Self.binds(id)))
            guard let row = counts.first else { return }
            let (live, all) = try Self.decode(row, as: (Int64, Int64).self)
            if live > 0 {
                throw LogbookError(.conflict, "\(name) has \(live) record\(live == 1 ? "" : "s"); \(advice)")
            }
            if table == .user {
                if withDeleted {
                    // The member's tombstones, notes and body weights go with them.
                    try transaction.query("DELETE FROM record WHERE userid = \(id)")
                    try transaction.query("DELETE FROM session WHERE userid = \(id)")
                    try transaction.query("DELETE FROM bodyweight WHERE userid = \(id)")
                } else if all > 0 {
                    throw LogbookError(.conflict, "\(name) has \(all) deleted record\(all == 1 ? "" : "s") kept for restoring; 'topweight users remove \(ShellWord.quoted(name)) --yes' removes them with the member")
                } else {
                    let owned = try transaction.query("""
                        SELECT (SELECT COUNT(*) FROM session WHERE userid = \(id)) + (SELECT COUNT(*) FROM bodyweight WHERE userid = \(id))
                        """)
                    if let first = owned.first, try Self.decode(first, as: Int64.self) > 0 {
                        throw LogbookError(.conflict, "\(name) has days' notes or body weights; 'topweight users remove \(ShellWord.quoted(name)) --yes' removes them with the member")
                    }
                }
            } else if all > 0 {
                throw LogbookError(.conflict, "\(name) has \(all) deleted record\(all == 1 ? "" : "s") kept for restoring; "
                    + "'topweight exercises merge \(ShellWord.quoted(name)) OTHER' puts them on another exercise")
            }
            try transaction.query(PostgresQuery(unsafeSQL: "DELETE FROM \(table.sql) WHERE id = $1", binds: Self.binds(id)))
        }
    }
}
