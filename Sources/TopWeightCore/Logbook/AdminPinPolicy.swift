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

extension PinLockout {
    /// What the stored wrong-PIN counters become after an attempt.
    public enum Change: Sendable, Equatable {
        /// Leave them (the attempt came during a wait).
        case none
        /// Forget them (the right PIN).
        case clear
        /// Count one more wrong PIN, and start a wait ending then (milliseconds since 1970), if any.
        case record(failures: Int, lockedUntil: Int64?)
    }

    /// The verdict on one attempt and what to store, from the stored counters
    /// (`nil` when absent) and the clock, in milliseconds: every engine
    /// applies the same rule inside one transaction.
    public static func judge(matches: Bool, failures: Int64?, lockedUntil: Int64?, now: Int64) -> (verdict: PinVerdict, change: Change) {
        // Never further ahead than the longest wait, even if the clock was set
        // back after the wait began.
        let until = min(lockedUntil ?? 0, now + Int64(longestDelay) * 1000)
        if now < until {
            let seconds = (until - now + 999) / 1000
            return (.locked(seconds: Int(min(seconds, Int64(longestDelay)))), .none)
        }
        if matches { return (.accepted, .clear) }
        let count = Int(min(max(failures ?? 0, 0), 1_000_000)) + 1
        guard let wait = delay(afterFailures: count) else { return (.wrong(lockedFor: nil), .record(failures: count, lockedUntil: nil)) }
        return (.wrong(lockedFor: wait), .record(failures: count, lockedUntil: now + Int64(wait) * 1000))
    }
}
