import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - The gym's board

extension WorkoutStore {
    public func boardFacts(_ window: BoardWindow) throws(LogbookError) -> BoardFacts {
        // Today's sets of a busy day are read in one read: see `restartLog`.
        restartLog()
        defer { restartLog() }
        return try perform {
            try writer.read { db in
                let today = Self.milliseconds(window.todayStart)
                let tomorrow = Self.milliseconds(window.tomorrowStart)
                var facts = BoardFacts()
                facts.lifters = try Row.fetchAll(db, sql: Self.boardLiftersSQL, arguments: [today, tomorrow]).compactMap { row in
                    guard let last = StoredValues.date(row[3]) else { return nil }
                    return BoardFacts.Lifter(name: row[0], records: row[1], sets: row[2], lastAt: last)
                }
                let setsSQL = window.todaysPriors ? Self.boardTodaySetsSQL : Self.boardTodaySetsAloneSQL
                let setsArguments: StatementArguments = window.todaysPriors ? [today, today, today, tomorrow] : [today, tomorrow]
                facts.todaySets = try Row.fetchAll(db, sql: setsSQL, arguments: setsArguments)
                    .compactMap { row in
                        guard let values = StoredValues.decode(weight: row[3], unit: row[4], reps: row[5], series: row[6]),
                              let at = StoredValues.date(row[7]) else { return nil }
                        return BoardFacts.TodaySet(id: row[0], user: row[1], exercise: row[2], values: values, performedAt: at,
                                                   priorHeaviest: row[8], priorEstimate: row[9])
                    }
                let keys = window.liftKeys
                facts.monthBests = try Self.liftBests(db, since: window.monthStart, until: window.tomorrowStart, keys: keys)
                facts.strengthBests = try Self.liftBests(db, since: window.strengthSince, until: window.tomorrowStart, keys: keys)
                facts.bodies = try Row.fetchAll(db, sql: Self.boardBodiesSQL).compactMap { row in
                    guard let unit = String.fromDatabaseValue(row[2]).flatMap(WeightUnit.init(rawValue:)),
                          let weight = Double.fromDatabaseValue(row[1]), weight.isFinite, weight > 0,
                          weight * 100 <= Double(unit.maximumHundredths) else { return nil }
                    return BoardFacts.Body(user: row[0], weight: Weight(value: weight, unit: unit))
                }
                facts.weekVolume = try Row.fetchAll(db, sql: Self.boardVolumeSQL, arguments: [Self.milliseconds(window.weekStart), tomorrow])
                    .map { row in BoardFacts.Volume(user: row[0], kilograms: row[1] ?? 0, sets: row[2] ?? 0) }
                facts.activeDays = try Row.fetchAll(db, sql: Self.boardDaysSQL(window.zone),
                                                    arguments: [Self.milliseconds(window.streaksSince), tomorrow])
                    .compactMap { row in
                        guard let number = Int.fromDatabaseValue(row[1]), let day = LocalDay(daysSince1970: number) else { return nil }
                        return BoardFacts.ActiveDay(user: row[0], day: day)
                    }
                return facts
            }
        }
    }

    public func boardMark(after id: Int64) throws(LogbookError) -> BoardMark {
        try perform {
            try writer.read { db in
                // `+performedAt`: the few records after `id` by rowid, not
                // record_on_performedAt walked from the oldest day until one is.
                let row = try Row.fetchOne(db, sql: """
                    SELECT (SELECT changes FROM boardChange), (SELECT COALESCE(MAX(id), 0) FROM record),
                           (SELECT MIN(+performedAt) FROM record WHERE id > ?)
                    """, arguments: [id])
                return BoardMark(changes: row?[0] ?? 0, newest: row?[1] ?? 0, earliestAdded: row.flatMap { StoredValues.date($0[2]) })
            }
        }
    }

    public func boardBests(of records: [Int64], before: Date) throws(LogbookError) -> [Int64: BoardFacts.PriorBests] {
        guard !records.isEmpty else { return [:] }
        return try perform {
            try writer.read { db in
                let pair = try db.cachedStatement(sql: "SELECT userId, exerciseId FROM record WHERE id = ?")
                let statement = try db.cachedStatement(sql: Self.boardBestsSQL)
                var bests: [Int64: BoardFacts.PriorBests] = [:]
                for id in records {
                    guard let set = try Row.fetchOne(pair, arguments: [id]),
                          let row = try Row.fetchOne(statement, arguments: [set[0], set[1], Self.milliseconds(before)]) else { continue }
                    bests[id] = BoardFacts.PriorBests(heaviest: row[0], estimate: row[1])
                }
                return bests
            }
        }
    }

    public func setPrivate(_ user: User, _ isPrivate: Bool) throws(LogbookError) {
        try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE user SET isPrivate = ? WHERE id = ?", arguments: [isPrivate, user.id])
            }
        }
    }

    public func isPrivate(_ user: User) throws(LogbookError) -> Bool {
        try perform {
            try writer.read { db in try Bool.fetchOne(db, sql: "SELECT isPrivate FROM user WHERE id = ?", arguments: [user.id]) ?? false }
        }
    }

    /// The file's `PRAGMA data_version` on a connection of its own (which
    /// changes when another connection commits); in memory, the one
    /// connection's count of changes.
    public func changes() throws(LogbookError) -> any LogbookChanges {
        guard isFile, savingFault == nil else {
            let writer = self.writer
            return try perform { try PollingChanges { try writer.read { db in try Int.fetchOne(db, sql: "SELECT total_changes()") ?? 0 } } }
        }
        let path = self.path
        return try perform {
            var config = Configuration()
            config.readonly = true
            config.label = "topweight.board"
            KeptLog.keep(in: &config)
            let queue = try DatabaseQueue(path: path, configuration: config)
            return try PollingChanges(closing: { try? queue.close() }) {
                try queue.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
            }
        }
    }

    // MARK: SQL

    /// Live, in range, of a member who is not private (`r`, `u`).
    static let boardLive = "r.deletedAt IS NULL AND u.isPrivate = 0 AND \(StoredValues.inRangeSQL)"

    /// Arguments: today's start, tomorrow's.
    static let boardLiftersSQL = """
        SELECT u.name, COUNT(*), SUM(r.series), MAX(r.performedAt) FROM record r JOIN user u ON u.id = r.userId
        WHERE r.performedAt >= ? AND r.performedAt < ? AND \(boardLive) GROUP BY r.userId
        """

    /// Arguments: today's start three times (the bests before it), then
    /// tomorrow's. Weight sets only, as `prs` counts heaviest and e1RM (an
    /// assisted set's number is assistance, not load); the bests are looked
    /// up in the v9 indexes' terms.
    static let boardTodaySetsSQL = """
        SELECT r.id, u.name, e.name, r.weight, r.unit, r.reps, r.series, r.performedAt,
            (SELECT MAX(\(ProgressSQL.kilograms)) FROM record WHERE userId = r.userId AND exerciseId = r.exerciseId
             AND deletedAt IS NULL AND kind IS NOT 'warmup' AND measure IS NULL AND performedAt < ?),
            (SELECT MAX(\(ProgressSQL.estimate)) FROM record WHERE userId = r.userId AND exerciseId = r.exerciseId
             AND deletedAt IS NULL AND kind IS NOT 'warmup' AND measure IS NULL AND performedAt < ?)
        FROM record r JOIN user u ON u.id = r.userId JOIN exercise e ON e.id = r.exerciseId
        WHERE r.performedAt >= ? AND r.performedAt < ? AND r.kind IS NOT 'warmup' AND r.measure IS NULL AND \(boardLive)
        ORDER BY r.performedAt, r.id
        """

    /// Today's sets as `boardTodaySetsSQL` reads them, without the bests
    /// before today (`BoardWindow.todaysPriors`). Arguments: today's start, tomorrow's.
    static let boardTodaySetsAloneSQL = """
        SELECT r.id, u.name, e.name, r.weight, r.unit, r.reps, r.series, r.performedAt, NULL, NULL
        FROM record r JOIN user u ON u.id = r.userId JOIN exercise e ON e.id = r.exerciseId
        WHERE r.performedAt >= ? AND r.performedAt < ? AND r.kind IS NOT 'warmup' AND r.measure IS NULL AND \(boardLive)
        ORDER BY r.performedAt, r.id
        """

    /// A set's member's bests of its exercise before an instant, the two in
    /// one walk of the member's sets of that exercise done before it, from
    /// record_on_user_exercise alone (v26: by day, every column named here
    /// in it). Arguments: the member's id, the exercise's, the instant.
    static let boardBestsSQL = """
        SELECT MAX(\(ProgressSQL.kilograms)), MAX(\(ProgressSQL.estimate)) FROM record INDEXED BY record_on_user_exercise
        WHERE userId = ? AND exerciseId = ? AND deletedAt IS NULL AND kind IS NOT 'warmup' AND measure IS NULL AND performedAt < ?
        """

    static let boardBodiesSQL = """
        SELECT u.name, b.weight, b.unit FROM user u
        JOIN bodyWeight b ON b.id = (SELECT id FROM bodyWeight WHERE userId = u.id ORDER BY measuredAt DESC, id DESC LIMIT 1)
        WHERE u.isPrivate = 0
        """

    /// Arguments: Monday's start, tomorrow's.
    static let boardVolumeSQL = """
        SELECT u.name, SUM(\(ProgressSQL.volume)), SUM(r.series) FROM record r JOIN user u ON u.id = r.userId
        WHERE r.performedAt >= ? AND r.performedAt < ? AND \(boardLive) GROUP BY r.userId
        """

    /// Arguments: the first instant counted, tomorrow's start.
    static func boardDaysSQL(_ zone: ZoneOffsets) -> String {
        """
        SELECT u.name, \(ProgressSQL.localDay(zone)) AS day FROM record r JOIN user u ON u.id = r.userId
        WHERE r.performedAt >= ? AND r.performedAt < ? AND \(boardLive) GROUP BY r.userId, day
        """
    }

    /// Each member's best Epley e1RM of each of the lifts named by `keys` (weight sets only).
    static func liftBests(_ db: Database, since: Date, until: Date, keys: [String]) throws -> [BoardFacts.LiftBest] {
        guard !keys.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")
        let sql = """
            SELECT u.name, e.name, MAX(\(ProgressSQL.estimate)) FROM record r
            JOIN user u ON u.id = r.userId JOIN exercise e ON e.id = r.exerciseId
            WHERE r.performedAt >= ? AND r.performedAt < ? AND r.kind IS NOT 'warmup' AND r.measure IS NULL
              AND e.nameKey IN (\(marks)) AND \(boardLive)
            GROUP BY r.userId, r.exerciseId
            """
        let arguments = StatementArguments([milliseconds(since), milliseconds(until)]) + StatementArguments(keys)
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            BoardFacts.LiftBest(user: row[0], lift: row[1], kilograms: row[2] ?? 0)
        }
    }
}

/// A watch that polls a number which moves when the database changes.
final class PollingChanges: LogbookChanges, @unchecked Sendable {
    private let read: () throws -> Int
    private let closing: () -> Void
    private let lock = NSLock()
    private var last: Int
    private var closed = false
    /// How often the number is read while waiting.
    static let interval = 0.2

    init(closing: @escaping () -> Void = {}, _ read: @escaping () throws -> Int) throws {
        self.read = read
        self.closing = closing
        last = try read()
    }

    func wait(seconds: Double) throws(LogbookError) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let now: Int
            do {
                let isClosed = lock.withLock { closed }
                if isClosed { return false }
                now = try read()
            } catch {
                throw LogbookError.wrap(error, path: "the board's watch")
            }
            let changed = lock.withLock {
                defer { last = now }
                return now != last
            }
            if changed { return true }
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: min(Self.interval, max(0, deadline.timeIntervalSinceNow)))
        }
    }

    func close() {
        let first = lock.withLock {
            defer { closed = true }
            return !closed
        }
        if first { closing() }
    }
}
