import Testing
import TopWeightCatalog
import TopWeightCore

/// What a program file may hold: bounded in size and in what its aliases
/// expand to, every percentage, load and rule in range, every lift one the
/// gym knows (or a new one far from any), of a kind a program can load.
@Suite("Programs read from YAML, within bounds")
struct ProgramLimitsTests {
    /// A refusal's line and reason, or a note of what came back instead.
    private static func refusal(_ yaml: String, lifts: ProgramCatalog.Lifts? = nil) -> ProgramCatalog.Problem? {
        do {
            _ = try ProgramCatalog(yaml: yaml, lifts: lifts)
            return nil
        } catch {
            return error
        }
    }

    /// One program, one day, these exercise lines (indented under `exercises:`, from line 6).
    private static func oneDay(_ exercises: [String], rules: [String] = []) -> String {
        (["programs:", "  - name: P"] + rules.map { "    " + $0 } + ["    weeks:", "      - days:", "          - exercises:"]
            + exercises.map { "              - " + $0 }).joined(separator: "\n") + "\n"
    }

    // MARK: - Size and expansion

    @Test("a billion-laughs file (aliases of aliases) is refused at once, naming what was too big")
    func billionLaughs() throws {
        // Nine levels of ten aliases each: a 1 KB text that would expand to 10⁹ values.
        var lines = ["lol0: &l0 [65%x5, 65%x5, 65%x5, 65%x5, 65%x5, 65%x5, 65%x5, 65%x5, 65%x5, 65%x5]"]
        for level in 1...9 {
            lines.append("lol\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let yaml = "programs:\n  - name: P\n    weeks:\n      - days:\n          - exercises:\n              - Back Squat: 5x5@100%\n"
            + lines.joined(separator: "\n") + "\n"
        #expect(yaml.utf8.count < 2_000)
        let problem = try #require(Self.refusal(yaml))
        #expect(problem.reason.contains("expands to more than \(ProgramCatalog.Limits.values) values"), "\(problem)")
        #expect(!problem.description.contains("\n"))
    }

    @Test("the weeks of the issue's file (a week aliased 149 times) are refused: a program has at most 52 weeks")
    func tooManyWeeks() throws {
        let yaml = """
            programs:
              - name: Forever
                weeks:
                  - &w
                    days:
                      - &d
                        exercises:
                          - Back Squat: 5x5@100%
                      - *d
                  \(Array(repeating: "- *w", count: 52).joined(separator: "\n      "))
            """
        let problem = try #require(Self.refusal(yaml))
        #expect(problem.reason.contains("Forever has 53 weeks; a program has at most \(ProgramCatalog.Limits.weeks)"), "\(problem)")
        #expect(problem.line == 3)
    }

    @Test("more aliases than a program file needs are refused")
    func tooManyAliases() throws {
        let exercises = Array(repeating: "*s", count: ProgramCatalog.Limits.aliases + 1)
        let yaml = "programs:\n  - name: P\n    weeks:\n      - days:\n          - exercises:\n              - &s { Back Squat: 5x5@100% }\n"
            + exercises.map { "              - " + $0 }.joined(separator: "\n") + "\n"
        let problem = try #require(Self.refusal(yaml))
        #expect(problem.reason.contains("aliases"), "\(problem)")
    }

    @Test("a day of too many exercises, a week of too many days and a file too long are refused")
    func otherBounds() throws {
        let crowded = Self.oneDay((1...(ProgramCatalog.Limits.exercisesPerDay + 1)).map { "Lift \($0): 1x5@100%" })
        #expect(Self.refusal(crowded)?.reason.contains("a day has at most \(ProgramCatalog.Limits.exercisesPerDay) exercises") == true,
                "\(String(describing: Self.refusal(crowded)))")
        let days = Array(repeating: "          - exercises: [ { Back Squat: 5x5@100% } ]", count: 8).joined(separator: "\n")
        let longWeek = "programs:\n  - name: P\n    weeks:\n      - days:\n" + days + "\n"
        #expect(Self.refusal(longWeek)?.reason.contains("a week has at most 7 days") == true)
        let long = Self.oneDay(["Back Squat: 5x5@100%"]) + "# " + String(repeating: "x", count: ProgramCatalog.Limits.bytes) + "\n"
        #expect(Self.refusal(long)?.reason.contains("KB; a programs file is at most") == true, "\(String(describing: Self.refusal(long)))")
    }

    // MARK: - Ranges

    /// A rule or a set out of range; the line named and a piece of the reason.
    @Test("every percentage, load and rule is range-checked, naming its line", arguments: [
        (oneDay(["Back Squat: 5x5@100%"], rules: ["deload after: 3", "deload by: 110%"]), 4, "'deload by' is from 1 % to 50 %"),
        (oneDay(["Back Squat: 5x5@100%"], rules: ["deload by: 0%"]), 3, "'deload by' is from 1 % to 50 %"),
        (oneDay(["Back Squat: 5x5@100%"], rules: ["training max: 150%"]), 3, "'training max' is from 50 % to 100 %"),
        (oneDay(["Back Squat: 5x5@100%"], rules: ["on success: { Back Squat: 0 }"]), 3, "the step is more than 0"),
        (oneDay(["Back Squat: 5x5@100%"], rules: ["on success: { Back Squat: 40 }"]), 3, "at most 25 kg"),
        (oneDay(["Back Squat: 5x5@100%"], rules: ["each cycle: { Back Squat: 60 }"]), 3, "at most 25 kg"),
        (oneDay(["Back Squat: 3x8@0kg"]), 6, "a fixed load is more than 0"),
        (oneDay(["Back Squat: 5x5@180%"]), 6, "from 10 % to 150 %"),
        (oneDay(["Back Squat: [5%x5]"]), 6, "from 10 % to 150 %"),
    ])
    func ranges(yaml: String, line: Int, reason: String) throws {
        let problem = try #require(Self.refusal(yaml))
        #expect(problem.line == line && problem.reason.contains(reason), "\(problem)")
    }

    @Test("an 'on success' or 'each cycle' step for a lift the program doesn't have is refused, naming its line")
    func stepsForOtherLifts() throws {
        let problem = try #require(Self.refusal(Self.oneDay(["Back Squat: 5x5@100%"], rules: ["on success: { Back Squat: 2.5, Deadlift: 5 }"])))
        #expect(problem.line == 3 && problem.reason.contains("'on success' names Deadlift, which P doesn't have"), "\(problem)")
        let cycle = try #require(Self.refusal(Self.oneDay(["Back Squat: 5x5@100%"], rules: ["each cycle: { back squat: 5, Bench: 2.5 }"])))
        #expect(cycle.reason.contains("'each cycle' names Bench"), "\(cycle)")
    }

    // MARK: - Lift names and kinds

    /// The gym's lifts: Back Squat and Bench Press (weight), Plank (timed), Pull-up (bodyweight), Rowing Machine (distance).
    static let gym: ProgramCatalog.Lifts = { typed in
        let known: [(String, ExerciseKind)] = [("Back Squat", .weight), ("Bench Press", .weight), ("Plank", .time),
                                               ("Pull-up", .bodyweight), ("Rowing Machine", .distance)]
        if let found = known.first(where: { NameRules.key($0.0) == NameRules.key(typed) }) { return .known(found.0, found.1) }
        if NameRules.key(typed) == "squat" { return .known("Back Squat", .weight) }
        return .unknown(mayMean: NameRules.key(typed) == "back sqaut" ? "Back Squat" : nil)
    }

    @Test("a near miss names the lift it may mean; a lift of a kind a program can't load is refused; both name the line")
    func liftNames() throws {
        let typo = try #require(Self.refusal(Self.oneDay(["Bench Press: 5x5@100%", "Back Sqaut: 5x5@100%"]), lifts: Self.gym))
        #expect(typo.line == 7 && typo.reason.contains("no lift is named Back Sqaut: did you mean Back Squat?"), "\(typo)")
        let plank = try #require(Self.refusal(Self.oneDay(["Plank: 3x8@40kg"]), lifts: Self.gym))
        #expect(plank.line == 6 && plank.reason.contains("Plank is a timed lift"), "\(plank)")
        let pullUp = try #require(Self.refusal(Self.oneDay(["Pull-up: 3x8@100%"]), lifts: Self.gym))
        #expect(pullUp.reason.contains("Pull-up is a bodyweight lift"), "\(pullUp)")
        let rule = try #require(Self.refusal(Self.oneDay(["Back Squat: 5x5@100%"], rules: ["on success: { Back Sqaut: 2.5 }"]), lifts: Self.gym))
        #expect(rule.line == 3 && rule.reason.contains("did you mean Back Squat?"), "\(rule)")
    }

    @Test("a lift named by an alias takes the gym's spelling; a new lift far from any known one is taken as typed")
    func resolvedNames() throws {
        let catalog = try ProgramCatalog(yaml: Self.oneDay(["squat: 5x5@100%", "Hip Thrust: 3x8@60kg"], rules: ["on success: { Squat: 2.5 }"]),
                                         lifts: Self.gym)
        let program = try #require(catalog.programs.first)
        #expect(program.exercises == ["Back Squat", "Hip Thrust"])
        #expect(program.rules.addOnSuccess == ["Back Squat": 250])
    }

    // MARK: - The stored form

    @Test("a program's stored form is its own small YAML that reads back the same")
    func storedForm() throws {
        for program in ProgramCatalog.bundled().programs {
            let source = ProgramCatalog.source(of: program)
            #expect(try ProgramCatalog(yaml: source).programs == [program], "\(source)")
            #expect(!source.contains("&") && !source.contains("*"))
        }
        let odd = Program(name: "Ana's \"odd\": #1", summary: "quotes \" and \\ and a\ttab", weeks: [
            Program.Week(days: [Program.Day(name: "A: heavy", exercises: [
                Program.Prescription(exercise: "Hip Thrust", sets: [PrescribedSet(load: .fixed(Weight(value: 62.5, unit: .lb)), reps: 8, amrap: true),
                                                                   PrescribedSet(load: .percent(725), reps: 3)]),
            ])], deload: true),
        ], rules: Program.Rules(trainingMaxPermille: 850, addOnSuccess: ["Hip Thrust": 500], deloadAfterMisses: 2, deloadPermille: 150, unit: .lb))
        #expect(try ProgramCatalog(yaml: ProgramCatalog.source(of: odd)).programs == [odd], "\(ProgramCatalog.source(of: odd))")
    }
}
