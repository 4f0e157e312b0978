import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightTestSupport

/// The rest's countdown on the real binary and a real pseudo-terminal.
@Suite("The rest timer at a real terminal", .serialized)
struct RestTimerTerminalTests {
    @Test("the countdown is redrawn in place while a line is half typed: the text typed and the cursor survive the redraws")
    func redrawKeepsTheLine() throws {
        let scratch = try Scratch()
        let seeded = try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3"], db: scratch.db)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Ana]: ")
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        terminal.type("bench 62.5x8x3\r")
        try terminal.waitFor("Saved #2", after: mark)
        try terminal.waitFor("rest 2:00 [Ana] exercise [Bench Press]: ", after: mark)

        // Half a line, the cursor moved back one character (before the 3).
        mark = terminal.mark
        terminal.type("bench 60x3")
        try terminal.waitFor("bench 60x3", after: mark)
        terminal.type("\u{02}")
        terminal.settle(0.2)
        mark = terminal.mark
        // Two seconds: the countdown changes twice, drawn while the line waits.
        terminal.settle(2.2)
        let redraws = terminal.text(after: mark)
        #expect(redraws.contains("9") || redraws.contains("8"), "the countdown's seconds were redrawn: \(redraws.debugDescription)")
        #expect(!redraws.contains("bench"), "only what changed is written, not the line again: \(redraws.debugDescription)")

        // Typed at the cursor: between the x and the 3, so the line is bench 60x8x3.
        terminal.type("8x\r")
        try terminal.waitFor("Saved #3  Ana · Bench Press · 60 kg × 8 reps × 3 series", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: mark))")
    }

    @Test("at a kiosk the idle timeout counts from the last key, not from the countdown's last redraw, and ends the group")
    func idleWhileResting() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Bo", "Back Squat", "100", "5", "5"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["--kiosk", "--idle-timeout", "2"],
                                          environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        let mark = terminal.mark
        terminal.type("Ana+Bo\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        terminal.type("bench 62.5x8x3\r")
        try terminal.waitFor("[Bo] exercise", after: mark)
        terminal.type("squat 100x5x5\r")
        // Ana's rest of two minutes ticks in her prompt; two idle seconds still end the turn.
        let resting = try terminal.waitFor("rest 2:00 [Ana] exercise", after: mark)
        let started = ContinuousClock.now
        try terminal.waitFor("Idle for a while: back to the start.", after: resting, timeout: 8)
        #expect(ContinuousClock.now - started < .seconds(5), "the idle timeout waited on the countdown")
        try terminal.waitFor("user: ", after: resting)
    }
}
