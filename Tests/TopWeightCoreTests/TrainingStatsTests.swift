import Foundation
import Testing
@testable import TopWeightCore
import TopWeightTestSupport

/// `2026-10-25T22:30:00Z` as an instant.
private func utc(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text), "\(text) is not an instant")
}

private func calendar(_ zone: String) throws -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    return calendar
}

/// One session a day on each of `days`, 3 sets of 1 000 kg each.
private func sessions(_ days: [String]) throws -> [DayTotals] {
    days.map { DayTotals(day: day($0), records: 1, sets: 3, volumeKilograms: 1_000) }
}

@Suite("Local days as numbers, weeks from Monday")
struct LocalDayNumberTests {
    @Test("days since 1970 agree with Foundation's calendar from 1600 to 9999, both ways; years 1 to 9999 round-trip")
    func daysAgreeWithFoundation() throws {
        let utc = try calendar("UTC")
        #expect(day("1970-01-01").daysSince1970 == 0)
        #expect(day("1969-12-31").daysSince1970 == -1)
        #expect(day("2000-03-01").daysSince1970 == 11_017)
        // ISO 8601's proleptic Gregorian days: 0001-01-01 is day -719 162.
        #expect(day("0001-01-01").daysSince1970 == -719_162)
        for number in stride(from: -719_162, through: 2_932_896, by: 997) {
            #expect(LocalDay(daysSince1970: number)?.daysSince1970 == number, "day \(number)")
        }
        // Foundation's Gregorian calendar is Julian before October 1582; from 1600 on they agree.
        for number in stride(from: -135_140, through: 2_932_896, by: 997) + [-135_140, 2_932_896, 0, -1, 59, 60, 11_016] {
            let found = try #require(LocalDay(daysSince1970: number), "day \(number)")
            #expect(found.daysSince1970 == number)
            let expected = LocalDay(Date(timeIntervalSince1970: Double(number) * 86_400 + 43_200), in: utc)
            #expect(found == expected, "day \(number)")
        }
        #expect(LocalDay(daysSince1970: -719_163) == nil, "the day before 0001-01-01")
        #expect(LocalDay(daysSince1970: 2_932_897) == nil, "the day after 9999-12-31")
    }

    @Test("a week runs Monday to Sunday, across year ends", arguments: [
        ("2026-12-28", "2027-01-03", true),   // Monday and Sunday of the week of New Year
        ("2027-01-03", "2027-01-04", false),  // Sunday, then Monday
        ("2020-12-31", "2021-01-03", true),   // Thursday and Sunday
        ("1969-12-29", "1970-01-04", true),   // across 1970
        ("1969-12-28", "1969-12-29", false),
        ("2026-10-25", "2026-10-26", false),  // the DST change's Sunday, then Monday
    ])
    func weeks(first: String, second: String, same: Bool) throws {
        #expect((day(first).mondayWeek == day(second).mondayWeek) == same)
    }
}

@Suite("Time zone offsets for days in a database")
struct ZoneOffsetsTests {
    /// Every 15 minutes over a zone's DST weekends and New Year, the local day
    /// from the offsets is the calendar's.
    @Test("the local day of an instant matches Foundation's, across DST and year ends",
          arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Santiago", "Asia/Kolkata", "UTC"])
    func matchesCalendar(zone: String) throws {
        let calendar = try calendar(zone)
        let offsets = ZoneOffsets(calendar.timeZone, from: try utc("2025-06-01T00:00:00Z"), through: try utc("2027-06-01T00:00:00Z"))
        let spans = ["2026-03-06T00:00:00Z", "2026-03-27T00:00:00Z", "2026-04-03T00:00:00Z", "2026-09-04T00:00:00Z",
                     "2026-10-02T00:00:00Z", "2026-10-23T00:00:00Z", "2026-10-30T00:00:00Z", "2026-12-30T00:00:00Z"]
        for start in spans {
            var instant = try utc(start)
            for _ in 0..<(4 * 24 * 4) {
                let milliseconds = ZoneOffsets.milliseconds(instant)
                #expect(offsets.daysSince1970(at: milliseconds) == LocalDay(instant, in: calendar).daysSince1970, "\(zone) \(instant)")
                instant.addTimeInterval(15 * 60)
            }
        }
    }

    @Test("a zone without DST has one offset; before the span the first offset holds")
    func fixedAndBefore() throws {
        let kolkata = ZoneOffsets(try #require(TimeZone(identifier: "Asia/Kolkata")), from: try utc("2026-01-01T00:00:00Z"),
                                  through: try utc("2027-01-01T00:00:00Z"))
        #expect(kolkata.changes == [ZoneOffsets.Change(from: ZoneOffsets.milliseconds(try utc("2026-01-01T00:00:00Z")), seconds: 19_800)])
        // 1960: before the span and before 1970, still the right day.
        #expect(kolkata.daysSince1970(at: ZoneOffsets.milliseconds(try utc("1960-01-01T20:00:00Z"))) == (day("1960-01-02")).daysSince1970)
        let berlin = ZoneOffsets(try #require(TimeZone(identifier: "Europe/Berlin")), from: try utc("2026-01-01T00:00:00Z"),
                                 through: try utc("2027-01-01T00:00:00Z"))
        #expect(berlin.changes.map(\.seconds) == [3_600, 7_200, 3_600])
    }
}

@Suite("Training stats")
struct TrainingStatsTests {
    @Test("weeks-active streak: up to this week, or last week while this one has none; across year ends", arguments: [
        // today, session days, streak
        ("2027-01-13", ["2026-12-30", "2027-01-05", "2027-01-12"], 3),
        ("2027-01-11", ["2026-12-30", "2027-01-05"], 2),                      // this week has none yet: from last week
        ("2027-01-20", ["2027-01-05", "2027-01-06"], 0),                      // neither this week nor last
        ("2027-01-13", ["2026-12-16", "2027-01-05", "2027-01-12"], 2),        // two weeks without a session break it
        ("2027-01-11", ["2027-01-10", "2027-01-11"], 2),                      // Sunday and Monday: two weeks
        ("2027-01-11", ["2027-01-04", "2027-01-05", "2027-01-10"], 1),        // three sessions, one week
        ("2027-01-11", [], 0),
        ("2027-01-11", ["2027-01-12"], 0),                                    // a day ahead of today doesn't count
        ("2021-01-06", ["2020-12-21", "2020-12-28", "2021-01-03", "2021-01-04"], 3),
    ])
    func streak(today: String, days: [String], expected: Int) throws {
        let stats = TrainingStats(days: try sessions(days), exercises: [], today: day(today))
        #expect(stats.weeksActiveStreak == expected)
    }

    @Test("a session late on a DST Sunday stays in its week", arguments: [
        // The instant (Berlin), an earlier session, today, the streak. 22:30Z on 25 October is
        // 23:30 on Sunday in Berlin (00:30 Monday with the summer offset, which would make it 1);
        // 22:30Z on 29 March is 00:30 on Monday (23:30 Sunday with the winter offset: 2).
        ("2026-10-25T22:30:00Z", "2026-10-18", "2026-10-27", 2),
        ("2026-03-29T22:30:00Z", "2026-03-22", "2026-03-31", 1),
    ])
    func dstWeek(instant: String, before: String, today: String, expected: Int) throws {
        let berlin = try calendar("Europe/Berlin")
        let offsets = ZoneOffsets(berlin.timeZone, from: try utc("2026-01-01T00:00:00Z"), through: try utc("2027-01-01T00:00:00Z"))
        let late = try #require(LocalDay(daysSince1970: offsets.daysSince1970(at: ZoneOffsets.milliseconds(try utc(instant)))))
        let earlier = day(before)
        let stats = TrainingStats(days: [DayTotals(day: earlier, records: 1, sets: 1, volumeKilograms: 1),
                                         DayTotals(day: late, records: 1, sets: 1, volumeKilograms: 1)],
                                  exercises: [], today: day(today))
        #expect(stats.weeksActiveStreak == expected)
    }

    @Test("sessions, sets and volume this week, this month and all time; days since the last lift")
    func tallies() throws {
        // Wednesday 2 December 2026: the week began in November.
        let days = try sessions(["2026-10-30", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"])
        let stats = TrainingStats(days: days, exercises: [], today: day("2026-12-02"))
        #expect(stats.thisWeek == TrainingStats.Tally(sessions: 3, sets: 9, volumeKilograms: 3_000))
        #expect(stats.thisMonth == TrainingStats.Tally(sessions: 2, sets: 6, volumeKilograms: 2_000))
        #expect(stats.allTime == TrainingStats.Tally(sessions: 5, sets: 15, volumeKilograms: 5_000))
        #expect(stats.totalVolumeKilograms == 5_000)
        #expect(stats.lastLift == (day("2026-12-02")))
        #expect(stats.daysSinceLastLift == 0)
        #expect(stats.firstLift == (day("2026-10-30")))
        let later = TrainingStats(days: days, exercises: [], today: day("2027-01-05"))
        #expect(later.daysSinceLastLift == 33)
        #expect(later.thisWeek == TrainingStats.Tally())
        let none = TrainingStats(days: [], exercises: [], today: day("2027-01-05"))
        #expect(none.daysSinceLastLift == nil && none.lastLift == nil && none.weeksActiveStreak == 0)
    }

    @Test("most trained by sets (then name), five at most; volume by category, most first, no category as nil")
    func exercises() throws {
        let totals = [
            ExerciseTotals(exercise: "Bench Press", category: "barbell", records: 10, sets: 30, volumeKilograms: 6_000),
            ExerciseTotals(exercise: "Back Squat", category: "barbell", records: 10, sets: 30, volumeKilograms: 9_000),
            ExerciseTotals(exercise: "Curl", category: "dumbbell", records: 5, sets: 15, volumeKilograms: 900),
            ExerciseTotals(exercise: "Plank", category: nil, records: 8, sets: 8, volumeKilograms: 0),
            ExerciseTotals(exercise: "Dip", category: "", records: 2, sets: 6, volumeKilograms: 100),
            ExerciseTotals(exercise: "Row", category: "barbell", records: 1, sets: 3, volumeKilograms: 300),
        ]
        let stats = TrainingStats(days: [], exercises: totals, today: day("2027-01-05"))
        #expect(stats.mostTrained.map(\.exercise) == ["Back Squat", "Bench Press", "Curl", "Plank", "Dip"])
        #expect(stats.volumeByCategory == [
            TrainingStats.CategoryVolume(category: "barbell", volumeKilograms: 15_300, sets: 63),
            TrainingStats.CategoryVolume(category: "dumbbell", volumeKilograms: 900, sets: 15),
            TrainingStats.CategoryVolume(category: nil, volumeKilograms: 100, sets: 14),
        ])
    }
}
