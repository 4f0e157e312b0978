import Foundation

/// One saved set, with the names of who did it and what: the shape history,
/// exports and the `Saved` line work with.
public struct WorkoutRecord: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var user: String
    public var exercise: String
    public var values: SetValues
    public var performedAt: Date

    public init(id: Int64, user: String, exercise: String, values: SetValues, performedAt: Date) {
        self.id = id
        self.user = user
        self.exercise = exercise
        self.values = values
        self.performedAt = performedAt
    }
}
