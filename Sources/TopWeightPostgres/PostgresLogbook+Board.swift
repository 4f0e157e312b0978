import Foundation
import NIOCore
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - The gym's board

extension PostgresLogbook {
    /// One read-only transaction at one snapshot, so every figure agrees.
    public func boardFacts(_ window: BoardWindow) throws(LogbookError) -> BoardFacts {
        let today = Self.milliseconds(window.todayStart)
        let tomorrow = Self.milliseconds(window.tomorrowStart)
        let week = Self.milliseconds(window.weekStart)
        let month = Self.milliseconds(window.monthStart)
        let strength = Self.milliseconds(window.strengthSince)
        let streaks = Self.milliseconds(window.streaksSince)
        let keys = window.liftKeys
        let live = Self.boardLive
        let rows = try link.transaction { transaction in
            try transaction.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let lifters = try transaction.query("""
                SELECT u.name, COUNT(*), SUM(r.series)::bigint, MAX(r.performedat) FROM record r JOIN "user" u ON u.id = r.userid
                WHERE r.performedat >= \(today) AND r.performedat < \(tomorrow) AND \(unescaped: live) GROUP BY u.id, u.name
                """)
            let sets = try transaction.query(window.todaysPriors ? """
                SELECT r.id, u.name, e.name, r.weight, r.unit, r.reps, r.series, r.performedat,
                    (SELECT MAX(\(unescaped: ProgressSQL.kilograms)) FROM record WHERE userid = r.userid AND exerciseid = r.exerciseid
                     AND deletedat IS NULL AND kind IS DISTINCT FROM 'warmup' AND measure IS NULL AND performedat < \(today)),
                    (SELECT MAX(\(unescaped: ProgressSQL.estimate)) FROM record WHERE userid = r.userid AND exerciseid = r.exerciseid
                     AND deletedat IS NULL AND kind IS DISTINCT FROM 'warmup' AND measure IS NULL AND performedat < \(today))
                FROM record r JOIN "user" u ON u.id = r.userid JOIN exercise e ON e.id = r.exerciseid
                WHERE r.performedat >= \(today) AND r.performedat < \(tomorrow) AND r.kind IS DISTINCT FROM 'warmup'
                  AND r.measure IS NULL AND \(unescaped: live)
                ORDER BY r.performedat, r.id
                """ : """
                SELECT r.id, u.name, e.name, r.weight, r.unit, r.reps, r.series, r.performedat, NULL::float8, NULL::float8
                FROM record r JOIN "user" u ON u.id = r.userid JOIN exercise e ON e.id = r.exerciseid
                WHERE r.performedat >= \(today) AND r.performedat < \(tomorrow) AND r.kind IS DISTINCT FROM 'warmup'
                  AND r.measure IS NULL AND \(unescaped: live)
                ORDER BY r.performedat, r.id
                """)
            let monthBests = try transaction.query(Self.liftBestsQuery(since: month, until: tomorrow, keys: keys))
            let strengthBests = try transaction.query(Self.liftBestsQuery(since: strength, until: tomorrow, keys: keys))
            let bodies = try transaction.query("""
                SELECT u.name, b.weight, b.unit FROM "user" u
                JOIN bodyweight b ON b.id = (SELECT id FROM bodyweight WHERE userid = u.id ORDER BY measuredat DESC, id DESC LIMIT 1)
                WHERE NOT u.isprivate
                """)
            let volume = try transaction.query("""
                SELECT u.name, SUM(\(unescaped: ProgressSQL.volume)), SUM(r.series)::bigint FROM record r JOIN "user" u ON u.id = r.userid
                WHERE r.performedat >= \(week) AND r.performedat < \(tomorrow) AND \(unescaped: live) GROUP BY u.id, u.name
                """)
            let days = try transaction.query("""
                SELECT u.name, \(unescaped: ProgressSQL.localDay(window.zone)) AS day FROM record r JOIN "user" u ON u.id = r.userid
                WHERE r.performedat >= \(streaks) AND r.performedat < \(tomorrow) AND \(unescaped: live) GROUP BY u.id, u.name, day
                """)
            return (lifters, sets, monthBests, strengthBests, bodies, volume, days)
        }
        var facts = BoardFacts()
        for row in rows.0 {
            let (name, records, sets, last) = try Self.decode(row, as: (String, Int64, Int64, Int64).self)
            guard let lastAt = StoredRange.date(milliseconds: last) else { continue }
            facts.lifters.append(BoardFacts.Lifter(name: name, records: Int(records), sets: Int(sets), lastAt: lastAt))
        }
        for row in rows.1 {
            let (id, user, exercise, weight, unit, reps, series, performed, heaviest, estimate) =
                try Self.decode(row, as: (Int64, String, String, Double, String, Int, Int, Int64, Double?, Double?).self)
            guard let values = StoredRange.values(weight: weight, unit: unit, reps: reps, series: series),
                  let at = StoredRange.date(milliseconds: performed) else { continue }
            facts.todaySets.append(BoardFacts.TodaySet(id: id, user: user, exercise: exercise, values: values, performedAt: at,
                                                       priorHeaviest: heaviest, priorEstimate: estimate))
        }
        facts.monthBests = try Self.liftBests(rows.2)
        facts.strengthBests = try Self.liftBests(rows.3)
        for row in rows.4 {
            let (user, weight, unit) = try Self.decode(row, as: (String, Double, String).self)
            guard let unit = WeightUnit(rawValue: unit), weight.isFinite, weight > 0,
                  weight * 100 <= Double(unit.maximumHundredths) else { continue }
            facts.bodies.append(BoardFacts.Body(user: user, weight: Weight(value: weight, unit: unit)))
        }
        for row in rows.5 {
            let (user, kilograms, sets) = try Self.decode(row, as: (String, Double?, Int64?).self)
            facts.weekVolume.append(BoardFacts.Volume(user: user, kilograms: kilograms ?? 0, sets: Int(sets ?? 0)))
        }
        for row in rows.6 {
            let (user, number) = try Self.decode(row, as: (String, Int64).self)
            guard let day = LocalDay(daysSince1970: Int(number)) else { continue }
            facts.activeDays.append(BoardFacts.ActiveDay(user: user, day: day))
        }
        return facts
    }

    public func boardBests(of records: [Int64], before: Date) throws(LogbookError) -> [Int64: BoardFacts.PriorBests] {
        guard !records.isEmpty else { return [:] }
        let instant = Self.milliseconds(before)
        // One look per set through record_on_user_exercise_kilograms and _estimate.
        let rows = try link.query("""
            SELECT s.id,
                (SELECT MAX(\(unescaped: ProgressSQL.kilograms)) FROM record WHERE userid = s.userid AND exerciseid = s.exerciseid
                 AND deletedat IS NULL AND kind IS DISTINCT FROM 'warmup' AND measure IS NULL AND performedat < \(instant)),
                (SELECT MAX(\(unescaped: ProgressSQL.estimate)) FROM record WHERE userid = s.userid AND exerciseid = s.exerciseid
                 AND deletedat IS NULL AND kind IS DISTINCT FROM 'warmup' AND measure IS NULL AND performedat < \(instant))
            FROM record s WHERE s.id = ANY(\(records))
            """)
        var bests: [Int64: BoardFacts.PriorBests] = [:]
        for row in rows {
            let (id, heaviest, estimate) = try Self.decode(row, as: (Int64, Double?, Double?).self)
            bests[id] = BoardFacts.PriorBests(heaviest: heaviest, estimate: estimate)
        }
        return bests
    }

    public func setPrivate(_ user: User, _ isPrivate: Bool) throws(LogbookError) {
        try link.query("UPDATE \"user\" SET isprivate = \(isPrivate) WHERE id = \(user.id)")
    }

    public func isPrivate(_ user: User) throws(LogbookError) -> Bool {
        let rows = try link.query("SELECT isprivate FROM \"user\" WHERE id = \(user.id)")
        for row in rows { return try Self.decode(row, as: Bool.self) }
        return false
    }

    /// `LISTEN` on a connection of its own; the v8 migration's triggers
    /// `NOTIFY` on every change of records, members and body weights.
    public func changes() throws(LogbookError) -> any LogbookChanges {
        try ListeningChanges(location: link.location, timeout: link.timeout)
    }

    // MARK: SQL

    /// Live, in range, of a member who is not private (`r`, `u`).
    static let boardLive = "r.deletedat IS NULL AND NOT u.isprivate AND \(StoredRange.conditionSQL)"

    static func liftBestsQuery(since: Int64, until: Int64, keys: [String]) -> PostgresQuery {
        """
        SELECT u.name, e.name, MAX(\(unescaped: ProgressSQL.estimate)) FROM record r
        JOIN "user" u ON u.id = r.userid JOIN exercise e ON e.id = r.exerciseid
        WHERE r.performedat >= \(since) AND r.performedat < \(until) AND r.kind IS DISTINCT FROM 'warmup' AND r.measure IS NULL
          AND e.namekey = ANY(\(keys)) AND \(unescaped: boardLive)
        GROUP BY u.id, u.name, e.id, e.name
        """
    }

    static func liftBests(_ rows: PostgresQueryResult) throws(LogbookError) -> [BoardFacts.LiftBest] {
        var bests: [BoardFacts.LiftBest] = []
        for row in rows {
            let (user, lift, kilograms) = try decode(row, as: (String, String, Double?).self)
            bests.append(BoardFacts.LiftBest(user: user, lift: lift, kilograms: kilograms ?? 0))
        }
        return bests
    }
}

/// The board's watch on PostgreSQL: a connection of its own that `LISTEN`s
/// on `topweight_board`. A lost connection is opened again on the next wait,
/// which then reports a change (one may have been missed meanwhile).
final class ListeningChanges: LogbookChanges, @unchecked Sendable {
    static let channel = "topweight_board"

    private let link: PostgresLink
    private let condition = NSCondition()
    private var pending = false
    private var listening = false
    private var closed = false

    init(location: PostgresLocation, timeout: TimeAmount) throws(LogbookError) {
        link = try PostgresLink(location, timeout: timeout)
        try listen()
    }

    private func listen() throws(LogbookError) {
        try link.listen(Self.channel) { [weak self] in
            guard let self else { return }
            condition.withLock {
                pending = true
                condition.broadcast()
            }
        }
        condition.withLock { listening = true }
    }

    func wait(seconds: Double) throws(LogbookError) -> Bool {
        if !link.isOpen {
            condition.withLock { listening = false }
            if condition.withLock({ closed }) { return false }
            try listen()
            return true
        }
        let deadline = Date().addingTimeInterval(seconds)
        // Wakes at least every second to see whether the connection is still there.
        return condition.withLock {
            while !pending, !closed, Date() < deadline {
                _ = condition.wait(until: min(deadline, Date().addingTimeInterval(1)))
                if !link.isOpen { return true }
            }
            defer { pending = false }
            return pending
        }
    }

    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
        link.close()
    }
}
