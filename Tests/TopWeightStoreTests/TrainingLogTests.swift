import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightStore
import TopWeightUseCases
import TopWeightTestSupport

/// The `TrainingLog` use case over every engine: sessions by local day in an
/// injected time zone, months, repeating a session, routine plans, edits.
@Suite("The training log use case, on a file, in memory and on PostgreSQL")
struct TrainingLogTests {
    /// A training log over `store` with days in `zone` and one bundled starter.
    static func log(_ store: any Logbook, zone: String) throws -> TrainingLog {
        let timeZone = try #require(TimeZone(identifier: zone))
        let starter = Routine(name: "Upper", exercises: [RoutineStep(exercise: "Bench Press", values: SetValues(40, .kg, 8, 3))])
        return TrainingLog(logbook: store, routineCatalog: RoutineCatalog(routines: [starter]), timeZone: timeZone)
    }

    /// An instant written in UTC, `2026-11-21T04:50:00Z` (the comments say the local time).
    static func utc(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }


    /// Saves one set of `exercise` for `user` at each instant.
    static func save(_ store: any Logbook, _ user: String, _ exercise: String, _ values: SetValues, at instants: [Date]) throws {
        let member = try store.createUser(named: user)
        let lift = try store.createExercise(named: exercise)
        for at in instants { try store.save(member, lift, values, at: at) }
    }

    // MARK: - Sessions by local day

    @Test(
        "Sets at 23:50 and 00:10 local time fall on two days, whatever the zone's offset from UTC",
        arguments: TestEngine.allCases, [
            // (zone, 23:50 on 20 November local, 00:10 on 21 November local), in UTC.
            ("America/New_York", "2026-11-21T04:50:00Z", "2026-11-21T05:10:00Z"),
            ("Asia/Tokyo", "2026-11-20T14:50:00Z", "2026-11-20T15:10:00Z"),
            ("Europe/Berlin", "2026-11-20T22:50:00Z", "2026-11-20T23:10:00Z"),
            ("UTC", "2026-11-20T23:50:00Z", "2026-11-21T00:10:00Z"),
        ]
    )
    func sessionsSplitAtLocalMidnight(engine: TestEngine, _ arguments: (zone: String, late: String, early: String)) throws {
        let (zone, late, early) = arguments
        try engine.withStore { store in
            let log = try Self.log(store, zone: zone)
            try Self.save(store, "Ana", "Bench Press", SetValues(60, .kg, 8, 3), at: [try Self.utc(late), try Self.utc(early)])
            let ana = try #require(try store.user(named: "Ana"))

            let sessions = try log.sessions(of: ana, through: day("2026-11-21"), limit: nil)

            #expect(sessions.map(\.day.description) == ["2026-11-21", "2026-11-20"])
            #expect(sessions.map { $0.records.map(\.performedAt) } == [[try Self.utc(early)], [try Self.utc(late)]])
            #expect(try log.session(of: ana, on: day("2026-11-20"))?.records.map(\.performedAt) == [try Self.utc(late)])
            #expect(try log.sessions(of: ana, through: day("2026-11-20"), limit: nil).map(\.day.description) == ["2026-11-20"])
        }
    }

    @Test("On the day Berlin leaves summer time (25 hours), the sets of that local day are one session", arguments: TestEngine.allCases)
    func sessionsAcrossTheAutumnChange(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = try Self.log(store, zone: "Europe/Berlin")
            let instants = try [
                "2026-10-24T21:50:00Z", // 24 Oct 23:50 CEST
                "2026-10-24T22:10:00Z", // 25 Oct 00:10 CEST
                "2026-10-25T00:30:00Z", // 25 Oct 02:30 CEST, the first 02:30
                "2026-10-25T01:30:00Z", // 25 Oct 02:30 CET, the second
                "2026-10-25T22:50:00Z", // 25 Oct 23:50 CET
                "2026-10-25T23:10:00Z", // 26 Oct 00:10 CET
            ].map(Self.utc)
            try Self.save(store, "Ana", "Back Squat", SetValues(100, .kg, 5, 5), at: instants)
            let ana = try #require(try store.user(named: "Ana"))

            let sessions = try log.sessions(of: ana, through: day("2026-10-26"), limit: nil)

            #expect(sessions.map(\.day.description) == ["2026-10-26", "2026-10-25", "2026-10-24"])
            #expect(sessions.map(\.records.count) == [1, 4, 1])
            #expect(try log.session(of: ana, on: day("2026-10-25"))?.records.map(\.performedAt) == Array(instants[1...4]))
            #expect(try log.session(of: ana, on: day("2026-10-25"))?.sets == 20)
        }
    }

    @Test("In the month Berlin starts summer time (a 23-hour day), every set is on its local day", arguments: TestEngine.allCases)
    func monthAcrossTheSpringChange(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = try Self.log(store, zone: "Europe/Berlin")
            let instants = try [
                "2026-02-28T22:50:00Z", // 28 Feb 23:50 CET: February
                "2026-02-28T23:10:00Z", // 1 Mar 00:10 CET
                "2026-03-28T22:50:00Z", // 28 Mar 23:50 CET
                "2026-03-28T23:10:00Z", // 29 Mar 00:10 CET
                "2026-03-29T01:30:00Z", // 29 Mar 03:30 CEST, after the gap
                "2026-03-29T21:50:00Z", // 29 Mar 23:50 CEST
                "2026-03-29T22:10:00Z", // 30 Mar 00:10 CEST
                "2026-03-31T21:50:00Z", // 31 Mar 23:50 CEST
                "2026-03-31T22:10:00Z", // 1 Apr 00:10 CEST: April
            ].map(Self.utc)
            try Self.save(store, "Ana", "Deadlift", SetValues(140, .kg, 3, 1), at: instants)
            let ana = try #require(try store.user(named: "Ana"))

            let march = try log.month(try #require(LocalMonth(parsing: "2026-03")), of: ana)

            #expect(march.month.description == "2026-03")
            #expect(march.sessions.map(\.day.description) == ["2026-03-01", "2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"])
            #expect(march.sessions.map(\.records.count) == [1, 1, 3, 1, 1])
        }
    }

    @Test("Sessions are newest first, each with its sets in the order done, at most `limit` days from `since` through `through`", arguments: TestEngine.allCases)
    func sessionsNewestFirstWithLimit(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = try Self.log(store, zone: "UTC")
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let bench = try store.createExercise(named: "Bench Press")
            // Saved out of order: two sets a day, the later one saved first.
            for day in ["05", "01", "07", "03"] {
                try store.save(ana, bench, SetValues(62.5, .kg, 8, 3), at: try Self.utc("2026-11-\(day)T18:30:00Z"))
                try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: try Self.utc("2026-11-\(day)T18:00:00Z"))
                try store.save(bo, bench, SetValues(100, .lb, 5, 5), at: try Self.utc("2026-11-\(day)T18:15:00Z"))
            }
            func days(since: String? = nil, through: String, limit: Int?) throws -> [String] {
                try log.sessions(of: ana, since: since.map { day($0) }, through: day(through), limit: limit).map(\.day.description)
            }

            #expect(try days(through: "2026-11-30", limit: nil) == ["2026-11-07", "2026-11-05", "2026-11-03", "2026-11-01"])
            #expect(try days(through: "2026-11-30", limit: 2) == ["2026-11-07", "2026-11-05"])
            #expect(try days(through: "2026-11-06", limit: 2) == ["2026-11-05", "2026-11-03"])
            #expect(try days(through: "2026-11-07", limit: 1) == ["2026-11-07"])
            #expect(try days(through: "2026-11-30", limit: 0).isEmpty)
            #expect(try days(since: "2026-11-07", through: "2026-11-30", limit: 0).isEmpty)
            #expect(try days(since: "2026-11-03", through: "2026-11-07", limit: nil) == ["2026-11-07", "2026-11-05", "2026-11-03"])
            #expect(try days(since: "2026-11-02", through: "2026-11-02", limit: nil).isEmpty)
            let newest = try #require(try log.sessions(of: ana, through: day("2026-11-30"), limit: 1).first)
            #expect(newest.user == "Ana")
            #expect(newest.records.map(\.values.weight.value) == [60, 62.5], "oldest set first")
            #expect(newest.records.allSatisfy { $0.user == "Ana" })
            #expect(try log.session(of: ana, on: day("2026-11-04")) == nil)
        }
    }

    @Test("A day whose sets span pages of history is one session, with every set", arguments: TestEngine.allCases)
    func sessionAcrossPages(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = try Self.log(store, zone: "UTC")
            let ana = try store.createUser(named: "Ana")
            let row = try store.createExercise(named: "Row")
            let start = try Self.utc("2026-11-01T06:00:00Z")
            // 700 sets on 1 and 2 November, 100 on the 3rd: history pages hold 1 000.
            var plan: [Date] = []
            for (day, count) in [(0, 700), (1, 700), (2, 100)] {
                for index in 0..<count { plan.append(start.addingTimeInterval(Double(day * 86_400 + index * 60))) }
            }
            var next = plan.makeIterator()
            let inserted = try store.insertRecords(batchSize: 500) {
                next.next().map { BulkRecord(userID: ana.id, exerciseID: row.id, values: SetValues(50, .kg, 10, 1), performedAt: $0, createdAt: $0) }
            }
            #expect(inserted == 1_500)

            let all = try log.sessions(of: ana, through: day("2026-11-03"), limit: nil)
            #expect(all.map(\.day.description) == ["2026-11-03", "2026-11-02", "2026-11-01"])
            #expect(all.map(\.records.count) == [100, 700, 700])
            #expect(all.allSatisfy { zip($0.records, $0.records.dropFirst()).allSatisfy { $0.performedAt < $1.performedAt } })
            #expect(try log.sessions(of: ana, through: day("2026-11-03"), limit: 2).map(\.records.count) == [100, 700])
            #expect(try log.sessions(of: ana, through: day("2026-11-03"), limit: 3).map(\.records.count) == [100, 700, 700])
            #expect(try log.sessions(of: ana, through: day("2026-11-02"), limit: nil).map(\.records.count) == [700, 700])
        }
    }

    // MARK: - Months, notes and routines on sessions

    @Test("month() gives the month's training days oldest first, with their notes and routines", arguments: TestEngine.allCases)
    func monthWithNotesAndRoutines(engine: TestEngine) throws {
        try engine.withStore { store in
            // New York leaves summer time on 1 November 2026.
            let log = try Self.log(store, zone: "America/New_York")
            let instants = try [
                "2026-11-01T03:30:00Z", // 31 Oct 23:30 EDT: October
                "2026-11-01T04:30:00Z", // 1 Nov 00:30 EDT
                "2026-11-15T17:00:00Z", // 15 Nov 12:00 EST
                "2026-12-01T04:30:00Z", // 30 Nov 23:30 EST
                "2026-12-01T05:30:00Z", // 1 Dec 00:30 EST: December
            ].map(Self.utc)
            try Self.save(store, "Ana", "Bench Press", SetValues(60, .kg, 8, 3), at: instants)
            let ana = try #require(try store.user(named: "Ana"))
            try log.addNote("  Heavy day.\n\n- **bench** felt easy  \n", for: ana, on: day("2026-11-15"), now: instants[2])
            try log.addNote("Halloween", for: ana, on: day("2026-10-31"), now: instants[0])
            try log.markRoutine("Upper", for: ana, on: day("2026-11-30"), now: instants[3])

            let november = try log.month(try #require(LocalMonth(parsing: "2026-11")), of: ana)

            #expect(november.sessions.map(\.day.description) == ["2026-11-01", "2026-11-15", "2026-11-30"])
            #expect(november.sessions.map(\.note) == [nil, "Heavy day.\n\n- **bench** felt easy", nil])
            #expect(november.sessions.map(\.routine) == [nil, nil, "Upper"])
            #expect(try log.month(try #require(LocalMonth(parsing: "2026-10")), of: ana).sessions.map(\.note) == ["Halloween"])
            #expect(try log.month(try #require(LocalMonth(parsing: "2026-09")), of: ana).sessions.isEmpty)
        }
    }

    @Test("lastSession(before:) is the newest earlier day, never the day itself", arguments: TestEngine.allCases)
    func lastSessionSkipsToday(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = try Self.log(store, zone: "Asia/Tokyo")
            let instants = try [
                "2026-11-01T09:00:00Z", // 1 Nov 18:00 JST
                "2026-11-03T09:00:00Z", // 3 Nov 18:00 JST
                "2026-11-04T14:50:00Z", // 4 Nov 23:50 JST
                "2026-11-04T15:10:00Z", // 5 Nov 00:10 JST: "today"
            ].map(Self.utc)
            try Self.save(store, "Ana", "Bench Press", SetValues(60, .kg, 8, 3), at: instants)
            let ana = try #require(try store.user(named: "Ana"))
            let today = log.day(of: instants[3])
            #expect(today.description == "2026-11-05")
            try log.addNote("Good one", for: ana, on: day("2026-11-04"), now: instants[2])

            let last = try #require(try log.lastSession(of: ana, before: today))

            #expect(last.day.description == "2026-11-04")
            #expect(last.records.map(\.performedAt) == [instants[2]])
            #expect(last.note == "Good one")
            #expect(try log.lastSession(of: ana, before: day("2026-11-04"))?.day.description == "2026-11-03")
            #expect(try log.lastSession(of: ana, before: day("2026-11-02"))?.day.description == "2026-11-01")
            #expect(try log.lastSession(of: ana, before: day("2026-11-01")) == nil)
        }
    }

    // MARK: - Plans

    @Test("Repeating a session walks its sets in the order they were done, with that day's numbers", arguments: TestEngine.allCases)
    func planRepeatingKeepsOrder(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = try Self.log(store, zone: "UTC")
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")
            // Saved in another order than done.
            try store.save(ana, squat, SetValues(100, .kg, 5, 5), at: try Self.utc("2026-11-03T10:10:00Z"))
            try store.save(ana, bench, SetValues(62.5, .kg, 6, 2), at: try Self.utc("2026-11-03T10:20:00Z"))
            try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: try Self.utc("2026-11-03T10:00:00Z"))
            let session = try #require(try log.session(of: ana, on: day("2026-11-03")))

            #expect(log.plan(repeating: session) == [
                PlannedSet(exercise: "Bench Press", values: SetValues(60, .kg, 8, 3)),
                PlannedSet(exercise: "Back Squat", values: SetValues(100, .kg, 5, 5)),
                PlannedSet(exercise: "Bench Press", values: SetValues(62.5, .kg, 6, 2)),
            ])
        }
    }

    @Test("A routine's plan offers the member's last numbers for an exercise, else the routine's", arguments: TestEngine.allCases)
    func planForRoutine(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = try Self.log(store, zone: "UTC")
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let bench = try store.createExercise(named: "Bench Press")
            let row = try store.createExercise(named: "Barbell Row")
            try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: try Self.utc("2026-11-01T10:00:00Z"))
            try store.save(ana, bench, SetValues(135, .lb, 5, 3), at: try Self.utc("2026-11-03T10:00:00Z"))
            try store.save(bo, row, SetValues(80, .kg, 8, 3), at: try Self.utc("2026-11-03T10:00:00Z"))
            let routine = Routine(name: "Upper", exercises: [
                RoutineStep(exercise: "BENCH PRESS", values: SetValues(40, .kg, 8, 3)),
                RoutineStep(exercise: "Barbell Row", values: SetValues(40, .kg, 10, 3)),
                RoutineStep(exercise: "Face Pull", values: nil),
                RoutineStep(exercise: "Pull-Up", values: SetValues(0, .kg, 6, 3)),
            ])

            #expect(try log.plan(for: routine, member: ana) == [
                PlannedSet(exercise: "BENCH PRESS", values: SetValues(135, .lb, 5, 3)),
                PlannedSet(exercise: "Barbell Row", values: SetValues(40, .kg, 10, 3)),
                PlannedSet(exercise: "Face Pull", values: nil),
                PlannedSet(exercise: "Pull-Up", values: SetValues(0, .kg, 6, 3)),
            ])
            #expect(try log.plan(for: routine, member: bo).map(\.values) == [
                SetValues(40, .kg, 8, 3), SetValues(80, .kg, 8, 3), nil, SetValues(0, .kg, 6, 3),
            ])
        }
    }

    @Test("The gym's routines come first by name over the bundled starters they replace", arguments: TestEngine.allCases)
    func routinesOverStarters(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = try Self.log(store, zone: "UTC")
            #expect(try log.routines().map(\.bundled) == [true])
            let own = Routine(name: "upper", exercises: [RoutineStep(exercise: "Dip", values: nil)])
            let legs = Routine(name: "Legs", exercises: [RoutineStep(exercise: "Back Squat", values: SetValues(100, .kg, 5, 5))])
            #expect(try store.saveRoutine(own, now: instant(0)) == false)
            #expect(try store.saveRoutine(legs, now: instant(0)) == false)

            let listed = try log.routines()

            #expect(listed.map(\.routine) == [legs, own])
            #expect(listed.map(\.bundled) == [false, false])
            #expect(try log.routine(named: "UPPER") == own)
            try log.removeRoutine(named: "Upper")
            #expect(try log.routine(named: "upper").exercises.first?.exercise == "Bench Press", "the starter again")
        }
    }

    // MARK: - Editing through the use case

    @Test("Editing through the training log changes what is given and keeps the rest; deleted and unknown ids are refused", arguments: TestEngine.allCases)
    func editThroughTheUseCase(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = try Self.log(store, zone: "UTC")
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")
            let id = try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))
            let gone = try store.save(ana, bench, SetValues(50, .kg, 8, 3), at: instant(10))
            try store.deleteRecord(id: gone)

            let weight = try log.edit(id: id, exercise: nil, weight: Weight(value: 62.5, unit: .kg), reps: nil, series: nil, now: instant(100))
            #expect(weight.before.values == SetValues(60, .kg, 8, 3))
            #expect(weight.after.values == SetValues(62.5, .kg, 8, 3) && weight.after.exercise == "Bench Press")

            let moved = try log.edit(id: id, exercise: squat, weight: nil, reps: 5, series: 5, now: instant(200))
            #expect(moved.after.exercise == "Back Squat" && moved.after.values == SetValues(62.5, .kg, 5, 5))
            let stored = try #require(try store.record(id: id))
            #expect(stored.exercise == "Back Squat" && stored.values == SetValues(62.5, .kg, 5, 5))
            #expect(stored.performedAt == instant(0))
            #expect(try store.stored(id: id)?.editedAt == instant(200))

            #expect {
                try log.edit(id: gone, exercise: nil, weight: nil, reps: 1, series: nil, now: instant(300))
            } throws: { error in
                guard case WorkoutsError.invalid(let message) = error else { return false }
                return message.contains("is deleted")
            }
            #expect {
                try log.edit(id: 9_999, exercise: nil, weight: nil, reps: 1, series: nil, now: instant(300))
            } throws: { error in
                guard case WorkoutsError.notFound = error else { return false }
                return true
            }
            #expect(try store.record(id: gone)?.values.reps == 8)
        }
    }
}
