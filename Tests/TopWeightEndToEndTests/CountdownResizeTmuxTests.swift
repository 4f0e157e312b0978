import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// The rest's countdown while the terminal is resized under it: a tmux
/// pane (tmux reflows the rows, as most terminals do) narrowed from 110 to
/// 50 and then 40 columns mid-countdown, with a long name and a long lift.
/// The screen is read back after each resize and a key typed: one prompt
/// row, fitted to the width, the key where the member typed it.
@Suite("The countdown across a resize", .serialized)
struct CountdownResizeTmuxTests {
    typealias Pane = CardScreenTmuxTests.Pane

    /// The pane's visible rows, as a person reads them (not joined).
    static func rows(_ pane: Pane) throws -> [String] {
        try pane.tmux(["capture-pane", "-p"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("narrowed from 110 to 50 and 40 columns mid-countdown: the prompt stays one row, shortened with …, the countdown still running, and the keys typed next land after it",
          .enabled(if: Pane.available))
    func resized() throws {
        let scratch = try Scratch()
        let seeded = try Binary.run(["add", "Zofia Grünberg", "Barbell Bulgarian Split Squat", "40", "8", "3"], db: scratch.db)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let pane = try Pane([Binary.url.path], environment: PseudoTerminal.environment(db: scratch.db),
                            directory: scratch.directory, columns: 110)
        defer { pane.close() }
        try pane.waitFor("user [Zofia Grünberg]: ")
        try pane.type("")
        try pane.waitFor("exercise [Barbell Bulgarian Split Squat]: ")
        try pane.type("Barbell Bulgarian Split Squat 42x8x3")
        try pane.waitFor("rest 2:00 [Zofia Grünberg] exercise [Barbell Bulgarian Split Squat]: ")
        var typed = ""
        for columns in [50, 40] {
            try pane.tmux(["resize-window", "-x", String(columns), "-y", "15"])
            Thread.sleep(forTimeInterval: 1.5)
            typed += columns == 50 ? "bench 4" : "0"
            try pane.type(columns == 50 ? "bench 4" : "0", enter: false)
            Thread.sleep(forTimeInterval: 1.2)
            let rows = try Self.rows(pane)
            let prompts = rows.filter { $0.contains("exercise [") || $0.contains("rest ") }
            #expect(prompts.count == 1, "one prompt row at \(columns) columns, no pieces of the old one:\n\(rows.joined(separator: "\n"))")
            let prompt = try #require(prompts.last)
            #expect(TerminalText.width(prompt) <= columns)
            #expect(prompt.hasPrefix("rest 1:5") && prompt.contains("…") && prompt.hasSuffix("]: " + typed),
                    "the countdown, the fitted prompt and the keys typed, on one row at \(columns) columns: \(prompt.debugDescription)")
            #expect(columns == 40 || rows.contains { $0.hasPrefix("Saved #2") }, "the lines above the prompt are left as they were:\n\(rows.joined(separator: "\n"))")
        }
        // The line itself is what was typed: it saves.
        try pane.type("x5x3")
        try pane.waitFor("Saved #3")
        try pane.waitFor("Bench Press · 40 kg × 5 reps × 3 series")
    }
}
