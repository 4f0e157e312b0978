import Foundation
import Testing
import TopWeightCore

/// A row dated after now stays out of the database: named on stderr and in
/// the summary, so no view ever shows a set from the future.
extension ImportCommandTests {
    @Test("A Strong row dated 2099 is named by its line and skipped; history, users and calendar show only the set that happened")
    func rowAfterNow() throws {
        let scratch = try Scratch()
        let text = """
            "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
            "1";"2025-02-19 07:10:00";"Legs";"2400";"Deadlift (Barbell)";"1";"140.0";"3";"";"";"";"";""
            "2";"2099-01-01 10:00:00";"Legs";"2400";"Deadlift (Barbell)";"1";"200.0";"3";"";"";"";"";"Time travel"

            """
        let file = try Self.write(text, "strong.csv", in: scratch)
        let imported = try Binary.run(["import", file, "--user", "Ana"], db: scratch.db)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr == "topweight: line 3: 2099-01-01 10:00:00 is after now; skipped\n", "\(imported.stderr)")
        #expect(imported.stdout.contains("Sets: 1 on 1 day as 1 record; 1 set in 1 record added."), "\(imported.stdout)")
        #expect(imported.stdout.contains("Skipped: 1 dated after now (line 3)."), "\(imported.stdout)")
        let dry = try Binary.run(["import", file, "--user", "Ana", "--dry-run"], db: scratch.db)
        #expect(dry.stdout.contains("Skipped: 1 dated after now (line 3)."), "a second look says it again: \(dry.stdout)")

        let history = try Binary.run(["history", "--format", "csv"], db: scratch.db)
        #expect(history.stdout.split(separator: "\n").count == 2, "\(history.stdout)")
        #expect(!history.stdout.contains("2099"))
        let users = try Binary.run(["users"], db: scratch.db)
        #expect(!users.stdout.contains("2099"), "\(users.stdout)")
        let calendar = try Binary.run(["calendar", "--user", "Ana", "--month", "2099-01", "--format", "json"], db: scratch.db)
        #expect(calendar.status == 0, "\(calendar.stderr)")
        #expect(!calendar.stdout.contains("\"sets\""), "\(calendar.stdout)")
    }
}
