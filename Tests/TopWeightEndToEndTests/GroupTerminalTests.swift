import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightTestSupport

/// A group at one rack on the real binary and a real pseudo-terminal.
@Suite("A group at one rack, at a real terminal", .serialized)
struct GroupTerminalTests {
    @Test("three members share one terminal: after each save the next member's prompt offers their own numbers, and every set is its member's")
    func threeMembers() throws {
        let scratch = try Scratch()
        for (member, exercise, numbers) in [("Ana", "Bench Press", ["60", "8", "3"]), ("Bo", "Back Squat", ["100", "5", "5"]), ("Cy", "Deadlift", ["140", "5", "1"])] {
            let seeded = try Binary.run(["add", member, exercise] + numbers, db: scratch.db)
            #expect(seeded.status == 0, "\(seeded.stderr)")
        }
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Cy]: ")
        var mark = terminal.mark
        terminal.type(":group Ana Bo Cy\r")
        try terminal.waitFor("Group: Ana (now), Bo, Cy", after: mark)
        try terminal.waitFor("[Ana] exercise [Bench Press]: ", after: mark)

        // Ana's numbers, then Bo's, then Cy's, each offered at their own turn.
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("weight kg [60]: ", after: mark)
        terminal.type("62.5x8x3\r")
        try terminal.waitFor("Saved #4  Ana · Bench Press · 62.5 kg × 8 reps × 3 series", after: mark)
        try terminal.waitFor("[Bo] exercise [Back Squat]: ", after: mark)
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("weight kg [100]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("reps [5]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("series [5]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("Saved #5  Bo · Back Squat · 100 kg × 5 reps × 5 series", after: mark)
        try terminal.waitFor("[Cy] exercise [Deadlift]: ", after: mark)
        mark = terminal.mark
        terminal.type("dead 150x3x1\r")
        try terminal.waitFor("Saved #6  Cy · Deadlift · 150 kg × 3 reps × 1 series", after: mark)
        // Round again to Ana: her last numbers, not Cy's.
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("weight kg [62.5]: ", after: mark)
        terminal.type("\u{03}")
        try terminal.waitFor("Cancelled; nothing saved.", after: mark)
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: mark))")

        let store = try TestEngine.open(scratch.db)
        let records = try store.history(HistoryQuery()).filter { $0.id > 3 }.sorted { $0.id < $1.id }
        #expect(records.map(\.user) == ["Ana", "Bo", "Cy"])
        #expect(records.map(\.exercise) == ["Bench Press", "Back Squat", "Deadlift"])
    }
}
