import Foundation

/// How a set was done, when it was not a working set. Imports bring these
/// (Strong's `W`/`D`/`F`, Hevy's set types); a warm-up never counts as a
/// personal record. Stored as its raw value, `NULL` for a working set.
public enum SetKind: String, Sendable, Hashable, Codable, CaseIterable {
    case warmup
    case drop
    case failure
}

/// One body-weight measurement of a member.
public struct BodyWeight: Sendable, Hashable {
    public var id: Int64
    /// Stable across databases and imports, like a record's.
    public var uid: String
    public var user: String
    public var weight: Weight
    public var measuredAt: Date

    public init(id: Int64, uid: String, user: String, weight: Weight, measuredAt: Date) {
        self.id = id
        self.uid = uid
        self.user = user
        self.weight = weight
        self.measuredAt = measuredAt
    }
}
