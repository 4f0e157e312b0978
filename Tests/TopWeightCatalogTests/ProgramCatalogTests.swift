import Testing
import TopWeightCatalog
import TopWeightCore

@Suite("Programs read from YAML")
struct ProgramCatalogTests {
    @Test("three programs ship: a linear 5x5, 5/3/1 and the Texas Method")
    func bundled() throws {
        let catalog = ProgramCatalog.bundled()
        #expect(catalog.programs.map(\.name) == ["5x5", "5/3/1", "Texas Method"])
        let wendler = try #require(catalog.program(named: "5/3/1"))
        #expect(wendler.weeks.count == 4 && wendler.weeks.map(\.deload) == [false, false, false, true])
        #expect(wendler.rules.trainingMaxPermille == 900)
        #expect(wendler.rules.addEachCycle == ["Back Squat": 500, "Deadlift": 500, "Bench Press": 250, "Overhead Press": 250])
        let weekTwoSquat = try #require(wendler.weeks[1].days.first { $0.name == "Squat" }?.exercises.first)
        #expect(weekTwoSquat.exercise == "Back Squat")
        #expect(weekTwoSquat.sets == [
            PrescribedSet(load: .percent(700), reps: 3), PrescribedSet(load: .percent(800), reps: 3),
            PrescribedSet(load: .percent(900), reps: 3, amrap: true),
        ])
        let linear = try #require(catalog.program(named: "5X5"))
        #expect(linear.rules.deloadAfterMisses == 3 && linear.rules.deloadPermille == 100)
        #expect(linear.rules.addOnSuccess["Deadlift"] == 500)
        #expect(linear.weeks[0].days.map(\.name) == ["A", "B"])
        #expect(linear.weeks[0].days[0].exercises[0].sets == Array(repeating: PrescribedSet(load: .percent(1000), reps: 5), count: 5))
    }

    @Test("fixed loads in the program's unit or as typed")
    func fixedLoads() throws {
        let catalog = try ProgramCatalog(yaml: """
            programs:
              - name: Accessories
                unit: lb
                weeks:
                  - days:
                      - exercises:
                          - Dumbbell Curl: 3x10@25
                          - Leg Press: [100kgx10, 110kgx8+]
            """)
        let day = try #require(catalog.programs.first?.weeks.first?.days.first)
        #expect(day.exercises[0].sets == Array(repeating: PrescribedSet(load: .fixed(Weight(value: 25, unit: .lb)), reps: 10), count: 3))
        #expect(day.exercises[1].sets == [PrescribedSet(load: .fixed(Weight(value: 100, unit: .kg)), reps: 10),
                                          PrescribedSet(load: .fixed(Weight(value: 110, unit: .kg)), reps: 8, amrap: true)])
    }

    /// A file with one mistake; the line it names and a piece of the reason.
    @Test("a program file with a mistake is refused with the line and the reason", arguments: [
        ("programs:\n  - name: P\n    weeks:\n      - days:\n          - exercises:\n              - Back Squat: 65%5\n", 6, "a set is written"),
        ("programs:\n  - name: P\n    weeks:\n      - days:\n          - exercises:\n              - Back Squat: [65%x5, 75%x0]\n", 6, "reps must be"),
        ("programs:\n  - name: P\n    training max: 90\n    weeks: []\n", 3, "not a percentage"),
        ("programs:\n  - name: P\n    weekz:\n      - days: []\n", 3, "\"weekz\" is not a field of a program"),
        ("programs:\n  - name: P\n", 2, "needs 'weeks:'"),
        ("programs:\n  - name: P\n    weeks:\n      - days:\n          - exercises:\n              - Back Squat: 5x5@300%\n", 6, "from 10 % to 150 %"),
        ("programs:\n  - name: P\n    unit: stone\n    weeks: []\n", 3, "the unit is kg or lb"),
        ("programs:\n  - name: P\n    deload after: lots\n    weeks: []\n", 3, "'deload after' is a number"),
        ("programs:\n  - name: P\n    on success: { Back Squat: heavy }\n    weeks: []\n", 3, "the step is a weight"),
        ("programs:\n  - name: \"\"\n    weeks: []\n", 2, "can't be used"),
        ("programs:\n  - name: P\n    weeks:\n      - days:\n          - exercises:\n              - 5x5@100%\n", 6, "`EXERCISE: SETS`"),
        ("programs:\n  - name: P\n    weeks:\n      - days:\n          - exercises: [ { Back Squat: 5x5@100% } ]\n  - name: p\n    weeks:\n      - days:\n          - exercises: [ { Back Squat: 5x5@100% } ]\n", 6, "listed twice"),
        ("programs:\n  - name: P\n    weeks: [\n", 4, "not YAML"),
        ("routines:\n  - name: Upper\n", 1, "starts with 'programs:'"),
    ])
    func mistakes(yaml: String, line: Int, reason: String) {
        #expect {
            _ = try ProgramCatalog(yaml: yaml)
        } throws: { error in
            guard let problem = error as? ProgramCatalog.Problem else { return false }
            return problem.line == line && problem.reason.contains(reason)
        }
    }

    @Test("a refusal reads as one line beginning with its line number")
    func oneLine() {
        let problem = ProgramCatalog.Problem(line: 6, reason: "P, Back Squat: \"65x5\": a set is written LOADxREPS")
        #expect(problem.description == "line 6: P, Back Squat: \"65x5\": a set is written LOADxREPS")
    }
}
