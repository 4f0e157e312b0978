import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Body weight

extension PostgresLogbook {
    public func saveBodyWeight(userID: Int64, weight: Weight, at measuredAt: Date, uid: String, now: Date) throws(LogbookError) -> Int64 {
        let rows = try link.query("""
            WITH inserted AS (
                INSERT INTO bodyweight (uid, userid, weight, unit, measuredat, createdat)
                VALUES (\(uid), \(userID), \(weight.value), \(weight.unit.rawValue), \(Self.milliseconds(measuredAt)), \(Self.milliseconds(now)))
                ON CONFLICT (uid) DO NOTHING RETURNING id
            )
            SELECT id FROM inserted UNION ALL SELECT id FROM bodyweight WHERE uid = \(uid)
            """)
        guard let row = rows.first else { throw LogbookError(.other, "the server did not return the measurement's id") }
        return try Self.decode(row, as: Int64.self)
    }

    public func bodyWeights(userID: Int64, since: Date?, limit: Int?) throws(LogbookError) -> [BodyWeight] {
        let rows = try link.query("""
            SELECT \(unescaped: Self.bodyWeightColumns) FROM bodyweight b JOIN "user" u ON u.id = b.userid
            WHERE b.userid = \(userID) AND b.measuredat >= \(since.map(Self.milliseconds) ?? Int64.min)
            ORDER BY b.measuredat DESC, b.id DESC LIMIT \(Int64(limit ?? Int.max))
            """)
        var found: [BodyWeight] = []
        for row in rows {
            if let (measurement, _) = try Self.bodyWeight(from: row) { found.append(measurement) }
        }
        return found
    }

    public func bodyWeights(userIDs: [Int64]) throws(LogbookError) -> [Int64: [BodyWeight]] {
        guard !userIDs.isEmpty else { return [:] }
        let rows = try link.query("""
            SELECT \(unescaped: Self.bodyWeightColumns) FROM bodyweight b JOIN "user" u ON u.id = b.userid
            WHERE b.userid = ANY(\(userIDs)::int8[]) ORDER BY b.measuredat DESC, b.id DESC
            """)
        var found: [Int64: [BodyWeight]] = [:]
        for row in rows {
            if let (measurement, user) = try Self.bodyWeight(from: row) { found[user, default: []].append(measurement) }
        }
        return found
    }

    private static let bodyWeightColumns = "b.id, b.uid, u.name, b.weight, b.unit, b.measuredat, b.userid"

    /// A measurement and its member's id from a row of `bodyWeightColumns`,
    /// or `nil` when it is not what Top Weight writes.
    private static func bodyWeight(from row: PostgresRow) throws(LogbookError) -> (measurement: BodyWeight, user: Int64)? {
        let (id, uid, user, value, unitText, measured, userID) = try decode(row, as: (Int64, String, String, Double, String, Int64, Int64).self)
        guard let unit = WeightUnit(rawValue: unitText), value.isFinite, value > 0, value * 100 <= Double(unit.maximumHundredths),
              let measuredAt = StoredRange.date(milliseconds: measured) else { return nil }
        return (BodyWeight(id: id, uid: uid, user: user, weight: Weight(value: value, unit: unit), measuredAt: measuredAt), userID)
    }

    // MARK: Copying

    public func storedBodyWeights(after id: Int64, limit: Int) throws(LogbookError) -> [StoredBodyWeight] {
        let rows = try link.query("""
            SELECT b.id, b.uid, u.name, b.weight, b.unit, b.measuredat, b.createdat FROM bodyweight b JOIN "user" u ON u.id = b.userid
            WHERE b.id > \(id) ORDER BY b.id LIMIT \(Int64(limit))
            """)
        var found: [StoredBodyWeight] = []
        for row in rows {
            let (id, uid, user, value, unitText, measured, created) = try Self.decode(row, as: (Int64, String, String, Double, String, Int64, Int64).self)
            guard let unit = WeightUnit(rawValue: unitText), value.isFinite, value > 0, value * 100 <= Double(unit.maximumHundredths),
                  let measuredAt = StoredRange.date(milliseconds: measured), let createdAt = StoredRange.date(milliseconds: created) else { continue }
            found.append(StoredBodyWeight(id: id, uid: uid, user: user, weight: Weight(value: value, unit: unit),
                                          measuredAt: measuredAt, createdAt: createdAt))
        }
        return found
    }

    public func adoptBodyWeights(_ measurements: [StoredBodyWeight], now: Date) throws(LogbookError) -> Int {
        guard !measurements.isEmpty else { return 0 }
        let users = try findOrCreateUsers(named: measurements.map(\.user), now: now)
        return try link.query("""
            INSERT INTO bodyweight (uid, userid, weight, unit, measuredat, createdat)
            SELECT * FROM unnest(\(measurements.map(\.uid))::text[], \(users.map(\.id))::int8[],
                                 \(measurements.map(\.weight.value))::float8[], \(measurements.map(\.weight.unit.rawValue))::text[],
                                 \(measurements.map { StoredRange.milliseconds($0.measuredAt) })::int8[],
                                 \(measurements.map { StoredRange.milliseconds($0.createdAt) })::int8[])
            ON CONFLICT (uid) DO NOTHING
            """).metadata.rows ?? 0
    }
}
