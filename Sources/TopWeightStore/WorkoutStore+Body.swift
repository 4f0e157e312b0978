import Foundation
import GRDB
import TopWeightCore

// MARK: - Body weight

extension WorkoutStore {
    public func saveBodyWeight(userID: Int64, weight: Weight, at measuredAt: Date, uid: String, now: Date) throws(LogbookError) -> Int64 {
        try perform {
            try writer.write { db in
                try db.execute(sql: """
                    INSERT INTO bodyWeight (uid, userId, weight, unit, measuredAt, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (uid) DO NOTHING
                    """, arguments: [uid, userID, weight.value, weight.unit.rawValue, Self.milliseconds(measuredAt), Self.milliseconds(now)])
                return try Int64.fetchOne(db, sql: "SELECT id FROM bodyWeight WHERE uid = ?", arguments: [uid]) ?? 0
            }
        }
    }

    public func bodyWeights(userID: Int64, since: Date?, limit: Int?) throws(LogbookError) -> [BodyWeight] {
        try perform {
            try writer.read { db in
                var sql = """
                    SELECT b.id, b.uid, u.name, b.weight, b.unit, b.measuredAt FROM bodyWeight b JOIN user u ON u.id = b.userId
                    WHERE b.userId = ?
                    """
                var arguments: StatementArguments = [userID]
                if let since {
                    sql += " AND b.measuredAt >= ?"
                    arguments += [Self.milliseconds(since)]
                }
                sql += " ORDER BY b.measuredAt DESC, b.id DESC"
                if let limit {
                    sql += " LIMIT ?"
                    arguments += [limit]
                }
                return try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap(Self.bodyWeight)
            }
        }
    }

    public func bodyWeights(userIDs: [Int64]) throws(LogbookError) -> [Int64: [BodyWeight]] {
        try perform {
            try writer.read { db in
                var found: [Int64: [BodyWeight]] = [:]
                for chunk in stride(from: 0, to: userIDs.count, by: 500) {
                    let some = Array(userIDs[chunk..<min(chunk + 500, userIDs.count)])
                    let rows = try Row.fetchAll(db, sql: """
                        SELECT b.id, b.uid, u.name, b.weight, b.unit, b.measuredAt, b.userId FROM bodyWeight b JOIN user u ON u.id = b.userId
                        WHERE b.userId IN (\(some.map { _ in "?" }.joined(separator: ","))) ORDER BY b.measuredAt DESC, b.id DESC
                        """, arguments: StatementArguments(some))
                    for row in rows {
                        if let measurement = Self.bodyWeight(from: row) { found[row[6], default: []].append(measurement) }
                    }
                }
                return found
            }
        }
    }

    /// A measurement from the first six columns of a row (id, uid, member's
    /// name, weight, unit, when), or `nil` when one is not what Top Weight writes.
    static func bodyWeight(from row: Row) -> BodyWeight? {
        guard let id = Int64.fromDatabaseValue(row[0]), let uid = String.fromDatabaseValue(row[1]),
              let user = String.fromDatabaseValue(row[2]), let value = Double.fromDatabaseValue(row[3]),
              let unit = String.fromDatabaseValue(row[4]).flatMap(WeightUnit.init(rawValue:)),
              value.isFinite, value > 0, value * 100 <= Double(unit.maximumHundredths),
              let measuredAt = StoredValues.date(row[5]) else { return nil }
        return BodyWeight(id: id, uid: uid, user: user, weight: Weight(value: value, unit: unit), measuredAt: measuredAt)
    }

    // MARK: Copying

    public func storedBodyWeights(after id: Int64, limit: Int) throws(LogbookError) -> [StoredBodyWeight] {
        try perform {
            try writer.read { db in
                let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                    SELECT b.id, b.uid, u.name, b.weight, b.unit, b.measuredAt, b.createdAt
                    FROM bodyWeight b JOIN user u ON u.id = b.userId WHERE b.id > ? ORDER BY b.id LIMIT ?
                    """), arguments: [id, limit])
                var found: [StoredBodyWeight] = []
                while let row = try rows.next() {
                    // Rows another tool damaged are not carried over.
                    guard let id = Int64.fromDatabaseValue(row[0]), let uid = String.fromDatabaseValue(row[1]),
                          let user = String.fromDatabaseValue(row[2]), let value = Double.fromDatabaseValue(row[3]),
                          let unit = String.fromDatabaseValue(row[4]).flatMap(WeightUnit.init(rawValue:)),
                          value.isFinite, value > 0, value * 100 <= Double(unit.maximumHundredths),
                          let measuredAt = StoredValues.date(row[5]), let createdAt = StoredValues.date(row[6])
                    else { continue }
                    found.append(StoredBodyWeight(id: id, uid: uid, user: user, weight: Weight(value: value, unit: unit),
                                                  measuredAt: measuredAt, createdAt: createdAt))
                }
                return found
            }
        }
    }

    public func adoptBodyWeights(_ measurements: [StoredBodyWeight], now: Date) throws(LogbookError) -> Int {
        guard !measurements.isEmpty else { return 0 }
        let users = try findOrCreateUsers(named: Self.distinct(measurements.map(\.user)), now: now)
        let userIDs = Dictionary(users.map { (NameRules.key($0.name), $0.id) }, uniquingKeysWith: { first, _ in first })
        return try perform {
            try writer.write { db in
                let insert = try db.cachedStatement(sql: """
                    INSERT INTO bodyWeight (uid, userId, weight, unit, measuredAt, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (uid) DO NOTHING
                    """)
                var added = 0
                for measurement in measurements {
                    guard let user = userIDs[NameRules.key(measurement.user)] else { continue }
                    try insert.execute(arguments: [
                        measurement.uid, user, measurement.weight.value, measurement.weight.unit.rawValue,
                        Self.milliseconds(measurement.measuredAt), Self.milliseconds(measurement.createdAt),
                    ])
                    added += db.changesCount
                }
                return added
            }
        }
    }
}
