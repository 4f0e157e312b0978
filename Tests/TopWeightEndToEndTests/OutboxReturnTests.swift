import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// A logger whose server goes away and comes back while it keeps nothing:
/// what needs the server is refused at once meanwhile, and works again once
/// the background's look finds the server, with no save to tell it.
extension OutboxTerminalTests {
    @Test("A note while the server stops answering (SIGSTOP) costs one timeout, then is refused at once; once it answers again, a note is taken without any save in between")
    func notesAfterTheServerReturns() throws {
        let cluster = try PrivateCluster()
        defer {
            cluster.signal(SIGCONT)
            cluster.stop()
        }
        let state = try StateDirectory()
        let environment = PseudoTerminal.environment(db: cluster.url, ["XDG_STATE_HOME": state.directory, "TOPWEIGHT_PG_TIMEOUT": "2"])
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[y/n]", after: mark)
        terminal.type("y\r")
        try terminal.waitFor("exercise", after: mark)

        cluster.signal(SIGSTOP)
        var took: [Duration] = []
        for text in ["first", "second"] {
            mark = terminal.mark
            let started = ContinuousClock.now
            terminal.type(":note\r")
            try terminal.waitFor("note> ", after: mark)
            terminal.type("\(text)\r.\r")
            try terminal.waitFor("unreachable", after: mark)
            try terminal.waitFor("exercise: ", after: mark)
            took.append(ContinuousClock.now - started)
        }
        // The second was refused without trying the server again.
        #expect(took[1] < .milliseconds(900), "\(took)")

        cluster.signal(SIGCONT)
        // The background looks every 2 s while the server is away.
        var added = false
        let started = ContinuousClock.now
        while !added, ContinuousClock.now - started < .seconds(20) {
            sleep(2)
            mark = terminal.mark
            terminal.type(":note\r")
            try terminal.waitFor("note> ", after: mark)
            terminal.type("back\r.\r")
            try terminal.waitFor("exercise: ", after: mark)
            added = terminal.text(after: mark).contains("Note added to Ana's session today.")
        }
        #expect(added, "no note was taken after the server came back")
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == 0)
    }
}
