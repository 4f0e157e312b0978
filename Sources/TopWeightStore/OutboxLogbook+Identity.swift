import Foundation
import TopWeightCore
import TopWeightStorage

// MARK: - Members identify while the server is away

/// The outbox in front of the server for `MemberIdentity` too: the server
/// answers while it can; while it is away, a card scanned or a PIN typed is
/// checked against the hashes the terminal last took from it (in its outbox
/// file, 0600, with `refreshNames`), a wrong PIN counted in that file.
/// Giving cards and PINs, and the listing, need the server.
extension OutboxLogbook: MemberIdentity {
    public func access(of user: User) throws(LogbookError) -> MemberAccess {
        try read({ () throws(LogbookError) in try server.access(of: user) }, cached: { () throws(LogbookError) in
            try cacheFile?.knownCredential(of: user.id).map { MemberAccess(hasPin: $0.pin != nil, hasCard: $0.card != nil, isCoach: $0.isCoach) }
        }, away: { problem throws(LogbookError) in throw problem })
    }

    public func identityPolicy() throws(LogbookError) -> IdentityPolicy {
        // Never learned and the server away: not known, rather than the default (a typed name).
        try read({ () throws(LogbookError) in try server.identityPolicy() }, cached: { () throws(LogbookError) in try cacheFile?.knownPolicy() },
                 away: { problem throws(LogbookError) in throw problem })
    }

    public func member(byCard card: String) throws(LogbookError) -> User? {
        try read({ () throws(LogbookError) in try server.member(byCard: card) }, cached: { () throws(LogbookError) -> User?? in
            // A card the terminal doesn't know is no member's (as far as it can tell).
            .some(try cacheFile?.knownCredential(card: card)?.user)
        }, away: { problem throws(LogbookError) in throw problem })
    }

    public func checkMemberPin(_ user: User, _ pin: String, now: Date) throws(LogbookError) -> PinVerdict {
        if !isAway {
            do {
                return try server.checkMemberPin(user, pin, now: now)
            } catch where error.kind != .unreachable {
                throw error
            } catch {}
        }
        let known = try cacheFile?.knownCredential(of: user.id)
        let matches = AdminPin.verify(pin, againstOptional: known?.pin)
        guard known != nil, let file = cacheFile else { return .wrong(lockedFor: nil) }
        return try file.attemptKnownPin(of: user.id, matches: matches, now: now)
    }

    public func accessByMember() throws(LogbookError) -> [Int64: MemberAccess] {
        try reach { () throws(LogbookError) in try server.accessByMember() }
    }

    public func setMemberPin(_ user: User, _ pin: String?) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.setMemberPin(user, pin) }
    }

    public func setEnrolmentCode(_ user: User, _ code: String?, until: Date) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.setEnrolmentCode(user, code, until: until) }
    }

    /// Only the server enrols: while it is away no PIN is chosen (the
    /// terminal can't tell a member it knows as new from one given a PIN,
    /// a card or sets since it last asked), nor an enrolment code taken.
    public func enrol(_ user: User, code: String?, pin: String?, now: Date) throws(LogbookError) -> PinVerdict {
        try reach { () throws(LogbookError) in try server.enrol(user, code: code, pin: pin, now: now) }
    }

    public func setMemberCard(_ user: User, _ card: String?) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.setMemberCard(user, card) }
    }

    public func setCoach(_ user: User, _ isCoach: Bool) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.setCoach(user, isCoach) }
    }

    /// A set kept on this terminal (its id negative) has no row to note it on yet: its coach goes unsaid.
    public func noteCoach(_ coach: User, of recordID: Int64) throws(LogbookError) {
        guard recordID > 0 else { return }
        try reach { () throws(LogbookError) in try server.noteCoach(coach, of: recordID) }
    }

    /// While the server is away, none (the sets shown are the terminal's kept ones).
    public func coaches(of recordIDs: [Int64]) throws(LogbookError) -> [Int64: String] {
        isAway ? [:] : try server.coaches(of: recordIDs)
    }

    public func credentials() throws(LogbookError) -> MemberCredentials {
        try reach { () throws(LogbookError) in try server.credentials() }
    }
}
