import Foundation
import Testing
import TopWeightCore

/// `topweight import` and `topweight export`, run as a member moving apps
/// would run them, on either engine (`Scripts/test` runs this suite again on PostgreSQL).
@Suite("Import and export on the command line")
struct ImportCommandTests {
    /// Strong's current export: semicolons, everything quoted, W and F sets, a rest timer, a note row, cardio.
    static let strong = """
        "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
        "1";"2025-02-17 18:35:58";"Push";"3130";"Bench Press (Barbell)";"Note";"";"";"";"";"";"Pause, then press";"Felt strong"
        "1";"2025-02-17 18:35:58";"Push";"3130";"Bench Press (Barbell)";"W";"40.0";"10";"";"";"";"";"Felt strong"
        "1";"2025-02-17 18:35:58";"Push";"3130";"Bench Press (Barbell)";"Rest Timer";"";"";"";"";"120.0";"";"Felt strong"
        "1";"2025-02-17 18:35:58";"Push";"3130";"Bench Press (Barbell)";"1";"80.0";"5";"";"";"";"";"Felt strong"
        "1";"2025-02-17 18:35:58";"Push";"3130";"Bench Press (Barbell)";"2";"80.0";"5";"";"";"";"";"Felt strong"
        "1";"2025-02-17 18:35:58";"Push";"3130";"Bench Press (Barbell)";"F";"80.0";"3";"";"";"";"";"Felt strong"
        "1";"2025-02-17 18:35:58";"Push";"3130";"Cycling (Indoor)";"1";"";"";"";"8000.0";"0.0";"";"Felt strong"
        "2";"2025-02-19 07:10:00";"Legs";"2400";"Deadlift (Barbell)";"1";"140.0";"3";"";"";"";"";""

        """

    /// Strong's comma export: no unit anywhere, and a row shifted by an unquoted comma on line 4.
    static let comma = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2021-07-07 18:35:21,"Push",31m,"Overhead Press (Barbell)",1,115.0,4,0,0,"",,
        2021-07-07 18:35:21,"Push",31m,"Overhead Press (Barbell)",2,149.99999999999997,3,0,0,,,
        2021-07-07 18:35:21,"Push",31m,Leg Press, Machine,1,200,10,0,0,,,

        """

    static func write(_ text: String, _ name: String, in scratch: Scratch) throws -> String {
        let url = scratch.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func expectOneLine(_ result: Binary.Result) {
        #expect(result.stderr.hasPrefix("topweight: "), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    }

    @Test("A Strong export imports with a summary; the second time adds nothing")
    func importTwice() throws {
        let scratch = try Scratch()
        let file = try Self.write(Self.strong, "strong.csv", in: scratch)
        let first = try Binary.run(["import", file, "--user", "Ana"], db: scratch.db)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(first.stderr)")
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(file): Strong export (semicolon, weights in kg), 8 rows.")
        #expect(lines.contains("Member: Ana (new)."))
        #expect(lines.contains("Sets: 6 on 2 days as 5 records; 6 sets in 5 records added."))
        #expect(lines.contains("Kinds: 1 distance (1 of them without a time)."), "\(lines)")
        #expect(lines.contains("Notes: 2 notes added to 1 day."))
        #expect(lines.contains("Skipped: 1 rest timer."))
        #expect(lines.contains { $0.hasPrefix("Put on the catalog's exercises, ") && $0.contains("Bench Press (Barbell) → Bench Press") })

        let again = try Binary.run(["import", file, "--user", "Ana"], db: scratch.db)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Sets: 6 on 2 days as 5 records; 0 sets in 0 records added, 6 sets in 5 records already there."))
        #expect(again.stdout.contains("Notes: 0 notes added to 0 days, 2 already there."))

        let sessions = try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: scratch.db)
        #expect(sessions.status == 0, "\(sessions.stderr)")
        #expect(sessions.stdout.contains("\"date\":\"2025-02-17\""), "\(sessions.stdout)")
        // The indoor ride comes in as a distance set (Stationary Bike).
        #expect(sessions.stdout.contains("\"sets\":5"), "\(sessions.stdout)")
        #expect(sessions.stdout.contains("Felt strong\\n\\nBench Press: Pause, then press"), "\(sessions.stdout)")
    }

    @Test("A large export's summary fits a screen: counts and the first few names; --verbose lists them all")
    func longSummary() throws {
        let scratch = try Scratch()
        let header = "\"Workout #\";\"Date\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";\"Weight (kg)\";\"Reps\";\"RPE\";\"Distance (meters)\";\"Seconds\";\"Notes\";\"Workout Notes\""
        let mapped = ["Bench Press (Barbell)", "Deadlift (Barbell)", "Squat (Barbell)", "Overhead Press (Barbell)",
                      "Front Squat (Barbell)", "Romanian Deadlift (Barbell)", "Incline Bench Press (Barbell)", "Bent Over Row (Barbell)"]
        let made = (1...40).map { String(format: "Zorbo Lift %02d", $0) }
        let rows = (mapped + made).enumerated().map { index, name in
            "\"1\";\"2025-02-17 18:35:58\";\"Push\";\"3130\";\"\(name)\";\"1\";\"\(40 + index)\";\"5\";\"\";\"\";\"\";\"\";\"\""
        }
        let file = try Self.write(([header] + rows).joined(separator: "\n") + "\n", "big.csv", in: scratch)
        // A dry run reads an existing database only (a mistyped --db is refused).
        #expect(try Binary.run(["users", "add", "Ana"], db: scratch.db).status == 0)
        let short = try Binary.run(["import", file, "--user", "Ana", "--dry-run"], db: scratch.db)
        #expect(short.status == 0, "\(short.stderr)")
        let lines = short.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 200 }, "\(lines.map(\.count))")
        let newLine = try #require(lines.first { $0.hasPrefix("New exercises") }, "\(lines)")
        // The catalog's lifts are new to this database too: 40 made-up names and the mapped ones.
        #expect(newLine.contains(" more (--verbose lists them)"), "\(newLine)")
        #expect(!newLine.contains("Zorbo Lift 40"))
        let mappedLine = try #require(lines.first { $0.hasPrefix("Put on the catalog's exercises") }, "\(lines)")
        #expect(mappedLine.contains("more"), "\(mappedLine)")

        let verbose = try Binary.run(["import", file, "--user", "Ana", "--dry-run", "--verbose"], db: scratch.db)
        #expect(verbose.status == 0, "\(verbose.stderr)")
        #expect(verbose.stdout.contains("Zorbo Lift 40"))
        #expect(verbose.stdout.contains("Bent Over Row (Barbell) → "), "\(verbose.stdout)")
    }

    @Test("A Strong comma file without --unit is refused in one line saying why, and nothing is written")
    func unitNeeded() throws {
        let scratch = try Scratch()
        let file = try Self.write(Self.comma, "strong.csv", in: scratch)
        let refused = try Binary.run(["import", file, "--user", "Ana"], db: scratch.db)
        #expect(refused.status == 64)
        Self.expectOneLine(refused)
        #expect(refused.stderr.contains("doesn't say whether its weights are kg or lb"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--unit kg or --unit lb"))
        #expect(try Binary.run(["users"], db: scratch.db).stdout.contains("Ana") == false)
    }

    @Test("A malformed row is named by its line on stderr and skipped; the rest imports")
    func malformedRow() throws {
        let scratch = try Scratch()
        let file = try Self.write(Self.comma, "strong.csv", in: scratch)
        let result = try Binary.run(["import", file, "--user", "Ana", "--unit", "lb"], db: scratch.db)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "topweight: line 4: 13 fields where the header has 12; skipped\n")
        #expect(result.stdout.contains("Skipped: 1 malformed (line 4)."), "\(result.stdout)")
        #expect(result.stdout.contains("Sets: 2 on 1 day as 2 records"), "\(result.stdout)")
        let history = try Binary.run(["history", "--user", "Ana", "--format", "csv"], db: scratch.db)
        #expect(history.stdout.contains(",150,lb,3,1,"), "float noise read as 150: \(history.stdout)")
    }

    @Test("--dry-run says what would happen and writes nothing")
    func dryRun() throws {
        // A dry run reads a database that is there (it never makes one).
        let scratch = try Scratch().made()
        let file = try Self.write(Self.strong, "strong.csv", in: scratch)
        let dry = try Binary.run(["import", file, "--user", "Ana", "--dry-run"], db: scratch.db)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("Dry run: nothing was written."))
        #expect(dry.stdout.contains("6 sets in 5 records would be added."), "\(dry.stdout)")
        #expect(try Binary.run(["users"], db: scratch.db).stdout.contains("Ana") == false)
        let export = try Binary.run(["export"], db: scratch.db)
        #expect(export.stdout.contains("\"records\": [\n],"), "\(export.stdout)")
    }

    @Test("--dry-run on a database file that doesn't exist yet: counted against an empty one, and still no file")
    func dryRunBeforeTheDatabase() throws {
        let scratch = try Scratch(engine: .file)
        let file = try Self.write(Self.strong, "strong.csv", in: scratch)
        let dry = try Binary.run(["import", file, "--user", "Ana", "--dry-run"], db: scratch.db)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("Dry run: nothing was written."), "\(dry.stdout)")
        #expect(dry.stdout.contains("Member: Ana (new)."), "\(dry.stdout)")
        #expect(dry.stdout.contains("6 sets in 5 records would be added."), "\(dry.stdout)")
        #expect(dry.stdout.contains("doesn't exist yet: counted against an empty database"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: scratch.db))
    }

    @Test("Bad input ends in one line and a non-zero code", arguments: [
        (["import", "missing.csv", "--user", "Ana"], "no such file"),
        (["import", "FILE", "--user", "Ana", "--format", "hevy"], "this is not a Hevy export"),
        (["import", "FILE"], "--user is needed"),
        (["import", "FILE", "--user", "Ana", "--unit", "lb"], "--unit lb would misread them"),
        (["export", "--format", "strong"], "no members yet"),
    ])
    func badInput(_ arguments: [String], _ message: String) throws {
        // A database without members (export never makes one).
        let scratch = try Scratch().made()
        let file = try Self.write(Self.strong, "strong.csv", in: scratch)
        let result = try Binary.run(arguments.map { $0 == "FILE" ? file : $0 }, db: scratch.db, directory: scratch.directory)
        #expect(result.status == 64, "\(result.stderr)")
        Self.expectOneLine(result)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("--unit is refused in one line when the file names another unit, in a column's name or row by row, and taken when it agrees",
          arguments: [("hevy", "kg", "lb"), ("strong-unit-column", "kg", "lb"), ("own-csv", "lb", "kg")])
    func unitAgainstTheFile(file: String, agreeing: String, contradicting: String) throws {
        let files = [
            "hevy": """
                "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
                "Push","8 Apr 2026, 16:50","8 Apr 2026, 17:50","","Bench Press (Barbell)",,"",0,"normal",80,5,,,

                """,
            "strong-unit-column": """
                Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration
                2024-01-14 09:37:10;"PULL";"Deadlift (Barbell)";1;150;kg;5;;;;0;;;1h 46m

                """,
            "own-csv": """
                uid,performedAt,user,exercise,weight,unit,reps,series,kind
                01a211d8-07c4-73ec-b68b-562e5dc8ca40,2026-11-25T08:35:00.152+00:00,Ana,Bench Press,135,lb,5,1,

                """,
        ]
        let scratch = try Scratch()
        let path = try Self.write(try #require(files[file]), "\(file).csv", in: scratch)
        let refused = try Binary.run(["import", path, "--user", "Ana", "--unit", contradicting], db: scratch.db)
        #expect(refused.status == 64, "\(refused.stdout)\(refused.stderr)")
        Self.expectOneLine(refused)
        #expect(refused.stderr.contains("--unit \(contradicting) would misread them"), "\(refused.stderr)")
        let taken = try Binary.run(["import", path, "--user", "Ana", "--unit", agreeing], db: scratch.db)
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(taken.stdout.contains("1 set in 1 record added"), "\(taken.stdout)")
    }

    @Test("--unit against our own JSON export, whose every record names its unit: refused when it contradicts, taken when it agrees")
    func unitAgainstOwnJSON() throws {
        let source = try Scratch()
        _ = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "3"], db: source.db)
        let exported = try Binary.run(["export", "--format", "json"], db: source.db)
        let path = try Self.write(exported.stdout, "ours.json", in: source)
        let target = try Scratch()
        let refused = try Binary.run(["import", path, "--unit", "lb"], db: target.db)
        #expect(refused.status == 64, "\(refused.stdout)\(refused.stderr)")
        Self.expectOneLine(refused)
        #expect(refused.stderr.contains("--unit lb would misread them"), "\(refused.stderr)")
        let taken = try Binary.run(["import", path, "--unit", "kg"], db: target.db)
        #expect(taken.status == 0, "\(taken.stderr)")
    }

    @Test("history --format csv keeps the milliseconds export keeps, in the export's columns after its id")
    func historyCSVAsExport() throws {
        let scratch = try Scratch()
        let export = """
            uid,performedAt,user,exercise,weight,unit,reps,series,kind
            0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b,2026-01-05T10:00:00.250+00:00,Ana,Bench Press,60,kg,5,3,
            0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c,2026-01-05T10:05:00+00:00,Ana,Bench Press,40,kg,10,1,warmup

            """
        let file = try Self.write(export, "export.csv", in: scratch)
        let imported = try Binary.run(["import", file], db: scratch.db)
        #expect(imported.status == 0, "\(imported.stderr)")
        let exported = try Binary.run(["export", "--format", "csv"], db: scratch.db, environment: ["TZ": "UTC"])
        let history = try Binary.run(["history", "--format", "csv"], db: scratch.db, environment: ["TZ": "UTC"])
        #expect(history.status == 0, "\(history.stderr)")
        let rows: [String] = history.stdout.split(separator: "\n").map(String.init)
        let exportRows: [String] = exported.stdout.split(separator: "\n").map(String.init)
        // The export's rows carry the exercise's category, privacy, the day's note and routine, the set's superset and its coach beside the record.
        #expect("id," + (exportRows.first ?? "") == (rows.first ?? "") + ",category,private,note,routine,superset,coach")
        #expect(rows.first == "id,uid,performedAt,user,exercise,weight,unit,reps,series,mark,kind,seconds,distance,distanceUnit,rpe")
        // Newest first in history, oldest first in the export: each row is the export's record, after its id.
        let withoutIDs: [String] = rows.dropFirst().map { row in String(row.drop { $0 != "," }.dropFirst()) }
        let oldestLast: [String] = exportRows.dropFirst().reversed().map { row in
            row.split(separator: ",", omittingEmptySubsequences: false).dropLast(6).joined(separator: ",")
        }
        #expect(withoutIDs == oldestLast)
        #expect(rows.contains("1,0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b,2026-01-05T10:00:00.250+00:00,Ana,Bench Press,60,kg,5,3,,weight,,,,"), "\(rows)")
    }

    @Test("export → import into an empty database → export gives the same JSON")
    func jsonRoundTrip() throws {
        let scratch = try Scratch()
        let file = try Self.write(Self.strong, "strong.csv", in: scratch)
        #expect(try Binary.run(["import", file, "--user", "Ana"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Bo", "Bench Press", "60", "8", "3", "--at", "2026-01-05T10:00:00Z"], db: scratch.db).status == 0)
        #expect(try Binary.run(["note", "add", "--user", "Bo", "--date", "2026-01-05", "Easy", "*day*"], db: scratch.db).status == 0)
        let exported = try Binary.run(["export"], db: scratch.db)
        #expect(exported.status == 0, "\(exported.stderr)")
        let json = try Self.write(exported.stdout, "gym.json", in: scratch)

        let other = try Scratch()
        let imported = try Binary.run(["import", json], db: other.db)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Top Weight JSON export"), "\(imported.stdout)")
        #expect(imported.stdout.contains("New members: Ana, Bo."), "\(imported.stdout)")
        let again = try Binary.run(["export"], db: other.db)
        #expect(again.stdout == exported.stdout)
        let twice = try Binary.run(["import", json], db: other.db)
        #expect(twice.stdout.contains("0 sets in 0 records added"), "\(twice.stdout)")
        #expect(try Binary.run(["export"], db: other.db).stdout == exported.stdout)
    }

    @Test("export --format strong re-imports into an empty database as the same sessions")
    func strongRoundTrip() throws {
        let scratch = try Scratch()
        let file = try Self.write(Self.strong, "strong.csv", in: scratch)
        #expect(try Binary.run(["import", file, "--user", "Ana"], db: scratch.db).status == 0)
        let exported = try Binary.run(["export", "--format", "strong"], db: scratch.db)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.hasPrefix("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"))
        #expect(exported.stderr.contains("Ana's weights are in kg: Strong's file does not say (import it with --unit kg)"), "\(exported.stderr)")
        let strong = try Self.write(exported.stdout, "ana-strong.csv", in: scratch)

        let other = try Scratch()
        let imported = try Binary.run(["import", strong, "--user", "Ana", "--unit", "kg"], db: other.db)
        #expect(imported.status == 0, "\(imported.stderr)")
        let before = try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: scratch.db)
        let after = try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: other.db)
        #expect(after.stdout == before.stdout)
        #expect(!before.stdout.isEmpty)
    }
}

extension ImportCommandTests {
    @Test("warm-ups and failed sets an import marks show in history as text, JSON and CSV")
    func kindsInHistory() throws {
        let scratch = try Scratch()
        let file = try Self.write(Self.strong, "strong.csv", in: scratch)
        #expect(try Binary.run(["import", file, "--user", "Ana"], db: scratch.db).status == 0)

        let text = try Binary.run(["history", "--user", "Ana"], db: scratch.db).stdout
        #expect(text.contains("40 kg × 10 × 1  warm-up") && text.contains("80 kg ×  3 × 1  to failure"), "\(text)")
        let json = try Binary.run(["history", "--user", "Ana", "--format", "json"], db: scratch.db).stdout
        #expect(json.contains("\"mark\":\"warmup\"") && json.contains("\"mark\":\"failure\""), "\(json)")
        let csv = try Binary.run(["history", "--user", "Ana", "--format", "csv"], db: scratch.db).stdout
        #expect(csv.hasPrefix("id,uid,performedAt,user,exercise,weight,unit,reps,series,mark,kind,seconds,distance,distanceUnit,rpe\n"), "\(csv)")
        #expect(csv.contains(",warmup,weight,,,,\n") && csv.contains(",failure,weight,,,,\n"), "\(csv)")
    }

    @Test("warm-ups and failed sets an import marks show in sessions as text and JSON, as in history")
    func kindsInSessions() throws {
        let scratch = try Scratch()
        let file = try Self.write(Self.strong, "strong.csv", in: scratch)
        #expect(try Binary.run(["import", file, "--user", "Ana"], db: scratch.db).status == 0)

        let text = try Binary.run(["sessions", "--user", "Ana"], db: scratch.db, environment: ["COLUMNS": "101"]).stdout
        #expect(text.contains("Bench Press, Stationary Bike  (1 warm-up, 1 to failure)"), "\(text)")
        #expect(text.contains("Deadlift\n"), "a day without marked sets has no mark: \(text)")
        let json = try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: scratch.db).stdout
        #expect(json.contains("\"kinds\":{\"warmup\":1,\"failure\":1}"), "\(json)")
        #expect(json.components(separatedBy: "\"kinds\"").count == 2, "only the day with marked sets: \(json)")
    }
}
