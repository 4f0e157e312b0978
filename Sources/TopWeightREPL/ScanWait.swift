import Foundation

/// The wait a terminal makes after unknown cards scanned in a row: a
/// few are free (a member who mistypes, or scans an old card), then every
/// next one waits twice as long as the one before, up to a minute. While
/// it runs no card is looked up, a known one included: it is said, and the
/// scan is not counted. Only a quiet while with no unknown scan ends the
/// count: a known card between guesses (somebody's own) buys none free. Kept in memory, by this terminal's logger alone:
/// no member can make another terminal wait by typing digits at this one,
/// nor this one for longer than `cap`.
///
/// Guessing then costs: 3 free scans, 1 + 2 + … + 32 s, and a minute for
/// every further one; 200 in a row take over three hours,
/// 10^8 numbers (the fewest digits a card has) two centuries a terminal.
struct ScanWait: Equatable {
    /// Unknown scans in a row that wait nothing.
    static let free = 3
    /// The longest wait, in seconds.
    static let cap = 60
    /// Seconds without an unknown scan after which the count starts again:
    /// longer than `free` scans at the cap, so waiting it out is no faster.
    static let quiet: TimeInterval = 300

    /// Unknown scans in a row so far.
    private(set) var unknownInRow = 0
    /// When the last one was scanned.
    private var lastUnknown: Date?
    /// Until when no card is read.
    private var until: Date?

    /// The whole seconds still to wait at `now`; `nil` when a card is read.
    func remaining(at now: Date) -> Int? {
        guard let until, until > now else { return nil }
        return Int(until.timeIntervalSince(now).rounded(.up))
    }

    /// The wait after the `count`th unknown scan in a row, in seconds.
    static func wait(after count: Int) -> Int {
        guard count > free else { return 0 }
        let doublings = count - free - 1
        return doublings >= 6 ? cap : min(1 << doublings, cap)
    }

    /// An unknown card scanned at `now` (none waiting): the wait it starts, in seconds (0: none).
    mutating func unknown(at now: Date) -> Int {
        if let lastUnknown, now.timeIntervalSince(lastUnknown) >= Self.quiet { unknownInRow = 0 }
        unknownInRow += 1
        lastUnknown = now
        let seconds = Self.wait(after: unknownInRow)
        until = seconds > 0 ? now.addingTimeInterval(TimeInterval(seconds)) : nil
        return seconds
    }
}
