import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - History: every read of records goes through `historySQL`

extension PostgresLogbook {
    public func record(id: Int64) throws(LogbookError) -> WorkoutRecord? {
        let rows = try link.query(PostgresQuery(unsafeSQL: Self.recordSelectSQL + " WHERE r.id = $1", binds: Self.binds(id)))
        return try rows.first.flatMap { row throws(LogbookError) in try Self.workoutRecord(from: row) }
    }

    /// Pages of `pageSize` through the keyset cursor, so a million records
    /// stream without being held at once.
    public func forEachRecord(_ query: HistoryQuery, _ body: (WorkoutRecord) throws -> Void) throws(LogbookError) {
        let pageSize = 2_000
        var page = query
        var remaining = query.limit
        while remaining.map({ $0 > 0 }) ?? true {
            page.limit = min(pageSize, remaining ?? pageSize)
            let rows = try link.query(Self.historySQL(page))
            var last: (Date, Int64)?
            for row in rows {
                let (id, performedAt) = try Self.decode(row, as: (Int64, Int64).self)
                last = (Date(timeIntervalSince1970: Double(performedAt) / 1000), id)
                guard let record = try Self.workoutRecord(from: row) else { continue }
                do {
                    try body(record)
                } catch let error as LogbookError {
                    throw error
                } catch {
                    throw LogbookError(.other, "\(error)")
                }
            }
            remaining = remaining.map { $0 - rows.count }
            guard rows.count == page.limit, let last else { return }
            page.before = (performedAt: last.0, id: last.1)
        }
    }

    /// The columns `workoutRecord(from:)` reads: id and performedAt first.
    static let recordSelectSQL = """
        SELECT r.id, r.performedat, u.name, e.name, r.weight, r.unit, r.reps, r.series, r.uid, r.deletedat, r.kind, r.superset,
               \(kindColumnsSQL)
        FROM record r JOIN "user" u ON u.id = r.userid JOIN exercise e ON e.id = r.exerciseid
        """

    /// A record, or `nil` when a stored value is outside what Top Weight writes.
    static func workoutRecord(from row: PostgresRow) throws(LogbookError) -> WorkoutRecord? {
        let (id, performedAt, user, exercise, weight, unit, reps, series, uid, deletedAt, kind, superset, m, a, s, d, du, rpe) =
            try decode(row, as: (Int64, Int64, String, String, Double, String, Int, Int, String, Int64?, String?, String?,
                                 String?, Int64?, Int64?, Double?, String?, Double?).self)
        guard let values = kinded(StoredRange.values(weight: weight, unit: unit, reps: reps, series: series), (m, a, s, d, du, rpe)),
              let performed = StoredRange.date(milliseconds: performedAt) else { return nil }
        return WorkoutRecord(id: id, user: user, exercise: exercise, values: values, performedAt: performed,
                             uid: uid, deletedAt: deletedAt.flatMap(StoredRange.date(milliseconds:)),
                             kind: kind.flatMap(SetKind.init(rawValue:)), superset: Supersets.label(superset))
    }

    /// The v7 columns of `record r`, in the order of `KindColumns`.
    static let kindColumnsSQL = "r.measure, r.assisted, r.seconds, r.distance, r.distanceunit, r.rpe"
    typealias KindColumns = (String?, Int64?, Int64?, Double?, String?, Double?)

    /// `values` with the v7 columns read back, or `nil` when they don't make a set of its kind.
    static func kinded(_ values: SetValues?, _ columns: KindColumns) -> SetValues? {
        guard let values else { return nil }
        let (measure, assisted, seconds, distance, distanceUnit, rpe) = columns
        if measure == nil, assisted == nil, seconds == nil, distance == nil, rpe == nil { return values }
        return StoredRange.kinded(values, measure: measure, assisted: assisted, seconds: seconds,
                                  distance: distance, distanceUnit: distanceUnit, rpe: rpe)
    }

    static func historySQL(_ query: HistoryQuery) -> PostgresQuery {
        var conditions = [query.deleted ? "r.deletedat IS NOT NULL" : "r.deletedat IS NULL"]
        var binds = PostgresBindings()
        func bind(_ value: Int64) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        if let user = query.userID { conditions.append("r.userid = \(bind(user))") }
        if let exercise = query.exerciseID { conditions.append("r.exerciseid = \(bind(exercise))") }
        if let since = query.since { conditions.append("r.performedat >= \(bind(milliseconds(since)))") }
        if let until = query.until { conditions.append("r.performedat < \(bind(milliseconds(until)))") }
        if let before = query.before {
            conditions.append("(r.performedat, r.id) < (\(bind(milliseconds(before.performedAt))), \(bind(before.id)))")
        }
        var sql = recordSelectSQL + " WHERE " + conditions.joined(separator: " AND ") + " ORDER BY r.performedat DESC, r.id DESC"
        if let limit = query.limit { sql += " LIMIT \(bind(Int64(limit)))" }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }
}
