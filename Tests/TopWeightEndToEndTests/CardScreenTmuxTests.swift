import Foundation
import Testing
import TopWeightCore
#if canImport(Glibc)
import Glibc
#endif

/// A card's number never stays readable: scanned at every prompt and
/// question of a turn, in a 40-column tmux pane with tmux's default
/// settings (no configuration file), the pane and its whole scrollback
/// are searched for the digits afterwards, as the next member would
/// scroll up to read them.
@Suite("A card's number off the screen and out of tmux's scrollback", .serialized)
struct CardScreenTmuxTests {
    /// A tmux server of this test's own (its socket in the scratch directory), one pane of `columns`.
    final class Pane {
        let socket: String

        init(_ command: [String], environment: [String: String], directory: URL, columns: Int) throws {
            socket = directory.appendingPathComponent("tmux.sock").path
            let env = environment.filter { $0.key != "TERM" }.map { "\($0.key)=\($0.value)" }.sorted()
            // The server this starts keeps what it inherits open: no pipe for it, or reading one never ends.
            try tmux(["-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y", "15", "/usr/bin/env"] + env + command, reading: false)
        }

        static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

        @discardableResult
        func tmux(_ arguments: [String], reading: Bool = true) throws -> String {
            // Output to a file, not a pipe: the server the first call starts keeps what it inherits open.
            let output = URL(fileURLWithPath: socket + ".out")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let handle = try FileHandle(forWritingTo: output)
            defer { try? handle.close() }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
            process.arguments = ["-S", socket] + arguments
            process.standardOutput = reading ? handle : FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            return reading ? String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self) : ""
        }

        /// The pane and all its history, as text.
        func everything() throws -> String {
            try tmux(["capture-pane", "-p", "-J", "-S", "-"]) + "\n" + tmux(["capture-pane", "-p", "-S", "-"])
        }

        /// Keys as a reader sends them (the digits, then Enter).
        func type(_ text: String, enter: Bool = true) throws {
            try tmux(["send-keys", "-l", text])
            if enter { try tmux(["send-keys", "Enter"]) }
        }

        func waitFor(_ text: String, timeout: Double = 10) throws {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if try tmux(["capture-pane", "-p", "-J", "-S", "-"]).contains(text) { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("never shown: \(text)\n\(try everything())")
        }

        /// The logger first (a kiosk stays through a hang-up), then the server.
        func close() {
            if let pid = Int32((try? tmux(["display-message", "-p", "#{pane_pid}"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") {
                kill(pid, SIGTERM)
            }
            _ = try? tmux(["kill-server"])
        }
    }

    static let scan = "12345678"

    @Test("scanned at user:, [Ana] exercise:, the weight and reps prompts, after :user, at a y/n question and a wrapped line: no digits left on screen or in the scrollback",
          .enabled(if: Pane.available))
    func cardNowhere() throws {
        let scratch = try IdentityTerminalTests.gym(.card)
        let card = IdentityTerminalTests.card
        let pane = try Pane([Binary.url.path, "--kiosk"], environment: PseudoTerminal.environment(db: scratch.db),
                            directory: scratch.directory, columns: 40)
        defer { pane.close() }
        try pane.waitFor("user:")
        // Lines before, so the erase happens low on the screen and at its top alike.
        try pane.type(Self.scan)
        try pane.waitFor("That card is not known here")
        try pane.type(card)
        try pane.waitFor("[Ana] exercise")
        try pane.type(Self.scan)
        try pane.waitFor("That looked like a card's number")
        try pane.type("bench")
        try pane.waitFor("kg")
        try pane.type(Self.scan)
        try pane.waitFor("not read; cards are scanned")
        try pane.type("60")
        try pane.waitFor("reps")
        try pane.type(Self.scan)
        try pane.type("8")
        try pane.type("3")
        try pane.waitFor("Saved")
        // A line that wraps at 40 columns: the prompt and the command take two rows.
        try pane.type(":user 123456789012345678901234")
        try pane.waitFor("That card is not known here")
        // A question: y/n keys only; the reader's digits are no answer.
        try pane.type("Qqzx Lift")
        try pane.waitFor("Create? [y/n]")
        try pane.type(Self.scan)
        try pane.type("n")
        try pane.type(":user " + card)
        try pane.waitFor("Ana")
        Thread.sleep(forTimeInterval: 0.5)
        let everything = try pane.everything()
        for digits in [Self.scan, "2345678", "345678", card, "4512345", "123456789012"] {
            #expect(!everything.contains(digits), "\(digits) readable:\n\(everything)")
        }
        #expect(everything.contains("Saved"), "the capture holds the turn:\n\(everything)")
    }
}
