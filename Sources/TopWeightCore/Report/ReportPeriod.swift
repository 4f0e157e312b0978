/// The stretch of days a coach's report covers: an ISO week (Monday to
/// Sunday, `2026-W47`), a calendar month (`2026-11`) or any days from one
/// to another, both included (`2026-11-03 to 2026-11-20`), in local days.
public struct ReportPeriod: Sendable, Hashable, CustomStringConvertible {
    public enum Span: Sendable, Hashable {
        /// An ISO 8601 week: its week-numbering year and number (1–53).
        case week(year: Int, number: Int)
        case month(LocalMonth)
        /// Days from `first` to `last`, both included.
        case days
    }

    public var span: Span
    public var first: LocalDay
    public var last: LocalDay

    /// The ISO week whose Monday is `monday`'s week's Monday.
    public static func week(of day: LocalDay) -> ReportPeriod {
        let monday = monday(of: day)
        let (year, number) = isoWeek(of: monday)
        return ReportPeriod(span: .week(year: year, number: number), first: monday, last: monday.adding(days: 6))
    }

    public static func month(_ month: LocalMonth) -> ReportPeriod {
        ReportPeriod(span: .month(month), first: month.first, last: month.last)
    }

    /// The last whole ISO week before the week of `today`: what a coach
    /// reads on a Monday.
    public static func lastFullWeek(before today: LocalDay) -> ReportPeriod {
        week(of: monday(of: today).adding(days: -7))
    }

    /// `2026-W47` (also `2026-w47`); a week the year doesn't have is refused.
    public init?(week text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 3, parts[1].first == "W" || parts[1].first == "w",
              parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), parts[1].dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
              let year = Int(parts[0]), let number = Int(parts[1].dropFirst()),
              (2...9998).contains(year), number >= 1, number <= Self.weeks(in: year),
              let january4 = LocalDay(year: year, month: 1, day: 4) else { return nil }
        let monday = Self.monday(of: january4).adding(days: 7 * (number - 1))
        self.init(span: .week(year: year, number: number), first: monday, last: monday.adding(days: 6))
    }

    /// The days from `first` to `last`, both included; `nil` when `first` is after `last`.
    public init?(from first: LocalDay, to last: LocalDay) {
        guard first <= last else { return nil }
        self.init(span: .days, first: first, last: last)
    }

    /// `2026-11`.
    public init?(month text: some StringProtocol) {
        guard let month = LocalMonth(parsing: text) else { return nil }
        self = Self.month(month)
    }

    private init(span: Span, first: LocalDay, last: LocalDay) {
        self.span = span
        self.first = first
        self.last = last
    }

    /// The period just before, of the same kind: what volume is compared with.
    public var previous: ReportPeriod {
        switch span {
        case .week: Self.week(of: first.adding(days: -7))
        case .month(let month): Self.month(month.adding(months: -1))
        case .days: ReportPeriod(span: .days, first: first.adding(days: -dayCount), last: first.adding(days: -1))
        }
    }

    /// What a report counted through `through` is compared with: the
    /// period before, whole once the period is over; while it runs, its
    /// same days (as many from its first day, no further than its last).
    public func before(through: LocalDay) -> (first: LocalDay, last: LocalDay) {
        let previous = previous
        guard through < last else { return (previous.first, previous.last) }
        let days = max(first.days(to: through), 0)
        return (previous.first, min(previous.first.adding(days: days), previous.last))
    }

    /// `2026-W47`, `2026-11` or `2026-11-03 to 2026-11-20`.
    public var description: String {
        switch span {
        case .week(let year, let number): "\(year)-W\(number < 10 ? "0" : "")\(number)"
        case .month(let month): month.description
        case .days: first == last ? first.description : "\(first) to \(last)"
        }
    }

    /// How many days the period holds.
    public var dayCount: Int { first.days(to: last) + 1 }

    public func contains(_ day: LocalDay) -> Bool { first <= day && day <= last }

    // MARK: - ISO weeks

    /// The Monday of `day`'s Monday-to-Sunday week.
    public static func monday(of day: LocalDay) -> LocalDay {
        day.adding(days: -(((day.daysSince1970 + 3) % 7 + 7) % 7))
    }

    /// The ISO week-numbering year and week of `day`: the year of its
    /// week's Thursday, counted from that year's first Thursday's week.
    public static func isoWeek(of day: LocalDay) -> (year: Int, number: Int) {
        let thursday = monday(of: day).adding(days: 3)
        let january1 = LocalDay(year: thursday.year, month: 1, day: 1) ?? thursday
        return (thursday.year, january1.days(to: thursday) / 7 + 1)
    }

    /// 52 or 53: the week of 28 December is a year's last.
    static func weeks(in year: Int) -> Int {
        guard let december28 = LocalDay(year: year, month: 12, day: 28) else { return 52 }
        return isoWeek(of: december28).number
    }
}
