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
}
