import Foundation

/// Everything known about a member but their sets and days, as it travels
/// between databases (`topweight copy`) and through our own export and
/// import: the member by name. What a member gains next belongs here, and
/// every move carries it: the engines read and adopt this value (`copy`),
/// the JSON export writes it under its coding keys and the import decodes it.
/// Their credentials travel as the hashes they are kept as, never a PIN
/// or a card's number: the card's hash is only worth something with the
/// card key it was made with, which travels beside it (`adoptAccess`).
public struct StoredMember: Sendable, Hashable, Codable {
    public var name: String
    /// Kept off the gym's board.
    public var isPrivate: Bool
    /// Their PIN's salted hash (`AdminPin`'s stored form).
    public var pin: String?
    /// Their card's keyed hash (`MemberCard.digest`) under the database's card key.
    public var card: String?
    public var isCoach: Bool
    /// The teams they are in (`MemberTeams`), in team order.
    public var teams: [String]

    public init(name: String, isPrivate: Bool = false, pin: String? = nil, card: String? = nil, isCoach: Bool = false,
                teams: [String] = []) {
        self.name = name
        self.isPrivate = isPrivate
        self.pin = pin
        self.card = card
        self.isCoach = isCoach
        self.teams = teams
    }

    enum CodingKeys: String, CodingKey {
        case name, pin, card, teams
        case isPrivate = "private"
        case isCoach = "coach"
    }

    /// A file written before an attribute existed leaves it out: the default then.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        isPrivate = try container.decodeIfPresent(Bool.self, forKey: .isPrivate) ?? false
        pin = try container.decodeIfPresent(String.self, forKey: .pin)
        card = try container.decodeIfPresent(String.self, forKey: .card)
        isCoach = try container.decodeIfPresent(Bool.self, forKey: .isCoach) ?? false
        teams = try container.decodeIfPresent([String].self, forKey: .teams) ?? []
    }

    /// Whether they have anything to identify by, or coach.
    public var hasAccess: Bool { pin != nil || card != nil || isCoach }

    /// Taking `other` in, what is known of the member where both are kept:
    /// privacy is only ever added (a move never puts a member on the board),
    /// and so are teams (a member leaves none).
    public func joined(with other: StoredMember) -> StoredMember {
        var joined = self
        joined.isPrivate = isPrivate || other.isPrivate
        let keys = Set(teams.map(NameRules.key))
        joined.teams += other.teams.filter { !keys.contains(NameRules.key($0)) }
        return joined
    }
}

/// Everything known about an exercise but its sets, as it travels between
/// databases and through our own export and import: the exercise by name.
/// Where the destination has the exercise already, it keeps its own.
public struct StoredExercise: Sendable, Hashable, Codable {
    public var name: String
    public var category: String?
    /// What its sets measure.
    public var kind: ExerciseKind

    public init(name: String, category: String?, kind: ExerciseKind) {
        self.name = name
        self.category = category
        self.kind = kind
    }

    enum CodingKeys: String, CodingKey {
        case name, category, kind
    }

    /// A file written before kinds (version 1 of the export) names none: weight then.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        kind = try container.decodeIfPresent(ExerciseKind.self, forKey: .kind) ?? .weight
    }

    public init(_ exercise: Exercise) {
        self.init(name: exercise.name, category: exercise.category, kind: exercise.kind)
    }

    /// How `findOrCreateExercises` takes it.
    public var entry: ExerciseEntry { (name, category, kind) }
}

extension ExerciseRoster {
    /// Every exercise, as it travels.
    public func storedExercises() throws(LogbookError) -> [StoredExercise] {
        try exercises().map { StoredExercise($0.exercise) }
    }
}

extension BulkLoading where Self: WholeCopy & BoardSource & MemberTeams {
    /// Creates the members not here yet and gives each what `members` knows
    /// of them, joined with what is kept here (`StoredMember.joined`), before
    /// any of their sets can come: a private member is never on the board,
    /// not even for a moment; a member's teams are added to those here.
    /// Returns the members in order.
    @discardableResult
    public func adoptMembers(_ members: [StoredMember], now: Date) throws(LogbookError) -> [User] {
        guard !members.isEmpty else { return [] }
        let users = try findOrCreateUsers(named: members.map(\.name), now: now)
        let kept = Dictionary(try storedMembers().map { (NameRules.key($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        for (member, user) in zip(members, users) {
            guard let here = kept[NameRules.key(user.name)] else { continue }
            let joined = here.joined(with: member)
            if joined.isPrivate != here.isPrivate { try setPrivate(user, joined.isPrivate) }
            for team in joined.teams.dropFirst(here.teams.count) { _ = try joinTeam(user, team: team, now: now) }
        }
        return users
    }
}

extension BulkLoading {
    /// Creates the exercises not here yet with their category and kind; one
    /// kept here keeps its own. Returns the exercises in order.
    @discardableResult
    public func adoptExercises(_ exercises: [StoredExercise], now: Date) throws(LogbookError) -> [Exercise] {
        try findOrCreateExercises(exercises.map(\.entry), now: now)
    }
}
