import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightREPL
import TopWeightStore
import TopWeightTestSupport

/// The bundled catalog, read from the source tree (ranks and aliases as shipped).
private func shippedCatalog() throws -> ExerciseCatalog {
    let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/exercises.yaml")
    return try ExerciseCatalog(yaml: String(contentsOf: file, encoding: .utf8))
}

/// Tab, the one-line entry and the exercise prompt agree on what a short name means.
@Suite("Short names in the flow")
struct ShortNameFlowTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var typed: String
        /// What the member logged before (oldest first), if anything.
        var logged: [String] = []
        var expected: String
        var testDescription: String { "\(typed) after \(logged)" }
    }

    static let cases: [Case] = [
        Case(typed: "squat", expected: "Back Squat"),
        Case(typed: "bench", expected: "Bench Press"),
        Case(typed: "dead", expected: "Deadlift"),
        Case(typed: "ohp", expected: "Overhead Press"),
        Case(typed: "rdl", expected: "Romanian Deadlift"),
        Case(typed: "lat", expected: "Lat Pulldown"),
        Case(typed: "squat", logged: ["Front Squat"], expected: "Front Squat"),
        Case(typed: "squat", logged: ["Back Squat", "Front Squat", "Front Squat"], expected: "Front Squat"),
        Case(typed: "dead", logged: ["Romanian Deadlift"], expected: "Romanian Deadlift"),
        Case(typed: "deadlift", logged: ["Romanian Deadlift"], expected: "Deadlift"),
    ]

    /// A store where Ana logged `logged`, one set each, a day apart.
    private static func fixture(logged: [String]) throws -> Fixture {
        let fixture = try Fixture()
        let ana = try fixture.store.createUser(named: "Ana")
        for (offset, name) in logged.enumerated() {
            let exercise = try fixture.store.exercise(named: name) ?? fixture.store.createExercise(named: name)
            _ = try fixture.store.save(NewRecord(user: ana, exercise: exercise, values: .kg(60, 5, 5),
                                                 performedAt: Fixture.now.addingTimeInterval(Double(offset - 100) * 86_400)))
        }
        return fixture
    }

    @Test("Tab offers the best candidate first", arguments: cases)
    func tab(_ example: Case) throws {
        let fixture = try Self.fixture(logged: example.logged)
        let source = ScriptedLineSource(lines: ["Ana"])
        source.probes = [example.typed]
        fixture.run(source, catalog: try shippedCatalog())
        #expect(source.offered(example.typed, at: "exercise")?.first == example.expected)
    }

    @Test("a one-line entry saves on the same candidate, and the Saved line names it in full", arguments: cases)
    func oneLine(_ example: Case) throws {
        let fixture = try Self.fixture(logged: example.logged)
        let source = ScriptedLineSource(lines: ["Ana", "\(example.typed) 85x5x3"])
        let (console, _) = fixture.run(source, catalog: try shippedCatalog())
        #expect(try fixture.records().first?.exercise == example.expected)
        #expect(console.said.contains { $0.contains("Ana · \(example.expected) · 85 kg × 5 reps × 3 series") })
    }

    @Test("the exercise prompt takes the same candidate and says its full name", arguments: cases)
    func prompt(_ example: Case) throws {
        let fixture = try Self.fixture(logged: example.logged)
        let source = ScriptedLineSource(lines: ["Ana", example.typed, "85", "5", "3"])
        let (console, _) = fixture.run(source, catalog: try shippedCatalog())
        #expect(try fixture.records().first?.exercise == example.expected)
        if NameRules.key(example.typed) != NameRules.key(example.expected) {
            #expect(console.said.contains("→ \(example.expected)"))
        }
    }

    @Test("a new name ending in a weight, or a set typed as a name, is refused and creates nothing",
          arguments: ["bench 135", "55x5x5", "62.5 kg", "zottman curl 20kg"])
    func setsAreNotNames(typed: String) throws {
        let fixture = try Self.fixture(logged: [])
        let source = ScriptedLineSource(lines: ["Ana", typed, "y", "y"])
        let (console, _) = fixture.run(source, catalog: try shippedCatalog())
        #expect(!source.prompts.contains { $0.contains("Create?") }, "\(source.prompts)")
        #expect(console.warned.contains { $0.contains("a set, not an exercise") || $0.contains("a name can't end in a number") }, "\(console.warned)")
        #expect(try fixture.store.exercises().isEmpty)
        #expect(try fixture.records().isEmpty)
    }

    @Test("a new exercise confirmed and then cancelled leaves no row, and is made with its first set")
    func newExerciseRowAtFirstSet() throws {
        let fixture = try Self.fixture(logged: [])
        let cancelled = ScriptedLineSource([.line("Ana"), .line("Zottman Curl"), .line("y"), .interrupted])
        let (console, _) = fixture.run(cancelled, catalog: try shippedCatalog())
        #expect(console.warned.contains("Cancelled; nothing saved."))
        #expect(try fixture.store.exercises().isEmpty, "a cancelled new exercise is not stored")
        #expect(try fixture.store.exercise(named: "Zottman Curl") == nil)

        let saved = ScriptedLineSource(lines: ["Ana", "Zottman Curl", "y", "12.5", "10", "3"])
        fixture.run(saved, catalog: try shippedCatalog())
        #expect(try fixture.records().map(\.exercise) == ["Zottman Curl"])
        #expect(try fixture.store.exercises().map(\.records) == [1])
    }

    @Test(":start with every step skipped leaves no exercise behind")
    func skippedRoutine() throws {
        let fixture = try Self.fixture(logged: [])
        let routines = RoutineCatalog(routines: [
            Routine(name: "Push", exercises: [
                RoutineStep(exercise: "Bench Press", values: .kg(40, 8, 3)),
                RoutineStep(exercise: "Cable Fly Crossover Special", values: .kg(10, 12, 3)),
            ]),
        ])
        let source = ScriptedLineSource(lines: ["Ana", ":start Push", "skip", "skip"])
        fixture.run(source, routines: routines, catalog: try shippedCatalog())
        #expect(try fixture.store.exercises().isEmpty)
        #expect(try fixture.records().isEmpty)
    }

    @Test("a catalog lift chosen and cancelled leaves no row either")
    func catalogRowAtFirstSet() throws {
        let fixture = try Self.fixture(logged: [])
        let source = ScriptedLineSource([.line("Ana"), .line("squat"), .line("100"), .interrupted])
        fixture.run(source, catalog: try shippedCatalog())
        #expect(try fixture.store.exercises().isEmpty)
    }
}
