import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// An instant written as a local wall-clock time and its UTC offset in
/// seconds, computed without Foundation's calendar (Howard Hinnant's
/// days_from_civil) so the tests don't share the code under test.
private func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, offsetHours: Int) -> Date {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146_097 + doe - 719_468
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + (hour - offsetHours) * 3_600 + minute * 60 + second))
}

private func month(_ text: String) throws -> LocalMonth {
    try #require(LocalMonth(parsing: text), "\(text) is not a month")
}

@Suite("Calendar grid")
struct CalendarGridTests {
    /// Month, first weekday (1 = Sunday, 2 = Monday, 7 = Saturday), empty
    /// cells before the 1st, rows, days; worked out with another calendar.
    @Test("puts the 1st under its weekday and fills whole weeks", arguments: [
        // A month starting on each weekday, weeks from Sunday.
        ("2026-02", 1, 0, 4, 28),  // Sunday
        ("2026-06", 1, 1, 5, 30),  // Monday
        ("2026-09", 1, 2, 5, 30),  // Tuesday
        ("2026-04", 1, 3, 5, 30),  // Wednesday
        ("2026-01", 1, 4, 5, 31),  // Thursday
        ("2026-05", 1, 5, 6, 31),  // Friday
        ("2026-08", 1, 6, 6, 31),  // Saturday
        // The same months, weeks from Monday.
        ("2026-02", 2, 6, 5, 28),
        ("2026-06", 2, 0, 5, 30),
        ("2026-09", 2, 1, 5, 30),
        ("2026-04", 2, 2, 5, 30),
        ("2026-01", 2, 3, 5, 31),
        ("2026-05", 2, 4, 5, 31),
        ("2026-08", 2, 5, 6, 31),
        ("2026-03", 2, 6, 6, 31),  // 31 days from a Sunday: six Monday weeks
        // Weeks from Saturday.
        ("2026-02", 7, 1, 5, 28),
        ("2026-08", 7, 0, 5, 31),
        ("2026-01", 7, 5, 6, 31),
        // February: leap years (every 4th; every 400th century) and not (other centuries).
        ("2024-02", 1, 4, 5, 29),
        ("2024-02", 2, 3, 5, 29),
        ("2000-02", 1, 2, 5, 29),
        ("2023-02", 1, 3, 5, 28),
        ("1900-02", 1, 4, 5, 28),
        ("2100-02", 1, 1, 5, 28),
        ("2100-02", 2, 0, 4, 28),  // 28 days from a Monday: four Monday weeks
        ("2015-02", 1, 0, 4, 28),  // 28 days from a Sunday: four Sunday weeks
    ])
    func layout(text: String, firstWeekday: Int, leading: Int, rows: Int, days: Int) throws {
        let weeks = CalendarGrid.weeks(of: try month(text), firstWeekday: firstWeekday)
        #expect(weeks.count == rows)
        #expect(weeks.allSatisfy { $0.count == 7 })
        let cells = weeks.flatMap { $0 }
        #expect(cells.prefix(leading).allSatisfy { $0 == nil })
        let filled = cells.compactMap { $0 }
        #expect(filled.count == days)
        #expect(filled.map(\.day) == Array(1...days))
        #expect(filled.allSatisfy { $0.description.hasPrefix(text) })
        #expect(cells[leading]?.day == 1)
        // Only blanks after the last day, and fewer than a week of them.
        let trailing = cells.count - leading - days
        #expect((0..<7).contains(trailing))
        #expect(cells.suffix(trailing).allSatisfy { $0 == nil })
    }

    @Test("keeps each day in the column of its weekday", arguments: [1, 2, 7])
    func columns(firstWeekday: Int) throws {
        for row in CalendarGrid.weeks(of: try month("2026-11"), firstWeekday: firstWeekday) {
            for (column, cell) in row.enumerated() {
                guard let cell else { continue }
                #expect((cell.weekday - firstWeekday + 7) % 7 == column, "\(cell) in column \(column)")
            }
        }
    }

    @Test("wraps a first weekday outside 1...7", arguments: [(8, 1), (0, 7), (-5, 2), (15, 1)])
    func wraps(given: Int, same: Int) throws {
        let november = try month("2026-11")
        #expect(CalendarGrid.weeks(of: november, firstWeekday: given) == CalendarGrid.weeks(of: november, firstWeekday: same))
    }

    @Test("starts weeks where the locale does", arguments: [
        ("en_US", 1), ("en_GB", 2), ("de_DE", 2), ("fr_FR", 2), ("ar_EG", 7),
    ])
    func locales(identifier: String, firstWeekday: Int) {
        #expect(CalendarGrid.firstWeekday(for: Locale(identifier: identifier)) == firstWeekday)
    }

    @Test("reads the locale for dates from the POSIX environment", arguments: [
        (["LANG": "en_US.UTF-8"], "en_US"),
        (["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"], "de_DE"),
        (["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8", "LC_ALL": "fr_FR"], "fr_FR"),
        (["LANG": "de_DE.UTF-8@euro", "LC_ALL": ""], "de_DE"),
        (["LANG": "C.UTF-8"], nil),
        (["LC_ALL": "POSIX"], nil),
        ([:], nil),
    ] as [([String: String], String?)])
    func environmentLocale(environment: [String: String], identifier: String?) {
        #expect(CalendarGrid.locale(environment: environment)?.identifier == identifier)
    }

    /// Instants on either side of midnight around Berlin's DST changes
    /// (29 March 2026: 02:00 CET → 03:00 CEST; 25 October 2026: 03:00 CEST →
    /// 02:00 CET), the day they fall on there, and that day's cell in the
    /// grid with weeks from Monday.
    @Test("lands instants near midnight across a DST change on the right day and cell", arguments: [
        (instant(2026, 3, 28, 23, 59, 59, offsetHours: 1), "2026-03-28", 4, 5),
        (instant(2026, 3, 29, 0, 0, 0, offsetHours: 1), "2026-03-29", 4, 6),
        (instant(2026, 3, 29, 1, 59, 59, offsetHours: 1), "2026-03-29", 4, 6),
        (instant(2026, 3, 29, 3, 0, 0, offsetHours: 2), "2026-03-29", 4, 6),
        (instant(2026, 3, 29, 23, 59, 59, offsetHours: 2), "2026-03-29", 4, 6),
        (instant(2026, 3, 30, 0, 0, 0, offsetHours: 2), "2026-03-30", 5, 0),
        (instant(2026, 10, 24, 23, 59, 59, offsetHours: 2), "2026-10-24", 3, 5),
        (instant(2026, 10, 25, 0, 0, 0, offsetHours: 2), "2026-10-25", 3, 6),
        (instant(2026, 10, 25, 2, 30, 0, offsetHours: 2), "2026-10-25", 3, 6),
        (instant(2026, 10, 25, 2, 30, 0, offsetHours: 1), "2026-10-25", 3, 6),
        (instant(2026, 10, 25, 23, 59, 59, offsetHours: 1), "2026-10-25", 3, 6),
        (instant(2026, 10, 26, 0, 0, 0, offsetHours: 1), "2026-10-26", 4, 0),
    ])
    func acrossDST(date: Date, expected: String, row: Int, column: Int) throws {
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let local = LocalDay(date, in: berlin)
        #expect(local == day(expected))
        let weeks = CalendarGrid.weeks(of: LocalMonth(local), firstWeekday: 2)
        #expect(weeks[row][column] == local)
    }

    @Test("finds each cell's day from its first and last instant in any zone, DST days included")
    func zoneFree() throws {
        let march = try month("2026-03")
        let days = CalendarGrid.weeks(of: march, firstWeekday: 2).flatMap { $0 }.compactMap { $0 }
        for identifier in ["Europe/Berlin", "America/Santiago", "Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: identifier))
            for day in days {
                let first = day.start(in: calendar)
                let last = day.adding(days: 1).start(in: calendar).addingTimeInterval(-1)
                #expect(LocalDay(first, in: calendar) == day, "\(day) in \(identifier)")
                #expect(LocalDay(last, in: calendar) == day, "\(day) in \(identifier)")
            }
        }
    }
}

@Suite("One-rep max estimates")
struct OneRepMaxTests {
    @Test("Epley and Brzycki as a table; one rep is the weight; Brzycki stops at 12 reps",
          arguments: [
            (OneRepMaxFormula.epley, 100.0, 1, Optional(100.0)),
            (.epley, 100, 5, 116.66666666666667),
            (.epley, 100, 10, 133.33333333333331),
            (.epley, 60, 30, 120),
            (.brzycki, 100, 1, 100),
            (.brzycki, 100, 5, 112.5),
            (.brzycki, 100, 12, 144),
            (.brzycki, 100, 13, nil),
            (.epley, 100, 0, nil),
          ] as [(OneRepMaxFormula, Double, Int, Double?)])
    func estimates(formula: OneRepMaxFormula, weight: Double, reps: Int, expected: Double?) {
        let estimate = formula.estimate(weight: weight, reps: reps)
        if let expected, let estimate {
            #expect(abs(estimate - expected) < 1e-9)
        } else {
            #expect(estimate == nil && expected == nil)
        }
    }

    @Test("kilograms compares across units: 135 lb is 61.23 kg")
    func kilograms() {
        #expect(abs(Weight(value: 135, unit: .lb).kilograms - 61.234969950) < 1e-6)
        #expect(Weight(value: 60, unit: .kg).kilograms == 60)
    }
}
