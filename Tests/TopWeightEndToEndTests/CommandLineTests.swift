import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// The subcommands, run as scripts run them.
@Suite("The command line")
struct CommandLineTests {
    @Test("a --limit too large to count to is bad input, one line, not a crash", arguments: [
        ["history", "--limit", "9223372036854775807"], ["history", "--limit", "9223372036854775807", "--format", "json"],
        ["sessions", "--user", "Ana", "--limit", "9223372036854775807"],
    ])
    func hugeLimit(arguments: [String]) throws {
        let scratch = try Scratch()
        _ = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db)
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--limit"), "\(result.stderr)")
    }

    @Test("piped, a y/n question takes y/yes/n/no in any case and asks again for anything else")
    func pipedQuestion() throws {
        let scratch = try Scratch()
        let run = try Binary.run([], db: scratch.db, input: "Zed\nabc\nYES\nZorbo Lift\nmaybe\nNo\n")
        #expect(run.stderr.components(separatedBy: "Answer y or n.").count == 3, "\(run.stderr)")
        let store = try TestEngine.open(scratch.db)
        #expect(try store.users().map(\.user.name) == ["Zed"])
        #expect(run.stderr.contains("Not created. Tab completes known exercises."), "\(run.stderr)")
    }

    @Test("add --format json and csv give the saved record's uid, the one history shows")
    func addGivesUid() throws {
        let scratch = try Scratch()
        let added = try Binary.run(["add", "Ana", "Bench Press", "62.5", "8", "3", "--format", "json"], db: scratch.db)
        #expect(added.status == 0, "\(added.stderr)")
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        let uid = try #require(saved["uid"] as? String, "\(added.stdout)")
        let history = try Binary.run(["history", "--format", "json"], db: scratch.db)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(listed.first?["uid"] as? String == uid)
        let csv = try Binary.run(["add", "Ana", "Bench Press", "65", "8", "3", "--format", "csv"], db: scratch.db)
        // The uid column holds the uid (the kind column after it is empty for a working set).
        let header = csv.stdout.split(separator: "\n").first?.split(separator: ",", omittingEmptySubsequences: false) ?? []
        let row = csv.stdout.split(separator: "\n").last?.split(separator: ",", omittingEmptySubsequences: false) ?? []
        let uidColumn = try #require(header.firstIndex(of: "uid"), "\(csv.stdout)")
        #expect(row.count == header.count && !row[uidColumn].isEmpty, "\(csv.stdout)")
    }

    @Test("history --format json of more than a page (1 000 sets) lists them all, as CSV does")
    func historyJSONPages() throws {
        let scratch = try Scratch()
        let demo = try Binary.run(["demo", "--records", "2100", "--users", "3"], db: scratch.db)
        #expect(demo.status == 0, "\(demo.stderr)")
        let json = try Binary.run(["history", "--limit", "0", "--format", "json"], db: scratch.db)
        #expect(json.status == 0, "\(json.stderr.prefix(300))")
        #expect(json.stderr.isEmpty, "\(json.stderr.prefix(300))")
        let listed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        let text = try Binary.run(["history", "--limit", "0", "--format", "csv"], db: scratch.db)
        #expect(listed?.count == text.stdout.split(separator: "\n").count - 1 && (listed?.count ?? 0) > 2_000)
    }

    @Test("add then history prints the record as text, JSON and CSV")
    func addAndHistory() throws {
        let scratch = try Scratch()
        let added = try Binary.run(["add", "Ana", "Bench Press", "62.5", "8", "3", "--at", "2026-11-20T18:30:00Z"], db: scratch.db)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("Saved #1  Ana · Bench Press · 62.5 kg × 8 reps × 3 series"))
        let pounds = try Binary.run(["add", "ana", "bench press", "135", "5", "3", "--unit", "lb"], db: scratch.db)
        #expect(pounds.status == 0, "\(pounds.stderr)")

        let json = try Binary.run(["history", "--user", "Ana", "--format", "json"], db: scratch.db)
        #expect(json.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        let records = try #require(parsed)
        #expect(records.count == 2)
        #expect(records[0]["weight"] as? Double == 135 && records[0]["unit"] as? String == "lb")
        #expect(records[1]["performedAt"] as? String == "2026-11-20T18:30:00+00:00")
        for key in ["id", "user", "exercise", "weight", "unit", "reps", "series", "performedAt", "uid"] {
            #expect(records[1][key] != nil, "missing \(key)")
        }

        let csv = try Binary.run(["history", "--user", "Ana", "--format", "csv"], db: scratch.db)
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "id,uid,performedAt,user,exercise,weight,unit,reps,series,mark,kind,seconds,distance,distanceUnit,rpe")
        let row = lines.last?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) ?? []
        #expect(row.first == "1" && RecordUID.isValid(row.count > 1 ? row[1] : ""), "\(lines)")
        #expect(row.dropFirst(2).joined(separator: ",") == "2026-11-20T18:30:00+00:00,Ana,Bench Press,62.5,kg,8,3,,weight,,,,", "\(lines)")

        let text = try Binary.run(["history", "--user", "Ana"], db: scratch.db)
        let rows = text.stdout.split(separator: "\n").map(String.init)
        #expect(rows.first == "Today")
        #expect(rows.contains("Fri 20 Nov") || rows.contains("Yesterday"))
    }

    @Test("users and exercises list, add, rename and remove")
    func listings() throws {
        let scratch = try Scratch()
        _ = try Binary.run(["add", "Zoë", "Deadlift", "140", "3", "1"], db: scratch.db)
        let users = try Binary.run(["users", "--format", "csv"], db: scratch.db)
        #expect(users.stdout.contains("Zoë,1,"))
        #expect(try Binary.run(["exercises", "add", "Zercher Squat"], db: scratch.db).status == 0)
        #expect(try Binary.run(["exercises", "add", "zercher squat"], db: scratch.db).status == 64)
        #expect(try Binary.run(["exercises", "rename", "Zercher Squat", "Zercher"], db: scratch.db).status == 0)
        let inUse = try Binary.run(["exercises", "remove", "Deadlift"], db: scratch.db)
        #expect(inUse.status == 64 && inUse.stderr.contains("has 1 record"))
        #expect(try Binary.run(["exercises", "remove", "Zercher"], db: scratch.db).status == 0)
        let list = try Binary.run(["exercises", "--format", "json"], db: scratch.db)
        #expect(list.stdout.contains("\"Deadlift\"") && !list.stdout.contains("Zercher"))
        let catalog = try Binary.run(["exercises", "--catalog"], db: scratch.db)
        #expect(catalog.stdout.contains("Bench Press") && catalog.stdout.contains("catalog"))
    }

    @Test("exercises filters by category, equipment and muscle, lists known values for an unknown one, and JSON and CSV carry equipment and muscle")
    func exerciseFilters() throws {
        let scratch = try Scratch()
        // Another app's name for a catalog lift records the lift under the catalog's name.
        let squat = try Binary.run(["add", "Ana", "Squat (Barbell)", "100", "5", "5"], db: scratch.db)
        #expect(squat.status == 0, "\(squat.stderr)")
        #expect(squat.stdout.hasPrefix("Saved #1  Ana · Back Squat · 100 kg × 5 reps × 5 series"))
        #expect(try Binary.run(["exercises", "add", "Sled Push", "--category", "sled"], db: scratch.db).status == 0)

        let quads = try Binary.run(["exercises", "--muscle", "quads", "--format", "csv"], db: scratch.db)
        #expect(quads.status == 0, "\(quads.stderr)")
        #expect(quads.stdout.split(separator: "\n") == ["id,name,category,records,equipment,muscle,kind", "1,Back Squat,barbell,1,barbell,quads,weight"])

        let smith = try Binary.run(["exercises", "--catalog", "--category", "Machine", "--equipment", "smith machine", "--format", "json"],
                                   db: scratch.db)
        #expect(smith.status == 0, "\(smith.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(smith.stdout.utf8)) as? [[String: Any]])
        #expect(rows.contains { $0["name"] as? String == "Smith Machine Squat" && $0["muscle"] as? String == "quads" })
        #expect(rows.allSatisfy { $0["category"] as? String == "machine" && $0["equipment"] as? String == "smith machine" })
        #expect(rows.allSatisfy { $0["id"] is NSNull && $0["records"] as? Int == 0 })

        let calves = try Binary.run(["exercises", "--catalog", "--muscle", "calves"], db: scratch.db)
        #expect(calves.stdout.contains("Calf Raise") && !calves.stdout.contains("Back Squat") && !calves.stdout.contains("Bench Press"))
        let unused = try Binary.run(["exercises", "--muscle", "calves"], db: scratch.db)
        #expect(unused.status == 0 && unused.stdout == "No exercise in use matches (--catalog adds the bundled ones).\n")
        let sled = try Binary.run(["exercises", "--category", "sled", "--format", "csv"], db: scratch.db)
        #expect(sled.stdout.split(separator: "\n").last == "2,Sled Push,sled,0,,,weight")

        for (flag, value, known) in [("--equipment", "rings", "smith machine"), ("--category", "strongman", "sled"), ("--muscle", "lats", "quads")] {
            let unknown = try Binary.run(["exercises", flag, value], db: scratch.db)
            #expect(unknown.status == 64, "\(unknown.stderr)")
            #expect(unknown.stderr.hasPrefix("topweight: no exercise has \(flag.dropFirst(2)) '\(value)'; known: "))
            #expect(unknown.stderr.contains(known) && unknown.stderr.split(separator: "\n").count == 1)
            #expect(unknown.stdout.isEmpty)
        }

        let added = try Binary.run(["exercises", "add", "Bench Press (Barbell)"], db: scratch.db)
        #expect(added.status == 0 && added.stdout == "Added Bench Press (#3), the catalog's name for Bench Press (Barbell)\n")
        let twice = try Binary.run(["exercises", "add", "Barbell Bench Press"], db: scratch.db)
        #expect(twice.status == 64 && twice.stderr.contains("Barbell Bench Press is the catalog's Bench Press, and Bench Press already exists"))
    }

    @Test("bad input exits 64 with one line on stderr and saves nothing", arguments: [
        ["add", "Ana", "Bench", "abc", "8", "3"],
        ["add", "Ana", "Bench", "5000", "8", "3"],
        ["add", "Ana", "Bench", "1e309", "8", "3"],
        ["add", "Ana", "Bench", "NaN", "8", "3"],
        ["add", "Ana", "Bench", "60", "10000", "3"],
        ["add", "Ana", "Bench", "60", "8", "0"],
        ["add", "Ana", "Bench", "+", "8", "3"],
        ["add", "\u{1B}[2JEve", "Bench", "60", "8", "3"],
        ["add", "Ana", "", "60", "8", "3"],
        ["add", "Ana", "Bench", "60", "8", "3", "--at", "yesterday"],
        ["history", "--user", "Nobody"],
    ])
    func badInput(arguments: [String]) throws {
        let scratch = try Scratch().made()
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("topweight: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B })
        let history = try Binary.run(["history", "--format", "csv"], db: scratch.db)
        #expect(history.stdout.split(separator: "\n").count == 1, "only the header")
    }

    @Test("a number out of range gets the same one-line range whatever its path: negative, huge or zero", arguments: [
        (["add", "Ana", "Bench Press", "-60", "8", "3"], "weight must be from 0 to 1000 kg"),
        (["add", "Ana", "Bench Press", "6000", "8", "3"], "weight must be from 0 to 1000 kg"),
        (["add", "Ana", "Bench Press", "60", "-8", "3"], "reps must be a whole number from 1 to 1000"),
        (["add", "Ana", "Bench Press", "60", "99999999999999999999", "3"], "reps must be a whole number from 1 to 1000"),
        (["add", "Ana", "Bench Press", "60", "8", "-3"], "series must be a whole number from 1 to 100"),
        (["history", "--days", "-1"], "--days must be a whole number from 1 to 100000"),
        (["history", "--days", "0"], "--days must be a whole number from 1 to 100000"),
        (["history", "--days", "99999999999999999999"], "--days must be a whole number from 1 to 100000"),
        (["history", "--limit", "-5"], "--limit must be a whole number from 0 to 10000000"),
        (["sessions", "--user", "Ana", "--days", "-1"], "--days must be a whole number from 1 to 100000"),
        (["edit", "1", "--reps", "-1"], "reps must be a whole number from 1 to 1000"),
        (["body", "add", "5000", "--user", "Ana"], "a body weight is from 20 to 400 kg"),
        (["body", "add", "500", "--user", "Ana"], "a body weight is from 20 to 400 kg"),
    ] as [([String], String)])
    func oneRangePerNumber(arguments: [String], reason: String) throws {
        let scratch = try Scratch()
        _ = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db)
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("topweight: \(reason)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test("--user with no such member names the similar ones")
    func similarUser() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Giulia Rossi", "Bench Press", "60", "8", "3"], db: scratch.db).status == 0)
        let result = try Binary.run(["history", "--user", "giulia"], db: scratch.db)
        #expect(result.status == 64)
        #expect(result.stderr.contains("similar: Giulia Rossi"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("a file that is not a database exits 2 and is left untouched")
    func notADatabase() throws {
        let scratch = try Scratch(engine: .file)  // about files, on either pass
        let content = Data("these are my notes, not a database\n".utf8)
        try content.write(to: URL(fileURLWithPath: scratch.db))
        let result = try Binary.run(["history"], db: scratch.db)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("topweight: ") && result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.db)) == content)
    }

    @Test("piped lines drive the same flow without prompts")
    func piped() throws {
        let scratch = try Scratch()
        // `bench` is the start of one catalog name only: Bench Press, saved at once.
        let result = try Binary.run([], db: scratch.db, input: "Ana\ny\nbench 60x5x5\n\n+\n\n\n")
        #expect(result.status == 0)
        #expect(!result.stdout.contains("user:"))
        let saved = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Saved") }
        #expect(saved.count == 2)
        #expect(saved.first?.hasSuffix("Ana · Bench Press · 60 kg × 5 reps × 5 series") == true)
        #expect(saved.last?.hasSuffix("62.5 kg × 5 reps × 5 series") == true)
    }

    @Test("the database's own directory is created on first run from --db, the whole default one under XDG_DATA_HOME")
    func databaseLocation() throws {
        let scratch = try Scratch()
        // A named database gets its own folder made; a missing parent is a typo (CopyCommandTests.typoedFolder).
        let flag = scratch.directory.appendingPathComponent("a/flag.sqlite").path
        #expect(try Binary.run(["add", "Ana", "Bench", "60", "8", "3", "--db", flag], db: nil).status == 0)
        #expect(FileManager.default.fileExists(atPath: flag))
        let xdg = scratch.directory.appendingPathComponent("xdg").path
        #expect(try Binary.run(["add", "Ana", "Bench", "60", "8", "3"], db: nil, environment: ["XDG_DATA_HOME": xdg]).status == 0)
        #expect(FileManager.default.fileExists(atPath: xdg + "/topweight/topweight.sqlite"))
    }

    @Test("delete leaves a tombstone: history --deleted lists it, restore brings it back, :undo does the same")
    func deleteAndRestore() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Ana", "Deadlift", "140", "3", "1"], db: scratch.db).status == 0)
        let deleted = try Binary.run(["delete", "2"], db: scratch.db)
        #expect(deleted.status == 0 && deleted.stdout.hasPrefix("Deleted #2  Ana · Deadlift"))
        #expect(try Binary.run(["delete", "2"], db: scratch.db).status == 64, "already deleted")
        #expect(!(try Binary.run(["history"], db: scratch.db).stdout.contains("Deadlift")))
        // The text listing shows the number restore takes.
        let listed = try Binary.run(["history", "--deleted"], db: scratch.db)
        #expect(listed.stdout.contains("#2  Ana  Deadlift"), "\(listed.stdout)")
        let tombstones = try Binary.run(["history", "--deleted", "--format", "json"], db: scratch.db)
        #expect(tombstones.stdout.contains("\"id\":2") && tombstones.stdout.contains("\"deletedAt\""))
        let restored = try Binary.run(["restore", "#2"], db: scratch.db)
        #expect(restored.status == 0 && restored.stdout.hasPrefix("Restored #2  Ana · Deadlift"))
        #expect(try Binary.run(["restore", "2"], db: scratch.db).status == 64, "nothing to restore")
        #expect(try Binary.run(["history"], db: scratch.db).stdout.contains("Deadlift"))

        let undone = try Binary.run([], db: scratch.db, input: "Ana\nbench 62.5x8x3\n:undo\n")
        #expect(undone.stdout.contains("Removed #3"))
        let check = try Binary.run(["check"], db: scratch.db)
        #expect(check.stdout.contains("records       2") && check.stdout.contains("deleted       1"))
    }
}

