import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - Saving, deleting, restoring, editing records

extension WorkoutStore {

    /// Saves one set in its own transaction and returns its id.
    ///
    /// This is the path every Enter that completes an entry takes: one cached,
    /// prepared INSERT; the last-used defaults are derived from the records
    /// themselves through indexes, so nothing else is written.
    public func save(_ record: NewRecord, now: Date = Date()) throws(LogbookError) -> Int64 {
        try saving { db in
            let (id, isNew) = try Self.insert(record, now: now, db)
            if isNew { try Self.keepBest(id, record, db) }
            return id
        }
    }

    /// Saves one set and, before its transaction commits, finds the bests it
    /// is measured against (the new row left out by its id). The member's
    /// `recordBest` rows of the exercise are read again only when the file
    /// changed since the last save of it (`KeptFrontier`).
    public func saveMeasured(_ record: NewRecord, now: Date) throws(LogbookError) -> (id: Int64, bests: ExerciseBests) {
        let (user, exercise, kept) = (record.user.id, record.exercise.id, keptFrontier)
        let saved = try saving({ db -> (id: Int64, bests: ExerciseBests, frontier: [KeptFrontier.Row]?) in
            let version = KeptFrontier.version(db)
            let (id, isNew) = try Self.insert(record, now: now, db)
            guard record.kind != .warmup else { return (id, ExerciseBests(), nil) }
            guard record.values.measure == .weight else {
                return (id, try Self.kindBests(db, for: record.values, userID: user, exerciseID: exercise, excluding: id), nil)
            }
            // The bests before this set, then this set among them: not when the
            // best kept at its rep count weighs as much (keptSQL would change nothing).
            let frontier = try kept.rows(user: user, exercise: exercise, at: version)
                ?? Self.frontier(db, userID: user, exerciseID: exercise)
            let bests = try Self.measured(db, frontier, userID: user, exerciseID: exercise, excluding: id, atLeast: record.values.weight)
            let kilograms = record.values.weight.kilograms   // as ProgressSQL.kilograms computes it
            let outweighed = frontier.contains { $0.outweighs(reps: record.values.reps, kilograms: kilograms) }
            guard isNew, !outweighed else { return (id, bests, frontier) }
            try Self.keepBest(id, record, db)
            return (id, bests, nil)
        }, committed: { db, saved in
            // recordBest as this save found it, unless it wrote there.
            if let frontier = saved.frontier {
                kept.keep(frontier, user: user, exercise: exercise, at: KeptFrontier.version(db))
            } else {
                kept.forget()
            }
        })
        return (saved.id, saved.bests)
    }

    /// Puts a new working weight set among the bests when it is one (v11's recordBest).
    private static func keepBest(_ id: Int64, _ record: NewRecord, _ db: Database) throws {
        guard record.kind != .warmup, record.values.measure == .weight else { return }
        try db.cachedStatement(sql: Schema.Best.keptSQL).execute(arguments: [id])
    }

    /// Runs `body` in the transaction `writer.write` would open (BEGIN
    /// IMMEDIATE … COMMIT, rolled back on any error), through cached
    /// statements: `write` prepares its BEGIN and COMMIT anew on every call,
    /// which was half of a save's allocations.
    private func saving<T>(_ body: (Database) throws -> T, committed: ((Database, T) -> Void)? = nil) throws(LogbookError) -> T {
        try perform {
            try writer.writeWithoutTransaction { db in
                try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
                do {
                    let result = try body(db)
                    try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                    committed?(db, result)
                    return result
                } catch {
                    if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK TRANSACTION") }
                    throw error
                }
            }
        }
    }

    /// Inserts the set, counted in the tally (or, for a retry of the same
    /// entry, finds the row already there) and returns its id and whether it is new.
    private static func insert(_ record: NewRecord, now: Date, _ db: Database) throws -> (id: Int64, isNew: Bool) {
        let statement = try db.cachedStatement(sql: Self.saveSQL)
        let values = record.values
        if values.measure == .weight, values.effort == nil {
            try statement.execute(arguments: [
                record.uid, record.user.id, record.exercise.id, values.weight.value,
                values.weight.unit.rawValue, values.reps, values.series,
                Self.milliseconds(record.performedAt), Self.milliseconds(now), record.kind?.rawValue,
            ])
        } else {
            guard values.isWellFormed else { throw LogbookError(.other, "refused a set that is not one of its kind: \(values.description)") }
            let more = StoredRange.kindColumns(values)
            try db.cachedStatement(sql: Self.saveKindedSQL).execute(arguments: [
                record.uid, record.user.id, record.exercise.id, values.weight.value,
                values.weight.unit.rawValue, values.reps, values.series,
                Self.milliseconds(record.performedAt), Self.milliseconds(now), record.kind?.rawValue,
                more.measure, more.assisted, more.seconds, more.distance, more.distanceUnit, more.rpe,
            ])
        }
        // Saved before (a retry of the same entry): the row already there.
        guard db.changesCount > 0 else {
            return (try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM record WHERE uid = ?"), arguments: [record.uid]) ?? 0, false)
        }
        let id = db.lastInsertedRowID
        // Counted by the tally's view until a fold (Schema.Tally.mark).
        if id % Schema.Tally.foldEvery == 0 { try Schema.Tally.fold(db) }
        return (id, true)
    }

    /// Arguments: uid, user id, exercise id, weight, unit, reps, series, performedAt, createdAt.
    /// The v3 columns alone, for a file of any version (tests fill older
    /// files with it); the inserts below give the id as `Schema.RecordIDs.next` says.
    static let insertSQL = """
        INSERT INTO record (uid, userId, exerciseId, weight, unit, reps, series, performedAt, createdAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// `insertSQL` with the v7 columns: measure, assisted, seconds, distance, distanceUnit, rpe.
    static let insertKindedSQL = """
        INSERT INTO record (id, uid, userId, exerciseId, weight, unit, reps, series, performedAt, createdAt,
                                measure, assisted, seconds, distance, distanceUnit, rpe)
        VALUES (\(Schema.RecordIDs.next), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// A set of another kind than weight, or rated: `saveSQL` with the v7 columns.
    static let saveKindedSQL = """
        INSERT INTO record (id, uid, userId, exerciseId, weight, unit, reps, series, performedAt, createdAt, kind,
                                measure, assisted, seconds, distance, distanceUnit, rpe)
        VALUES (\(Schema.RecordIDs.next), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING
        """

    /// One set, with its kind, leaving an existing record with the same uid alone.
    static let saveSQL = """
        INSERT INTO record (id, uid, userId, exerciseId, weight, unit, reps, series, performedAt, createdAt, kind)
        VALUES (\(Schema.RecordIDs.next), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING
        """

    /// Leaves a tombstone on one live record (`:undo`, `topweight delete`):
    /// the row stays, so `topweight restore` can bring it back.
    public func deleteRecord(id: Int64, uid: String?, now: Date) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE record SET deletedAt = ? WHERE id = ? AND (uid = ? OR ? IS NULL) AND deletedAt IS NULL",
                               arguments: [Self.milliseconds(now), id, uid, uid])
                return db.changesCount > 0
            }
        }
    }

    public func restoreRecord(id: Int64, uid: String?) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE record SET deletedAt = NULL WHERE id = ? AND (uid = ? OR ? IS NULL) AND deletedAt IS NOT NULL",
                               arguments: [id, uid, uid])
                return db.changesCount > 0
            }
        }
    }

    public func editRecord(id: Int64, uid: String?, exercise: Exercise, values: SetValues, now: Date) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                guard values.isWellFormed else { throw LogbookError(.other, "refused a set that is not one of its kind: \(values.description)") }
                let more = StoredRange.kindColumns(values)
                try db.execute(sql: """
                    UPDATE record SET exerciseId = ?, weight = ?, unit = ?, reps = ?, series = ?, editedAt = ?,
                        measure = ?, assisted = ?, seconds = ?, distance = ?, distanceUnit = ?, rpe = ?
                    WHERE id = ? AND (uid = ? OR ? IS NULL) AND deletedAt IS NULL
                    """, arguments: [exercise.id, values.weight.value, values.weight.unit.rawValue, values.reps, values.series,
                                     Self.milliseconds(now), more.measure, more.assisted, more.seconds, more.distance,
                                     more.distanceUnit, more.rpe, id, uid, uid])
                return db.changesCount > 0
            }
        }
    }
}
