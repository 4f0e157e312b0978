/// What a PIN attempt came to.
public enum PinVerdict: Sendable, Equatable {
    /// The right PIN, or none is set.
    case accepted
    /// Wrong; `lockedFor` is the wait this attempt started, in seconds, if any.
    case wrong(lockedFor: Int?)
    /// Too many wrong PINs lately: nothing was checked; try again after this many seconds.
    case locked(seconds: Int)

    /// Why the attempt was refused, in one line; `nil` when it was accepted.
    public var refusal: String? {
        switch self {
        case .accepted: nil
        case .wrong(lockedFor: nil): "wrong admin PIN"
        case .wrong(lockedFor: let seconds?): "wrong admin PIN; too many wrong PINs: try again in \(seconds) s"
        case .locked(let seconds): "too many wrong admin PINs: try again in \(seconds) s"
        }
    }
}

/// How wrong PINs slow down guessing, on every terminal and process sharing the file.
public enum PinLockout {
    /// Consecutive wrong PINs allowed before the first wait.
    public static let freeAttempts = 5
    /// The first wait; each further wrong PIN doubles it.
    public static let firstDelay = 30
    /// The longest wait (one hour), so an admin is never locked out for days.
    public static let longestDelay = 3_600

    /// The wait after the `failures`-th consecutive wrong PIN, or `nil` before the limit.
    public static func delay(afterFailures failures: Int) -> Int? {
        guard failures >= freeAttempts else { return nil }
        let doublings = failures - freeAttempts
        return doublings >= 7 ? longestDelay : min(longestDelay, firstDelay << doublings)
    }
}
