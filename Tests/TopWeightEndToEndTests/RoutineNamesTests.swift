import Foundation
import Testing

/// A gym's routine written with another app's names. In `LogCommandTests`,
/// so `Scripts/test` runs it on PostgreSQL too.
extension LogCommandTests {
    @Test("routines import puts other apps' names on the catalog's, as history import does, and says what it mapped; the walk then has its numbers")
    func routineNamesResolved() throws {
        let scratch = try Scratch()
        let file = scratch.directory.appendingPathComponent("gym.yaml")
        try Data("""
            routines:
              - name: Gym Legs
                exercises:
                  - { exercise: Squat (Barbell), weight: 100, reps: 5, series: 5 }
                  - { exercise: Deadlift (Barbell), weight: 140, reps: 3, series: 1 }
                  - { exercise: Zercher Carry }
                  - { exercise: bench, weight: 60, reps: 5, series: 5 }

            """.utf8).write(to: file)

        let imported = try Binary.run(["routines", "import", file.path], db: scratch.db)

        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Squat (Barbell) → Back Squat"), "\(imported.stdout)")
        #expect(imported.stdout.contains("Deadlift (Barbell) → Deadlift"), "\(imported.stdout)")
        let show = try Binary.run(["routines", "show", "Gym Legs", "--format", "json"], db: scratch.db).stdout
        #expect(show.contains("\"exercise\":\"Back Squat\"") && !show.contains("Squat (Barbell)"), "\(show)")
        #expect(show.contains("Zercher Carry"), "a name the catalog doesn't know stays: \(show)")
        #expect(show.contains("\"exercise\":\"Bench Press\""), "a short form as the logger reads it: \(show)")

        // Walked: Enter takes the routine's numbers for Back Squat.
        let walked = try Binary.run([], db: scratch.db, input: "Ana\ny\n:start Gym Legs\n\n\n\n\n:quit\n")
        #expect(walked.stdout.contains("Saved") && walked.stdout.contains("Back Squat"), "\(walked.stdout)\(walked.stderr)")
        let history = try Binary.run(["history", "--format", "csv"], db: scratch.db).stdout
        #expect(history.contains("Ana,Back Squat,100,kg,5,5"), "\(history)")
    }
}
