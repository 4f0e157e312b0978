import Foundation
import Testing

/// A y/n question is answered by a key pressed after it is asked: what was
/// typed or pasted before it (the rest of a pasted block) is not an answer.
@Suite("Type-ahead at a question", .serialized)
struct TypeAheadTests {
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
