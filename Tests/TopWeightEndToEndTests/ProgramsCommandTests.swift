import Foundation
import Testing

/// `topweight programs`: the bundled programs, read without a database.
@Suite("Programs at the command line")
struct ProgramsCommandTests {
    @Test("programs lists the three bundled programs with their shape; no database is needed or made")
    func list() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("programs-\(UUID().uuidString)")
        let db = directory.appendingPathComponent("none.sqlite").path
        let listed = try Binary.run(["programs"], db: db)
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        // Three columns, each aligned.
        #expect(lines[0].hasPrefix("5x5           1 week × 2 days   Linear 5×5"), "\(lines)")
        #expect(lines[1].hasPrefix("5/3/1         4 weeks × 4 days  Wendler's 5/3/1"))
        #expect(lines[2].hasPrefix("Texas Method  1 week × 3 days   Weekly volume"))
        #expect(!FileManager.default.fileExists(atPath: directory.path))

        let json = try Binary.run(["programs", "list", "--format", "json"], db: db)
        let programs = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(programs.map { $0["name"] as? String } == ["5x5", "5/3/1", "Texas Method"])
    }

    @Test("programs show gives every day's sets and the rules, in text and JSON")
    func show() throws {
        let text = try Binary.run(["programs", "show", "5/3/1"], db: nil)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("Week 2"))
        #expect(lines.contains("    Back Squat: 70%×3, 80%×3, 90%×3+"))
        #expect(lines.contains("Week 4 (deload)"))
        #expect(lines.contains("Training max: 90 % of the estimated one-rep max."))
        #expect(lines.contains("Each cycle: Back Squat +5 kg, Bench Press +2.5 kg, Deadlift +5 kg, Overhead Press +2.5 kg."))

        let json = try Binary.run(["programs", "show", "texas method", "--format", "json"], db: nil)
        let program = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(program["name"] as? String == "Texas Method" && program["trainingMax"] as? Int == 86)
        let weeks = try #require(program["weeks"] as? [[String: Any]])
        let days = try #require(weeks.first?["days"] as? [[String: Any]])
        #expect(days.map { $0["name"] as? String } == ["Volume", "Recovery", "Intensity"])
        let recovery = try #require(days[1]["exercises"] as? [[String: Any]])
        let squat = try #require(recovery.first?["sets"] as? [[String: Any]])
        #expect(squat.count == 2 && squat.allSatisfy { $0["percent"] as? Int == 72 && $0["reps"] as? Int == 5 && $0["amrap"] as? Bool == false })
    }

    @Test("an unknown program is refused in one line naming the ones there are")
    func unknown() throws {
        let result = try Binary.run(["programs", "show", "Smolov\u{1B}[2J"], db: nil)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("topweight: no program named "))
        #expect(result.stderr.hasSuffix("there are 5x5, 5/3/1, Texas Method\n"))
        #expect(!result.stderr.contains("\u{1B}") && result.stdout.isEmpty)
    }
}

@Suite("Programs at the rack from the command line")
struct ProgramsAtTheRackCommandTests {
    @Test("a coach assigns 5x5, today shows the loads to the plates, --done moves on after the sets are saved, roster shows it; the PIN guards assigning")
    func assignTodayDone() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Back Squat", "100", "5", "1"], db: scratch.db).status == 0)
        let unknownLift = try Binary.run(["programs", "assign", "5x5", "--user", "Ana", "--max", "Leg Press=100"], db: scratch.db)
        #expect(unknownLift.status == 64 && unknownLift.stderr.contains("Leg Press is not in 5x5"))
        // Two lifts with neither a max given nor a set to estimate one from: refused, nothing changed, the command that gives them said.
        let short = try Binary.run(["programs", "assign", "5x5", "--user", "Ana", "--max", "Bench Press=60,Barbell Row=50"], db: scratch.db)
        #expect(short.status == 64)
        #expect(short.stdout.isEmpty)
        #expect(short.stderr == "topweight: Ana has no training max for Overhead Press, Deadlift (no sets to estimate one from), so can't start 5x5; "
                + "nothing changed. Give them: topweight programs assign 5x5 --user Ana --max \"Overhead Press=WEIGHT,Deadlift=WEIGHT\"\n")
        #expect(try Binary.run(["roster"], db: scratch.db).stdout.hasPrefix("Nobody is on a program"))
        let assigned = try Binary.run(["programs", "assign", "5x5", "--user", "Ana", "--max",
                                       "Bench Press=60,Barbell Row=50,Overhead Press=40,Deadlift=100"], db: scratch.db)
        #expect(assigned.status == 0, "\(assigned.stderr)")
        // 100 × (1 + 5/30) = 116.67 × 75 % = 87.5 to the 2.5 kg step.
        #expect(assigned.stdout.contains("Back Squat: training max 87.5 kg (from the best e1RM)"), "\(assigned.stdout)")
        #expect(!assigned.stdout.contains("No training max"))

        let json = try Binary.run(["today", "--user", "Ana", "--format", "json"], db: scratch.db)
        let today = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(today["program"] as? String == "5x5" && today["week"] as? Int == 1 && today["day"] as? Int == 1)
        let exercises = try #require(today["exercises"] as? [[String: Any]])
        #expect(exercises.map { $0["exercise"] as? String } == ["Back Squat", "Bench Press", "Barbell Row"])
        let squat = try #require(exercises.first?["sets"] as? [[String: Any]])
        #expect(squat.first?["warmup"] as? Bool == true && squat.first?["weight"] as? Double == 20)
        #expect(squat.last?["weight"] as? Double == 87.5 && squat.last?["reps"] as? Int == 5 && squat.last?["warmup"] as? Bool == false)

        for (lift, weight) in [("Back Squat", "87.5"), ("Bench Press", "60"), ("Barbell Row", "50")] {
            #expect(try Binary.run(["add", "Ana", lift, weight, "5", "5"], db: scratch.db).status == 0)
        }
        let done = try Binary.run(["today", "--user", "Ana", "--done"], db: scratch.db)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout.hasPrefix("5x5 week 1 day 1 finished: Back Squat done, Bench Press done, Barbell Row done."), "\(done.stdout)")
        #expect(done.stdout.contains("Back Squat 87.5 kg → 90 kg"))
        #expect(done.stdout.contains("Next: 5x5 week 1 day 2: Back Squat 5×5 at 100 % → 90 kg"))
        // Again at once, nothing new saved: refused, and nothing moves (no missed day counted).
        for _ in 1...2 {
            let again = try Binary.run(["today", "--user", "Ana", "--done"], db: scratch.db)
            #expect(again.status == 64 && again.stderr.contains("Ana has no set of 5x5 week 1 day 2 saved since 5x5 last moved on"),
                    "\(again.stderr)")
            #expect(again.stderr.split(separator: "\n").count == 1)
        }
        let roster = try Binary.run(["roster"], db: scratch.db)
        #expect(roster.stdout.hasPrefix("Ana  5x5  next week 1 day 2  last week 1 day 1"), "\(roster.stdout)")
        #expect(!roster.stdout.contains("stalled") && !roster.stdout.contains("needs a max"))

        // The logger: the rack's line as Ana takes the terminal, and :today.
        let logger = try Binary.run([], db: scratch.db, input: "Ana\n:today\n")
        #expect(logger.stdout.contains("5x5 week 1 day 2: Back Squat 5×5 at 100 % → 90 kg"), "\(logger.stdout)")
        #expect(logger.stdout.contains(" — :go starts it"))
        #expect(logger.stdout.contains("5x5 week 1 day 2 (B)"))
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        #expect(try Binary.run(["programs", "unassign", "--user", "Ana"], db: scratch.db, input: "0000\n").status == 77)
        #expect(try Binary.run(["programs", "unassign", "--user", "Ana"], db: scratch.db, input: "2468\n").stdout == "Ana is on no program now.\n")
        let none = try Binary.run(["today", "--user", "Ana"], db: scratch.db)
        #expect(none.status == 64 && none.stderr.contains("Ana is on no program"))
        let off = try Binary.run([], db: scratch.db, input: "Ana\n:today\n")
        #expect(off.stdout.contains("Ana is on no program") && !off.stdout.contains(":go starts it"), "\(off.stdout)")
    }

    @Test("a gym's program file comes in (a mistake names its line), is listed and shown, and goes")
    func importRemove() throws {
        let scratch = try Scratch()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gym-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try "programs:\n  - name: Bad\n    weeks:\n      - days:\n          - exercises:\n              - Back Squat: 5 by 5\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let bad = try Binary.run(["programs", "import", file.path], db: scratch.db)
        #expect(bad.status == 64 && bad.stderr.contains("line 6"), "\(bad.stderr)")
        // A billion laughs in 1 KB: refused in one line, nothing stored.
        var laughs = ["lol0: &l0 [a, a, a, a, a, a, a, a, a, a]"]
        for level in 1...9 { laughs.append("lol\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]") }
        try ("programs:\n  - name: Bomb\n    weeks:\n      - days:\n          - exercises:\n              - Back Squat: 5x5@100%\n"
             + laughs.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let bomb = try Binary.run(["programs", "import", file.path], db: scratch.db)
        #expect(bomb.status == 64 && bomb.stderr.contains("expands to more than 50000 values"), "\(bomb.stderr)")
        #expect(bomb.stderr.split(separator: "\n").count == 1)
        // A typo'd lift, and a deload of more than the whole max: each named at its line.
        try "programs:\n  - name: Typo\n    weeks:\n      - days:\n          - exercises:\n              - Back Sqaut: 5x5@100%\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let typo = try Binary.run(["programs", "import", file.path], db: scratch.db)
        #expect(typo.status == 64 && typo.stderr.contains("line 6: Typo: no lift is named Back Sqaut: did you mean Back Squat?"), "\(typo.stderr)")
        try "programs:\n  - name: Core\n    deload by: 110%\n    weeks:\n      - days:\n          - exercises:\n              - Back Squat: 5x5@100%\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let deload = try Binary.run(["programs", "import", file.path], db: scratch.db)
        #expect(deload.status == 64 && deload.stderr.contains("line 3: Core: 'deload by' is from 1 % to 50 %"), "\(deload.stderr)")
        #expect(try Binary.run(["programs"], db: scratch.db).stdout.split(separator: "\n").count == 3)
        try "programs:\n  - name: Hill Day\n    weeks:\n      - days:\n          - exercises:\n              - Back Squat: 3x8@40kg\n"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(try Binary.run(["programs", "import", file.path], db: scratch.db).stdout == "Added Hill Day\n")
        #expect(try Binary.run(["programs"], db: scratch.db).stdout.hasPrefix("Hill Day"))
        #expect(try Binary.run(["programs", "show", "hill day"], db: scratch.db).status == 0)
        let bundled = try Binary.run(["programs", "remove", "5/3/1"], db: scratch.db)
        #expect(bundled.status == 64 && bundled.stderr.contains("bundled"))
        #expect(try Binary.run(["programs", "remove", "Hill Day"], db: scratch.db).stdout == "Removed Hill Day\n")
    }
}

/// `:go` at a real terminal, on the engine the suite runs on: a whole 5/3/1
/// day walked with Enter, then `topweight today` is the next day; and the
/// weight nudge under `topweight add`'s `Saved`.
@Suite("Walking a program's day at a real terminal", .serialized)
struct ProgramWalkTerminalTests {
    @Test("a member on 5/3/1 walks the day with Enter (the + set's reps typed), and today shows the next day")
    func walkFiveThreeOne() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["users", "add", "Ana"], db: scratch.db).status == 0)
        let assigned = try Binary.run(["programs", "assign", "5/3/1", "--user", "Ana",
                                       "--max", "Overhead Press=60,Deadlift=140,Bench Press=80,Back Squat=120"], db: scratch.db)
        #expect(assigned.status == 0, "\(assigned.stderr)")
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("5/3/1 week 1 day 1: Overhead Press 3×5+ at 65/75/85 % → 40 / 45 / 50 kg — :go starts it", after: mark)
        try terminal.waitFor("exercise", after: mark)
        mark = terminal.mark
        terminal.type(":go\r")
        try terminal.waitFor("5/3/1 week 1 day 1: 6 entries to go.", after: mark)
        try terminal.waitFor("5/3/1 1/6] weight kg [20]: ", after: mark)
        // Three warm-ups and two work sets, Enter at every prompt.
        for step in 1...5 {
            mark = terminal.mark
            terminal.type("\r")
            try terminal.waitFor("reps [", after: mark)
            terminal.type("\r")
            try terminal.waitFor("series [1]: ", after: mark)
            terminal.type("\r")
            try terminal.waitFor("Saved #\(step)", after: mark)
        }
        // The + set: its reps asked, Enter refused there.
        try terminal.waitFor("5/3/1 6/6] weight kg [50]: ")
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("5/3/1 6/6] reps: ", after: mark)
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("5/3/1 6/6] reps: ", after: mark)
        terminal.type("9\r")
        try terminal.waitFor("series [1]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Saved #6  Ana · Overhead Press · 50 kg × 9 reps × 1 series", after: mark)
        try terminal.waitFor("5/3/1 week 1 day 1 finished: Overhead Press done.", after: mark)
        try terminal.waitFor("Next: 5/3/1 week 1 day 2: Deadlift", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: 0))")

        let today = try Binary.run(["today", "--user", "Ana"], db: scratch.db)
        #expect(today.stdout.hasPrefix("5/3/1 week 1 day 2 (Deadlift)\n"), "\(today.stdout)")
        let history = try Binary.run(["history", "--user", "Ana", "--format", "json"], db: scratch.db)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(rows.filter { $0["mark"] as? String == "warmup" }.count == 3, "\(history.stdout)")
        #expect(rows.count == 6)
    }

    @Test("topweight add: after three weeks at one top weight, the line under Saved names the next load, once a day")
    func nudgeOnAdd() throws {
        let scratch = try Scratch()
        let formatter = ISO8601DateFormatter()
        for daysAgo in [14, 7] {
            let at = formatter.string(from: Date().addingTimeInterval(Double(-daysAgo) * 86_400))
            #expect(try Binary.run(["add", "Ana", "Back Squat", "100", "5", "3", "--at", at], db: scratch.db).status == 0)
        }
        let first = try Binary.run(["add", "Ana", "Back Squat", "100", "5", "3"], db: scratch.db)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("100 kg has been your top Back Squat for 3 weeks: try 102.5 kg next time.\n"), "\(first.stdout)")
        let second = try Binary.run(["add", "Ana", "Back Squat", "100", "5", "3"], db: scratch.db)
        #expect(second.status == 0 && !second.stdout.contains("has been your top"), "\(second.stdout)")
    }
}
