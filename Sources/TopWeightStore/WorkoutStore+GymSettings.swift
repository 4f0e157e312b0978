import Foundation
import GRDB
import TopWeightCore

// MARK: - The gym's settings (plate sets)

extension WorkoutStore {
    public func gymSetting(_ key: GymSetting) throws(LogbookError) -> String? {
        try perform {
            try writer.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key.rawValue])
            }
        }
    }

    public func setGymSetting(_ key: GymSetting, to value: String?) throws(LogbookError) {
        try perform {
            try writer.write { db in
                if let value {
                    try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                   arguments: [key.rawValue, value])
                } else {
                    try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key.rawValue])
                }
            }
        }
    }

    public func countGymEvent(_ key: GymSetting) throws(LogbookError) {
        try perform {
            try writer.write { db in
                try db.execute(sql: """
                    INSERT INTO setting (key, value) VALUES (?, '1')
                    ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)
                    """, arguments: [key.rawValue])
            }
        }
    }

    public func takeGymCount(_ key: GymSetting) throws(LogbookError) -> Int {
        try perform {
            try writer.write { db in
                let value = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key.rawValue])
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key.rawValue])
                return value.flatMap { Int($0) } ?? 0
            }
        }
    }
}
