import Foundation
import Testing
import TopWeightCatalog
@testable import TopWeightCore
import TopWeightTestSupport
import TopWeightUseCases

/// The coach's report on every engine, its figures checked against ones the
/// test works out itself from the sets it saved: a week with PRs, a deload,
/// a skipped day and skipped sets of a program, a member who stopped coming,
/// a member on no program, a private member's sets of every kind.
@Suite("The coach's report, on a file, in memory and on PostgreSQL")
struct CoachReportStoreTests {
    /// One set as the test saved it.
    struct Saved {
        var member: String
        var exercise: String
        var values: SetValues
        var at: Date
        var kind: SetKind?
    }

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }

    /// `2026-11-16` at `hour` UTC.
    static func on(_ day: String, _ hour: Int = 18) throws -> Date {
        let local = try #require(LocalDay(parsing: day))
        return local.start(in: utc).addingTimeInterval(Double(hour) * 3600)
    }

    static func weights(_ weight: Double, _ reps: Int, _ series: Int) -> SetValues {
        SetValues(weight: Weight(value: weight, unit: .kg), reps: reps, series: series)
    }

    /// The gym: Ana on 5x5, Bo on no program and deloading, Cy who stopped
    /// coming, Dee gone long ago, Eve quiet for less than the setting, Fay
    /// private with a bodyweight, a timed and a distance exercise.
    static func gym() throws -> [Saved] {
        var sets: [Saved] = []
        func add(_ member: String, _ exercise: String, _ values: SetValues, _ day: String, _ hour: Int = 18, kind: SetKind? = nil) throws {
            sets.append(Saved(member: member, exercise: exercise, values: values, at: try on(day, hour), kind: kind))
        }
        // Ana, week 46: A, B, A.
        for (day, squat, upper, upperLift) in [("2026-11-09", 100.0, 60.0, "Bench Press"), ("2026-11-13", 102.5, 62.5, "Bench Press")] {
            try add("Ana", "Back Squat", weights(squat, 5, 5), day, 17)
            try add("Ana", upperLift, weights(upper, 5, 5), day, 18)
            try add("Ana", "Barbell Row", weights(upper, 5, 5), day, 19)
        }
        try add("Ana", "Back Squat", weights(100, 5, 5), "2026-11-11", 17)
        try add("Ana", "Overhead Press", weights(40, 5, 5), "2026-11-11", 18)
        try add("Ana", "Deadlift", weights(120, 5, 1), "2026-11-11", 19)
        // Week 47: B on Monday, Wednesday skipped, A on Friday with a squat
        // set short, rows of 4 reps, and a warm-up.
        try add("Ana", "Back Squat", weights(105, 5, 5), "2026-11-16", 17)
        try add("Ana", "Overhead Press", weights(42.5, 5, 5), "2026-11-16", 18)
        try add("Ana", "Deadlift", weights(125, 5, 1), "2026-11-16", 19)
        try add("Ana", "Back Squat", weights(60, 5, 1), "2026-11-20", 16, kind: .warmup)
        try add("Ana", "Back Squat", weights(107.5, 5, 4), "2026-11-20", 17)
        try add("Ana", "Bench Press", weights(65, 5, 5), "2026-11-20", 18)
        try add("Ana", "Barbell Row", weights(62.5, 4, 5), "2026-11-20", 19)
        // Bo: a deload week after two heavier ones, no program.
        try add("Bo", "Bench Press", weights(95, 5, 3), "2026-10-26")
        try add("Bo", "Bench Press", weights(100, 5, 3), "2026-11-09")
        try add("Bo", "Bench Press", weights(100, 5, 3), "2026-11-12")
        try add("Bo", "Bench Press", weights(90, 5, 3), "2026-11-17")
        try add("Bo", "Bench Press", weights(90, 5, 3), "2026-11-19")
        // Cy stopped coming on 30 October; Dee in June; Eve was here on the 10th.
        for day in ["2026-10-26", "2026-10-28", "2026-10-30"] { try add("Cy", "Deadlift", weights(140, 3, 3), day) }
        try add("Dee", "Deadlift", weights(100, 5, 3), "2026-06-01")
        try add("Eve", "Back Squat", weights(80, 5, 3), "2026-11-10")
        // Fay (private): every kind of set, a PR of each kind in week 47.
        try add("Fay", "Pull-up", SetValues.bodyweight(load: 500, unit: .kg, reps: 6, series: 3), "2026-11-02")
        try add("Fay", "Plank", SetValues.timed(SetDuration(seconds: 60), series: 3), "2026-11-02")
        try add("Fay", "Rowing", SetValues.covered(Distance(value: 2000, unit: .m), in: SetDuration(seconds: 480)), "2026-11-02")
        try add("Fay", "Pull-up", SetValues.bodyweight(load: 1000, unit: .kg, reps: 8, series: 3), "2026-11-18", 17)
        try add("Fay", "Plank", SetValues.timed(SetDuration(seconds: 90), series: 3), "2026-11-18", 18)
        try add("Fay", "Rowing", SetValues.covered(Distance(value: 2000, unit: .m), in: SetDuration(seconds: 460)), "2026-11-18", 19)
        return sets
    }

    static let kinds: [String: ExerciseKind] = ["Pull-up": .bodyweight, "Plank": .time, "Rowing": .distance]

    /// Saves the gym into `store`: Ana's program, body weights, Fay private.
    static func fill(_ store: any StorageEngine, with sets: [Saved]) throws {
        var members: [String: User] = [:]
        var exercises: [String: Exercise] = [:]
        for set in sets {
            let member = try members[set.member] ?? store.createUser(named: set.member)
            members[set.member] = member
            let exercise = try exercises[set.exercise] ?? store.createExercise(named: set.exercise, kind: kinds[set.exercise] ?? .weight)
            exercises[set.exercise] = exercise
            _ = try store.save(NewRecord(user: member, exercise: exercise, values: set.values, performedAt: set.at,
                                     uid: RecordUID.make(at: set.at), kind: set.kind), now: set.at)
        }
        let ana = try #require(members["Ana"])
        try store.setAssignment(ProgramAssignment(program: "5x5", progress: .start(maxes: ["Back Squat": Weight(value: 100, unit: .kg)]),
                                                  assignedAt: try on("2026-11-01", 9)), userID: ana.id)
        _ = try store.saveBodyWeight(userID: ana.id, weight: Weight(value: 70, unit: .kg), at: try on("2026-11-12", 7), uid: "bw-1", now: try on("2026-11-12", 7))
        _ = try store.saveBodyWeight(userID: ana.id, weight: Weight(value: 69.4, unit: .kg), at: try on("2026-11-21", 7), uid: "bw-2", now: try on("2026-11-21", 7))
        try store.setPrivate(try #require(members["Fay"]), true)
    }

    /// The test's own sums: days, sets and volume of a member's sets on days from `first` through `last`.
    static func sums(_ sets: [Saved], _ member: String, from first: String, through last: String) -> (days: Int, sets: Int, volume: Double) {
        let chosen = sets.filter { set in
            let day = LocalDay(set.at, in: utc).description
            return set.member == member && day >= first && day <= last
        }
        let volume = chosen.reduce(0.0) { total, set in
            let values = set.values
            let load = values.measure == .weight || (values.measure == .bodyweight && !values.assisted) ? values.weight.kilograms : 0
            return total + load * Double(values.reps * values.series)
        }
        return (Set(chosen.map { LocalDay($0.at, in: utc) }).count, chosen.reduce(0) { $0 + $1.values.series }, volume)
    }

    @Test("a week's report: each member's days, sets, volume and its change, PRs, program, body weight, last seen, the quiet and the totals",
          arguments: TestEngine.allCases)
    func weekReport(engine: TestEngine) throws {
        let sets = try Self.gym()
        try engine.withStore { store in
            try Self.fill(store, with: sets)
            let coach = CoachReport(Workouts(logbook: store, catalog: .bundled()), timeZone: Self.utc.timeZone)
            let report = try coach.report(try #require(ReportPeriod(week: "2026-W47")), now: try Self.on("2026-11-23", 10))
            #expect(report.period.first.description == "2026-11-16")
            #expect(report.complete && report.through.description == "2026-11-22")
            #expect(report.members.map(\.member) == ["Ana", "Bo", "Fay"])
            for member in report.members {
                let now = Self.sums(sets, member.member, from: "2026-11-16", through: "2026-11-22")
                let before = Self.sums(sets, member.member, from: "2026-11-09", through: "2026-11-15")
                #expect(member.days == now.days, "\(member.member)")
                #expect(member.sets == now.sets, "\(member.member)")
                #expect(abs(member.volumeKilograms - now.volume) < 0.001, "\(member.member)")
                #expect(abs(member.volumeBeforeKilograms - before.volume) < 0.001, "\(member.member)")
                #expect(member.weeklyVolume.count == 8)
                #expect(abs((member.weeklyVolume.last ?? 0) - now.volume) < 0.001)
                #expect(abs(member.weeklyVolume[6] - before.volume) < 0.001)
            }
            let ana = try #require(report.members.first { $0.member == "Ana" })
            let bo = try #require(report.members.first { $0.member == "Bo" })
            let fay = try #require(report.members.first { $0.member == "Fay" })
            // Ana: Monday's B all done (5 + 5 + 1), Friday's A with a squat set short and no row of 5: 4 + 5 + 0 of 15.
            #expect(ana.program == ProgramCompliance(program: "5x5", days: 2, prescribed: 26, done: 20))
            #expect(ana.days == 2)
            #expect(ana.lastSeen.description == "2026-11-20")
            #expect(ana.bodyWeight?.change == -0.6)
            // One PR a set the rack announced, with what it beat: Monday's 105 kg squat, beaten on Friday, counts too;
            // the row of 4 at the same weight beat nothing (a tie on the heaviest is none), nor did the warm-up.
            #expect(Self.announced(ana) == [
                "Back Squat: heaviest, e1rm", "Overhead Press: heaviest, e1rm", "Deadlift: heaviest, e1rm",
                "Back Squat: heaviest, e1rm", "Bench Press: heaviest, e1rm",
            ])
            #expect(ana.firsts.isEmpty && !ana.isNew)
            // Bo deloaded: 10 % less volume, no PR, no program, no weigh-in.
            #expect(bo.program == nil)
            #expect(bo.records.isEmpty)
            #expect(bo.volumeChangePercent == -10)
            #expect(bo.bodyWeight == nil)
            // Fay: private, still in the coach's report; a PR of each kind that beat an earlier set.
            #expect(fay.isPrivate)
            #expect(Self.announced(fay) == ["Pull-up: reps, addedLoad", "Plank: longestHold", "Rowing: fastestPace"])
            #expect(report.hasPrivateMembers)
            // Cy stopped coming 23 days before the week's end; Eve's 12 days and Dee's months don't count.
            #expect(report.inactive == [QuietMember(member: "Cy", isPrivate: false, lastSeen: try #require(LocalDay(parsing: "2026-10-30")), daysQuiet: 23)])
            // What stats says on the week's Sunday evening, and what prs lists, agree.
            let progress = TrainingProgress(logbook: store, timeZone: Self.utc.timeZone)
            let workouts = Workouts(logbook: store, catalog: .bundled())
            for member in report.members {
                let user = try workouts.member(named: member.member)
                let week = try progress.stats(of: user, now: try Self.on("2026-11-22", 23)).thisWeek
                #expect(week.sessions == member.days && week.sets == member.sets, "\(member.member)")
                #expect(abs(week.volumeKilograms - member.volumeKilograms) < 0.001, "\(member.member)")
                // Every best `prs` lists that was set in the week is a set the report names (a PR or a first).
                let standing = try progress.personalRecords(of: user).flatMap(\.bests).filter { best in
                    best.kind != .volume && best.record.performedAt >= report.period.first.start(in: Self.utc)
                }
                let named = Set(member.records.map(\.record.id) + member.firsts.map(\.id))
                for best in standing {
                    #expect(named.contains(best.record.id), "\(member.member) \(best.record.exercise) \(best.kind)")
                }
            }
            let totals = report.totals
            #expect(totals.members == 3)
            #expect(totals.days == ["Ana", "Bo", "Fay"].reduce(0) { $0 + Self.sums(sets, $1, from: "2026-11-16", through: "2026-11-22").days })
            #expect(totals.sets == ["Ana", "Bo", "Fay"].reduce(0) { $0 + Self.sums(sets, $1, from: "2026-11-16", through: "2026-11-22").sets })
            #expect(totals.records == 8)
            #expect(totals.firsts == 0)
        }
    }

    @Test("a member's report, a month, and the quiet setting: the gym's own days", arguments: TestEngine.kinds)
    func memberMonthAndSetting(engine: TestEngine) throws {
        let sets = try Self.gym()
        try engine.withStore { store in
            try Self.fill(store, with: sets)
            let workouts = Workouts(logbook: store, catalog: .bundled())
            let coach = CoachReport(workouts, timeZone: Self.utc.timeZone)
            let bo = try workouts.member(named: "Bo")
            let after = try Self.on("2026-12-02", 10)
            let alone = try coach.report(try #require(ReportPeriod(week: "2026-W47")), member: bo, now: after)
            #expect(alone.members.map(\.member) == ["Bo"])
            #expect(alone.inactive.isEmpty)
            #expect(alone.member == "Bo")

            let november = try coach.report(try #require(ReportPeriod(month: "2026-11")), now: after)
            let ana = try #require(november.members.first { $0.member == "Ana" })
            let sums = Self.sums(sets, "Ana", from: "2026-11-01", through: "2026-11-30")
            #expect((ana.days, ana.sets) == (sums.days, sums.sets))
            #expect(abs(ana.volumeKilograms - sums.volume) < 0.001)
            #expect(ana.volumeChangePercent == nil)   // nothing in October
            #expect(november.members.map(\.member) == ["Ana", "Bo", "Eve", "Fay"])
            // Cy's last set 31 days before the month's end, Eve's 20: both quiet (Eve trained in the month too).
            #expect(november.inactive.map(\.member) == ["Cy", "Eve"])
            #expect(november.inactive.map(\.daysQuiet) == [31, 20])

            #expect(try coach.inactiveAfterDays() == 14)
            try coach.setInactiveAfter(days: 30)
            #expect(try coach.inactiveAfterDays() == 30)
            #expect(try coach.report(try #require(ReportPeriod(week: "2026-W47")), now: after).inactive.isEmpty)
            #expect(throws: WorkoutsError.self) { try coach.setInactiveAfter(days: 0) }
            try coach.setInactiveAfter(days: nil)
            #expect(try coach.inactiveAfterDays() == 14)
        }
    }

    /// A member's PRs as `Exercise: kind, kind`, one a set, in the order done.
    static func announced(_ member: MemberReport) -> [String] {
        member.records.map { "\($0.record.exercise): " + $0.beaten.map(\.kind.rawValue).joined(separator: ", ") }
    }

    @Test("mid-week: counted to today, compared with the same days of the week before, nobody who trained today quiet",
          arguments: TestEngine.allCases)
    func midWeek(engine: TestEngine) throws {
        let sets = try Self.gym()
        try engine.withStore { store in
            try Self.fill(store, with: sets)
            let coach = CoachReport(Workouts(logbook: store, catalog: .bundled()), timeZone: Self.utc.timeZone)
            // Wednesday evening of week 47: Ana trained Monday, Bo Tuesday, Fay today.
            let report = try coach.report(try #require(ReportPeriod(week: "2026-W47")), now: try Self.on("2026-11-18", 20))
            #expect(!report.complete)
            #expect(report.through.description == "2026-11-18")
            #expect((report.beforeFirst.description, report.beforeLast.description) == ("2026-11-09", "2026-11-11"))
            #expect(report.members.map(\.member) == ["Ana", "Bo", "Fay"])
            for member in report.members {
                let now = Self.sums(sets, member.member, from: "2026-11-16", through: "2026-11-18")
                let before = Self.sums(sets, member.member, from: "2026-11-09", through: "2026-11-11")
                #expect((member.days, member.sets) == (now.days, now.sets), "\(member.member)")
                #expect(abs(member.volumeKilograms - now.volume) < 0.001, "\(member.member)")
                #expect(abs(member.volumeBeforeKilograms - before.volume) < 0.001, "\(member.member)")
            }
            // Bo: 90 × 5 × 3 on Tuesday against 100 × 5 × 3 on the Monday before: −10 %, not a part against a whole.
            #expect(report.members.first { $0.member == "Bo" }?.volumeChangePercent == -10)
            // Friday's sets are not counted yet: Ana's PRs are Monday's.
            #expect(Self.announced(try #require(report.members.first { $0.member == "Ana" }))
                    == ["Back Squat: heaviest, e1rm", "Overhead Press: heaviest, e1rm", "Deadlift: heaviest, e1rm"])
            // Cy quiet 19 days by today (not 23 by Sunday); Fay trained today: not quiet.
            #expect(report.inactive.map(\.member) == ["Cy"])
            #expect(report.inactive.map(\.daysQuiet) == [19])
        }
    }

    @Test("mid-month: so far, against the same days of the month before; a future period refused in one line",
          arguments: TestEngine.allCases)
    func midMonthAndFuture(engine: TestEngine) throws {
        let sets = try Self.gym()
        try engine.withStore { store in
            try Self.fill(store, with: sets)
            let coach = CoachReport(Workouts(logbook: store, catalog: .bundled()), timeZone: Self.utc.timeZone)
            let today = try Self.on("2026-11-18", 20)
            let november = try coach.report(try #require(ReportPeriod(month: "2026-11")), now: today)
            #expect(!november.complete)
            #expect((november.beforeFirst.description, november.beforeLast.description) == ("2026-10-01", "2026-10-18"))
            #expect(november.members.map(\.member) == ["Ana", "Bo", "Eve", "Fay"])
            let bo = try #require(november.members.first { $0.member == "Bo" })
            let sums = Self.sums(sets, "Bo", from: "2026-11-01", through: "2026-11-18")
            #expect(bo.sets == sums.sets && abs(bo.volumeKilograms - sums.volume) < 0.001)
            // Bo trained on 26 October, after the 18th: nothing on the same days before, and he is no newcomer.
            #expect(bo.volumeChangePercent == nil && !bo.isNew)
            #expect(november.members.first { $0.member == "Eve" }?.isNew == true)
            #expect(november.inactive.map(\.member) == ["Cy"])
            #expect(november.inactive.map(\.daysQuiet) == [19])

            for future in [try #require(ReportPeriod(week: "2026-W49")), try #require(ReportPeriod(month: "2026-12"))] {
                do {
                    _ = try coach.report(future, now: today)
                    Issue.record("\(future) was reported before it began")
                } catch let error as WorkoutsError {
                    guard case .invalid(let text) = error else { Issue.record("\(error)"); continue }
                    #expect(text == "\(future) hasn't begun: it starts on \(future.first) and today is 2026-11-18; a report counts what was done")
                }
            }
        }
    }

    @Test("a member who trained only today: in the month so far, not quiet; their first set a first, the heavier one PR", arguments: TestEngine.allCases)
    func trainedToday(engine: TestEngine) throws {
        try engine.withStore { store in
            let tina = try store.createUser(named: "Tina")
            let squat = try store.createExercise(named: "Back Squat")
            let morning = try Self.on("2026-12-01", 9)
            for (index, weight) in [100.0, 105, 105].enumerated() {
                let at = morning.addingTimeInterval(Double(index) * 600)
                _ = try store.save(NewRecord(user: tina, exercise: squat, values: Self.weights(weight, 5, 3), performedAt: at,
                                             uid: RecordUID.make(at: at)), now: at)
            }
            let coach = CoachReport(Workouts(logbook: store, catalog: .bundled()), timeZone: Self.utc.timeZone)
            let report = try coach.report(try #require(ReportPeriod(month: "2026-12")), now: try Self.on("2026-12-01", 12))
            #expect(report.members.map(\.member) == ["Tina"])
            #expect(report.inactive.isEmpty)
            let member = try #require(report.members.first)
            // 100 × 5 × 3 a first; 105 × 5 × 3 heavier and stronger (5 reps a tie: no rep PR); the same again nothing.
            #expect(member.firsts.map(\.values.weight.value) == [100])
            #expect(Self.announced(member) == ["Back Squat: heaviest, e1rm"])
            #expect(report.totals.records == 1 && report.totals.firsts == 1)
            #expect(member.isNew)
        }
    }
}
