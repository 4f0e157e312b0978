import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightTestSupport

/// Progress in the real binary on a real pseudo-terminal: a member saves a
/// heavier squat and reads the record at once, then `:prs` and `:stats`.
@Suite("Progress at a real terminal", .serialized)
struct ProgressTerminalTests {
    @Test("a heavier set prints its personal records under Saved; :prs and :stats show them")
    func recordOnSave() throws {
        let scratch = try Scratch()
        let store = try TestEngine.open(scratch.db)
        let ana = try store.createUser(named: "Ana")
        let squat = try store.createExercise(named: "Back Squat")
        let now = Date()
        _ = try store.save(NewRecord(user: ana, exercise: squat, values: SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 5),
                                     performedAt: now.addingTimeInterval(-3 * 86_400)))

        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user [Ana]: ")
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)

        // Enter keeps the exercise; one step heavier, the rest as last time.
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("weight kg [100]: ", after: mark)
        terminal.type("+\r")
        try terminal.waitFor("reps [5]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("series [5]: ", after: mark)
        terminal.type("\r")
        let saved = try terminal.waitFor("Saved #2  Ana · Back Squat · 102.5 kg × 5 reps × 5 series", after: mark)
        try terminal.waitFor("New PR on Back Squat: heaviest 102.5 kg (was 100 kg) · e1RM 119.6 kg (was 116.7 kg)", after: saved)
        try terminal.waitFor("exercise [Back Squat]: ", after: saved)

        // The same set again is a tie: no record line before the next prompt.
        mark = terminal.mark
        terminal.type("back squat 102.5x5x5\r")
        try terminal.waitFor("Saved #3", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)
        #expect(!terminal.text(after: mark).contains("New PR"), "\(terminal.text(after: mark))")

        mark = terminal.mark
        terminal.type(":prs\r")
        try terminal.waitFor("Personal records of Ana (e1RM by Epley):", after: mark)
        try terminal.waitFor("Back Squat  heaviest   102.5 kg", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)

        mark = terminal.mark
        terminal.type(":stats\r")
        try terminal.waitFor("Ana: ", after: mark)
        try terminal.waitFor("last lift today", after: mark)
        try terminal.waitFor("Most trained: Back Squat 15 sets", after: mark)
        try terminal.waitFor("exercise [Back Squat]: ", after: mark)

        terminal.settle(0.3)
        terminal.type("\u{04}")
        try terminal.waitFor("Bye, Ana.", after: mark)
        terminal.settle(0.3)
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: mark))")
    }
}
