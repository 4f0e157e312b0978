import Foundation

/// A calendar day where the member trained, in their local time zone:
/// what a session, a note and a calendar square are keyed by. Stored as
/// `YYYY-MM-DD`, which sorts the same as the days.
public struct LocalDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A day that exists in the Gregorian calendar (years 1–9999), else `nil`.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
              day <= LocalDay.days(inMonth: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local day holding `date` in `calendar`'s time zone.
    public init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
        day = parts.day ?? 1
    }

    /// `2026-11-21`; nothing else (no times, no other separators).
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `2026-11-21`
    public var description: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    /// The first instant of this day in `calendar`'s time zone (a day that
    /// starts with a DST gap starts at the first existing instant).
    public func start(in calendar: Calendar) -> Date {
        let components = DateComponents(year: year, month: month, day: day)
        return calendar.startOfDay(for: calendar.date(from: components) ?? Date(timeIntervalSince1970: 0))
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDay {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? .current
        let noon = utc.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date()
        return LocalDay(utc.date(byAdding: .day, value: count, to: noon) ?? noon, in: utc)
    }

    /// Days from this one to `other` (positive when `other` is later).
    public func days(to other: LocalDay) -> Int {
        // Civil-day arithmetic (ZoneOffsets.swift), no calendar dates to build.
        other.daysSince1970 - daysSince1970
    }

    /// 1 for Sunday … 7 for Saturday (`Calendar`'s numbering).
    public var weekday: Int {
        let offset = LocalDay.referenceSunday.days(to: self)
        return ((offset % 7) + 7) % 7 + 1
    }

    /// 2001-01-07, a Sunday.
    private static let referenceSunday = LocalDay(checked: (2001, 1, 7))

    private init(checked parts: (Int, Int, Int)) {
        (year, month, day) = parts
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A month of the calendar: `2026-11`.
public struct LocalMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    public init(_ day: LocalDay) {
        year = day.year
        month = day.month
    }

    /// `2026-11`
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        self.init(year: year, month: month)
    }

    public var description: String { String(LocalDay(year: year, month: month, day: 1)?.description.prefix(7) ?? "") }

    public var first: LocalDay { LocalDay(year: year, month: month, day: 1) ?? LocalDay(Date(), in: .current) }
    public var last: LocalDay { LocalDay(year: year, month: month, day: dayCount) ?? first }
    public var dayCount: Int { LocalDay.days(inMonth: month, year: year) }

    /// The month `count` months later (earlier when negative), kept within years 1–9999.
    public func adding(months count: Int) -> LocalMonth {
        let index = min(max(year * 12 + (month - 1) + count, 12), 9999 * 12 + 11)
        return LocalMonth(year: index / 12, month: index % 12 + 1) ?? self
    }

    public static func < (lhs: LocalMonth, rhs: LocalMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
