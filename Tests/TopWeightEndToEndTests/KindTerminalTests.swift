import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightTestSupport

/// Every kind of set at a real terminal, on the engine the suite runs on: the
/// prompts of each kind with their defaults and steppers, an RPE after the
/// last answer, the one-line forms, a wrong answer asked again; and
/// `topweight add` with the numbers of each kind.
@Suite("Kinds of set at a real terminal", .serialized)
struct KindTerminalTests {
    @Test("a member walks a bodyweight, a timed and a distance set through their prompts, then one line of each")
    func walkEveryKind() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["users", "add", "Ana"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise: ", after: mark)

        // Bodyweight: the load added, then reps and series; a wrong bw form is asked again.
        mark = terminal.mark
        terminal.type("Pull-Up\r")
        try terminal.waitFor("added kg [0]: ", after: mark)
        mark = terminal.mark
        terminal.type("bw+\r")
        try terminal.waitFor("after bw+ comes a load (e.g. bw+10)", after: mark)
        try terminal.waitFor("added kg [0]: ", after: mark)
        mark = terminal.mark
        terminal.type("bw+10\r")
        try terminal.waitFor("reps: ", after: mark)
        terminal.type("8\r")
        try terminal.waitFor("series: ", after: mark)
        terminal.type("3@8\r")
        try terminal.waitFor("Saved #1  Ana · Pull-Up · BW + 10 kg × 8 reps × 3 series @8", after: mark)

        // Time: a minute offered, a step of 5 s, a wrong time asked again.
        mark = terminal.mark
        terminal.type("Plank\r")
        try terminal.waitFor("time [1:00]: ", after: mark)
        mark = terminal.mark
        terminal.type("1:75\r")
        try terminal.waitFor("minutes and seconds go from 00 to 59", after: mark)
        try terminal.waitFor("time [1:00]: ", after: mark)
        mark = terminal.mark
        terminal.type("+\r")
        try terminal.waitFor("series: ", after: mark)
        mark = terminal.mark
        terminal.type("@11\r")
        try terminal.waitFor("RPE goes from 6 to 10 by halves (e.g. @8, @8.5)", after: mark)
        terminal.type("3\r")
        try terminal.waitFor("Saved #2  Ana · Plank · 1:05 × 3 series", after: mark)

        // Distance: 2000 m offered, the unit as typed, then the time.
        mark = terminal.mark
        terminal.type("Rowing Machine\r")
        try terminal.waitFor("distance m [2000]: ", after: mark)
        terminal.type("5km\r")
        try terminal.waitFor("time: ", after: mark)
        terminal.type("21:30\r")
        try terminal.waitFor("Saved #3  Ana · Rowing Machine · 5 km in 21:30", after: mark)

        // One line of each kind; a short name goes to the lift of the kind typed.
        for (typed, saved) in [
            ("dip bwx12x3", "Saved #4  Ana · Dip · BW × 12 reps × 3 series"),
            ("plank 1:30x3", "Saved #5  Ana · Plank · 1:30 × 3 series"),
            ("row 2000m 7:45", "Saved #6  Ana · Rowing Machine · 2 000 m in 7:45"),
            ("run 5km 25:00", "Saved #7  Ana · Running · 5 km in 25:00"),
            ("squat 100x5x3@8", "Saved #8  Ana · Back Squat · 100 kg × 5 reps × 3 series @8"),
            ("rdl 80x8x3@8", "Saved #9  Ana · Romanian Deadlift · 80 kg × 8 reps × 3 series @8"),
        ] {
            mark = terminal.mark
            terminal.type(typed + "\r")
            try terminal.waitFor(saved, after: mark)
            #expect(!terminal.text(after: mark).contains("Create?"), "\(typed): \(terminal.text(after: mark))")
        }

        // Enter repeats last time's numbers of the kind: the rower offers 2000 m and 7:45.
        mark = terminal.mark
        terminal.type("Rowing Machine\r")
        try terminal.waitFor("distance m [2000]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("time [7:45]: ", after: mark)
        terminal.type("\u{3}")
        try terminal.waitFor("Cancelled; nothing saved.", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: 0))")

        let store = try TestEngine.open(scratch.db)
        let compact = try store.history(HistoryQuery()).reversed().map { "\($0.exercise) \($0.values.compact)" }
        #expect(compact == [
            "Pull-Up bw+10x8x3@8", "Plank 1:05x3", "Rowing Machine 5km 21:30", "Dip bwx12x3", "Plank 1:30x3",
            "Rowing Machine 2000m 7:45", "Running 5km 25:00", "Back Squat 100x5x3@8", "Romanian Deadlift 80x8x3@8",
        ])
    }

    @Test(":edit of a timed set at a real terminal asks its time and series")
    func editTimed() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Plank", "1:30x3"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Ana]: ")
        terminal.type("\r")
        try terminal.waitFor("exercise [Plank]: ")
        var mark = terminal.mark
        terminal.type(":edit\r")
        try terminal.waitFor("Edit #1] exercise [Plank]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Edit #1] time [1:30]: ", after: mark)
        terminal.type("++\r")
        try terminal.waitFor("Edit #1] series [3]: ", after: mark)
        terminal.type("4@9\r")
        try terminal.waitFor("Edited #1: Ana · Plank · 1:30 × 3 series → Plank · 1:40 × 4 series @9", after: mark)
        mark = terminal.mark
        terminal.type(":undo\r")
        try terminal.waitFor("exercise", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: 0))")
        let store = try TestEngine.open(scratch.db)
        #expect(try store.history(HistoryQuery()).map(\.values.compact) == ["1:40x4@9"])
    }

    @Test("topweight add takes the numbers of each kind, as words or one line, with an RPE", arguments: [
        (["Ana", "pull-up", "bw+10", "8", "3"], "Pull-Up · BW + 10 kg × 8 reps × 3 series", "Pull-Up bw+10x8x3"),
        (["Ana", "Pull-Up", "bw-20x5x2"], "Pull-Up · BW \u{2212} 20 kg × 5 reps × 2 series", "Pull-Up bw-20x5x2"),
        (["Ana", "dip", "bwx12x3", "--rpe", "8"], "Dip · BW × 12 reps × 3 series @8", "Dip bwx12x3@8"),
        (["Ana", "plank", "1:30", "3"], "Plank · 1:30 × 3 series", "Plank 1:30x3"),
        (["Ana", "plank", "90sx3@7.5"], "Plank · 1:30 × 3 series @7.5", "Plank 1:30x3@7.5"),
        (["Ana", "row", "2000m", "7:45"], "Rowing Machine · 2 000 m in 7:45", "Rowing Machine 2000m 7:45"),
        (["Ana", "run", "5km 25:00"], "Running · 5 km in 25:00", "Running 5km 25:00"),
        (["Ana", "bench", "100x5x3@8"], "Bench Press · 100 kg × 5 reps × 3 series @8", "Bench Press 100x5x3@8"),
        (["Ana", "row", "60", "8", "3"], "Barbell Row · 60 kg × 8 reps × 3 series", "Barbell Row 60x8x3"),
    ])
    func add(arguments: [String], shown: String, compact: String) throws {
        let scratch = try Scratch()
        let added = try Binary.run(["add"] + arguments, db: scratch.db)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Saved #1  Ana · \(shown)"), "\(added.stdout)")
        let store = try TestEngine.open(scratch.db)
        #expect(try store.history(HistoryQuery()).map { "\($0.exercise) \($0.values.compact)" } == [compact])
    }

    @Test("topweight edit changes a set of any kind by its own numbers, and refuses the numbers it has not")
    func editCommand() throws {
        let scratch = try Scratch()
        for set in [["plank", "1:30x3"], ["pull-up", "bw+10x8x3"], ["run", "5km", "25:00@8"]] {
            let added = try Binary.run(["add", "Ana"] + set, db: scratch.db)
            #expect(added.status == 0, "\(added.stderr)")
        }
        for (arguments, shown) in [
            (["1", "--time", "1:45", "--rpe", "8"], "→ Plank · 1:45 × 3 series @8"),
            (["2", "--weight", "bw-20"], "→ Pull-Up · BW \u{2212} 20 kg × 8 reps × 3 series"),
            (["3", "--distance", "6", "--time", "30:00", "--rpe", "none"], "→ Running · 6 km in 30:00"),
        ] {
            let edited = try Binary.run(["edit"] + arguments, db: scratch.db)
            #expect(edited.status == 0, "\(edited.stderr)")
            #expect(edited.stdout.contains(shown), "\(edited.stdout)")
        }
        for (arguments, reason) in [
            (["1", "--reps", "5"], "#1 is a time set: --reps is not one of its numbers"),
            (["3", "--weight", "60"], "#3 is a distance set: --weight is not one of its numbers"),
            (["3", "--exercise", "Bench Press"], "Bench Press is a weight exercise and #3 a distance set"),
            (["1", "--time", "1:75"], "minutes and seconds go from 00 to 59"),
            (["2", "--rpe", "11"], "RPE goes from 6 to 10 by halves"),
        ] {
            let refused = try Binary.run(["edit"] + arguments, db: scratch.db)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains(reason), "\(refused.stderr)")
        }
        let store = try TestEngine.open(scratch.db)
        #expect(try store.history(HistoryQuery()).reversed().map { "\($0.exercise) \($0.values.compact)" }
            == ["Plank 1:45x3@8", "Pull-Up bw-20x8x3", "Running 6km 30:00"])
    }

    @Test("topweight add refuses numbers that make no set of the exercise's kind, saying why, and saves nothing", arguments: [
        (["Ana", "Plank", "1:75x3"], "minutes and seconds go from 00 to 59"),
        (["Ana", "Plank", "60", "8", "3"], "Plank is a time exercise"),
        (["Ana", "Pull-Up", "bw+", "8", "3"], "after bw+ comes a load"),
        (["Ana", "Bench Press", "100x5x3@11"], "RPE goes from 6 to 10 by halves"),
        (["Ana", "Bench Press", "100x5x3", "--rpe", "7.3"], "RPE goes from 6 to 10 by halves"),
        (["Ana", "Running", "-5km", "25:00"], "distance"),
    ])
    func addRefused(arguments: [String], reason: String) throws {
        let scratch = try Scratch()
        let added = try Binary.run(["add"] + arguments, db: scratch.db)
        #expect(added.status != 0)
        #expect(added.stderr.contains(reason), "\(added.stderr)")
        #expect(added.stderr.split(separator: "\n").count == 1, "\(added.stderr)")
        if FileManager.default.fileExists(atPath: scratch.db) || PostgresLocation.isPostgresURL(scratch.db) {
            let store = try TestEngine.open(scratch.db)
            #expect(try store.history(HistoryQuery()).isEmpty)
        }
    }
}
