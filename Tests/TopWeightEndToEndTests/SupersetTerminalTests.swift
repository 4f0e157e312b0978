import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightTestSupport

/// A superset routine walked on the real binary and a real pseudo-terminal.
@Suite("A superset at a real terminal", .serialized)
struct SupersetTerminalTests {
    @Test(":start walks a superset of two lifts A1, A2, A1, A2, each its own set, and history shows the places")
    func walksInTurn() throws {
        let scratch = try Scratch()
        let file = scratch.directory.appendingPathComponent("pp.yaml").path
        try """
            routines:
              - name: Push Pull
                exercises:
                  - { exercise: Bench Press, weight: 60, reps: 8, series: 2, superset: A }
                  - { exercise: Barbell Row, weight: 50, reps: 8, series: 2, superset: A, rest: 90 }
            """.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try Binary.run(["routines", "import", file], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "add", "Ana"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise: ", after: mark)
        terminal.type(":start Push Pull\r")
        try terminal.waitFor("Push Pull: Bench Press A1, Barbell Row A2.", after: mark)
        for (number, lift, place) in [(1, "Bench Press", "A1"), (2, "Barbell Row", "A2"), (3, "Bench Press", "A1"), (4, "Barbell Row", "A2")] {
            try terminal.waitFor("Push Pull \(number)/4 \(place): \(lift)", after: mark)
            mark = terminal.mark
            terminal.type("\r")
            try terminal.waitFor("reps [8]: ", after: mark)
            terminal.type("\r")
            try terminal.waitFor("series [1]: ", after: mark)
            terminal.type("\r")
            try terminal.waitFor("Saved #\(number)  Ana · \(lift) · ", after: mark)
        }
        try terminal.waitFor("Done: Push Pull, 4 saved.", after: mark)
        mark = terminal.mark
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0, "\(terminal.text(after: mark))")
        let history = try Binary.run(["history", "--format", "json"], db: scratch.db)
        #expect(history.stdout.components(separatedBy: "\"superset\":\"A1\"").count - 1 == 2, "\(history.stdout)")
        #expect(history.stdout.components(separatedBy: "\"superset\":\"A2\"").count - 1 == 2, "\(history.stdout)")
    }
}
