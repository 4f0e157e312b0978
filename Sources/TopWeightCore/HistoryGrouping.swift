import Foundation

/// Records of one local calendar day, labelled the way a person says it.
public struct DayGroup<Item> {
    /// `Today`, `Yesterday`, `Fri 14 Nov`, or `Sat 14 Dec 2024` for another year.
    public var label: String
    public var day: Date
    public var items: [Item]
}

extension DayGroup: Sendable where Item: Sendable {}

/// Groups history by local day. The clock and the time zone are injected, so
/// the grouping is the same in tests at midnight, across DST and in any zone.
/// The calendar is made, and the zone looked up, the first time a day is
/// asked for (see `Deferred`).
public struct HistoryGrouping: Sendable {
    private let made: Deferred<Calendar>
    public var calendar: Calendar { made.value }

    public init(timeZone: TimeZone) {
        self.init(zone: { timeZone })
    }

    /// A grouping whose zone is looked up when a day is first asked for:
    /// `HistoryGrouping(zone: { .current })` costs the logger's start nothing.
    public init(zone: @escaping @Sendable () -> TimeZone) {
        made = Deferred {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone()
            calendar.locale = Locale(identifier: "en_US_POSIX")
            return calendar
        }
    }

    /// Groups items (already newest first) into consecutive days, newest first.
    public func group<Item>(_ items: [Item], now: Date, date: (Item) -> Date) -> [DayGroup<Item>] {
        var groups: [DayGroup<Item>] = []
        for item in items {
            let day = calendar.startOfDay(for: date(item))
            if groups.last?.day == day {
                groups[groups.count - 1].items.append(item)
            } else {
                groups.append(DayGroup(label: label(for: day, now: now), day: day, items: [item]))
            }
        }
        return groups
    }

    /// The label of the local day holding `date`, seen from `now`; with
    /// `relative` false never `Today` or `Yesterday`.
    public func label(for date: Date, now: Date, relative: Bool = true) -> String {
        let day = calendar.startOfDay(for: date)
        let today = calendar.startOfDay(for: now)
        let offset = calendar.dateComponents([.day], from: day, to: today).day ?? Int.max
        if relative, offset == 0 { return "Today" }
        if relative, offset == 1 { return "Yesterday" }
        let parts = calendar.dateComponents([.weekday, .day, .month, .year], from: day)
        let weekday = Self.weekdays[((parts.weekday ?? 1) - 1) % 7]
        let month = Self.months[((parts.month ?? 1) - 1) % 12]
        let sameYear = parts.year == calendar.component(.year, from: now)
        return "\(weekday) \(parts.day ?? 0) \(month)" + (sameYear ? "" : " \(parts.year ?? 0)")
    }

    /// `18:42`, local time.
    public func time(of date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The start of the local day `days - 1` days before `now`: `--days 1` is today only.
    public func start(ofLast days: Int, now: Date) -> Date {
        let today = calendar.startOfDay(for: now)
        return calendar.date(byAdding: .day, value: -(max(days, 1) - 1), to: today) ?? today
    }

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
