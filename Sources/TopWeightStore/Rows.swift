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

/// The columns of `record`, and the names a joined read of it uses, so no
/// read depends on the position of a column in a SELECT.
enum RecordColumns {
    static let id = Column("id")
    static let uid = Column("uid")
    static let user = Column("user")
    static let exercise = Column("exercise")
    static let weight = Column("weight")
    static let unit = Column("unit")
    static let reps = Column("reps")
    static let series = Column("series")
    static let performedAt = Column("performedAt")
    static let deletedAt = Column("deletedAt")
    static let kind = Column("kind")
    static let name = Column("name")
    static let category = Column("category")
    static let records = Column("records")
    static let lastPerformedAt = Column("lastPerformedAt")
    static let exerciseId = Column("exerciseId")
}

