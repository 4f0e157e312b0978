import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightTestSupport

/// Short names at a real terminal and on the command line: the first Tab puts
/// the best candidate in, the second lists the others; `topweight add` means
/// by a short name what the logger does.
@Suite("Short names at a real terminal", .serialized)
struct ShortNameTerminalTests {
    @Test("the first Tab puts the best lift in whole, a second lists the others best first, and Enter saves on it")
    func firstAndSecondTab() throws {
        let scratch = try Scratch()
        let seeded = try Binary.run(["add", "Zoë", "Front Squat", "80", "5", "3"], db: scratch.db)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Zoë]: ")
        terminal.type("Zoë\r")
        try terminal.waitFor("exercise [Front Squat]: ")

        // A member who logs Front Squat means it by `squat`.
        var mark = terminal.mark
        terminal.type("squat\t")
        try terminal.waitFor("Front Squat", after: mark)
        // The second Tab lists the others: Back Squat (the alias) first.
        mark = terminal.mark
        terminal.type("\t")
        let listed = try terminal.waitFor("Back Squat", after: mark)
        let screen = terminal.text(after: mark)
        let backSquat = try #require(screen.range(of: "Back Squat"))
        let boxSquat = try #require(screen.range(of: "Box Squat"), "\(screen)")
        #expect(backSquat.lowerBound < boxSquat.lowerBound, "best first: \(screen)")
        #expect(!screen.contains("Front Squat  "), "the one put in is not listed again: \(screen)")
        _ = listed

        // The line still holds Front Squat; the numbers after it save on it.
        mark = terminal.mark
        terminal.type(" 85x5x3\r")
        try terminal.waitFor("Saved #2  Zoë · Front Squat · 85 kg × 5 reps × 3 series", after: mark)

        // A word Tab knows only as an alias: ohp is Overhead Press.
        mark = terminal.mark
        terminal.type("ohp\t")
        try terminal.waitFor("Overhead Press", after: mark)
        terminal.type("\u{15}:quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: 0))")
    }

    @Test("topweight add takes a short name as the logger does, and refuses a name ending in a weight")
    func addShortNames() throws {
        let scratch = try Scratch()
        let bench = try Binary.run(["add", "Ana", "bench", "60", "8", "3"], db: scratch.db)
        #expect(bench.status == 0, "\(bench.stderr)")
        #expect(bench.stdout.contains("Ana · Bench Press · 60 kg × 8 reps × 3 series"), "\(bench.stdout)")
        let weighted = try Binary.run(["add", "Ana", "bench 135", "60", "8", "3"], db: scratch.db)
        #expect(weighted.status != 0)
        #expect(weighted.stderr.contains("a name can't end in a number"), "\(weighted.stderr)")
        let store = try TestEngine.open(scratch.db)
        #expect(try store.exercises().map(\.exercise.name) == ["Bench Press"])

        // edit --exercise takes a short name too: Ana's set moves to Back Squat, no `squat` is made.
        let edited = try Binary.run(["edit", "1", "--exercise", "squat"], db: scratch.db)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.contains("→ Back Squat · 60 kg"), "\(edited.stdout)")
        #expect(try store.exercise(named: "squat") == nil)
    }

    @Test("prs, chart and history read a short name as the logger does: the member's own lift first")
    func readersShortNames() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Back Squat", "100", "5", "5"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Bob", "Front Squat", "80", "5", "3"], db: scratch.db).status == 0)
        let bob = try Binary.run(["prs", "--user", "Bob", "--exercise", "squat", "--format", "json"], db: scratch.db)
        #expect(bob.status == 0, "\(bob.stderr)")
        #expect(bob.stdout.contains("\"exercise\":\"Front Squat\""), "\(bob.stdout)")
        #expect(!bob.stdout.contains("Back Squat"))
        let ana = try Binary.run(["history", "--user", "Ana", "--exercise", "squat", "--format", "json"], db: scratch.db)
        #expect(ana.stdout.contains("\"exercise\":\"Back Squat\""), "\(ana.stdout)")
        let chart = try Binary.run(["chart", "--user", "Bob", "--exercise", "squat", "--format", "json"], db: scratch.db)
        #expect(chart.status == 0 && chart.stdout.hasPrefix("["), "\(chart.stderr)")
    }
}
