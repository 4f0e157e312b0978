import Foundation
import Testing
import TopWeightTestSupport

/// The logger leaves its store's connection for the process's exit to close
/// (`ConnectionsAtExit`): what it saved must still be in the database file
/// itself when it is gone, as a store that closes leaves it.
@Suite("The logger's exit")
struct LoggerExitTests {
    @Test("sets piped into the logger are in the database file itself after it exits")
    func savedIntoTheFile() throws {
        let scratch = try Scratch(engine: .file)
        let sets = 40
        let input = "Ana\ny\n" + String(repeating: "Bench Press 60x5x5\n", count: sets)
        let logged = try Binary.run([], db: scratch.db, input: input)
        try #require(logged.status == 0, "\(logged.stdout)\(logged.stderr)")
        #expect(logged.stdout.components(separatedBy: "Saved #").count - 1 == sets, "\(logged.stdout)")

        // The file alone, without its log: every set is in it.
        let alone = scratch.directory.appendingPathComponent("alone.sqlite").path
        try FileManager.default.copyItem(atPath: scratch.db, toPath: alone)
        let history = try Binary.run(["history", "--format", "json"], db: alone)
        try #require(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.components(separatedBy: "\"Bench Press\"").count - 1 == sets, "\(history.stdout)")
    }
}
