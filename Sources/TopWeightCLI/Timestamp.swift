import Foundation
import TopWeightCore

/// Parses the times `--at` accepts.
enum Timestamp {
    /// `2026-11-20T18:30:00+01:00`, `…Z`, with or without fractions; `2026-11-20T18:30`
    /// and `2026-11-20` in local time (a bare date means noon). A day the
    /// calendar lacks (`2026-02-30`) or a time past 23:59:59 is `nil`: the
    /// formatters would roll it over into the next month or day.
    static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        guard isReal(text) else { return nil }
        let full = ISO8601DateFormatter()
        full.formatOptions = [.withInternetDateTime]
        if let date = full.date(from: text) { return date }
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = full.date(from: text) { return date }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = timeZone
        local.isLenient = false
        for (format, suffix) in [("yyyy-MM-dd'T'HH:mm:ss", ""), ("yyyy-MM-dd'T'HH:mm", ""), ("yyyy-MM-dd HH:mm", ""), ("yyyy-MM-dd'T'HH:mm", "T12:00")] {
            local.dateFormat = format
            if let date = local.date(from: text + suffix) { return date }
        }
        return nil
    }

    /// True when the text's day exists (`YYYY-MM-DD` first) and its hour,
    /// minute and second, if any, are on a clock.
    static func isReal(_ text: String) -> Bool {
        guard LocalDay(parsing: text.prefix(10)) != nil else { return false }
        let rest = text.dropFirst(10)
        guard let separator = rest.first else { return true }
        guard separator == "T" || separator == " " else { return false }
        let clock = rest.dropFirst().prefix { $0.isNumber || $0 == ":" }.split(separator: ":", omittingEmptySubsequences: false)
        let limits = [23, 59, 59]
        guard (2...3).contains(clock.count) else { return false }
        for (part, limit) in zip(clock, limits) {
            guard part.count == 2, let value = Int(part), value <= limit else { return false }
        }
        return true
    }
}

/// Dates given on the command line, read one way by every option that
/// takes one (`--at`, `--date`, `--since`): a real calendar day, from 1970
/// on (record ids count time from then), with one message for all.
enum DateArgument {
    /// The earliest day taken.
    static let earliest = LocalDay(year: 1970, month: 1, day: 1)

    /// `--at`: an instant (see `Timestamp.parse`) that has come by `now`
    /// (`LatestTime`: a few minutes of clock skew are taken). Today's date
    /// alone means noon, or now while noon is still ahead.
    static func time(_ text: String, option: String, now: Date, timeZone: TimeZone = .current) throws -> Date {
        guard var date = Timestamp.parse(text, timeZone: timeZone), date >= Date(timeIntervalSince1970: 0) else {
            throw Failure.input("\(option) must be a real time from 1970 on, in ISO 8601 (e.g. 2026-11-20T18:30:00+01:00 or 2026-11-20), not \(text)")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        if text.count == 10, date > now, LocalDay(date, in: calendar) == LocalDay(now, in: calendar) { date = now }
        guard LatestTime.allows(date, now: now) else {
            throw Failure.input("\(option) \(text) is after now; only what has happened is logged")
        }
        return date
    }

    /// `--date`, `--since`: a day as `YYYY-MM-DD`.
    static func day(_ text: String, option: String) throws -> LocalDay {
        guard let day = LocalDay(parsing: text), earliest.map({ day >= $0 }) ?? true else {
            throw Failure.input("\(option) must be a real day from 1970 on, as YYYY-MM-DD (e.g. 2026-11-20), not \(text)")
        }
        return day
    }
}
