import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore

/// Supersets and rests in the gym's routines and programs files.
@Suite("Supersets and rests in routines and programs files")
struct SupersetCatalogTests {
    static let routines = """
        routines:
          - name: Push Pull
            exercises:
              - { exercise: Bench Press, weight: 60, reps: 8, series: 3, superset: a }
              - { exercise: Barbell Row, weight: 50, reps: 8, series: 3, superset: A, rest: 90 }
              - { exercise: Overhead Press, rest: "1:30" }
              - { exercise: Curl, rest: off }
        """

    @Test("a routine's steps take a superset letter and a rest in seconds, a time or off")
    func routineSteps() throws {
        let routine = try #require(try RoutineCatalog(yaml: Self.routines).routines.first)
        #expect(routine.exercises.map(\.superset) == ["A", "A", nil, nil])
        #expect(routine.exercises.map(\.rest) == [nil, 90, 90, 0])
        // Kept in the database and read back the same (the text every engine stores).
        #expect(Routine(name: routine.name, storedExercises: routine.storedExercises) == routine)
    }

    @Test("letters that make no superset and rests that are none are refused, saying which", arguments: [
        ("{ exercise: Bench Press, superset: A }", "superset A has one exercise"),
        ("{ exercise: Bench Press, rest: forever }", "rest forever is not a rest"),
        ("{ exercise: Bench Press, rest: 7200 }", "rest 7200 is not a rest"),
    ])
    func refused(_ step: String, _ reason: String) {
        let yaml = "routines:\n  - name: R\n    exercises:\n      - \(step)\n      - { exercise: Squat }\n"
        #expect(throws: RoutineCatalog.Problem.self) { try RoutineCatalog(yaml: yaml) }
        do {
            _ = try RoutineCatalog(yaml: yaml)
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }

    @Test("a program's lift takes superset and rest beside its sets, kept through the program's stored source")
    func programLifts() throws {
        let yaml = """
            programs:
              - name: Pairs
                weeks:
                  - days:
                      - name: A
                        exercises:
                          - { Bench Press: 2x8@70%, superset: A }
                          - { Barbell Row: 2x8@70%, superset: A, rest: 90 }
                          - Back Squat: 3x5@80%
            """
        let program = try #require(try ProgramCatalog(yaml: yaml).programs.first)
        let lifts = program.weeks[0].days[0].exercises
        #expect(lifts.map(\.superset) == ["A", "A", nil] && lifts.map(\.rest) == [nil, 90, nil])
        #expect(try ProgramCatalog(yaml: ProgramCatalog.source(of: program)).programs == [program])
        let lonely = yaml.replacingOccurrences(of: "{ Barbell Row: 2x8@70%, superset: A, rest: 90 }", with: "Barbell Row: 2x8@70%")
        #expect(throws: ProgramCatalog.Problem.self) { try ProgramCatalog(yaml: lonely) }
    }
}
