import TopWeightCore
import Foundation
import GRDB

/// A member of the gym, as stored.
public struct UserRow: Sendable, Hashable, Codable, FetchableRecord, MutablePersistableRecord {
    public var id: Int64?
    public var name: String
    public var nameKey: String
    public var createdAt: Date

    public static let databaseTableName = "user"
    public static let databaseDateEncodingStrategy = DatabaseDateEncodingStrategy.millisecondsSince1970
    public static let databaseDateDecodingStrategy = DatabaseDateDecodingStrategy.millisecondsSince1970

    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let nameKey = Column(CodingKeys.nameKey)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// An exercise, as stored. Catalog entries become rows only when first used.
public struct ExerciseRow: Sendable, Hashable, Codable, FetchableRecord, MutablePersistableRecord {
    public var id: Int64?
    public var name: String
    public var nameKey: String
    public var category: String?
    public var createdAt: Date

    public static let databaseTableName = "exercise"
    public static let databaseDateEncodingStrategy = DatabaseDateEncodingStrategy.millisecondsSince1970
    public static let databaseDateDecodingStrategy = DatabaseDateDecodingStrategy.millisecondsSince1970

    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let nameKey = Column(CodingKeys.nameKey)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
