import Foundation

/// The one rule for when something logged happened: not after now. A set, a
/// body weight or a day's note is kept once it happened, whether typed at
/// the rack, given with `--at` or `--date`, or read from an export; a few
/// minutes ahead are clock skew (a terminal, its server and the phone an
/// export came from never quite agree) and are taken.
///
/// Every way in checks it: the use cases that save (`TrainingProgress.log`,
/// `TrainingLog.weigh`, `TrainingLog.addNote`), the command line before it
/// makes anyone (`add --at`, `body add --at`, `note add --date`), the
/// logger's `:date`, and every importer, which names and skips such rows.
public enum LatestTime {
    /// How far ahead of this machine's clock a time may be: five minutes.
    public static let skew: TimeInterval = 5 * 60

    /// The latest instant taken at `now`.
    public static func latest(at now: Date) -> Date {
        now.addingTimeInterval(skew)
    }

    /// True when `date` is not after now, give or take the skew.
    public static func allows(_ date: Date, now: Date) -> Bool {
        date <= latest(at: now)
    }

    /// True when `day` has begun by now (today or before), give or take the
    /// skew, in `calendar`'s time zone.
    public static func allows(_ day: LocalDay, now: Date, calendar: Calendar) -> Bool {
        day <= LocalDay(latest(at: now), in: calendar)
    }
}
