import GRDB

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
    static let isPrivate = Column("isPrivate")
    static let exerciseId = Column("exerciseId")
}

