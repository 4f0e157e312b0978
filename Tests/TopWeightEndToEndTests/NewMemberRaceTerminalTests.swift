import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// A new member at a kiosk under `pin`, against what happens around the
/// question: the desk adding the same name meanwhile, and a new member who
/// walks away from choosing their PIN.
@Suite("A new member at a kiosk: the desk meanwhile, a PIN given up", .serialized)
struct NewMemberRaceTerminalTests {
    @Test("the desk adds Gus while the kiosk asks Create?: y claims nothing, no PIN is chosen, and Gus still has none")
    func deskAddsMeanwhile() throws {
        let (scratch, _) = try EnrolmentTerminalTests.gym()
        let terminal = try EnrolmentTerminalTests.kiosk(scratch)
        let mark = terminal.mark
        terminal.type("Gus\r")
        try terminal.waitFor("New member \"Gus\". Create? [y/n]", after: mark)
        #expect(try Binary.run(["users", "add", "Gus"], db: scratch.db).status == 0)
        terminal.type("y\r")
        try terminal.waitFor("Gus was just added as a member elsewhere; nothing was created", after: mark)
        terminal.type("4444\r")
        terminal.settle(0.3)
        terminal.type("4444\r")
        terminal.settle(0.5)
        let shown = terminal.text(after: mark)
        #expect(!shown.contains("Choose a PIN") && !shown.contains("[Gus] exercise"), "\(shown.debugDescription)")
        #expect(try EnrolmentTerminalTests.identities(scratch)["Gus"] == "name", "no PIN was set for the desk's Gus")
    }

    @Test("Hal created, then Ctrl-C at Choose a PIN: Hal's row is gone, and the real Hal enrols himself in one turn")
    func givenUpPin() throws {
        let (scratch, _) = try EnrolmentTerminalTests.gym()
        let terminal = try EnrolmentTerminalTests.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("Hal\r")
        try terminal.waitFor("Create? [y/n]", after: mark)
        terminal.type("y\r")
        try terminal.waitFor("[Hal] Choose a PIN (4 to 8 digits): ", after: mark)
        terminal.type("\u{03}")
        try terminal.waitFor("nothing started", after: mark)
        terminal.settle(0.3)
        #expect(try EnrolmentTerminalTests.identities(scratch)["Hal"] == nil, "Hal's row stayed")
        mark = terminal.mark
        terminal.type("Hal\r")
        try terminal.waitFor("Create? [y/n]", after: mark)
        terminal.type("y\r")
        try terminal.waitFor("[Hal] Choose a PIN (4 to 8 digits): ", after: mark)
        terminal.type("6060\r")
        try terminal.waitFor("[Hal] The same PIN again: ", after: mark)
        terminal.type("6060\r")
        try terminal.waitFor("[Hal] exercise", after: mark)
    }

    @Test("a new member idle at The same PIN again: the idle reset takes their row back too")
    func idleAtPin() throws {
        let (scratch, _) = try EnrolmentTerminalTests.gym()
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["--kiosk", "--idle-timeout", "1"],
                                          environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        let mark = terminal.mark
        terminal.type("Hal\r")
        try terminal.waitFor("Create? [y/n]", after: mark)
        terminal.type("y\r")
        try terminal.waitFor("[Hal] Choose a PIN (4 to 8 digits): ", after: mark)
        terminal.type("6060\r")
        try terminal.waitFor("[Hal] The same PIN again: ", after: mark)
        try terminal.waitFor("Idle for a while", after: mark, timeout: 10)
        terminal.settle(0.3)
        #expect(try EnrolmentTerminalTests.identities(scratch)["Hal"] == nil, "Hal's row stayed")
    }
}
