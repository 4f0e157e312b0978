import Foundation
import TopWeightCore

/// The admin PIN that guards what a kiosk member must not do (renames,
/// removals, deletions, leaving a kiosk): whether one is set, a try at it
/// (counted where every terminal sees it), setting and clearing it. The
/// front ends ask for the PIN their own way and call these.
public struct AdminAccess: Sendable {
    /// The PIN is one of the gym's settings: all this asks of the database.
    public let logbook: any GymConfiguration

    public init(logbook: any GymConfiguration) {
        self.logbook = logbook
    }

    /// True when a PIN guards the database: without one, nothing is asked.
    /// A database whose server can't be reached counts as guarded: a kiosk
    /// started without its server stays shut (leaving needs the PIN, and
    /// checking it needs the server).
    public func isPinSet() throws(WorkoutsError) -> Bool {
        do {
            return try logbook.adminPinIsSet()
        } catch where error.kind == .unreachable {
            return true
        } catch {
            throw .storage(error)
        }
    }

    /// Checks the PIN (wrong ones count towards the wait every terminal
    /// shares); `.refused` with the reason in one line when it is not accepted.
    public func admit(pin: String, now: Date) throws(WorkoutsError) {
        let verdict = try attempt { () throws(LogbookError) in try logbook.checkAdminPin(pin, now: now) }
        if let refusal = verdict.refusal { throw .refused(refusal) }
    }

    /// Sets a new PIN (stored salted and hashed), forgetting wrong attempts;
    /// `.invalid` when it can't be a PIN (`AdminPinRule`).
    public func setPin(_ pin: String) throws(WorkoutsError) {
        if let problem = AdminPinRule.problem(with: pin) { throw .invalid(problem) }
        try attempt { () throws(LogbookError) in try logbook.setAdminPin(pin) }
    }

    /// Removes the PIN: nothing is asked any more.
    public func clearPin() throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try logbook.setAdminPin(nil) }
    }

    /// Forgets wrong PINs and ends any wait at once (`topweight admin
    /// unlock`): for whoever owns the database, so it takes the engine itself.
    public static func forgetWrongPins(in engine: any GymConfiguration) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try engine.clearPinLockout() }
    }
}
