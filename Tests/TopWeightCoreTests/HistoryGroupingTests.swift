import Foundation
import Testing
@testable import TopWeightCore

/// An instant written as a local wall-clock time and its UTC offset, computed
/// without Foundation's calendar so the tests don't share the code under test.
private func at(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, offset: Int
) -> Date {
    // Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146_097 + doe - 719_468
    let seconds = days * 86_400 + (hour - offset) * 3_600 + minute * 60
    return Date(timeIntervalSince1970: TimeInterval(seconds))
}

private func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier), "time zone \(identifier) is missing")
}

@Suite("History grouping")
struct HistoryGroupingTests {
    @Test("the instant helper agrees with a known epoch time")
    func helper() {
        // 2025-11-14T12:00:00Z
        #expect(at(2025, 11, 14, 12, 0, offset: 0).timeIntervalSince1970 == 1_763_121_600)
        #expect(at(2025, 11, 14, 13, 0, offset: 1) == at(2025, 11, 14, 12, 0, offset: 0))
        #expect(at(1970, 1, 1, 0, 0, offset: 0).timeIntervalSince1970 == 0)
    }

    // MARK: - Labels

    @Test("labels days the way a person says them", arguments: [
        (at(2025, 11, 16, 11, 0, offset: 0), "Today"),
        (at(2025, 11, 16, 0, 0, offset: 0), "Today"),
        (at(2025, 11, 16, 23, 59, offset: 0), "Today"),
        (at(2025, 11, 15, 23, 59, offset: 0), "Yesterday"),
        (at(2025, 11, 15, 0, 0, offset: 0), "Yesterday"),
        (at(2025, 11, 14, 23, 59, offset: 0), "Fri 14 Nov"),
        (at(2025, 11, 9, 8, 0, offset: 0), "Sun 9 Nov"),
        (at(2025, 11, 17, 8, 0, offset: 0), "Mon 17 Nov"),
        (at(2025, 1, 1, 0, 0, offset: 0), "Wed 1 Jan"),
        (at(2024, 12, 31, 23, 59, offset: 0), "Tue 31 Dec 2024"),
        (at(2024, 12, 14, 9, 30, offset: 0), "Sat 14 Dec 2024"),
        (at(2019, 2, 28, 9, 30, offset: 0), "Thu 28 Feb 2019"),
    ])
    func labels(date: Date, label: String) throws {
        let grouping = HistoryGrouping(timeZone: try zone("UTC"))
        let now = at(2025, 11, 16, 12, 0, offset: 0)  // Sunday
        #expect(grouping.label(for: date, now: now) == label)
    }

    @Test("says Yesterday across New Year, and the year the day after")
    func newYear() throws {
        let grouping = HistoryGrouping(timeZone: try zone("Europe/Madrid"))
        let now = at(2026, 1, 1, 10, 0, offset: 1)
        #expect(grouping.label(for: at(2025, 12, 31, 22, 0, offset: 1), now: now) == "Yesterday")
        #expect(grouping.label(for: at(2025, 12, 30, 22, 0, offset: 1), now: now) == "Tue 30 Dec 2025")
        #expect(grouping.label(for: at(2026, 1, 1, 0, 1, offset: 1), now: now) == "Today")
    }

    // MARK: - Midnight

    @Test("splits 23:59 and 00:01 into different days", arguments: [
        ("Europe/Madrid", 1), ("America/New_York", -5), ("Pacific/Auckland", 13), ("UTC", 0),
    ])
    func midnight(identifier: String, offset: Int) throws {
        let grouping = HistoryGrouping(timeZone: try zone(identifier))
        let now = at(2025, 11, 15, 12, 0, offset: offset)
        let records = [
            at(2025, 11, 15, 0, 1, offset: offset),
            at(2025, 11, 14, 23, 59, offset: offset),
            at(2025, 11, 14, 0, 0, offset: offset),
        ]
        let groups = grouping.group(records, now: now, date: { $0 })
        #expect(groups.map(\.label) == ["Today", "Yesterday"])
        #expect(groups.map(\.items) == [[records[0]], [records[1], records[2]]])
        #expect(groups.first?.day == at(2025, 11, 15, 0, 0, offset: offset))
    }

    // MARK: - Daylight saving time

    struct DSTCase: Sendable, CustomTestStringConvertible {
        var zone: String
        var what: String
        var now: Date
        var record: Date
        var label: String
        var testDescription: String { "\(zone), \(what): \(label)" }
    }

    static let dst: [DSTCase] = [
        // Europe/Madrid springs forward on Sun 30 Mar 2025 (a 23-hour day, +1 → +2).
        DSTCase(zone: "Europe/Madrid", what: "00:30 after the 23-hour day, 23 h later",
                now: at(2025, 3, 31, 0, 30, offset: 2), record: at(2025, 3, 30, 0, 30, offset: 1), label: "Yesterday"),
        DSTCase(zone: "Europe/Madrid", what: "00:30 after the 23-hour day, seen that day",
                now: at(2025, 3, 31, 0, 45, offset: 2), record: at(2025, 3, 31, 0, 30, offset: 2), label: "Today"),
        DSTCase(zone: "Europe/Madrid", what: "the evening before the 23-hour day",
                now: at(2025, 3, 31, 0, 30, offset: 2), record: at(2025, 3, 29, 23, 59, offset: 1), label: "Sat 29 Mar"),
        DSTCase(zone: "Europe/Madrid", what: "both ends of the 23-hour day",
                now: at(2025, 3, 30, 23, 30, offset: 2), record: at(2025, 3, 30, 0, 15, offset: 1), label: "Today"),
        // Europe/Madrid falls back on Sun 26 Oct 2025 (a 25-hour day, +2 → +1).
        DSTCase(zone: "Europe/Madrid", what: "00:30 after the 25-hour day, 25 h 20 min later",
                now: at(2025, 10, 27, 0, 30, offset: 1), record: at(2025, 10, 26, 0, 10, offset: 2), label: "Yesterday"),
        DSTCase(zone: "Europe/Madrid", what: "the evening before the 25-hour day",
                now: at(2025, 10, 27, 0, 30, offset: 1), record: at(2025, 10, 25, 23, 50, offset: 2), label: "Sat 25 Oct"),
        DSTCase(zone: "Europe/Madrid", what: "both ends of the 25-hour day",
                now: at(2025, 10, 26, 23, 50, offset: 1), record: at(2025, 10, 26, 0, 5, offset: 2), label: "Today"),
        DSTCase(zone: "Europe/Madrid", what: "the repeated hour",
                now: at(2025, 10, 27, 0, 30, offset: 1), record: at(2025, 10, 26, 2, 30, offset: 1), label: "Yesterday"),
        // America/New_York springs forward on Sun 9 Mar 2025 (-5 → -4).
        DSTCase(zone: "America/New_York", what: "00:30 after the 23-hour day, 23 h later",
                now: at(2025, 3, 10, 0, 30, offset: -4), record: at(2025, 3, 9, 0, 30, offset: -5), label: "Yesterday"),
        DSTCase(zone: "America/New_York", what: "the evening before the 23-hour day",
                now: at(2025, 3, 10, 0, 30, offset: -4), record: at(2025, 3, 8, 23, 59, offset: -5), label: "Sat 8 Mar"),
        DSTCase(zone: "America/New_York", what: "both ends of the 23-hour day",
                now: at(2025, 3, 9, 23, 30, offset: -4), record: at(2025, 3, 9, 0, 15, offset: -5), label: "Today"),
        // America/New_York falls back on Sun 2 Nov 2025 (-4 → -5).
        DSTCase(zone: "America/New_York", what: "00:30 after the 25-hour day, 25 h 20 min later",
                now: at(2025, 11, 3, 0, 30, offset: -5), record: at(2025, 11, 2, 0, 10, offset: -4), label: "Yesterday"),
        DSTCase(zone: "America/New_York", what: "the evening before the 25-hour day",
                now: at(2025, 11, 3, 0, 30, offset: -5), record: at(2025, 11, 1, 23, 50, offset: -4), label: "Sat 1 Nov"),
        DSTCase(zone: "America/New_York", what: "both ends of the 25-hour day",
                now: at(2025, 11, 2, 23, 50, offset: -5), record: at(2025, 11, 2, 0, 5, offset: -4), label: "Today"),
    ]

    @Test("counts calendar days, not 24-hour periods, across DST", arguments: dst)
    func daylightSaving(_ example: DSTCase) throws {
        let grouping = HistoryGrouping(timeZone: try zone(example.zone))
        #expect(grouping.label(for: example.record, now: example.now) == example.label)
    }

    @Test("keeps a whole 23-hour day in one group")
    func shortDayGroup() throws {
        let grouping = HistoryGrouping(timeZone: try zone("Europe/Madrid"))
        let records = [
            at(2025, 3, 31, 0, 5, offset: 2),
            at(2025, 3, 30, 23, 55, offset: 2),
            at(2025, 3, 30, 3, 30, offset: 2),
            at(2025, 3, 30, 1, 30, offset: 1),
            at(2025, 3, 30, 0, 0, offset: 1),
            at(2025, 3, 29, 23, 59, offset: 1),
        ]
        let groups = grouping.group(records, now: at(2025, 3, 31, 10, 0, offset: 2), date: { $0 })
        #expect(groups.map(\.label) == ["Today", "Yesterday", "Sat 29 Mar"])
        #expect(groups.map(\.items.count) == [1, 4, 1])
        #expect(groups.map(\.day) == [
            at(2025, 3, 31, 0, 0, offset: 2), at(2025, 3, 30, 0, 0, offset: 1), at(2025, 3, 29, 0, 0, offset: 1),
        ])
    }

    @Test("keeps a whole 25-hour day in one group")
    func longDayGroup() throws {
        let grouping = HistoryGrouping(timeZone: try zone("America/New_York"))
        let records = [
            at(2025, 11, 2, 23, 59, offset: -5),
            at(2025, 11, 2, 1, 30, offset: -5),
            at(2025, 11, 2, 1, 30, offset: -4),
            at(2025, 11, 2, 0, 0, offset: -4),
            at(2025, 11, 1, 23, 59, offset: -4),
        ]
        let groups = grouping.group(records, now: at(2025, 11, 3, 9, 0, offset: -5), date: { $0 })
        #expect(groups.map(\.label) == ["Yesterday", "Sat 1 Nov"])
        #expect(groups.map(\.items.count) == [4, 1])
    }

    // MARK: - Time zones

    @Test("groups the same instants differently in two time zones")
    func twoZones() throws {
        let records = [at(2025, 11, 14, 11, 30, offset: 0), at(2025, 11, 14, 10, 30, offset: 0)]
        let now = at(2025, 11, 14, 12, 0, offset: 0)

        let utc = HistoryGrouping(timeZone: try zone("UTC")).group(records, now: now, date: { $0 })
        #expect(utc.map(\.label) == ["Today"])
        #expect(utc.map(\.items.count) == [2])

        // Auckland is at +13 in November: 11:30Z is already 00:30 on the 15th there.
        let auckland = HistoryGrouping(timeZone: try zone("Pacific/Auckland"))
        let groups = auckland.group(records, now: now, date: { $0 })
        #expect(groups.map(\.label) == ["Today", "Yesterday"])
        #expect(groups.map(\.items) == [[records[0]], [records[1]]])
        #expect(auckland.time(of: records[0]) == "00:30")
        #expect(auckland.time(of: records[1]) == "23:30")

        let newYork = HistoryGrouping(timeZone: try zone("America/New_York"))
        #expect(newYork.label(for: at(2025, 11, 14, 3, 0, offset: 0), now: now) == "Yesterday")
        #expect(newYork.time(of: records[0]) == "06:30")
    }

    @Test("writes local times with two-digit hours and minutes", arguments: [
        (at(2025, 11, 14, 7, 5, offset: 0), "07:05"),
        (at(2025, 11, 14, 0, 0, offset: 0), "00:00"),
        (at(2025, 11, 14, 18, 42, offset: 0), "18:42"),
        (at(2025, 11, 14, 23, 59, offset: 0), "23:59"),
    ])
    func time(date: Date, text: String) throws {
        #expect(HistoryGrouping(timeZone: try zone("UTC")).time(of: date) == text)
    }

    // MARK: - start(ofLast:now:)

    @Test("finds the start of the last N local days", arguments: [
        ("UTC", at(2025, 11, 16, 12, 0, offset: 0), 1, at(2025, 11, 16, 0, 0, offset: 0)),
        ("UTC", at(2025, 11, 16, 12, 0, offset: 0), 7, at(2025, 11, 10, 0, 0, offset: 0)),
        ("UTC", at(2025, 11, 16, 12, 0, offset: 0), 0, at(2025, 11, 16, 0, 0, offset: 0)),
        ("UTC", at(2025, 11, 16, 12, 0, offset: 0), -3, at(2025, 11, 16, 0, 0, offset: 0)),
        ("UTC", at(2025, 3, 1, 12, 0, offset: 0), 2, at(2025, 2, 28, 0, 0, offset: 0)),
        ("Europe/Madrid", at(2025, 3, 31, 10, 0, offset: 2), 1, at(2025, 3, 31, 0, 0, offset: 2)),
        ("Europe/Madrid", at(2025, 3, 31, 10, 0, offset: 2), 2, at(2025, 3, 30, 0, 0, offset: 1)),
        ("Europe/Madrid", at(2025, 3, 31, 10, 0, offset: 2), 3, at(2025, 3, 29, 0, 0, offset: 1)),
        ("Europe/Madrid", at(2025, 10, 27, 0, 30, offset: 1), 2, at(2025, 10, 26, 0, 0, offset: 2)),
        ("America/New_York", at(2025, 11, 3, 12, 0, offset: -5), 2, at(2025, 11, 2, 0, 0, offset: -4)),
        ("Pacific/Auckland", at(2025, 11, 14, 12, 0, offset: 0), 1, at(2025, 11, 15, 0, 0, offset: 13)),
    ])
    func startOfLast(identifier: String, now: Date, days: Int, start: Date) throws {
        let grouping = HistoryGrouping(timeZone: try zone(identifier))
        #expect(grouping.start(ofLast: days, now: now) == start)
    }
}
