import Foundation
import TopWeightCore

/// How members prove who they are at a kiosk, written once for the logger
/// and the command line: the gym's policy (`IdentityPolicy`), members' PINs
/// (checked with the admin PIN's rules, per member), cards and coaches. No
/// call returns a secret.
public struct Identification: Sendable {
    let identity: any MemberIdentity
    let gym: any GymConfiguration

    public init(_ roles: LogbookRoles) {
        identity = roles.identity
        gym = roles.gym
    }

    /// How members identify at a kiosk of this database.
    public func policy() throws(WorkoutsError) -> IdentityPolicy {
        try attempt { () throws(LogbookError) in try identity.identityPolicy() }
    }

    /// Sets the policy (`name`, the default, removes the row).
    public func setPolicy(_ policy: IdentityPolicy) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try gym.setGymSetting(.identity, to: policy == .name ? nil : policy.rawValue) }
    }

    public func access(of member: User) throws(WorkoutsError) -> MemberAccess {
        try attempt { () throws(LogbookError) in try identity.access(of: member) }
    }

    /// Every member's that has any, by member id.
    public func accessByMember() throws(WorkoutsError) -> [Int64: MemberAccess] {
        try attempt { () throws(LogbookError) in try identity.accessByMember() }
    }

    /// Gives the member a PIN (`.invalid` unless 4 to 8 digits), or takes theirs away (`nil`).
    public func setPin(_ pin: String?, of member: User) throws(WorkoutsError) {
        if let pin, let problem = MemberPinRule.problem(with: pin) { throw .invalid(problem) }
        try attempt { () throws(LogbookError) in try identity.setMemberPin(member, pin) }
    }

    /// Checks the member's PIN; `.refused` in one line when it is wrong or a wait runs.
    public func admit(_ member: User, pin: String, now: Date) throws(WorkoutsError) {
        let verdict = try attempt { () throws(LogbookError) in try identity.checkMemberPin(member, pin, now: now) }
        // Counted for the owner (`topweight check`); a count that fails stops no member.
        if case .wrong = verdict { try? gym.countGymEvent(.wrongPins) }
        switch verdict {
        case .accepted: return
        case .wrong(nil): throw .refused("Wrong PIN.")
        case .wrong(let seconds?), .locked(let seconds):
            throw .refused("Too many wrong PINs for \(member.name): try again in \(seconds) s.")
        }
    }

    /// Gives the member a card (`.invalid` unless it is one), or takes theirs away (`nil`).
    public func setCard(_ card: String?, of member: User) throws(WorkoutsError) {
        if let card, let problem = try cardRules().problem(with: card) { throw .invalid(problem) }
        do {
            try identity.setMemberCard(member, card)
        } catch where error.kind == .conflict {
            throw .invalid(error.message)
        } catch {
            throw .storage(error)
        }
    }

    /// The member holding the card scanned, if any (`nil` too for what
    /// can't be a card under `rules`, the gym's as last read: a terminal
    /// whose server is away keeps them). A number nobody holds is counted for the owner.
    public func member(byCard card: String, rules: CardRules) throws(WorkoutsError) -> User? {
        guard rules.problem(with: card) == nil else { return nil }
        let holder = try attempt { () throws(LogbookError) in try identity.member(byCard: card) }
        if holder == nil { try? gym.countGymEvent(.unknownScans) }
        return holder
    }

    /// What the gym asks of a card (`topweight admin cards`).
    public func cardRules() throws(WorkoutsError) -> CardRules {
        try attempt { () throws(LogbookError) in
            CardRules(storedDigits: try gym.gymSetting(.cardDigits), storedPin: try gym.gymSetting(.cardPin))
        }
    }

    /// Stores what the gym asks of a card (the defaults remove the rows).
    public func setCardRules(_ rules: CardRules) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in
            try gym.setGymSetting(.cardDigits, to: rules.minDigits == CardRules.shortest ? nil : String(rules.minDigits))
            try gym.setGymSetting(.cardPin, to: rules.withPin ? "on" : nil)
        }
    }

    /// The unknown card numbers scanned and the wrong member PINs typed, at
    /// every terminal, since the owner last asked: read and reset at once.
    public func takeCounts() throws(WorkoutsError) -> (unknownScans: Int, wrongPins: Int) {
        try attempt { () throws(LogbookError) in (try gym.takeGymCount(.unknownScans), try gym.takeGymCount(.wrongPins)) }
    }

    /// Notes the coach who logged a set for its member.
    public func noteCoach(_ coach: User, of record: WorkoutRecord) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try identity.noteCoach(coach, of: record.id) }
    }

    /// The coaches who logged any of these sets, by set id (names as stored).
    public func coaches(of records: [WorkoutRecord]) throws(WorkoutsError) -> [Int64: String] {
        try attempt { () throws(LogbookError) in try identity.coaches(of: records.map(\.id)) }
    }

    public func setCoach(_ member: User, _ isCoach: Bool) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try identity.setCoach(member, isCoach) }
    }
}
