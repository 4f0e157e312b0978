import Foundation

/// The gym's own settings (the nudge, the plates) and its admin PIN.
public protocol GymConfiguration: AnyObject, Sendable {
    /// The stored value of one of the gym's settings, `nil` when never set.
    func gymSetting(_ key: GymSetting) throws(LogbookError) -> String?
    /// Stores a gym setting (`nil` removes it, back to the default).
    func setGymSetting(_ key: GymSetting, to value: String?) throws(LogbookError)
    /// Adds one to a counter kept as a gym setting (`GymSetting.unknownScans`,
    /// `.wrongPins`) in one step, so terminals counting at once lose none.
    func countGymEvent(_ key: GymSetting) throws(LogbookError)
    /// The counter's value, removed in the same step (0 when never counted).
    func takeGymCount(_ key: GymSetting) throws(LogbookError) -> Int
    func adminPinIsSet() throws(LogbookError) -> Bool
    /// Checks a PIN and counts wrong ones where every terminal sees them.
    func checkAdminPin(_ pin: String, now: Date) throws(LogbookError) -> PinVerdict
    /// Replaces the PIN (`nil` removes it) and forgets wrong attempts.
    func setAdminPin(_ pin: String?) throws(LogbookError)
    /// Forgets wrong PIN attempts and any wait (`topweight admin unlock`).
    func clearPinLockout() throws(LogbookError)
}

extension GymConfiguration {
    public func checkAdminPin(_ pin: String) throws(LogbookError) -> PinVerdict {
        try checkAdminPin(pin, now: Date())
    }
}
