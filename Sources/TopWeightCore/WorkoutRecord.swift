import Foundation

/// One saved set, with the names of who did it and what: the shape history,
/// exports and the `Saved` line work with.
public struct WorkoutRecord: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var user: String
    public var exercise: String
    public var values: SetValues
    public var performedAt: Date
    /// The id that stays the same in every database the record is copied to.
    public var uid: String?
    /// When it was deleted (a tombstone), or `nil` for a live record.
    public var deletedAt: Date?
    /// A warm-up, drop or failure set; `nil` for a working set.
    public var kind: SetKind?
    /// Its place in a superset (`A1`: group A, its first lift), when it was one's.
    public var superset: String?

    public init(id: Int64, user: String, exercise: String, values: SetValues, performedAt: Date,
                uid: String? = nil, deletedAt: Date? = nil, kind: SetKind? = nil, superset: String? = nil) {
        self.kind = kind
        self.superset = superset
        self.id = id
        self.user = user
        self.exercise = exercise
        self.values = values
        self.performedAt = performedAt
        self.uid = uid
        self.deletedAt = deletedAt
    }

    /// Whether `other` is this very record, as read again: the same id, and
    /// the same uid and member where both are known (an id alone may have
    /// come to name another record in a file where one was given again).
    public func isSame(_ other: WorkoutRecord) -> Bool {
        id == other.id && (uid == nil || other.uid == nil || uid == other.uid) && NameRules.key(user) == NameRules.key(other.user)
    }
}
