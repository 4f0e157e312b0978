import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightUseCases
import TopWeightTestSupport

/// A gym's program file on every engine: its lifts resolved against what
/// the gym knows, stored in its own small form, its rules kept in range;
/// a member judged once per day and never dropped off their program.
@Suite("Programs imported and judged, stored")
struct ProgramImportStoreTests {
    static let start = Date(timeIntervalSince1970: 1_795_284_000)

    static func workouts(_ store: any Logbook) -> Workouts {
        Workouts(logbook: store, catalog: ExerciseCatalog.bundled())
    }

    /// One program of one day with these exercise lines (the first on line 6).
    static func oneDay(_ name: String, _ exercises: [String], rules: [String] = []) -> String {
        (["programs:", "  - name: \(name)"] + rules.map { "    " + $0 } + ["    weeks:", "      - days:", "          - exercises:"]
            + exercises.map { "              - " + $0 }).joined(separator: "\n") + "\n"
    }

    static func refusal(_ workouts: Workouts, _ yaml: String) -> String? {
        do {
            _ = try workouts.importPrograms(yaml: yaml, now: start)
            return nil
        } catch {
            return error.description
        }
    }

    static func save(_ store: any Logbook, _ member: User, _ lift: String, _ kilograms: Double, _ reps: Int, _ series: Int, at: Date) throws {
        let exercise = try store.createExercise(named: lift)
        _ = try store.save(NewRecord(user: member, exercise: exercise, values: SetValues(weight: Weight(value: kilograms, unit: .kg), reps: reps, series: series),
                                     performedAt: at))
    }

    @Test("a typo'd lift names the lift it may mean; a timed or bodyweight lift given a load is refused; an alias takes the catalog's spelling",
          arguments: TestEngine.allCases)
    func liftNames(engine: TestEngine) throws {
        try engine.withStore { store in
            let workouts = Self.workouts(store)
            _ = try store.createExercise(named: "Sled Push Heavy")
            let typo = try #require(Self.refusal(workouts, Self.oneDay("P", ["Bench Press: 5x5@100%", "Back Sqaut: 5x5@100%"])))
            #expect(typo.hasPrefix("line 7: ") && typo.contains("did you mean Back Squat?"), "\(typo)")
            let own = try #require(Self.refusal(workouts, Self.oneDay("P", ["Sled Psh Heavy: 3x8@40kg"])))
            #expect(own.contains("did you mean Sled Push Heavy?"), "\(own)")
            let plank = try #require(Self.refusal(workouts, Self.oneDay("P", ["Plank: 3x8@40kg"])))
            #expect(plank.hasPrefix("line 6: ") && plank.contains("Plank is a timed lift"), "\(plank)")
            let pullUp = try #require(Self.refusal(workouts, Self.oneDay("P", ["Pull Ups: 3x8@10kg"])))
            #expect(pullUp.contains("Pull-Up is a bodyweight lift"), "\(pullUp)")
            let rule = try #require(Self.refusal(workouts, Self.oneDay("P", ["Back Squat: 5x5@100%"], rules: ["on success: { Deadlift: 5 }"])))
            #expect(rule.hasPrefix("line 3: ") && rule.contains("'on success' names Deadlift, which P doesn't have"), "\(rule)")
            #expect(try store.storedPrograms().isEmpty)

            _ = try workouts.importPrograms(yaml: Self.oneDay("Legs", ["squats: 5x5@100%", "Landmine Kayak Row: 3x8@60kg"]), now: Self.start)
            #expect(try workouts.program(named: "Legs").exercises == ["Back Squat", "Landmine Kayak Row"])
        }
    }

    @Test("each program is stored as its own small YAML, not the file it came in; a file that would expand beyond bounds is refused and stores nothing",
          arguments: TestEngine.allCases)
    func storedForm(engine: TestEngine) throws {
        try engine.withStore { store in
            let workouts = Self.workouts(store)
            let yaml = Self.oneDay("Legs", ["Back Squat: 5x5@100%"])
                + "  - name: Arms\n    weeks:\n      - days:\n          - exercises:\n              - Dumbbell Curl: 3x10@12.5kg\n"
                + "# " + String(repeating: "a long comment ", count: 200) + "\n"
            _ = try workouts.importPrograms(yaml: yaml, now: Self.start)
            let stored = try store.storedPrograms()
            #expect(stored.map(\.name).sorted() == ["Arms", "Legs"])
            for program in stored {
                #expect(!program.source.contains("a long comment"))
                #expect(try ProgramCatalog(yaml: program.source).programs.map(\.name) == [program.name])
            }

            var laughs = ["lol0: &l0 [a, a, a, a, a, a, a, a, a, a]"]
            for level in 1...9 { laughs.append("lol\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]") }
            let bomb = Self.oneDay("Bomb", ["Back Squat: 5x5@100%"]) + laughs.joined(separator: "\n") + "\n"
            let refused = try #require(Self.refusal(workouts, bomb))
            #expect(refused.contains("expands to more than"), "\(refused)")
            #expect(try store.storedPrograms().count == 2)
        }
    }

    @Test("a member whose stored max went to nothing or less stays on the program (that lift without a max), on the roster, and the program can't be removed from under them",
          arguments: TestEngine.allCases)
    func noOrphans(engine: TestEngine) throws {
        try engine.withStore { store in
            let workouts = Self.workouts(store)
            _ = try workouts.importPrograms(yaml: Self.oneDay("Squats", ["Back Squat: 5x5@100%", "Bench Press: 5x5@100%"]), now: Self.start)
            let ana = try store.createUser(named: "Ana")
            let program = try workouts.program(named: "Squats")
            let done = try workouts.assign(program, to: ana, maxes: ["Back Squat": Weight(value: 100, unit: .kg), "Bench Press": Weight(value: 60, unit: .kg)],
                                           now: Self.start)
            // As a `deload by: 110%` left it before this release.
            var broken = done.assignment
            broken.progress.trainingMaxes[NameRules.key("Back Squat")] = Weight(value: -10, unit: .kg)
            try store.setAssignment(broken, userID: ana.id)

            let today = try #require(try workouts.today(of: ana)?.workout)
            #expect(today.missingMaxes == ["Back Squat"])
            #expect(try workouts.roster().map(\.member) == ["Ana"])
            #expect(throws: WorkoutsError.self) { try workouts.removeProgram(named: "Squats") }
            #expect(try store.storedPrograms().map(\.name) == ["Squats"])
        }
    }

    @Test("a day is judged once, from the sets saved since the program last moved: again with nothing new saved is refused and moves nothing",
          arguments: TestEngine.allCases)
    func judgedOnce(engine: TestEngine) throws {
        try engine.withStore { store in
            let workouts = Self.workouts(store)
            let program = try workouts.program(named: "5x5")
            let ana = try store.createUser(named: "Ana")
            _ = try workouts.assign(program, to: ana, maxes: try workouts.parseMaxes("Back Squat=100,Bench Press=60,Barbell Row=50", for: program, unit: .kg),
                                    now: Self.start)
            let day = Self.start.addingTimeInterval(86_400)
            // Nothing saved at all: no day to judge.
            #expect(throws: WorkoutsError.self) { try workouts.finishDay(of: ana, since: day, now: day.addingTimeInterval(60)) }
            #expect(try workouts.assignment(of: ana)?.lastDone == nil)

            // Saved the evening before, judged the next morning: since the last move, not since midnight.
            try Self.save(store, ana, "Back Squat", 100, 5, 5, at: day.addingTimeInterval(-3_600))
            try Self.save(store, ana, "Bench Press", 60, 5, 5, at: day.addingTimeInterval(-3_500))
            try Self.save(store, ana, "Barbell Row", 50, 5, 5, at: day.addingTimeInterval(-3_400))
            let first = try workouts.finishDay(of: ana, since: nil, now: day.addingTimeInterval(600))
            #expect(first.completion.map(\.done) == [true, true, true])
            let moved = try #require(try workouts.assignment(of: ana))
            #expect(moved.progress.trainingMax(for: "Back Squat") == Weight(value: 102.5, unit: .kg))

            // Three more calls a minute apart: each refused, nothing counted as missed.
            for minute in 1...3 {
                do {
                    _ = try workouts.finishDay(of: ana, since: nil, now: day.addingTimeInterval(600 + Double(minute) * 60))
                    Issue.record("the day was judged again")
                } catch {
                    #expect("\(error)".contains("no set of 5x5 week 1 day 2 saved since"), "\(error)")
                }
            }
            #expect(try workouts.assignment(of: ana) == moved)
        }
    }
}
