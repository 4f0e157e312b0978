import Foundation
import Testing
import TopWeightCore
import TopWeightStore
#if canImport(Glibc)
import Glibc
import TopWeightTestSupport
#endif

/// `topweight --kiosk` on a real pseudo-terminal: the keys that leave other
/// programs do not leave this one, and an idle session forgets its member.
@Suite("A kiosk at a real terminal", .serialized)
struct KioskTerminalTests {
    /// True while the process exists and is not stopped (Ctrl-Z would stop it).
    func isRunning(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = status.lastIndex(of: ")") else { return false }
        let state = status[status.index(close, offsetBy: 2)]
        return state != "T" && state != "Z" && state != "t"
    }

    @Test("Ctrl-Z, Ctrl-\\ and Ctrl-D do not leave; the admin PIN does")
    func noWayOut() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["--kiosk"], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("\u{1A}")
        terminal.type("\u{1C}")
        terminal.type("\u{04}")
        try terminal.waitFor("it stays open", after: mark)
        #expect(isRunning(terminal.pid))

        mark = terminal.mark
        terminal.type(":quit\r")
        try terminal.waitFor("Admin PIN: ", after: mark)
        terminal.type("1111\r")
        try terminal.waitFor("Wrong PIN.", after: mark)
        #expect(!terminal.text(after: mark).contains("1111"), "the PIN is never echoed")
        #expect(isRunning(terminal.pid))

        mark = terminal.mark
        terminal.type(":quit\r")
        try terminal.waitFor("Admin PIN: ", after: mark)
        terminal.type("2468\r")
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.text(after: mark).contains("2468"))
    }

    @Test("after the idle timeout the next member starts at an empty user prompt")
    func idleReset() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(
            executable: Binary.url.path, arguments: ["--kiosk", "--idle-timeout", "1"], environment: PseudoTerminal.environment(db: scratch.db)
        )
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        terminal.type("\r")
        try terminal.waitFor("weight kg [60]: ", after: mark)
        terminal.type("6")
        mark = terminal.mark
        try terminal.waitFor("Idle for a while", after: mark, timeout: 10)
        try terminal.waitFor("user: ", after: mark)
        #expect(!terminal.text(after: mark).contains("user ["), "no default member after the reset")
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("type your name", after: mark)
        #expect(try TestEngine.open(scratch.db).history(HistoryQuery()).count == 1, "the half-typed entry was dropped")
    }
}
