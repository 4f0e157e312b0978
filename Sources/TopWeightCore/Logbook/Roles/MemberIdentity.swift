import Foundation

/// How members prove who they are at a kiosk: their PIN (hashed as the
/// admin PIN is, wrong ones counted per member where every terminal sees
/// them), their card (a keyed hash only), and who coaches. No call ever
/// hands a PIN or a card's number back.
public protocol MemberIdentity: AnyObject, Sendable {
    /// What `user` has to prove who they are (nothing for a member never given any).
    func access(of user: User) throws(LogbookError) -> MemberAccess
    /// Every member's that has any, by member id (`users --format json`).
    func accessByMember() throws(LogbookError) -> [Int64: MemberAccess]
    /// Stores the member's PIN, hashed (`nil` removes it), and forgets their
    /// wrong attempts; a PIN given replaces an enrolment code not used yet.
    func setMemberPin(_ user: User, _ pin: String?) throws(LogbookError)
    /// Checks the member's PIN, counting wrong ones for that member on every
    /// terminal (the admin PIN's rule, `PinLockout`); the hash is computed
    /// whether or not a PIN is set or a wait runs.
    func checkMemberPin(_ user: User, _ pin: String, now: Date) throws(LogbookError) -> PinVerdict
    /// Keeps a one-time enrolment code for the member, hashed, valid until
    /// `until` (`nil` takes a waiting one away); a new code replaces the last.
    func setEnrolmentCode(_ user: User, _ code: String?, until: Date) throws(LogbookError)
    /// A member choosing their own PIN at a kiosk, in one write: with `code`,
    /// the code is checked (a wrong one counted as a wrong PIN, `PinLockout`;
    /// one that expired is `.conflict`), and with `pin` too, the PIN is stored
    /// and the code spent. Without a code, a PIN is stored only for a member
    /// with nothing yet (no PIN, card, coach's flag, code or set): one just
    /// created; anyone else is `.conflict`, and nothing changes.
    func enrol(_ user: User, code: String?, pin: String?, now: Date) throws(LogbookError) -> PinVerdict
    /// Gives the member this card (`nil` takes theirs away); a card another
    /// member holds is refused (`.conflict`).
    func setMemberCard(_ user: User, _ card: String?) throws(LogbookError)
    /// The member holding this card, if any.
    func member(byCard card: String) throws(LogbookError) -> User?
    /// Marks the member a coach, or no longer one.
    func setCoach(_ user: User, _ isCoach: Bool) throws(LogbookError)
    /// Notes that `coach` logged the set `recordID` for its member.
    func noteCoach(_ coach: User, of recordID: Int64) throws(LogbookError)
    /// The coaches' names who logged any of these sets, by set id.
    func coaches(of recordIDs: [Int64]) throws(LogbookError) -> [Int64: String]
    /// How members identify at a kiosk (`GymSetting.identity`), known to a
    /// terminal while its server is away too.
    func identityPolicy() throws(LogbookError) -> IdentityPolicy
    /// Every member's hashes, the card key and the policy: what a terminal keeps to
    /// identify members while its server is away (never a PIN or a number).
    func credentials() throws(LogbookError) -> MemberCredentials
}
