/// What a database took of members' credentials from another (`topweight
/// copy`, our JSON import): by the rules of `WholeCopy.adoptAccess`.
public struct AccessAdoption: Sendable, Equatable {
    /// PINs set on members who had none here.
    public var pins = 0
    /// Cards given to members who had none here.
    public var cards = 0
    /// Members made coaches here.
    public var coaches = 0
    /// Members whose PIN here differs from the one that came: theirs is kept.
    public var pinsKept = 0
    /// Members whose card here differs from the one that came: theirs is kept.
    public var cardsKept = 0
    /// Members whose card could not come: this database's cards are made
    /// with another card key, so the hash that came finds nobody here.
    public var cardsOfAnotherKey: [String] = []
    /// Members whose card another member holds here: it stays that member's.
    public var cardsHeldByOthers: [String] = []

    public init() {}

    /// Nothing came and nothing was refused.
    public var isEmpty: Bool { self == AccessAdoption() }
}

/// The coach who logged a set at a kiosk, as it travels: the set by its
/// uid, the coach by name.
public struct CoachMark: Sendable, Hashable {
    public var uid: String
    public var coach: String

    public init(uid: String, coach: String) {
        self.uid = uid
        self.coach = coach
    }
}
