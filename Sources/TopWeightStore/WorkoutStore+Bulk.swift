import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

/// Bulk loading, for `topweight demo` and the benchmarks' fixture databases:
/// many rows per transaction, through the same cached prepared INSERT the
/// save path uses, so a million records take seconds instead of the minutes
/// a transaction per record would.
extension WorkoutStore: BulkLoading, WholeCopy {
    public typealias BulkRecord = TopWeightCore.BulkRecord

    /// How many records the file holds.
    public func recordCount() throws(LogbookError) -> Int {
        try perform {
            try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE deletedAt IS NULL") ?? 0 }
        }
    }

    /// Finds or creates each named user, in order, in one transaction.
    /// Names must pass `NameRules.validate`; the first that does not stops
    /// the whole batch with nothing written.
    public func findOrCreateUsers(named names: [String], now: Date) throws(LogbookError) -> [User] {
        let rows = try findOrCreate(table: "user", names.map { ($0, nil, .weight) }, kind: .user, now: now)
        return rows.map { User(id: $0.id, name: $0.name) }
    }

    /// Finds or creates each named exercise, in order, in one transaction.
    /// A category and a kind are set only on exercises created here.
    public func findOrCreateExercises(_ entries: [ExerciseEntry], now: Date) throws(LogbookError) -> [Exercise] {
        let rows = try findOrCreate(table: "exercise", entries, kind: .exercise, now: now)
        return rows.map { Exercise(id: $0.id, name: $0.name, category: $0.category, kind: $0.kind) }
    }

    private func findOrCreate(
        table: String, _ entries: [ExerciseEntry], kind: NameRules.Kind, now: Date
    ) throws(LogbookError) -> [(id: Int64, name: String, category: String?, kind: ExerciseKind)] {
        var valid: [(name: String, key: String, category: String?, kind: ExerciseKind)] = []
        valid.reserveCapacity(entries.count)
        for entry in entries {
            switch NameRules.validate(entry.name, kind: kind) {
            case .success(let name): valid.append((name, NameRules.key(name), entry.category, entry.kind))
            case .failure(let error): throw LogbookError(.other, error.description)
            }
        }
        let created = Self.milliseconds(now)
        let withCategory = table == "exercise"
        return try perform {
            try writer.write { db in
                let select = try db.cachedStatement(sql: Self.nameByKeySQL(table: table))
                var rows: [(id: Int64, name: String, category: String?, kind: ExerciseKind)] = []
                rows.reserveCapacity(valid.count)
                for entry in valid {
                    if let row = try Row.fetchOne(select, arguments: [entry.key]) {
                        if withCategory, let found = Self.exercise(from: row) {
                            rows.append((found.id, found.name, found.category, found.kind))
                        } else {
                            rows.append((row[RecordColumns.id], row[RecordColumns.name], nil, .weight))
                        }
                        continue
                    }
                    try Self.insertName(entry.name, key: entry.key, category: entry.category, kind: entry.kind, in: table,
                                        createdAt: created, db)
                    rows.append((db.lastInsertedRowID, entry.name, entry.category, entry.kind))
                }
                return rows
            }
        }
    }

    /// Inserts the records `next` hands out until it returns `nil`,
    /// `batchSize` records per transaction, and returns how many were
    /// inserted. Values outside `Limits` are refused. When a batch fails it
    /// is rolled back whole; the batches before it stay (and are counted in
    /// the error message).
    public func insertRecords(batchSize: Int, _ next: () -> BulkRecord?) throws(LogbookError) -> Int {
        precondition(batchSize > 0, "batchSize must be positive")
        // Index pages of a big file are touched all over: a 64 MiB page cache
        // for the load (instead of SQLite's 2 MiB), the previous size after.
        let previousCache = try perform {
            try writer.writeWithoutTransaction { db in
                let size = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
                try db.execute(sql: "PRAGMA cache_size = -65536")
                return size
            }
        }
        defer {
            _ = try? perform {
                try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = \(previousCache)") }
            }
        }
        var total = 0
        var exhausted = false
        var generator = SystemRandomNumberGenerator()
        while !exhausted {
            let inserted: Int
            do {
                inserted = try perform {
                    try writer.write { db in
                        let statement = try db.cachedStatement(sql: Self.insertKindedSQL)
                        let kept = try db.cachedStatement(sql: Schema.Best.keptSQL)
                        var count = 0
                        while count < batchSize {
                            guard let record = next() else {
                                exhausted = true
                                break
                            }
                            try Self.check(record.values)
                            let more = StoredRange.kindColumns(record.values)
                            try statement.execute(arguments: [
                                RecordUID.make(at: record.createdAt, using: &generator), record.userID, record.exerciseID, record.values.weight.value,
                                record.values.weight.unit.rawValue, record.values.reps, record.values.series,
                                Self.milliseconds(record.performedAt), Self.milliseconds(record.createdAt),
                                more.measure, more.assisted, more.seconds, more.distance, more.distanceUnit, more.rpe,
                            ])
                            try kept.execute(arguments: [db.lastInsertedRowID])
                            count += 1
                        }
                        try Schema.Tally.fold(db)
                        return count
                    }
                }
            } catch {
                throw LogbookError(error.kind, "\(error.message) (after \(total) records were inserted)")
            }
            total += inserted
        }
        return total
    }

    /// The writer connection's `PRAGMA synchronous` (0 off, 1 normal, 2 full,
    /// 3 extra): what a save really waits for, as `topweight bench` reports it.
    public func writerSynchronous() throws(LogbookError) -> Int {
        try perform {
            try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
        }
    }

    private static func check(_ values: SetValues) throws(LogbookError) {
        let weight = values.weight
        guard weight.hundredths >= 0, weight.hundredths <= weight.unit.maximumHundredths,
              Limits.reps.contains(values.reps), Limits.series.contains(values.series), values.isWellFormed
        else {
            throw LogbookError(.other, "refused a record out of range: \(values.description)")
        }
    }
}
