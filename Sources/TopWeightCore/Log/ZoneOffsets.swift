import Foundation

/// A time zone's offset from UTC over a span of time, as the instants it
/// changes at (DST and every other change the zone's rules know). It lets a
/// database put instants on local days, for totals by day, without knowing
/// the zone: an instant's local day is its UTC milliseconds plus the offset
/// in force, in whole days since 1970.
public struct ZoneOffsets: Sendable, Hashable {
    public struct Change: Sendable, Hashable {
        /// From this instant on (milliseconds since 1970)…
        public var from: Int64
        /// …local time is this many seconds ahead of UTC.
        public var seconds: Int

        public init(from: Int64, seconds: Int) {
            self.from = from
            self.seconds = seconds
        }
    }

    /// Oldest first; the first offset also holds before its instant, the last one after the span.
    public private(set) var changes: [Change]

    public static let millisecondsPerDay: Int64 = 86_400_000

    /// The offsets of `timeZone` from `start` through `end`.
    public init(_ timeZone: TimeZone, from start: Date, through end: Date) {
        var changes = [Change(from: Self.milliseconds(start), seconds: timeZone.secondsFromGMT(for: start))]
        var cursor = start
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next <= end, next > cursor {
            let seconds = timeZone.secondsFromGMT(for: next)
            if seconds != changes.last?.seconds {
                changes.append(Change(from: Self.milliseconds(next), seconds: seconds))
            }
            cursor = next
        }
        self.changes = changes
    }

    /// Offsets given as they are (tests, and zones without rules).
    public init(changes: [Change]) {
        self.changes = changes.isEmpty ? [Change(from: 0, seconds: 0)] : changes.sorted { $0.from < $1.from }
    }

    /// An instant as storage counts it: whole milliseconds since 1970.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The offset in force at `milliseconds`, in seconds.
    public func seconds(at milliseconds: Int64) -> Int {
        changes.last { $0.from <= milliseconds }?.seconds ?? changes.first?.seconds ?? 0
    }

    /// The local day of the instant at `milliseconds`, as days since 1970-01-01.
    public func daysSince1970(at milliseconds: Int64) -> Int {
        let local = milliseconds + Int64(seconds(at: milliseconds)) * 1000
        let days = local / Self.millisecondsPerDay
        return Int(local % Self.millisecondsPerDay < 0 ? days - 1 : days)
    }
}

extension LocalDay {
    /// Days since 1970-01-01 (negative before it), by the proleptic Gregorian calendar.
    public var daysSince1970: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01, or `nil` outside the years 1–9999.
    public init?(daysSince1970 days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// The Monday-to-Sunday week holding this day, numbered from the week of 1970-01-01
    /// (a Thursday; its week, from Monday 29 December 1969, is week 0).
    public var mondayWeek: Int {
        let shifted = daysSince1970 + 3
        return shifted >= 0 ? shifted / 7 : (shifted - 6) / 7
    }
}
