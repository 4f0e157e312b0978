import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// `note add`, `routines` and `edit`, run as scripts run them, on either engine.
@Suite("Notes, routines and edits on the command line")
struct LogCommandTests {
    // MARK: - Notes

    @Test("note add keeps the words, or standard input after -, on today's session or --date's")
    func notes() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["users", "add", "Ana"], db: scratch.db).status == 0)

        let before = Self.today()
        let words = try Binary.run(["note", "add", "--user", "Ana", "Felt", "strong,", "**new**", "bench", "PR"], db: scratch.db)
        let after = Self.today()
        #expect(words.status == 0, "\(words.stderr)")
        let today = try #require([before, after].first { words.stdout == "Note added to Ana's session of \($0).\n" },
                                 "\(words.stdout)")

        let markdown = "# Leg day\n\n- squats felt **heavy**\n- knee *fine*\n"
        let piped = try Binary.run(["note", "add", "--user", "ana", "--date", "2026-11-20", "-"], db: scratch.db, input: markdown)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == "Note added to Ana's session of 2026-11-20.\n")
        let again = try Binary.run(["note", "add", "--user", "Ana", "--date", "2026-11-20", "Stretch", "after"], db: scratch.db)
        #expect(again.status == 0, "\(again.stderr)")

        #expect(try Self.notes(of: "Ana", db: scratch.db) == [
            "2026-11-20": "# Leg day\n\n- squats felt **heavy**\n- knee *fine*\n\nStretch after",
            today.description: "Felt strong, **new** bench PR",
        ])
    }

    @Test("note add refuses a future or malformed date, an unknown member and an empty or unsafe note, storing nothing",
          arguments: [
              (["--user", "Ana", "--date", "2999-01-01", "Too", "soon"], ""),
              (["--user", "Ana", "--date", "2026-02-30", "No", "such", "day"], ""),
              (["--user", "Ana", "--date", "yesterday", "Words"], ""),
              (["--user", "Ana", "--date", "2026-11-20T10:00", "Words"], ""),
              (["--user", "Nobody", "Who", "is", "this"], ""),
              (["--user", "Ana", "-"], "   \n\n"),
              (["--user", "Ana", "Clear", "\u{1B}[2J", "screen"], ""),
              (["--user", "Ana"], ""),
          ])
    func badNotes(arguments: [String], input: String) throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["users", "add", "Ana"], db: scratch.db).status == 0)
        let result = try Binary.run(["note", "add"] + arguments, db: scratch.db, input: input)
        #expect(result.status == 64, "\(result.stderr)")
        Self.expectOneLine(result)
        #expect(try Self.notes(of: "Ana", db: scratch.db).isEmpty)
    }

    // MARK: - Routines

    @Test("routines lists the bundled starters and shows one as text and as the contract's JSON")
    func bundledRoutines() throws {
        let scratch = try Scratch().made()
        let list = try Binary.run(["routines"], db: scratch.db)
        #expect(list.status == 0, "\(list.stderr)")
        let rows = list.stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("Upper ") && $0.contains("  5 exercises  ") && $0.hasSuffix("  bundled") }, "\(rows)")
        #expect(rows.allSatisfy { $0.hasSuffix("bundled") })

        let json = try Self.routines(db: scratch.db)
        #expect(json.count == rows.count)
        let upper = try #require(json.first { $0["name"] as? String == "Upper" })
        #expect(upper["bundled"] as? Bool == true)

        let show = try Binary.run(["routines", "show", "upper"], db: scratch.db)
        #expect(show.status == 0, "\(show.stderr)")
        let lines = show.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Upper (bundled)")
        #expect(lines.count == 6)
        #expect(lines.dropFirst().first?.hasPrefix("1. Bench Press ") == true)
        #expect(lines.dropFirst().first?.hasSuffix("  40 kg × 8 reps × 3 series") == true)
        #expect(lines.last?.hasPrefix("5. Dumbbell Curl ") == true)

        let shown = try Self.routine("Upper", db: scratch.db)
        #expect(Set(shown.keys) == ["name", "bundled", "exercises"])
        let steps = try #require(shown["exercises"] as? [[String: Any]])
        #expect(steps.count == 5)
        #expect(Set(steps[0].keys) == ["exercise", "weight", "unit", "reps", "series"])
        #expect(steps[0]["exercise"] as? String == "Bench Press")
        #expect(steps[0]["weight"] as? Double == 40 && steps[0]["unit"] as? String == "kg")
        #expect(steps[0]["reps"] as? Int == 8 && steps[0]["series"] as? Int == 3)
        let showText = try Binary.run(["routines", "show", "Upper", "--format", "json"], db: scratch.db).stdout
        let listText = try Binary.run(["routines", "--format", "json"], db: scratch.db).stdout
        #expect(showText.hasSuffix("}\n") && listText.contains(showText.dropLast()), "list holds the same objects as show")

        let missing = try Binary.run(["routines", "show", "Bro Split"], db: scratch.db)
        #expect(missing.status == 64 && missing.stderr.hasPrefix("topweight: no routine named Bro Split"))
        Self.expectOneLine(missing)
    }

    @Test("routines import adds the gym's own, replaces them on a second import and never duplicates")
    func importRoutines() throws {
        let scratch = try Scratch().made()
        let bundledCount = try Self.routines(db: scratch.db).count
        let file = try Self.file(in: scratch, """
            routines:
              - name: Gym Push
                exercises:
                  - { exercise: Bench Press, weight: 52.5, reps: 5, series: 5 }
                  - { exercise: Dip }
              - name: upper
                unit: lb
                exercises:
                  - { exercise: Bench Press, weight: 95, reps: 8, series: 3 }
            """)
        let first = try Binary.run(["routines", "import", file], db: scratch.db)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Added 2 routines: Gym Push, upper (in place of the bundled starter)\n")

        let rows = try Binary.run(["routines", "list"], db: scratch.db).stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.hasPrefix("Gym Push ") && $0.contains("  2 exercises  ") && $0.hasSuffix("  gym's own") }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("upper ") && $0.contains("  1 exercise  ") && $0.hasSuffix("  gym's own") }, "\(rows)")
        #expect(!rows.contains { $0.hasPrefix("Upper ") })
        #expect(try Self.routines(db: scratch.db).count == bundledCount + 1)

        let push = try Self.routine("gym push", db: scratch.db)
        #expect(push["name"] as? String == "Gym Push" && push["bundled"] as? Bool == false)
        let steps = try #require(push["exercises"] as? [[String: Any]])
        #expect(steps.count == 2)
        #expect(steps[0]["weight"] as? Double == 52.5 && steps[0]["reps"] as? Int == 5 && steps[0]["series"] as? Int == 5)
        #expect(steps[1]["exercise"] as? String == "Dip")
        for key in ["weight", "unit", "reps", "series"] {
            #expect(steps[1][key] is NSNull, "\(key) of a step without numbers")
        }
        let upper = try #require(try Self.routine("Upper", db: scratch.db)["exercises"] as? [[String: Any]])
        #expect(upper.count == 1 && upper[0]["weight"] as? Double == 95 && upper[0]["unit"] as? String == "lb")
        let text = try Binary.run(["routines", "show", "Gym Push"], db: scratch.db).stdout.split(separator: "\n").map(String.init)
        #expect(text == ["Gym Push (gym's own)", "1. Bench Press  52.5 kg × 5 reps × 5 series", "2. Dip          no starting numbers"])

        let second = try Binary.run(["routines", "import", file], db: scratch.db)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == "Replaced 2 routines: Gym Push, upper (in place of the bundled starter)\n")
        #expect(try Self.routines(db: scratch.db).count == bundledCount + 1)

        let changed = try Self.file(in: scratch, """
            routines:
              - name: GYM PUSH
                exercises:
                  - { exercise: Overhead Press, weight: 30, reps: 8, series: 3 }
              - name: Gym Pull
                exercises:
                  - { exercise: Deadlift, weight: 100, reps: 5, series: 1 }
            """, name: "changed.yaml")
        let third = try Binary.run(["routines", "import", changed], db: scratch.db)
        #expect(third.stdout == "Added 1 routine: Gym Pull\nReplaced 1 routine: GYM PUSH\n", "\(third.stderr)")
        #expect(try Self.routines(db: scratch.db).count == bundledCount + 2)
        let replaced = try #require(try Self.routine("Gym Push", db: scratch.db)["exercises"] as? [[String: Any]])
        #expect(replaced.count == 1 && replaced[0]["exercise"] as? String == "Overhead Press")
    }

    @Test("routines import refuses a bad file in one line and stores nothing of it", arguments: [
        "routines: [ { name: Broken, exercises: [ { exercise: Bench Press",
        "just some notes\n",
        "routines:\n  - name: Heavy\n    unit: stone\n    exercises:\n      - { exercise: Deadlift, weight: 10, reps: 5, series: 1 }\n",
        "routines:\n  - name: Good\n    exercises:\n      - { exercise: Deadlift, weight: 100, reps: 5, series: 1 }\n"
            + "  - name: Zero\n    exercises:\n      - { exercise: Deadlift, weight: 100, reps: 0, series: 1 }\n",
        "routines:\n  - name: Twice\n    exercises:\n      - { exercise: Dip }\n  - name: twice\n    exercises:\n      - { exercise: Dip }\n",
        "routines:\n  - name: Half\n    exercises:\n      - { exercise: Dip, weight: 20 }\n",
        "routines:\n  - name: Empty\n    exercises: []\n",
        "routines: []\n",
        "routines:\n  - name: \"\\e[2J\"\n    exercises:\n      - { exercise: Dip }\n",
    ])
    func badImports(yaml: String) throws {
        let scratch = try Scratch().made()
        let bundled = try Binary.run(["routines", "--format", "json"], db: scratch.db).stdout
        let file = try Self.file(in: scratch, yaml)
        let result = try Binary.run(["routines", "import", file], db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        Self.expectOneLine(result)
        #expect(result.stderr.hasPrefix("topweight: \(file): "))
        #expect(result.stdout.isEmpty)
        #expect(try Binary.run(["routines", "--format", "json"], db: scratch.db).stdout == bundled, "nothing stored")
    }

    @Test("routines import names a missing file, a directory or a file that is not text")
    func unreadableImports() throws {
        let scratch = try Scratch()
        let binary = scratch.directory.appendingPathComponent("binary.yaml")
        try Data([0x72, 0x6F, 0xFF, 0xFE, 0x0A]).write(to: binary)
        for path in [scratch.directory.appendingPathComponent("missing.yaml").path, scratch.directory.path, binary.path] {
            let result = try Binary.run(["routines", "import", path], db: scratch.db)
            #expect(result.status == 64, "\(path): \(result.stderr)")
            Self.expectOneLine(result)
            #expect(result.stderr.contains(path))
        }
    }

    @Test("routines remove takes the gym's own, with the admin PIN once one is set; a bundled starter stays")
    func removeRoutines() throws {
        let scratch = try Scratch()
        let file = try Self.file(in: scratch, """
            routines:
              - name: Gym Push
                exercises:
                  - { exercise: Dip }
              - name: Upper
                exercises:
                  - { exercise: Dip }
            """)
        #expect(try Binary.run(["routines", "import", file], db: scratch.db).status == 0)
        // No PIN yet: allowed, like `users remove`.
        let removed = try Binary.run(["routines", "remove", "gym push"], db: scratch.db)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "Removed routine Gym Push\n")
        #expect(try Binary.run(["routines", "show", "Gym Push"], db: scratch.db).status == 64)

        #expect(try Binary.run(["routines", "import", file], db: scratch.db).status == 0)
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        let wrong = try Binary.run(["routines", "remove", "Gym Push"], db: scratch.db, input: "0000\n")
        #expect(wrong.status == 77)
        #expect(wrong.stderr == "topweight: wrong admin PIN; nothing was changed\n")
        let none = try Binary.run(["routines", "remove", "Gym Push"], db: scratch.db, input: "")
        #expect(none.status == 77)
        Self.expectOneLine(none)
        #expect(try Self.routine("Gym Push", db: scratch.db)["bundled"] as? Bool == false, "still there")

        // Refused before the PIN is asked: no input needed for the answer.
        let starter = try Binary.run(["routines", "remove", "Lower"], db: scratch.db)
        #expect(starter.status == 64)
        #expect(starter.stderr == "topweight: Lower is a bundled starter; it can't be removed (import one with the same name to replace it)\n")
        let unknown = try Binary.run(["routines", "remove", "Bro Split"], db: scratch.db)
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("topweight: no routine named Bro Split"))

        let right = try Binary.run(["routines", "remove", "Gym Push"], db: scratch.db, input: "2468\n")
        #expect(right.status == 0 && right.stdout == "Removed routine Gym Push\n", "\(right.stderr)")
        let own = try Binary.run(["routines", "remove", "upper"], db: scratch.db, input: "2468\n")
        #expect(own.stdout == "Removed routine Upper (the bundled starter of that name is back)\n", "\(own.stderr)")
        let names = try Self.routines(db: scratch.db).filter { $0["bundled"] as? Bool == false }
        #expect(names.isEmpty)
        #expect(try Self.routine("Upper", db: scratch.db)["bundled"] as? Bool == true)
    }

    // MARK: - Editing

    @Test("edit changes weight, reps, series, unit and exercise in place: same id, new values in history")
    func edits() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3", "--at", "2026-11-20T18:30:00Z"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Ana", "Deadlift", "140", "3", "1", "--at", "2026-11-20T18:40:00Z"], db: scratch.db).status == 0)

        let weight = try Binary.run(["edit", "1", "--weight", "62,5"], db: scratch.db)
        #expect(weight.status == 0, "\(weight.stderr)")
        #expect(weight.stdout == "Edited #1: Ana · Bench Press · 60 kg × 8 reps × 3 series → Bench Press · 62.5 kg × 8 reps × 3 series\n")
        let numbers = try Binary.run(["edit", "#1", "--reps", "10", "--series", "4"], db: scratch.db)
        #expect(numbers.stdout == "Edited #1: Ana · Bench Press · 62.5 kg × 8 reps × 3 series → Bench Press · 62.5 kg × 10 reps × 4 series\n",
                "\(numbers.stderr)")
        let exercise = try Binary.run(["edit", "1", "--exercise", "incline bench press"], db: scratch.db)
        #expect(exercise.stdout.hasSuffix("→ Incline Bench Press · 62.5 kg × 10 reps × 4 series\n"), "\(exercise.stderr)")
        // A unit alone relabels the same number; a weight alone keeps the record's unit.
        let unit = try Binary.run(["edit", "2", "--unit", "lb"], db: scratch.db)
        #expect(unit.stdout.hasSuffix("→ Deadlift · 140 lb × 3 reps × 1 series\n"), "\(unit.stderr)")
        let pounds = try Binary.run(["edit", "2", "--weight", "315"], db: scratch.db)
        #expect(pounds.stdout.hasSuffix("→ Deadlift · 315 lb × 3 reps × 1 series\n"), "\(pounds.stderr)")
        let suffix = try Binary.run(["edit", "2", "--weight", "142.5kg"], db: scratch.db)
        #expect(suffix.stdout.hasSuffix("→ Deadlift · 142.5 kg × 3 reps × 1 series\n"), "\(suffix.stderr)")

        let history = try Self.history(db: scratch.db)
        #expect(history.count == 2)
        let bench = try #require(history.first { $0["id"] as? Int == 1 })
        #expect(bench["exercise"] as? String == "Incline Bench Press")
        #expect(bench["weight"] as? Double == 62.5 && bench["unit"] as? String == "kg")
        #expect(bench["reps"] as? Int == 10 && bench["series"] as? Int == 4)
        #expect(bench["performedAt"] as? String == "2026-11-20T18:30:00+00:00")
        let deadlift = try #require(history.first { $0["id"] as? Int == 2 })
        #expect(deadlift["exercise"] as? String == "Deadlift" && deadlift["weight"] as? Double == 142.5)
        #expect(deadlift["unit"] as? String == "kg" && deadlift["reps"] as? Int == 3)
        let exercises = try Binary.run(["exercises", "--format", "csv"], db: scratch.db).stdout
        #expect(exercises.contains("Incline Bench Press,barbell,1") && exercises.contains("Bench Press,barbell,0"))
    }

    @Test("edit refuses an unknown id, a deleted record, no change and bad numbers, changing nothing", arguments: [
        (["edit", "99", "--reps", "5"], "no record #99"),
        (["edit", "2", "--reps", "5"], "#2 is deleted"),
        (["edit", "1"], "nothing to change"),
        (["edit", "one", "--reps", "5"], "the id must be"),
        (["edit", "1", "--weight", "abc"], "weight"),
        (["edit", "1", "--weight", "5000"], "weight must be from"),
        (["edit", "1", "--weight", "+5"], "plain number"),
        (["edit", "1", "--reps", "0"], "reps"),
        (["edit", "1", "--series", "101"], "series"),
        (["edit", "1", "--exercise", "\u{1B}[2J"], "exercise"),
        (["edit", "1", "--exercise", ""], "exercise"),
    ])
    func badEdits(arguments: [String], reason: String) throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Ana", "Deadlift", "140", "3", "1"], db: scratch.db).status == 0)
        #expect(try Binary.run(["delete", "2"], db: scratch.db).status == 0)
        let before = try Binary.run(["history", "--format", "csv"], db: scratch.db).stdout
        let result = try Binary.run(arguments, db: scratch.db)
        #expect(result.status == 64, "\(result.stderr)")
        Self.expectOneLine(result)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(try Binary.run(["history", "--format", "csv"], db: scratch.db).stdout == before)
    }

    @Test("edit needs the admin PIN once one is set, like delete; a wrong one changes nothing")
    func gatedEdit() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        let wrong = try Binary.run(["edit", "1", "--reps", "5", "--exercise", "Zercher Squat"], db: scratch.db, input: "0000\n")
        #expect(wrong.status == 77)
        #expect(wrong.stderr == "topweight: wrong admin PIN; nothing was changed\n")
        #expect(try Binary.run(["edit", "1", "--reps", "5"], db: scratch.db, input: "").status == 77)
        #expect(try Self.history(db: scratch.db).first?["reps"] as? Int == 8)
        #expect(!(try Binary.run(["exercises"], db: scratch.db).stdout.contains("Zercher")), "no exercise made for a refused edit")

        let right = try Binary.run(["edit", "1", "--reps", "5"], db: scratch.db, input: "2468\n")
        #expect(right.status == 0, "\(right.stderr)")
        #expect(try Self.history(db: scratch.db).first?["reps"] as? Int == 5)
    }

    // MARK: - Helpers

    /// Today in the time zone the binary runs in (UTC unless the environment says otherwise).
    private static func today() -> LocalDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: ProcessInfo.processInfo.environment["TZ"] ?? "UTC") ?? TimeZone(identifier: "UTC")!
        return LocalDay(Date(), in: calendar)
    }

    /// The member's notes by day, read from the store the binary wrote (either engine).
    private static func notes(of name: String, db: String) throws -> [String: String] {
        let store = try TestEngine.open(db)
        guard let member = try store.user(named: name) else { return [:] }
        let infos = try store.sessionInfos(userID: member.id, from: LocalDay(year: 1, month: 1, day: 1)!, through: LocalDay(year: 9999, month: 12, day: 31)!)
        return Dictionary(uniqueKeysWithValues: infos.compactMap { info in info.note.map { (info.day.description, $0) } })
    }

    private static func routines(db: String) throws -> [[String: Any]] {
        let result = try Binary.run(["routines", "list", "--format", "json"], db: db)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private static func routine(_ name: String, db: String) throws -> [String: Any] {
        let result = try Binary.run(["routines", "show", name, "--format", "json"], db: db)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private static func history(db: String) throws -> [[String: Any]] {
        let result = try Binary.run(["history", "--format", "json"], db: db)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    private static func file(in scratch: Scratch, _ text: String, name: String = "routines.yaml") throws -> String {
        let url = scratch.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private static func expectOneLine(_ result: Binary.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.stderr.hasPrefix("topweight: "), sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B }, sourceLocation: sourceLocation)
    }
}
