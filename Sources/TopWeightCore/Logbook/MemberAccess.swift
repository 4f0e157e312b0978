/// How members prove who they are at a kiosk: the gym's choice
/// (`topweight admin identity`), kept as `GymSetting.identity`.
public enum IdentityPolicy: String, Sendable, CaseIterable, Equatable {
    /// A typed name is enough (the default): anyone may type anyone's name.
    case name
    /// A typed name, then the member's own PIN.
    case pin
    /// The member's card, scanned; a typed name is refused.
    case card

    /// The policy a stored value names; anything else (`nil`, a tampered
    /// row) is the default.
    public init(stored: String?) {
        self = stored.flatMap(IdentityPolicy.init(rawValue:)) ?? .name
    }
}

/// What a member has to prove who they are, never the secrets themselves:
/// whether a PIN or a card is set, whether they coach, and whether an
/// enrolment code from the desk waits for them (`EnrolmentCode`).
public struct MemberAccess: Sendable, Equatable {
    public var hasPin: Bool
    public var hasCard: Bool
    public var isCoach: Bool
    public var hasCode: Bool

    public init(hasPin: Bool = false, hasCard: Bool = false, isCoach: Bool = false, hasCode: Bool = false) {
        self.hasPin = hasPin
        self.hasCard = hasCard
        self.isCoach = isCoach
        self.hasCode = hasCode
    }

    /// Whether the member can start a turn at a kiosk under `policy` with
    /// something they were given or chose: under `pin` and `card`, their
    /// card or their PIN (a typed name is enough only under `name`).
    public func identifies(under policy: IdentityPolicy) -> Bool {
        policy == .name || hasPin || hasCard
    }

    /// How the member identifies at best (`users --format json`): a card,
    /// else a PIN, else their name alone.
    public var identity: IdentityPolicy {
        hasCard ? .card : hasPin ? .pin : .name
    }
}

/// What a member's PIN may be, for every front end and engine: 4 to 8
/// digits (typed on a kiosk's keyboard, or a keypad).
public enum MemberPinRule {
    public static let lengths = 4...8

    /// Why `pin` can't be a member's PIN, in one line; `nil` when it can.
    public static func problem(with pin: String) -> String? {
        guard lengths.contains(pin.unicodeScalars.count), pin.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
            return "a PIN is 4 to 8 digits"
        }
        return nil
    }
}

/// A member card's number as a reader types it (digits, then Enter): what
/// may be one, told apart from a name typed at the same prompt.
public enum CardNumber {
    /// The digits a card may have: at least `CardRules.shortest` (fewer
    /// are guessed too soon), and none is longer than 64.
    public static let lengths = CardRules.shortest...64
    /// The fewest digits a scan is taken for one (an older, shorter card
    /// included, refused as such); fewer are no card at all.
    public static let scanned = 4

    /// Whether `text` is written as a card scan: digits only (any number of them).
    public static func isWritten(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Why `text` can't be a card's number, in one line; `nil` when it can.
    public static func problem(with text: String) -> String? {
        guard isWritten(text) else { return "a card's number is digits only" }
        guard lengths.contains(text.unicodeScalars.count) else {
            return "a card's number has \(lengths.lowerBound) to \(lengths.upperBound) digits"
        }
        return nil
    }
}

/// What the gym asks of a card (`topweight admin cards`): the fewest
/// digits its number has, and whether the member's PIN follows it.
public struct CardRules: Sendable, Equatable {
    /// The fewest digits any card has (the gym may ask for more).
    public static let shortest = 8

    public var minDigits: Int
    /// A card's turn starts only with its member's PIN after it: for cards
    /// handed out in sequence, whose numbers are guessed whatever the wait.
    public var withPin: Bool

    public init(minDigits: Int = CardRules.shortest, withPin: Bool = false) {
        self.minDigits = min(max(minDigits, CardRules.shortest), CardNumber.lengths.upperBound)
        self.withPin = withPin
    }

    /// The rules the stored settings name; anything unreadable is the default.
    public init(storedDigits: String?, storedPin: String?) {
        self.init(minDigits: storedDigits.flatMap { Int($0) } ?? CardRules.shortest, withPin: storedPin == "on")
    }

    /// Why `text` can't be a card's number here, in one line; `nil` when it can.
    public func problem(with text: String) -> String? {
        if let problem = CardNumber.problem(with: text) { return problem }
        guard text.unicodeScalars.count >= minDigits else { return "a card's number has at least \(minDigits) digits here" }
        return nil
    }

    /// Whether `text` reads as a card's number here: digits only, as many
    /// as a card has at least (what is taken off the screen wherever it is typed).
    public func looksLikeCard(_ text: String) -> Bool {
        CardNumber.isWritten(text) && text.unicodeScalars.count >= minDigits
    }

    /// Whether `text` holds such a number among its words (`:user 12345678`, `bench 12345678`).
    public func holdsCard(_ text: String) -> Bool {
        text.split(whereSeparator: { !("0"..."9").contains($0) }).contains { $0.count >= minDigits }
    }
}

/// The hashes members identify by, never a secret: what a terminal keeps
/// (in its outbox file) to identify members while its server is away.
public struct MemberCredentials: Sendable, Equatable {
    /// A member's: their PIN's salted hash, their card's keyed hash, whether they coach.
    public struct Member: Sendable, Equatable {
        public var user: User
        public var pin: String?
        public var card: String?
        public var isCoach: Bool

        public init(user: User, pin: String?, card: String?, isCoach: Bool) {
            self.user = user
            self.pin = pin
            self.card = card
            self.isCoach = isCoach
        }
    }

    /// The database's card key (`nil` until a first card is given).
    public var cardKey: String?
    public var members: [Member]
    /// The gym's policy, so a terminal away from its server keeps to it.
    public var policy: IdentityPolicy

    public init(cardKey: String?, members: [Member], policy: IdentityPolicy) {
        self.cardKey = cardKey
        self.members = members
        self.policy = policy
    }
}
