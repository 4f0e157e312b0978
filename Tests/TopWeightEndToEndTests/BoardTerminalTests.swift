import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `topweight board` on a real pseudo-terminal, fed by other processes.
@Suite("The board in a terminal", .serialized)
struct BoardTerminalTests {
    @Test("Full screen, redrawn when another process saves; a private member never drawn; keys but q ignored, q restores the terminal")
    func live() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "100", "5", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Zoë", "Deadlift", "140", "3", "1"], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "private", "Zoë"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["board"], environment: PseudoTerminal.environment(db: scratch.db))
        // The alternate screen, then the board with Ana on it.
        try terminal.waitFor("\u{1B}[?1049h")
        try terminal.waitFor("Lifting today")
        try terminal.waitFor("Ana")
        var mark = terminal.mark

        // Another terminal saves: the board is drawn again with Ben on it.
        #expect(try Binary.run(["add", "Ben", "Back Squat", "120", "5", "5"], db: scratch.db).status == 0)
        try terminal.waitFor("Ben", after: mark, timeout: 10)
        #expect(!terminal.output.contains("Zoë"))

        // A display: Ctrl-C, Ctrl-D, Enter, letters and an escape sequence do nothing.
        mark = terminal.mark
        terminal.type("\u{03}\u{04}\rx:help\r\u{1B}[A")
        terminal.settle(0.5)
        #expect(terminal.waitForExit(timeout: 0.5) == -1, "still running")
        #expect(!terminal.text(after: mark).contains("\u{1B}[?1049l"))

        // Zoë's next set, private, changes the board (the same figures are drawn) but never shows her.
        #expect(try Binary.run(["add", "Zoë", "Deadlift", "150", "3", "1"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Cy", "Overhead Press", "50", "5", "3"], db: scratch.db).status == 0)
        try terminal.waitFor("Cy", after: mark, timeout: 10)
        #expect(!terminal.output.contains("Zoë"))

        mark = terminal.mark
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.text(after: mark).contains("\u{1B}[?1049l"), "the screen it found is put back")
    }

    @Test("In a 60 × 20 terminal the board shows what fits: the busiest lifter, not only how many are left out")
    func small() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "100", "5", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Ben", "Back Squat", "120", "5", "5"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Cy", "Overhead Press", "50", "5", "3"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["board"],
                                          environment: PseudoTerminal.environment(db: scratch.db), size: (20, 60))
        try terminal.waitFor("Lifting today")
        try terminal.waitFor("Ben")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("Not on a terminal, the board is printed once, plainly")
    func piped() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "100", "5", "3"], db: scratch.db).status == 0)
        let result = try Binary.run(["board"], db: scratch.db, environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Lifting today"))
        #expect(result.stdout.contains("Ana"))
        #expect(!result.stdout.contains("\u{1B}"))
        for line in result.stdout.split(separator: "\n") { #expect(TerminalText.width(String(line)) <= 80) }
    }
}
