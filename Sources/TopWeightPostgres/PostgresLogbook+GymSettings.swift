import Foundation
import PostgresNIO
import TopWeightCore

// MARK: - The gym's settings (plate sets)

extension PostgresLogbook {
    public func gymSetting(_ key: GymSetting) throws(LogbookError) -> String? {
        guard let row = try link.query("SELECT value FROM setting WHERE key = \(key.rawValue)").first else { return nil }
        return try Self.decode(row, as: String.self)
    }

    public func setGymSetting(_ key: GymSetting, to value: String?) throws(LogbookError) {
        if let value {
            try link.query("""
                INSERT INTO setting (key, value) VALUES (\(key.rawValue), \(value)) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
                """)
        } else {
            try link.query("DELETE FROM setting WHERE key = \(key.rawValue)")
        }
    }

    public func countGymEvent(_ key: GymSetting) throws(LogbookError) {
        try link.query("""
            INSERT INTO setting (key, value) VALUES (\(key.rawValue), '1')
            ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(setting.value AS BIGINT) + 1 AS TEXT)
            """)
    }

    public func takeGymCount(_ key: GymSetting) throws(LogbookError) -> Int {
        guard let row = try link.query("DELETE FROM setting WHERE key = \(key.rawValue) RETURNING value").first else { return 0 }
        return Int(try Self.decode(row, as: String.self)) ?? 0
    }
}
