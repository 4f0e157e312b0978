import Foundation
import Testing

/// Keys at a real terminal that must not do what they would elsewhere:
/// Ctrl-\ (SIGQUIT) does nothing, kiosk or not; a y/n question is answered
/// by a key pressed after it is asked, not by what was typed or pasted before.
@Suite("Keys at a real terminal", .serialized)
struct TerminalKeyTests {
    @Test("Ctrl-\\ in the ordinary logger does nothing: the entry goes on and the set is saved")
    func quitKeyIgnored() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Ana]: ")
        terminal.type("\r")
        try terminal.waitFor("exercise [Bench Press]: ")
        let mark = terminal.mark
        terminal.type("\u{1C}")
        // Swift's crash reporter took about a second to draw its report.
        terminal.settle(2.5)
        #expect(!terminal.text(after: mark).contains("crashed"), "\(terminal.text(after: mark))")
        terminal.type("bench 62.5x5x5\r")
        try terminal.waitFor("Saved #2  Ana · Bench Press · 62.5 kg × 5 reps × 5 series", after: mark)
        #expect(!terminal.text(after: mark).contains("crashed"), "\(terminal.text(after: mark))")
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: 0))")
    }

    @Test("a pasted line and a y after it do not answer the new-exercise question themselves")
    func pastedAnswer() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Ana]: ")
        terminal.type("\r")
        try terminal.waitFor("exercise [Bench Press]: ")
        var mark = terminal.mark
        // One write, as a paste arrives.
        terminal.type("Zorbo Thing 10x1x1\ry")
        try terminal.waitFor("Create? [y/n] ", after: mark)
        terminal.settle(0.5)
        #expect(!terminal.text(after: mark).contains("Saved"), "\(terminal.text(after: mark))")
        mark = terminal.mark
        terminal.type("n")
        try terminal.waitFor("Not created", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: 0))")
    }
}
