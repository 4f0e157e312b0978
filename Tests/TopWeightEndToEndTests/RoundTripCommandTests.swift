import Foundation
import Testing
import TopWeightTestSupport

/// Our own exports imported back: into the database they came from they add
/// nothing, into an empty one they give the same sets and volume, in every
/// format. In `ImportCommandTests`, so `Scripts/test` runs them on PostgreSQL too.
extension ImportCommandTests {
    /// The member's sets and volume (kg), as `stats` counts them.
    static func totals(_ user: String, db: String) throws -> (sets: Int, volume: Double) {
        let stats = try Binary.run(["stats", "--user", user, "--format", "json"], db: db)
        try #require(stats.status == 0, "\(stats.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let sets = try #require((object["sets"] as? [String: Any])?["allTime"] as? Int)
        let volume = try #require((object["totalVolume"] as? NSNumber)?.doubleValue)
        return (sets, volume)
    }

    /// Ana's history, with what an export has to carry: warm-up and failed
    /// sets, a day's note, sets in lb among kg ones, and the same set twice
    /// on one day in two workouts.
    static func history(in scratch: Scratch) throws {
        let file = try write(strong, "strong.csv", in: scratch)
        #expect(try Binary.run(["import", file, "--user", "Ana"], db: scratch.db).status == 0)
        for arguments in [
            ["add", "Ana", "Bench Press", "135", "5", "3", "--unit", "lb", "--at", "2025-02-19T09:00:00+00:00"],
            ["add", "Ana", "Deadlift", "140", "3", "1", "--at", "2025-02-19T18:00:00+00:00"],
            ["add", "Ana", "Back Squat", "100", "5", "5", "--at", "2025-02-21T17:00:00+00:00"],
        ] {
            let added = try Binary.run(arguments, db: scratch.db)
            try #require(added.status == 0, "\(added.stderr)")
        }
    }

    @Test("every export format imported into the database it came from adds nothing", arguments: ["json", "csv", "strong"])
    func roundTripSameDatabase(format: String) throws {
        let scratch = try Scratch()
        try Self.history(in: scratch)
        let before = try Binary.run(["history", "--user", "Ana", "--limit", "0", "--format", "csv"], db: scratch.db)
        let totals = try Self.totals("Ana", db: scratch.db)
        let sessions = try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: scratch.db)

        let export = try Binary.run(["export", "--user", "Ana", "--format", format], db: scratch.db)
        try #require(export.status == 0, "\(export.stderr)")
        let file = try Self.write(export.stdout, "export.\(format)", in: scratch)
        let again = try Binary.run(["import", file, "--user", "Ana"] + Self.unit(format), db: scratch.db)

        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 sets in 0 records added"), "\(again.stdout)")
        #expect(try Binary.run(["history", "--user", "Ana", "--limit", "0", "--format", "csv"], db: scratch.db).stdout == before.stdout)
        let after = try Self.totals("Ana", db: scratch.db)
        #expect(after.sets == totals.sets && after.volume == totals.volume, "\(totals) → \(after)")
        #expect(try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: scratch.db).stdout == sessions.stdout,
                "the day's note is not written twice")
    }

    @Test("every export format imported into an empty database gives the same sets and volume", arguments: ["json", "csv", "strong"])
    func roundTripEmptyDatabase(format: String) throws {
        let scratch = try Scratch()
        try Self.history(in: scratch)
        let totals = try Self.totals("Ana", db: scratch.db)
        let export = try Binary.run(["export", "--user", "Ana", "--format", format], db: scratch.db)
        try #require(export.status == 0, "\(export.stderr)")
        let file = try Self.write(export.stdout, "export.\(format)", in: scratch)

        let empty = try Scratch()
        let imported = try Binary.run(["import", file, "--user", "Ana"] + Self.unit(format), db: empty.db)
        #expect(imported.status == 0, "\(imported.stderr)")
        let copy = try Self.totals("Ana", db: empty.db)
        #expect(copy.sets == totals.sets, "\(totals) → \(copy)")
        // Strong's file has one unit: 135 lb comes back as 61.23 kg.
        #expect(abs(copy.volume - totals.volume) < 0.5, "\(totals) → \(copy)")

        let twice = try Binary.run(["import", file, "--user", "Ana"] + Self.unit(format), db: empty.db)
        #expect(twice.stdout.contains("0 sets in 0 records added"), "\(twice.stdout)")
    }

    @Test("a day with the same set twice in the file and once in the database gains the second one only")
    func partlyThere() throws {
        let scratch = try Scratch()
        let added = try Binary.run(["add", "Ana", "Deadlift", "140", "3", "1", "--at", "2025-02-19T18:00:00+00:00"], db: scratch.db)
        try #require(added.status == 0, "\(added.stderr)")
        let file = try Self.write("""
            Date;Workout Name;Exercise Name;Set Order;Weight (kg);Reps
            2025-02-19 07:10:00;Legs;Deadlift (Barbell);1;140;3
            2025-02-19 19:00:00;Legs;Deadlift (Barbell);1;140;3

            """, "strong.csv", in: scratch)

        let imported = try Binary.run(["import", file, "--user", "Ana"], db: scratch.db)

        #expect(imported.stdout.contains("1 set in 1 record added, 1 set in 1 record already there"), "\(imported.stdout)")
        #expect(try Self.totals("Ana", db: scratch.db).sets == 2)
    }

    @Test("our Strong export of a file numbered from 0 adds nothing, though its rows' ids fall on other sets of the first import")
    func zeroBasedSetOrder() throws {
        let scratch = try Scratch()
        let file = try Self.write("""
            Date,Workout Name,Exercise Name,Set Order,kg,Reps
            2016-10-03 19:30:55,W1D1,Gym Sled Push Special,0,60,5
            2016-10-03 19:30:55,W1D1,Gym Sled Push Special,1,70,5
            2016-10-03 19:30:55,W1D1,Gym Sled Push Special,2,80,5

            """, "oldest.csv", in: scratch)
        #expect(try Binary.run(["import", file, "--user", "Ana"], db: scratch.db).status == 0)
        let export = try Binary.run(["export", "--user", "Ana", "--format", "strong"], db: scratch.db)
        let back = try Self.write(export.stdout, "back.csv", in: scratch)

        let again = try Binary.run(["import", back, "--user", "Ana", "--unit", "kg"], db: scratch.db)

        #expect(again.stdout.contains("0 sets in 0 records added"), "\(again.stdout)")
        #expect(try Self.totals("Ana", db: scratch.db).sets == 3)
    }

    /// Strong's comma file says no unit (`export` says which on standard error): the import must be told.
    static func unit(_ format: String) -> [String] {
        format == "strong" ? ["--unit", "kg"] : []
    }

    static let ryan = SharedExports.path("strong/RyanRiddiford__MyGymProgress__strong6873959381190187561.csv")

    @Test("Ryan's real Strong export: each of our exports of it imported back adds nothing, and into an empty database gives the same sets",
          .enabled(if: FileManager.default.fileExists(atPath: ImportCommandTests.ryan), SharedExports.absentNote), arguments: ["json", "csv", "strong"])
    func realExport(format: String) throws {
        let scratch = try Scratch()
        let first = try Binary.run(["import", Self.ryan, "--user", "Ryan"], db: scratch.db)
        try #require(first.status == 0, "\(first.stderr)")
        let totals = try Self.totals("Ryan", db: scratch.db)
        let export = try Binary.run(["export", "--user", "Ryan", "--format", format], db: scratch.db)
        try #require(export.status == 0, "\(export.stderr)")
        let file = try Self.write(export.stdout, "ryan.\(format)", in: scratch)

        let again = try Binary.run(["import", file, "--user", "Ryan"] + Self.unit(format), db: scratch.db)
        #expect(again.stdout.contains("0 sets in 0 records added"), "\(again.stdout)")
        let after = try Self.totals("Ryan", db: scratch.db)
        #expect(after.sets == totals.sets && after.volume == totals.volume, "\(totals) → \(after)")

        let empty = try Scratch()
        #expect(try Binary.run(["import", file, "--user", "Ryan"] + Self.unit(format), db: empty.db).status == 0)
        let copy = try Self.totals("Ryan", db: empty.db)
        #expect(copy.sets == totals.sets && abs(copy.volume - totals.volume) < 0.5, "\(totals) → \(copy)")
    }
}
