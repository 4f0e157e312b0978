import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightTestSupport

/// The real binary on a real pseudo-terminal: libedit, Tab, Ctrl-C, Ctrl-D.
@Suite("A member at a real terminal", .serialized)
struct TerminalSessionTests {
    @Test("Tab, defaults, +, Ctrl-C and Ctrl-D behave as promised, and the file holds what the screen said")
    func fullFlow() throws {
        let scratch = try Scratch()
        let seeded = try Binary.run(["add", "Zoë", "Bench Press", "60", "8", "3"], db: scratch.db)
        #expect(seeded.status == 0, "\(seeded.stderr)")

        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Zoë]: ")

        // Tab completes a member from two letters, lower case, non-ASCII included.
        var mark = terminal.mark
        terminal.type("zo\t")
        try terminal.waitFor("Zoë", after: mark)
        terminal.type("\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)

        // Enter accepts the exercise, + steps the weight, Ctrl-C drops the entry.
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("weight kg [60]: ", after: mark)
        terminal.type("+\r")
        try terminal.waitFor("reps [8]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("series [3]: ", after: mark)
        let beforeFive = terminal.mark
        terminal.type("5")
        // Ctrl-C once the 5 is on the screen: typed sooner, the kernel's own
        // flush on INTR can take the 5 with it (a race of the test, not the program).
        try terminal.waitFor("5", after: beforeFive)
        terminal.type("\u{03}")
        try terminal.waitFor("Cancelled; nothing saved.", after: mark)
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)

        // The cancelled entry left nothing behind: the defaults are last time's again.
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("weight kg [60]: ", after: mark)
        terminal.type("+\r")
        try terminal.waitFor("reps [8]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("series [3]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Saved #2  Zoë · Bench Press · 62.5 kg × 8 reps × 3 series", after: mark)
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)

        // Tab at the exercise prompt offers the catalog; commands complete after ':'.
        mark = terminal.mark
        terminal.type("deadl\t")
        try terminal.waitFor("Deadlift", after: mark)
        terminal.type("\u{15}:hi\t")
        // libedit redraws only what Tab added after the typed ":hi".
        try terminal.waitFor("story ", after: mark)
        terminal.type("\r")
        let afterHistory = try terminal.waitFor("Today", after: mark)
        try terminal.waitFor("exercise [Bench Press]: ", after: afterHistory)
        // Under a loaded test run a Ctrl-D sent the instant the prompt shows was
        // now and then not seen (1 run in 8 on the code before this change too);
        // a member's key comes later than that.
        terminal.settle(0.3)

        // Ctrl-D ends the turn, and at the user prompt leaves.
        mark = terminal.mark
        terminal.type("\u{04}")
        try terminal.waitFor("Bye, Zoë.", after: mark)
        try terminal.waitFor("user [Zoë]: ", after: mark)
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: mark))")

        let store = try TestEngine.open(scratch.db)
        let records = try store.history(HistoryQuery())
        #expect(records.count == 2)
        #expect(records.first?.values == SetValues(weight: Weight(hundredths: 6250, unit: .kg), reps: 8, series: 3))
        #expect(records.first?.user == "Zoë")
        #expect(try store.exercise(named: "Deadlift") == nil, "a catalog entry offered by Tab is not stored until used")
    }

    @Test("a locale the system lacks (or one that is not UTF-8) still shows a non-ASCII name in the prompt, without crashing", arguments: ["xx_YY.UTF-8", "C"])
    func missingLocale(lang: String) throws {
        let scratch = try Scratch()
        let seeded = try Binary.run(["add", "Zoë", "Bench Press", "60", "8", "3"], db: scratch.db)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        var environment = PseudoTerminal.environment(db: scratch.db)
        environment["LANG"] = lang
        environment["LC_ALL"] = lang
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try terminal.waitFor("user [Zoë]: ")
        let mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: 0))")
    }

    @Test("a line pasted at a y/n question asks again and none of it spills into the next prompt")
    func pasteAtQuestion() throws {
        let scratch = try Scratch()
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("Zed\r")
        try terminal.waitFor("Create? [y/n] ", after: mark)
        mark = terminal.mark
        terminal.type("hello world\r60x5x5")
        try terminal.waitFor("Answer y or n.", after: mark)
        try terminal.waitFor("Create? [y/n] ", after: mark)
        terminal.settle(0.3)
        mark = terminal.mark
        terminal.type("y")
        try terminal.waitFor("exercise: ", after: mark)
        // The exercise prompt starts empty: Enter there is an empty answer, not the paste's rest.
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("type an exercise", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: 0))")
        let store = try TestEngine.open(scratch.db)
        #expect(try store.users().map(\.user.name) == ["Zed"])
        #expect(try store.history(HistoryQuery()).isEmpty)
    }

    @Test("a first record by a brand-new member needs no set-up, on a database that does not exist yet")
    func brandNewMember() throws {
        let scratch = try Scratch()
        let db = scratch.directory.appendingPathComponent("not-yet/here.sqlite").path
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: db))
        try terminal.waitFor("user: ")
        terminal.type("Łukasz\r")
        try terminal.waitFor("Create? [y/n] ")
        terminal.type("y")
        try terminal.waitFor("exercise: ")
        // A one-line entry takes the only catalog name starting with `bench`.
        terminal.type("bench 62.5x8x3\r")
        try terminal.waitFor("Saved #1  Łukasz · Bench Press · 62.5 kg × 8 reps × 3 series")
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(try TestEngine.open(db).history(HistoryQuery()).count == 1)
    }
}
