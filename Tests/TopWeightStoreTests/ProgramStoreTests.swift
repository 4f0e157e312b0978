import Foundation
import Testing
import TopWeightCatalog
@testable import TopWeightCore
import TopWeightUseCases
import TopWeightTestSupport

/// Programs at the rack on every engine: the gym's own programs, a member's
/// assignment and its moves, judged from the sets saved.
@Suite("Programs at the rack, stored")
struct ProgramStoreTests {
    static let start = Date(timeIntervalSince1970: 1_795_284_000)

    static func workouts(_ store: any Logbook) -> Workouts {
        Workouts(logbook: store, catalog: ExerciseCatalog(entries: []))
    }

    static func save(_ store: any Logbook, _ member: User, _ lift: String, _ kilograms: Double, _ reps: Int, _ series: Int,
                     at: Date) throws {
        let exercise = try store.createExercise(named: lift)
        _ = try store.save(NewRecord(user: member, exercise: exercise, values: SetValues(weight: Weight(value: kilograms, unit: .kg), reps: reps, series: series),
                                     performedAt: at))
    }

    @Test("assigning takes training maxes from the member's best e1RM (Epley × the program's share) unless given; a lift with neither is listed",
          arguments: TestEngine.allCases)
    func assign(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            try Self.save(store, ana, "Back Squat", 120, 5, 3, at: Self.start)
            try Self.save(store, ana, "Bench Press", 80, 5, 3, at: Self.start)
            let workouts = Self.workouts(store)
            let program = try workouts.program(named: "5/3/1")
            let maxes = try workouts.parseMaxes("Deadlift=160, overhead press=112.5lb", for: program, unit: .kg)
            let done = try workouts.assign(program, to: ana, maxes: maxes, now: Self.start)
            // 120 × (1 + 5/30) = 140 → 90 % = 126 → 125 to the 2.5 kg step below; 80 → 93.33 → 84 → 82.5.
            #expect(done.assignment.progress.trainingMax(for: "Back Squat") == Weight(value: 125, unit: .kg))
            #expect(done.assignment.progress.trainingMax(for: "Bench Press") == Weight(value: 82.5, unit: .kg))
            #expect(done.assignment.progress.trainingMax(for: "Deadlift") == Weight(value: 160, unit: .kg))
            #expect(done.assignment.progress.trainingMax(for: "Overhead Press") == Weight(value: 112.5, unit: .lb))
            #expect(Set(done.fromEstimates) == ["Back Squat", "Bench Press"])
            #expect(done.missing.isEmpty)
            #expect(try store.assignment(userID: ana.id) == done.assignment)
            #expect(throws: WorkoutsError.self) { try workouts.parseMaxes("Leg Press=100", for: program, unit: .kg) }
            #expect(throws: WorkoutsError.self) { try workouts.parseMaxes("Deadlift=heavy", for: program, unit: .kg) }

            let bo = try store.createUser(named: "Bo")
            let fresh = try workouts.assign(program, to: bo, maxes: [:], now: Self.start)
            #expect(Set(fresh.missing) == Set(program.exercises))
            // Bo can't start any lift: the roster lists him first, with what is missing.
            #expect(try workouts.roster().map(\.member) == ["Bo", "Ana"])
            #expect(try workouts.roster().map { Set($0.missingMaxes) } == [Set(program.exercises), []])
            #expect(try workouts.unassign(bo))
            #expect(try !workouts.unassign(bo))
            #expect(try workouts.roster().map(\.member) == ["Ana"])
        }
    }

    @Test("a clean 5×5 day adds 2.5 kg, a missed lift counts a miss, and the next day is B; another terminal's move is not overwritten",
          arguments: TestEngine.allCases)
    func finishDay(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let workouts = Self.workouts(store)
            let program = try workouts.program(named: "5x5")
            let maxes = try workouts.parseMaxes("Back Squat=100,Bench Press=60,Barbell Row=50,Overhead Press=40,Deadlift=120",
                                                for: program, unit: .kg)
            _ = try workouts.assign(program, to: ana, maxes: maxes, now: Self.start)
            let day = Self.start.addingTimeInterval(86_400)
            let today = try #require(try workouts.today(of: ana)?.workout)
            #expect(today.week == 1 && today.day == 1)
            #expect(today.exercises.map(\.exercise) == ["Back Squat", "Bench Press", "Barbell Row"])
            // Squat: all five sets (two records); bench: one set short; row: heavier than prescribed counts.
            try Self.save(store, ana, "Back Squat", 100, 5, 3, at: day)
            try Self.save(store, ana, "Back Squat", 100, 5, 2, at: day.addingTimeInterval(60))
            try Self.save(store, ana, "Bench Press", 60, 5, 4, at: day)
            try Self.save(store, ana, "Barbell Row", 55, 6, 5, at: day)
            // Saved before the day began: not counted.
            try Self.save(store, ana, "Bench Press", 60, 5, 1, at: day.addingTimeInterval(-86_400 * 3))

            let before = try #require(try store.assignment(userID: ana.id))
            let finished = try workouts.finishDay(of: ana, since: day, now: day.addingTimeInterval(3_600))
            #expect(finished.completion.map(\.done) == [true, false, true])
            let after = try #require(try store.assignment(userID: ana.id))
            #expect(after.progress.trainingMax(for: "Back Squat") == Weight(value: 102.5, unit: .kg))
            #expect(after.progress.trainingMax(for: "Bench Press") == Weight(value: 60, unit: .kg))
            #expect(after.progress.misses[NameRules.key("Bench Press")] == 1)
            #expect(after.lastDone == ProgramAssignment.DayRef(week: 1, day: 1))
            #expect(try workouts.today(of: ana)?.workout.day == 2)
            #expect(finished.next.exercises.map(\.exercise) == ["Back Squat", "Overhead Press", "Deadlift"])

            // A terminal still holding the old state can't move it again.
            #expect(try !store.advanceAssignment(userID: ana.id, from: before, to: after))
        }
    }

    @Test("a walk resumes from the sets saved (a warm-up as a warm-up, two of five sets); its end is refused once another terminal moved the day; the next day ignores the sets before it",
          arguments: TestEngine.allCases)
    func walkDay(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let workouts = Self.workouts(store)
            let program = try workouts.program(named: "5x5")
            let maxes = try workouts.parseMaxes("Back Squat=100,Bench Press=60,Barbell Row=50,Overhead Press=40,Deadlift=120",
                                                for: program, unit: .kg)
            _ = try workouts.assign(program, to: ana, maxes: maxes, now: Self.start)
            let day = Self.start.addingTimeInterval(86_400)
            let squat = try store.createExercise(named: "Back Squat")
            _ = try store.save(NewRecord(user: ana, exercise: squat, values: SetValues(weight: Weight(value: 20, unit: .kg), reps: 5, series: 1),
                                         performedAt: day, kind: .warmup))
            try Self.save(store, ana, "Back Squat", 100, 5, 2, at: day.addingTimeInterval(60))

            let walk = try #require(try workouts.dayToWalk(of: ana, since: day, now: day.addingTimeInterval(120)))
            #expect(walk.done.first == [true, false, false, false, true, true, false, false, false])
            #expect(walk.workDone == 2)
            // The squat's warm-ups are behind it; three sets alike left, then the bench and the row from their warm-ups.
            #expect(walk.steps.first == PlannedSet(exercise: "Back Squat", values: SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 3)))
            #expect(walk.steps.dropFirst().first?.exercise == "Bench Press" && walk.steps.dropFirst().first?.mark == .warmup)

            // Another terminal ends the day first: this walk's end moves nothing.
            _ = try workouts.finishDay(of: ana, since: day, now: day.addingTimeInterval(180))
            #expect(throws: WorkoutsError.self) {
                try workouts.finishDay(of: ana, since: day, now: day.addingTimeInterval(240), expected: walk.assignment)
            }
            #expect(try store.assignment(userID: ana.id)?.lastDone == ProgramAssignment.DayRef(week: 1, day: 1))
            // Day B's squat is judged by its own sets, not by day A's of the same date.
            let next = try #require(try workouts.dayToWalk(of: ana, since: day, now: day.addingTimeInterval(300)))
            #expect(next.workout.day == 2 && next.workDone == 0)
        }
    }

    @Test("sets saved before the member was put on the program don't count for its first day",
          arguments: TestEngine.allCases)
    func setsBeforeTheAssignment(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let workouts = Self.workouts(store)
            let program = try workouts.program(named: "5x5")
            let maxes = try workouts.parseMaxes("Back Squat=100,Bench Press=60,Barbell Row=50,Overhead Press=40,Deadlift=120",
                                                for: program, unit: .kg)
            // Ana trains in the morning; the coach puts her on 5×5 at noon.
            let morning = Self.start.addingTimeInterval(86_400)
            try Self.save(store, ana, "Back Squat", 100, 5, 5, at: morning.addingTimeInterval(60))
            _ = try workouts.assign(program, to: ana, maxes: maxes, now: morning.addingTimeInterval(3_600))

            let walk = try #require(try workouts.dayToWalk(of: ana, since: morning, now: morning.addingTimeInterval(7_200)))
            #expect(walk.workDone == 0)
            // Nor does today --done move her on with them: there is nothing of the day to judge.
            #expect(throws: WorkoutsError.self) { try workouts.finishDay(of: ana, since: morning, now: morning.addingTimeInterval(7_200)) }
            let after = try #require(try workouts.dayToWalk(of: ana, since: morning, now: morning.addingTimeInterval(7_300)))
            #expect(after.assignment.progress.trainingMax(for: "Back Squat") == Weight(value: 100, unit: .kg))
        }
    }

    @Test("the set saved a fraction of a millisecond before the day is finished counts (times are stored to the millisecond, rounded)",
          arguments: TestEngine.allCases)
    func lastSetWithinTheMillisecond(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let workouts = Self.workouts(store)
            let program = try workouts.program(named: "5x5")
            let maxes = try workouts.parseMaxes("Back Squat=100,Bench Press=60,Barbell Row=50,Overhead Press=40,Deadlift=120",
                                                for: program, unit: .kg)
            _ = try workouts.assign(program, to: ana, maxes: maxes, now: Self.start)
            let day = Self.start.addingTimeInterval(86_400)
            // Saved at .0006 s, stored as .001; the walk ends at .0008.
            let saved = day.addingTimeInterval(0.0006)
            try Self.save(store, ana, "Back Squat", 100, 5, 5, at: saved)
            let walk = try #require(try workouts.dayToWalk(of: ana, since: day, now: day.addingTimeInterval(0.0008)))
            #expect(walk.workDone == 5)
            let finished = try workouts.finishDay(of: ana, since: day, now: day.addingTimeInterval(0.0008))
            #expect(finished.completion.first { $0.0 == "Back Squat" }?.1 == true)
        }
    }

    @Test("the gym's programs: imported (a mistake names its line), listed first, replacing a bundled one of the same name; removed unless a member is on it",
          arguments: TestEngine.allCases)
    func gymPrograms(engine: TestEngine) throws {
        try engine.withStore { store in
            let workouts = Self.workouts(store)
            let yaml = """
                programs:
                  - name: Hill Sprints
                    weeks:
                      - days:
                          - exercises:
                              - Back Squat: 3x8@40kg
                  - name: 5x5
                    training max: 80%
                    weeks:
                      - days:
                          - exercises:
                              - Back Squat: 5x5@100%
                """
            let done = try workouts.importPrograms(yaml: yaml, now: Self.start)
            #expect(done.map(\.name) == ["Hill Sprints", "5x5"])
            #expect(try workouts.programs().map(\.name) == ["5x5", "Hill Sprints", "5/3/1", "Texas Method"])
            #expect(try workouts.program(named: "5x5").rules.trainingMaxPermille == 800)
            #expect(try workouts.importPrograms(yaml: yaml, now: Self.start).map(\.replaced) == [true, true])

            let broken = "programs:\n  - name: Bad\n    weeks:\n      - days:\n          - exercises:\n              - Back Squat: 5 by 5\n"
            do {
                _ = try workouts.importPrograms(yaml: broken, now: Self.start)
                Issue.record("a broken file was taken")
            } catch {
                #expect("\(error)".hasPrefix("line 6"), "\(error)")
            }

            let ana = try store.createUser(named: "Ana")
            _ = try workouts.assign(try workouts.program(named: "Hill Sprints"), to: ana, maxes: [:], now: Self.start)
            #expect(throws: WorkoutsError.self) { try workouts.removeProgram(named: "hill sprints") }
            #expect(throws: WorkoutsError.self) { try workouts.removeProgram(named: "5/3/1") }
            #expect(try workouts.unassign(ana))
            #expect(try workouts.removeProgram(named: "hill sprints") == "Hill Sprints")
            #expect(try workouts.programs().map(\.name) == ["5x5", "5/3/1", "Texas Method"])
        }
    }
}
