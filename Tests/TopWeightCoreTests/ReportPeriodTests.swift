import Foundation
import Testing
import TopWeightCore

@Suite("The report's periods and a program's compliance")
struct ReportPeriodTests {
    static func day(_ text: String) throws -> LocalDay {
        try #require(LocalDay(parsing: text))
    }

    @Test("ISO weeks: week 1 holds the year's first Thursday, a 53rd week only in a year that has one",
          arguments: [("2026-W01", "2025-12-29"), ("2026-W47", "2026-11-16"), ("2020-W53", "2020-12-28"), ("2027-W01", "2027-01-04"),
                      ("2015-W53", "2015-12-28"), ("2026-W53", "2026-12-28"), ("2026-w02", "2026-01-05")])
    func isoWeeks(text: String, monday: String) throws {
        let period = try #require(ReportPeriod(week: text))
        #expect(period.first == (try Self.day(monday)))
        #expect(period.last == (try Self.day(monday)).adding(days: 6))
        #expect(period.first.weekday == 2)
        #expect(period.description == text.uppercased())
        #expect(ReportPeriod.week(of: period.last) == period)
    }

    @Test("a week the year doesn't have, or not written YYYY-Www, is refused",
          arguments: ["2025-W53", "2026-W00", "2026-W54", "2026-47", "26-W47", "2026-W4", "2026-W047", "2026W47", "", "2026-W4x", "２０２６-W47"])
    func badWeeks(text: String) {
        #expect(ReportPeriod(week: text) == nil)
    }

    @Test("the default is the last whole week, whatever day of the week it is asked on")
    func lastFullWeek() throws {
        for offset in 0..<7 {
            let today = (try Self.day("2026-11-23")).adding(days: offset)
            #expect(ReportPeriod.lastFullWeek(before: today).description == "2026-W47")
        }
        #expect(ReportPeriod.lastFullWeek(before: try Self.day("2026-01-01")).description == "2025-W52")
    }

    @Test("the period before: the week before (across a year), the month before (across a year)")
    func previous() throws {
        #expect(try #require(ReportPeriod(week: "2026-W01")).previous.description == "2025-W52")
        #expect(try #require(ReportPeriod(week: "2021-W01")).previous.description == "2020-W53")
        let january = try #require(ReportPeriod(month: "2026-01"))
        #expect(january.previous.description == "2025-12")
        #expect(january.previous.dayCount == 31)
        #expect(try #require(ReportPeriod(month: "2024-02")).dayCount == 29)
    }

    // MARK: - Compliance

    static let fiveByFive = Program(name: "5x5", weeks: [Program.Week(days: [
        Program.Day(name: "A", exercises: [
            Program.Prescription(exercise: "Back Squat", sets: Array(repeating: PrescribedSet(load: .percent(1000), reps: 5), count: 5)),
            Program.Prescription(exercise: "Bench Press", sets: Array(repeating: PrescribedSet(load: .percent(1000), reps: 5), count: 5)),
        ]),
        Program.Day(name: "B", exercises: [
            Program.Prescription(exercise: "Back Squat", sets: Array(repeating: PrescribedSet(load: .percent(1000), reps: 5), count: 5)),
            Program.Prescription(exercise: "Deadlift", sets: [PrescribedSet(load: .percent(1000), reps: 5)]),
        ]),
    ])])

    static func set(_ exercise: String, reps: Int, series: Int, kind: SetKind? = nil) -> WorkoutRecord {
        WorkoutRecord(id: 1, user: "Ana", exercise: exercise, values: SetValues(weight: Weight(value: 100, unit: .kg), reps: reps, series: series),
                      performedAt: Date(timeIntervalSince1970: 0), kind: kind)
    }

    @Test("a day is judged against the program's day it fits best; a set counts with at least its reps; warm-ups never")
    func compliance() {
        // All of B: squats and the deadlift.
        #expect(ProgramCompliance.judge([Self.set("Back Squat", reps: 5, series: 5), Self.set("Deadlift", reps: 5, series: 1)],
                                        against: Self.fiveByFive).map { [$0.prescribed, $0.done] } == [6, 6])
        // A (its bench warmed up for, then skipped) with one squat set short of reps: 4 of 10.
        #expect(ProgramCompliance.judge([Self.set("Back Squat", reps: 5, series: 4), Self.set("Back Squat", reps: 3, series: 1),
                                         Self.set("Bench Press", reps: 5, series: 5, kind: .warmup)], against: Self.fiveByFive).map { [$0.prescribed, $0.done] } == [10, 4])
        // Squats only fit both days: the one asking least.
        #expect(ProgramCompliance.judge([Self.set("Back Squat", reps: 8, series: 5)], against: Self.fiveByFive).map { [$0.prescribed, $0.done] } == [6, 5])
        // A day of curls is no day of the program.
        #expect(ProgramCompliance.judge([Self.set("Curl", reps: 10, series: 3)], against: Self.fiveByFive) == nil)
        var total = ProgramCompliance(program: "5x5")
        total.add(day: [Self.set("Curl", reps: 10, series: 3)], of: Self.fiveByFive)
        total.add(day: [Self.set("Back Squat", reps: 5, series: 5), Self.set("Bench Press", reps: 5, series: 5)], of: Self.fiveByFive)
        #expect(total == ProgramCompliance(program: "5x5", days: 1, prescribed: 10, done: 10))
    }
}

@Suite("A period under way")
struct PeriodSoFarTests {
    static func day(_ text: String) throws -> LocalDay {
        try #require(LocalDay(parsing: text))
    }

    @Test("compared with the same days of the period before; once over, with the whole of it",
          arguments: [("2026-W49", "2026-12-01", "2026-11-23", "2026-11-24"), ("2026-W49", "2026-12-06", "2026-11-23", "2026-11-29"),
                      ("2026-W49", "2026-12-09", "2026-11-23", "2026-11-29"), ("2026-12", "2026-12-15", "2026-11-01", "2026-11-15"),
                      ("2026-03", "2026-03-31", "2026-02-01", "2026-02-28"), ("2026-03", "2026-03-30", "2026-02-01", "2026-02-28"),
                      ("2026-12", "2026-12-01", "2026-11-01", "2026-11-01")])
    func before(period text: String, through: String, first: String, last: String) throws {
        let period = try #require(text.contains("W") ? ReportPeriod(week: text) : ReportPeriod(month: text))
        let before = period.before(through: min(try Self.day(through), period.last))
        #expect(before.first == (try Self.day(first)))
        #expect(before.last == (try Self.day(last)))
    }

    @Test("a report seen on a day of its period is so far; after it, complete; a period to come is refused in one line")
    func soFar() throws {
        let week = try #require(ReportPeriod(week: "2026-W49"))
        let tuesday = try Self.day("2026-12-01")
        let running = GymReport(period: week, today: tuesday, inactiveAfterDays: 14, members: [], inactive: [])
        #expect(!running.complete && running.through == tuesday)
        let sunday = GymReport(period: week, today: try Self.day("2026-12-06"), inactiveAfterDays: 14, members: [], inactive: [])
        #expect(!sunday.complete)
        let over = GymReport(period: week, today: try Self.day("2026-12-07"), inactiveAfterDays: 14, members: [], inactive: [])
        #expect(over.complete && over.through == week.last)
        let future = try #require(ReportPeriod(week: "2027-W05"))
        #expect(GymReport.refusal(of: future, today: try Self.day("2026-12-01"))
                == "2027-W05 hasn't begun: it starts on 2027-02-01 and today is 2026-12-01; a report counts what was done")
        #expect(GymReport.refusal(of: week, today: try Self.day("2026-12-01")) == nil)
    }
}
