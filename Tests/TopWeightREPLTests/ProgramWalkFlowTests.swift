import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightREPL
import TopWeightTestSupport
import TopWeightUseCases

/// `:go` in the logger: today's workout of the member's program walked like
/// `:start` walks a routine (warm-ups first, `skip`, the prescribed loads as
/// defaults, the "+" set's reps asked), the day finished at its end, and a
/// walk left half-way found where it was; and the weight nudge under `Saved`.
@Suite("Walking a program's day in the logger")
struct ProgramWalkFlowTests {
    /// A one-lift program, for short walks: 5×5 at the training max, +2.5 kg after a clean day.
    static let squatOnly = """
        programs:
          - name: Squat Only
            on success: { Back Squat: 2.5 }
            weeks:
              - days:
                  - exercises:
                      - Back Squat: 5x5@100%
        """

    private static func workouts(_ fixture: Fixture) -> Workouts {
        Workouts(logbook: fixture.store, catalog: fixture.catalog)
    }

    /// Ana on `program` with these training maxes (kg).
    @discardableResult
    private static func assign(_ program: String, maxes: [String: Double], in fixture: Fixture) throws -> User {
        let workouts = workouts(fixture)
        if program == "Squat Only" { _ = try workouts.importPrograms(yaml: squatOnly, now: Fixture.now) }
        let ana = try fixture.store.createUser(named: "Ana")
        _ = try workouts.assign(try workouts.program(named: program), to: ana, maxes: maxes.mapValues { Weight(value: $0, unit: .kg) },
                                now: Fixture.now.addingTimeInterval(-86_400 * 7))
        return ana
    }

    private static func today(_ fixture: Fixture, of member: User) throws -> TodayWorkout? {
        try workouts(fixture).today(of: member)?.workout
    }

    /// Today's sets as `Exercise 40x5x1 warmup`, oldest first.
    private static func saved(_ fixture: Fixture) throws -> [String] {
        try fixture.records().reversed().map { "\($0.exercise) \($0.values.compact)\($0.kind == .warmup ? " warmup" : "")" }
    }

    @Test(":go walks a 5/3/1 day with Enter: warm-ups saved as warm-ups, the loads offered, the + set's reps asked; its end moves the program on")
    func walkWithEnter() throws {
        let fixture = try Fixture()
        let ana = try Self.assign("5/3/1", maxes: ["Overhead Press": 60], in: fixture)
        // Three warm-ups (20, 25, 32.5) and 40, 45, 50+: each Enter, Enter, Enter; the + set's reps typed after a refused Enter.
        let lines = ["Ana", ":go"] + Array(repeating: "", count: 15) + ["", "", "8", ""]
        let source = ScriptedLineSource(lines: lines)
        let (console, _) = fixture.run(source)
        #expect(console.said.contains("5/3/1 week 1 day 1: 6 entries to go. Enter takes each load, skip skips (at a warm-up: the rest of them), Ctrl-C cancels one entry."),
                "\(console.said)")
        #expect(console.said.contains("5/3/1 1/6: Overhead Press warm-up 20 kg × 5"))
        #expect(console.said.contains("5/3/1 6/6: Overhead Press 50 kg × 5+: as many reps as you can, then type them"))
        #expect(source.prompts.contains("[Ana · 5/3/1 4/6] weight kg [40]: "))
        // No reps offered for the + set: Enter there is refused, 8 taken.
        #expect(source.prompts.contains("[Ana · 5/3/1 6/6] reps: "))
        #expect(try Self.saved(fixture) == [
            "Overhead Press 20x5x1 warmup", "Overhead Press 25x3x1 warmup", "Overhead Press 32.5x2x1 warmup",
            "Overhead Press 40x5x1", "Overhead Press 45x5x1", "Overhead Press 50x8x1",
        ])
        #expect(console.said.contains("Done: 5/3/1 week 1 day 1, 6 saved."))
        #expect(console.said.contains("5/3/1 week 1 day 1 finished: Overhead Press done."))
        #expect(console.said.contains { $0.hasPrefix("Next: 5/3/1 week 1 day 2: ") })
        let next = try #require(try Self.today(fixture, of: ana))
        #expect(next.week == 1 && next.day == 2)
        let day = LocalDay(Fixture.now, in: Calendar.utc)
        let info = try #require(try fixture.store.sessionInfos(userID: ana.id, from: day, through: day).first)
        #expect(info.routine == "5/3/1" && info.programDay == "week 1 day 1", "\(info)")
    }

    @Test("skip at a warm-up skips the rest of them; Ctrl-C and skip at a work set leave it out, and the day is judged missed")
    func skipAndCancel() throws {
        let fixture = try Fixture()
        let ana = try Self.assign("5/3/1", maxes: ["Overhead Press": 60], in: fixture)
        let events: [LineEvent] = [.line("Ana"), .line(":go"), .line("skip"), .line(""), .line(""), .line(""), .interrupted, .line("skip")]
        let source = ScriptedLineSource(events)
        let (console, _) = fixture.run(source)
        #expect(try Self.saved(fixture) == ["Overhead Press 40x5x1"])
        #expect(console.warned.contains("Cancelled; nothing saved."))
        #expect(console.said.contains("Done: 5/3/1 week 1 day 1, 1 saved, 3 skipped (Overhead Press warm-ups, Overhead Press, Overhead Press)."),
                "\(console.said)")
        #expect(console.said.contains("5/3/1 week 1 day 1 finished: Overhead Press missed."))
        let next = try #require(try Self.workouts(fixture).assignment(of: ana))
        #expect(next.progress.day == 1 && next.progress.misses["overhead press"] == 1)
    }

    @Test("Ctrl-C at a warm-up cancels that one entry, as the line says: the next warm-up comes")
    func interruptAtAWarmup() throws {
        let fixture = try Fixture()
        try Self.assign("5/3/1", maxes: ["Overhead Press": 60], in: fixture)
        let source = ScriptedLineSource([.line("Ana"), .line(":go"), .interrupted, .line(""), .line(""), .line("")])
        let (console, _) = fixture.run(source)
        #expect(console.warned.contains("Cancelled; nothing saved."))
        #expect(console.said.contains("5/3/1 2/6: Overhead Press warm-up 25 kg × 3"), "\(console.said)")
        #expect(try Self.saved(fixture) == ["Overhead Press 25x3x1 warmup"])
    }

    @Test("a lift without a training max: :go says which and the exact command that gives one, and walks the rest")
    func missingTrainingMax() throws {
        let fixture = try Fixture()
        let ana = try Self.assign("Squat Only", maxes: [:], in: fixture)
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":go"]))
        let line = "No training max for Back Squat, so there is nothing to walk: the coach gives one with "
            + "topweight programs assign \"Squat Only\" --user Ana --max \"Back Squat=WEIGHT\"."
        #expect(console.said.contains(line) || console.warned.contains(line), "\(console.said) \(console.warned)")
        #expect(!console.said.contains { $0.contains("stays for next time") || $0.contains("to go") }, "\(console.said)")
        #expect(try Self.workouts(fixture).assignment(of: ana)?.lastDone == nil)
        // Nor do the rack's line and :today point at a :go that has nothing to walk.
        let (shown, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":today"]))
        #expect(shown.said.contains { $0.hasPrefix("Squat Only week 1 day 1: nothing to lift") && $0.hasSuffix(" — :today says what it needs") },
                "\(shown.said)")
        #expect(!shown.said.contains { $0.contains(":go") }, "\(shown.said)")

        let workouts = Self.workouts(fixture)
        _ = try workouts.importPrograms(yaml: """
            programs:
              - name: Two Lifts
                weeks:
                  - days:
                      - exercises:
                          - Back Squat: 1x5@100%
                          - Deadlift: 1x5@100%
            """, now: Fixture.now)
        _ = try workouts.assign(try workouts.program(named: "Two Lifts"), to: ana, maxes: ["Back Squat": Weight(value: 100, unit: .kg)], now: Fixture.now)
        let (some, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":go"]))
        let said = some.said + some.warned
        #expect(said.contains("No training max for Deadlift: the coach gives one with topweight programs assign \"Two Lifts\" --user Ana --max Deadlift=WEIGHT."),
                "\(said)")
        #expect(some.said.contains { $0.hasPrefix("Two Lifts week 1 day 1: 5 entries to go.") }, "\(some.said)")
    }

    @Test("every set skipped: nothing saved, and the day stays for next time")
    func allSkipped() throws {
        let fixture = try Fixture()
        let ana = try Self.assign("Squat Only", maxes: ["Back Squat": 100], in: fixture)
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":go", "skip", "skip"]))
        #expect(try fixture.records().isEmpty)
        #expect(console.said.contains { $0.hasSuffix("no work set done, so Squat Only week 1 day 1 stays for next time.") }, "\(console.said)")
        #expect(try Self.workouts(fixture).assignment(of: ana)?.lastDone == nil)
    }

    @Test("a linear 5×5 walked with :go: the five sets alike are one entry, and a clean day adds 2.5 kg")
    func linearFiveByFive() throws {
        let fixture = try Fixture()
        let ana = try Self.assign("Squat Only", maxes: ["Back Squat": 100], in: fixture)
        // Warm-ups 20, 40, 60, 80, then 100 × 5 × 5 sets as one entry.
        let source = ScriptedLineSource(lines: ["Ana", ":go"] + Array(repeating: "", count: 15))
        let (console, _) = fixture.run(source)
        // One unit throughout: five entries to go, then 1/5 … 5/5 (the last one of five sets alike).
        #expect(console.said.contains { $0.hasPrefix("Squat Only week 1 day 1: 5 entries to go.") }, "\(console.said)")
        #expect(source.prompts.contains("[Ana · Squat Only 5/5] series [5]: "), "\(source.prompts)")
        #expect(try Self.saved(fixture) == [
            "Back Squat 20x5x1 warmup", "Back Squat 40x5x1 warmup", "Back Squat 60x3x1 warmup", "Back Squat 80x2x1 warmup",
            "Back Squat 100x5x5",
        ])
        #expect(console.said.contains("Training maxes: Back Squat 100 kg → 102.5 kg."), "\(console.said)")
        #expect(try Self.workouts(fixture).assignment(of: ana)?.progress.trainingMax(for: "Back Squat") == Weight(value: 102.5, unit: .kg))
        #expect(try Self.today(fixture, of: ana).flatMap { $0.exercises.first?.sets.last?.weight } == Weight(value: 102.5, unit: .kg))
    }

    @Test("a member who walked away finds the walk where they left it: the sets saved today count, the rest is walked")
    func resume() throws {
        let fixture = try Fixture()
        let ana = try Self.assign("Squat Only", maxes: ["Back Squat": 100], in: fixture)
        // The first terminal: the warm-ups, then two of the five sets (the other three offered next), then the member leaves (Ctrl-D ends the turn).
        let first: [LineEvent] = [.line("Ana"), .line(":go")] + Array(repeating: LineEvent.line(""), count: 14) + [.line("2"), .endOfInput]
        let walkedAway = ScriptedLineSource(first)
        let (left, _) = fixture.run(walkedAway)
        #expect(!left.said.contains { $0.contains("finished") }, "\(left.said)")
        #expect(walkedAway.prompts.suffix(2) == ["[Ana · Squat Only 5/5] weight kg [100]: ", "user [Ana]: "], "\(walkedAway.prompts)")
        #expect(try Self.saved(fixture).last == "Back Squat 100x5x2")
        // A new terminal: three sets to go, offered as one entry of three.
        let source = ScriptedLineSource(lines: ["Ana", ":go", "", "", ""])
        let (console, _) = fixture.run(source)
        #expect(console.said.contains("Squat Only week 1 day 1: 1 entry to go (the sets saved today count). Enter takes each load, skip skips (at a warm-up: the rest of them), Ctrl-C cancels one entry."),
                "\(console.said)")
        #expect(source.prompts.contains("[Ana · Squat Only 1/1] series [3]: "), "\(source.prompts)")
        #expect(console.said.contains("Squat Only week 1 day 1 finished: Back Squat done."))
        #expect(try Self.workouts(fixture).assignment(of: ana)?.progress.trainingMax(for: "Back Squat") == Weight(value: 102.5, unit: .kg))
    }

    @Test("the day done already, but not finished: :go finishes it at once")
    func everythingSavedAlready() throws {
        let fixture = try Fixture()
        let ana = try Self.assign("Squat Only", maxes: ["Back Squat": 100], in: fixture)
        let squat = try fixture.store.createExercise(named: "Back Squat")
        _ = try fixture.store.save(NewRecord(user: ana, exercise: squat, values: .kg(100, 5, 5), performedAt: Fixture.now.addingTimeInterval(-600)))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":go"]))
        #expect(console.said.contains("Squat Only week 1 day 1 finished: Back Squat done."), "\(console.said)")
        #expect(try fixture.records().count == 1)
    }

    @Test("the day moved on at another terminal during the walk: its end says so and moves nothing")
    func movedElsewhere() throws {
        let fixture = try Fixture()
        let ana = try Self.assign("Squat Only", maxes: ["Back Squat": 100], in: fixture)
        let workouts = Self.workouts(fixture)
        let squat = try fixture.store.createExercise(named: "Back Squat")
        _ = try fixture.store.save(NewRecord(user: ana, exercise: squat, values: .kg(100, 5, 1), performedAt: Fixture.now.addingTimeInterval(-600)))
        let walk = try #require(try workouts.dayToWalk(of: ana, since: Fixture.now.addingTimeInterval(-3_600), now: Fixture.now))
        _ = try workouts.finishDay(of: ana, since: Fixture.now.addingTimeInterval(-3_600), now: Fixture.now)
        #expect(throws: WorkoutsError.self) {
            try workouts.finishDay(of: ana, since: Fixture.now.addingTimeInterval(-3_600), now: Fixture.now, expected: walk.assignment)
        }
        #expect(try workouts.assignment(of: ana)?.progress.day == 0 && workouts.assignment(of: ana)?.lastDone?.day == 1)
    }

    @Test(":go for a member on no program says so in one line; the rack's line and :today point at :go")
    func noProgramAndPointers() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let (none, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":go"]))
        #expect(none.said.contains("Ana is on no program; a coach puts you on one with 'topweight programs assign NAME --user Ana'."))
        #expect(try fixture.records().count == 1)

        let bo = try fixture.store.createUser(named: "Bo")
        let workouts = Self.workouts(fixture)
        _ = try workouts.assign(try workouts.program(named: "5x5"), to: bo, maxes: ["Back Squat": Weight(value: 100, unit: .kg)], now: Fixture.now)
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Bo", ":today"]))
        #expect(console.said.contains { $0.hasPrefix("5x5 week 1 day 1: Back Squat 5×5 at 100 % → 100 kg") && $0.hasSuffix(" — :go starts it") }, "\(console.said)")
        #expect(console.said.contains("  100 %     100 kg × 5 × 5 sets"))
        #expect(console.said.contains(":go walks it: Enter takes each load."))
    }

    // MARK: - The weight nudge

    @Test("three weeks at the same top weight: the line under Saved names the next load, once; not for a member on a program")
    func nudge() throws {
        let fixture = try Fixture()
        let (ana, squat) = try fixture.seed(exercise: "Back Squat", values: .kg(95, 5, 3))
        for daysAgo in [14, 7] {
            _ = try fixture.store.save(NewRecord(user: ana, exercise: squat, values: .kg(100, 5, 3),
                                                 performedAt: Fixture.now.addingTimeInterval(Double(-daysAgo) * 86_400)))
        }
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "Back Squat 100x5x3", "Back Squat 100x5x3"]))
        let line = "100 kg has been your top Back Squat for 3 weeks: try 102.5 kg next time."
        #expect(console.said.filter { $0 == line }.count == 1, "\(console.said)")
        let saved = try #require(console.said.firstIndex { $0.hasPrefix("Saved #4") })
        #expect(console.said[saved + 1] == line)

        // A new turn the same day: said already today.
        let (again, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "Back Squat 100x5x3"]))
        #expect(!again.said.contains(line))

        // On a program, the program moves the member on: no nudge.
        let workouts = Self.workouts(fixture)
        _ = try workouts.assign(try workouts.program(named: "5x5"), to: ana, maxes: [:], now: Fixture.now)
        let bench = try fixture.store.createExercise(named: "Deadlift")
        for daysAgo in [14, 7] {
            _ = try fixture.store.save(NewRecord(user: ana, exercise: bench, values: .kg(140, 5, 1),
                                                 performedAt: Fixture.now.addingTimeInterval(Double(-daysAgo) * 86_400)))
        }
        let (onProgram, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "Deadlift 140x5x1"]))
        #expect(!onProgram.said.contains { $0.contains("has been your top") }, "\(onProgram.said)")
    }
}
