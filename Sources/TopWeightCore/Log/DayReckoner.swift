import Foundation

/// The local days of many instants in one calendar's zone, for instants
/// that come in runs of the same day (a history read in time order): the
/// day found last is kept with the instants it spans, and an instant in
/// that span is that day again without asking the calendar, whose date
/// components are the slow part of reading thousands of sets by day.
public struct DayReckoner {
    public let calendar: Calendar
    private var kept: LocalDay?
    private var from = Date.distantFuture
    private var until = Date.distantPast

    public init(_ calendar: Calendar) {
        self.calendar = calendar
    }

    /// `LocalDay(date, in: calendar)`.
    public mutating func day(of date: Date) -> LocalDay {
        if let kept, from <= date, date < until { return kept }
        let day = LocalDay(date, in: calendar)
        let start = day.start(in: calendar)
        let end = day.adding(days: 1).start(in: calendar)
        // Kept only for a span the clocks don't change in (where they go
        // back, a day's instants are not one span; where they skip a day,
        // it has none) and that the calendar agrees with at both ends.
        let zone = calendar.timeZone
        let last = end.addingTimeInterval(-0.001)
        if start <= date, date < end, zone.secondsFromGMT(for: start) == zone.secondsFromGMT(for: last),
           (zone.nextDaylightSavingTimeTransition(after: start).map { $0 >= end } ?? true),
           LocalDay(start, in: calendar) == day, LocalDay(last, in: calendar) == day {
            (kept, from, until) = (day, start, end)
        } else {
            (kept, from, until) = (nil, .distantFuture, .distantPast)
        }
        return day
    }
}

/// `NameRules.key` of names that repeat (the member of each of thousands
/// of sets), each name keyed once.
public struct NameKeys {
    private var keys: [String: String] = [:]

    public init() {}

    /// `NameRules.key(name)`.
    public mutating func key(_ name: String) -> String {
        if let key = keys[name] { return key }
        let key = NameRules.key(name)
        keys[name] = key
        return key
    }
}
