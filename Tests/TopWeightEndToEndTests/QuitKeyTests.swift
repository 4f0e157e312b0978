import Foundation
import Testing

/// Ctrl-\ sends SIGQUIT from a terminal: it must do nothing in the logger,
/// kiosk or not (no crash report, no debugger prompt, no exit).
@Suite("Ctrl-\\ at a real terminal", .serialized)
struct QuitKeyTests {
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
}
