import Foundation
import TopWeightCore

// MARK: - Enrolment: how a member comes to have a PIN

/// A turn starts as a member only with something that member was given or
/// chose (their card, or their PIN), never by being the first to type a
/// name. So a PIN is chosen at a kiosk only by a member created in that
/// very turn, or with a one-time enrolment code the desk printed for them
/// (`issueCode`); anyone else is enrolled at the desk (`setPin`).
extension Identification {
    /// How long a code printed now stays valid, in hours.
    public func enrolmentHours() throws(WorkoutsError) -> Int {
        EnrolmentCode.hours(stored: try attempt { () throws(LogbookError) in try gym.gymSetting(.enrolmentHours) })
    }

    /// Sets it (`nil`: back to the default); `.invalid` outside `EnrolmentCode.hours`.
    public func setEnrolmentHours(_ hours: Int?) throws(WorkoutsError) {
        if let hours, !EnrolmentCode.hours.contains(hours) {
            throw .invalid("an enrolment code stays valid \(EnrolmentCode.hours.lowerBound) to \(EnrolmentCode.hours.upperBound) hours")
        }
        try attempt { () throws(LogbookError) in try gym.setGymSetting(.enrolmentHours, to: hours.map(String.init)) }
    }

    /// A new one-time code for `member`, kept only hashed (it replaces one
    /// not yet used), and when it stops being valid. Shown once, by the caller.
    public func issueCode(for member: User, now: Date) throws(WorkoutsError) -> (code: String, until: Date) {
        let code = EnrolmentCode.make()
        let until = now.addingTimeInterval(Double(try enrolmentHours()) * 3600)
        try attempt { () throws(LogbookError) in try identity.setEnrolmentCode(member, code, until: until) }
        return (code, until)
    }

    /// Checks the code typed after the member's name, spending nothing;
    /// `.refused` in one line when it is wrong (counted as a wrong PIN),
    /// has expired, or a wait runs.
    public func admitCode(_ code: String, of member: User, now: Date) throws(WorkoutsError) {
        try judge(member) { () throws(LogbookError) in try identity.enrol(member, code: code, pin: nil, now: now) }
    }

    /// Stores the PIN a member chose at a kiosk: with the code they typed
    /// (spent by it), or, without one, only for a member with nothing yet
    /// (`MemberIdentity.enrol`). `.invalid` unless 4 to 8 digits; `.refused`
    /// for anyone else, and nothing changes.
    public func choosePin(_ pin: String, of member: User, code: String?, now: Date) throws(WorkoutsError) {
        if let problem = MemberPinRule.problem(with: pin) { throw .invalid(problem) }
        try judge(member) { () throws(LogbookError) in try identity.enrol(member, code: code, pin: pin, now: now) }
    }

    /// The members of `members` who can't start a turn under `policy` yet
    /// (no PIN and no card, `MemberAccess.identifies`), each with whether a
    /// code waits for them.
    public func unidentified(among members: [User], under policy: IdentityPolicy) throws(WorkoutsError) -> [(member: User, hasCode: Bool)] {
        guard policy != .name else { return [] }
        let access = try accessByMember()
        return members.compactMap { member in
            let known = access[member.id] ?? MemberAccess()
            return known.identifies(under: policy) ? nil : (member, known.hasCode)
        }
    }

    private func judge(_ member: User, _ call: () throws(LogbookError) -> PinVerdict) throws(WorkoutsError) {
        let verdict: PinVerdict
        do {
            verdict = try call()
        } catch where error.kind == .conflict {
            throw .refused(error.message.prefix(1).uppercased() + error.message.dropFirst() + ".")
        } catch {
            throw .storage(error)
        }
        switch verdict {
        case .accepted: return
        case .wrong(nil): throw .refused("Wrong enrolment code.")
        case .wrong(let seconds?), .locked(let seconds):
            throw .refused("Too many wrong PINs for \(member.name): try again in \(seconds) s.")
        }
    }
}
