import Foundation
import Testing

/// Our own exports imported into an empty database give the same history:
/// members' privacy, the gym's own exercises with their kinds and
/// categories, days' notes, and two entries of one lift on one day kept
/// apart. In `ImportCommandTests`, so `Scripts/test` runs them on PostgreSQL too.
extension ImportCommandTests {
    /// `history --format json` as (exercise, weight, reps, series), oldest first.
    static func entries(_ user: String, db: String) throws -> [String] {
        let history = try Binary.run(["history", "--user", user, "--limit", "0", "--format", "json"], db: db)
        try #require(history.status == 0, "\(history.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        return rows.reversed().map { row in
            "\(row["exercise"] ?? "") \(row["weight"] ?? "")×\(row["reps"] ?? "")×\(row["series"] ?? "")"
        }
    }

    @Test("our JSON and CSV exports carry a private member and the gym's own lifts into an empty database", arguments: ["json", "csv"])
    func privacyTravels(format: String) throws {
        let scratch = try Scratch()
        try CopyCommandTests.seed(scratch.db)
        let export = try Binary.run(["export", "--format", format], db: scratch.db)
        try #require(export.status == 0, "\(export.stderr)")
        let file = try Self.write(export.stdout, "gym.\(format)", in: scratch)

        let empty = try Scratch()
        let imported = try Binary.run(["import", file], db: empty.db)

        #expect(imported.status == 0, "\(imported.stderr)")
        let board = try Binary.run(["board"], db: empty.db, environment: ["COLUMNS": "100"])
        #expect(board.stdout.contains("Ana"), "\(board.stdout)")
        #expect(!board.stdout.contains("Zoë"), "the private member is on the board:\n\(board.stdout)")
        let exercises = try CopyCommandTests.exercises(empty.db)
        #expect(exercises["Tuck Hold Drill"]?.kind == "time" && exercises["Tuck Hold Drill"]?.category == "core work",
                "\(String(describing: exercises["Tuck Hold Drill"]))")
    }

    @Test("our CSV export carries the days' notes and routines into an empty database")
    func csvNotes() throws {
        let scratch = try Scratch()
        try CopyCommandTests.seed(scratch.db)
        let noted = try Binary.run(["note", "add", "--user", "Ana", "Heavy, but fine.\nKnee ok."], db: scratch.db)
        try #require(noted.status == 0, "\(noted.stderr)")
        let sessions = try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: scratch.db)
        let export = try Binary.run(["export", "--format", "csv"], db: scratch.db)
        try #require(export.status == 0, "\(export.stderr)")
        let file = try Self.write(export.stdout, "gym.csv", in: scratch)

        let empty = try Scratch()
        let imported = try Binary.run(["import", file], db: empty.db)

        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: empty.db).stdout == sessions.stdout)
        let again = try Binary.run(["import", file], db: empty.db)
        #expect(try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: empty.db).stdout == sessions.stdout,
                "the note is not written twice")
        #expect(again.stdout.contains("0 sets in 0 records added"), "\(again.stdout)")
    }

    @Test("two entries of one lift on one day come back as two from every export", arguments: ["json", "csv", "strong"])
    func twoEntriesOneDay(format: String) throws {
        let scratch = try Scratch()
        for arguments in [
            ["add", "Ana", "Overhead Press", "45", "5", "4", "--at", "2025-03-04T10:00:00+00:00"],
            ["add", "Ana", "Overhead Press", "45", "5", "3", "--at", "2025-03-04T10:40:00+00:00"],
            ["add", "Ana", "Overhead Press", "50", "3", "1", "--at", "2025-03-04T10:50:00+00:00"],
        ] {
            let added = try Binary.run(arguments, db: scratch.db)
            try #require(added.status == 0, "\(added.stderr)")
        }
        let before = try Self.entries("Ana", db: scratch.db)
        let export = try Binary.run(["export", "--user", "Ana", "--format", format], db: scratch.db)
        try #require(export.status == 0, "\(export.stderr)")
        let file = try Self.write(export.stdout, "ana.\(format)", in: scratch)

        let empty = try Scratch()
        let unit = format == "strong" ? ["--unit", "kg"] : []
        let imported = try Binary.run(["import", file, "--user", "Ana"] + unit, db: empty.db)

        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Self.entries("Ana", db: empty.db) == before)
        let again = try Binary.run(["import", file, "--user", "Ana"] + unit, db: scratch.db)
        #expect(again.stdout.contains("0 sets in 0 records added"), "\(again.stdout)")
    }

    @Test("each export format's help says what it cannot carry; import's help says what it does with timed and distance rows")
    func helpSaysTheTruth() throws {
        let export = try Binary.run(["export", "--help"], db: nil)
        for words in ["cannot carry", "tombstones", "body weight", "each set's own time"] {
            #expect(export.stdout.contains(words), "export --help lacks '\(words)':\n\(export.stdout)")
        }
        let imported = try Binary.run(["import", "--help"], db: nil)
        #expect(!imported.stdout.contains("cardio and timed rows are skipped"), "\(imported.stdout)")
        #expect(imported.stdout.contains("timed"), "\(imported.stdout)")
    }

    @Test("history --deleted --format csv says when each record was deleted")
    func deletedAtColumn() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["delete", "1"], db: scratch.db).status == 0)

        let deleted = try Binary.run(["history", "--deleted", "--format", "csv"], db: scratch.db)

        let lines = deleted.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(deleted.stdout)\(deleted.stderr)")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        let row = lines[1].split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "deletedAt"), "\(lines[0])")
        #expect(header.count == row.count)
        #expect(row.count > column && row[column].hasPrefix("20"), "\(lines[1])")
        let live = try Binary.run(["history", "--format", "csv"], db: scratch.db)
        #expect(!live.stdout.contains("deletedAt"), "live records have no such column")
    }
}
