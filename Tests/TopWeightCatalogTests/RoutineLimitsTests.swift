import Testing
import TopWeightCatalog
import TopWeightCore

/// A routines file is bounded as a programs file is: in its size and in what
/// its aliases expand to, refused before anything of it is decoded.
@Suite("Routines read from YAML, within bounds")
struct RoutineLimitsTests {
    private static func refusal(_ yaml: String) -> RoutineCatalog.Problem? {
        do {
            _ = try RoutineCatalog(yaml: yaml)
            return nil
        } catch {
            return error
        }
    }

    @Test("a 200-step routine referenced 3 000 times is refused for what it expands to, not decoded first")
    func aliasBomb() throws {
        let step = "{exercise: Back Squat, weight: 100, reps: 5, series: 5}"
        let bomb = "  - &bomb\n    name: Bomb\n    exercises: [" + Array(repeating: step, count: 200).joined(separator: ", ") + "]\n"
        let yaml = "routines:\n" + bomb + Array(repeating: "  - *bomb\n", count: 3_000).joined()
        let problem = try #require(Self.refusal(yaml))
        #expect(problem.description.contains("aliases") || problem.description.contains("expands"), "\(problem)")
        #expect(!problem.description.contains("listed twice"), "\(problem)")
    }

    @Test("aliases of aliases (a billion laughs) are refused, naming what was too big")
    func billionLaughs() throws {
        var lines = ["x0: &l0 [a, a, a, a, a, a, a, a, a, a]"]
        for level in 1...9 {
            lines.append("x\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let yaml = "routines:\n  - name: R\n    exercises:\n      - exercise: Back Squat\n" + lines.joined(separator: "\n") + "\n"
        let problem = try #require(Self.refusal(yaml))
        #expect(problem.description.contains("expands to more than \(ProgramCatalog.Limits.values) values"), "\(problem)")
        #expect(problem.description.contains("routines file"), "\(problem)")
    }

    @Test("a file larger than a programs file may be is refused by its size")
    func tooLarge() throws {
        let yaml = "routines:\n  - name: R\n    exercises:\n      - exercise: Back Squat\n# " + String(repeating: "x", count: ProgramCatalog.Limits.bytes) + "\n"
        let problem = try #require(Self.refusal(yaml))
        #expect(problem.description.contains("KB"), "\(problem)")
    }

    @Test("an alias used a few times, as a gym would, still reads")
    func fewAliases() throws {
        let yaml = """
            routines:
              - name: A
                exercises:
                  - &squat {exercise: Back Squat, weight: 100, reps: 5, series: 5}
                  - {exercise: Bench Press, weight: 60, reps: 5, series: 5}
              - name: B
                exercises:
                  - *squat
                  - {exercise: Deadlift, weight: 140, reps: 5, series: 1}
            """
        let catalog = try RoutineCatalog(yaml: yaml)
        #expect(catalog.routines.map(\.name) == ["A", "B"])
        #expect(catalog.routines[1].exercises.first?.exercise == "Back Squat")
    }
}
