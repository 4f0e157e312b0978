import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// The desk changes the gym's rules while a member's turn runs at a real
/// kiosk terminal: the next command is read under the new rules, and a turn
/// they no longer allow ends before it runs.
@Suite("The desk's rules changed during a kiosk turn", .serialized)
struct PolicyChangeTerminalTests {
    static func desk(_ arguments: [String], _ scratch: Scratch) throws {
        #expect(try Binary.run(arguments, db: scratch.db).status == 0, "\(arguments)")
    }

    @Test("name, then pin at the desk: Zoë's turn, started by her name alone, ends at :user Ana, and Ana's PIN is asked")
    func nameThenPin() throws {
        let scratch = try IdentityTerminalTests.gym(.name)
        let terminal = try IdentityTerminalTests.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("Zoë\r")
        try terminal.waitFor("[Zoë] exercise", after: mark)
        try Self.desk(["admin", "identity", "pin"], scratch)
        mark = terminal.mark
        terminal.type(":user Ana\r")
        try terminal.waitFor("This terminal now asks for each member's PIN or card. Zoë's turn has ended.", after: mark)
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        #expect(!terminal.text(after: mark).contains("[Ana] exercise"))
        terminal.type("\u{03}")
        try terminal.waitFor("nothing started", after: mark)
        mark = terminal.mark
        terminal.type(":history all\r")
        try terminal.waitFor("At this terminal you see only your own sets", after: mark)
        #expect(!terminal.text(after: mark).contains("47.5"), ":history all showed Zoë's set")
    }

    @Test("a user prompt drawn before the desk's change: Ana typed there is asked her PIN, and under card then PIN a card alone starts nothing")
    func promptDrawnBefore() throws {
        let scratch = try IdentityTerminalTests.gym(.name)
        let terminal = try IdentityTerminalTests.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("user:", after: mark)
        try Self.desk(["admin", "identity", "pin"], scratch)
        mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        #expect(!terminal.text(after: mark).contains("[Ana] exercise"), "the prompt's old policy let a name in")
        terminal.type("\u{03}")
        mark = try terminal.waitFor("nothing started", after: mark)
        terminal.type("\r")
        mark = try terminal.waitFor("user:", after: mark)
        try Self.desk(["admin", "identity", "card"], scratch)
        try Self.desk(["admin", "cards", "--pin", "on"], scratch)
        terminal.type(IdentityTerminalTests.card + "\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        #expect(!terminal.text(after: mark).contains("[Ana] exercise"), "the card alone started her turn")
    }

    @Test("name, then card at the desk: :history all and :group in a name's turn are refused, the turn ended")
    func nameThenCard() throws {
        let scratch = try IdentityTerminalTests.gym(.name)
        let terminal = try IdentityTerminalTests.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("Zoë\r")
        try terminal.waitFor("[Zoë] exercise", after: mark)
        try Self.desk(["admin", "identity", "card"], scratch)
        mark = terminal.mark
        terminal.type(":history all\r")
        try terminal.waitFor("Zoë's turn has ended.", after: mark)
        terminal.settle(0.3)
        #expect(!terminal.text(after: mark).contains("60 kg"), ":history all showed Ana's set")
        mark = terminal.mark
        terminal.type("Zoë\r")
        try terminal.waitFor("Scan your card to start", after: mark)
        // Back to names for a new kiosk, and to cards again during Zoë's turn there.
        try Self.desk(["admin", "identity", "name"], scratch)
        let second = try IdentityTerminalTests.kiosk(scratch)
        mark = second.mark
        second.type("Zoë\r")
        try second.waitFor("[Zoë] exercise", after: mark)
        try Self.desk(["admin", "identity", "card"], scratch)
        mark = second.mark
        second.type(":group Bo Ana\r")
        try second.waitFor("Zoë's turn has ended.", after: mark)
        second.settle(0.3)
        #expect(!second.text(after: mark).contains("[Bo]") && !second.text(after: mark).contains("[Ana]"), "no group formed")
    }

    @Test("a coach's flag removed at the desk: Bo's next :history Zoë is refused and his turn ends; a card taken away ends Ana's")
    func coachRemoved() throws {
        let scratch = try IdentityTerminalTests.gym(.card)
        let terminal = try IdentityTerminalTests.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("0007770001\r")
        try terminal.waitFor("[Bo] exercise", after: mark)
        terminal.type(":user Zoë\r")
        try terminal.waitFor("[Zoë · by Bo] exercise", after: mark)
        try Self.desk(["users", "coach", "Bo", "--remove"], scratch)
        mark = terminal.mark
        terminal.type(":history Zoë\r")
        try terminal.waitFor("Bo no longer coaches here. Zoë's turn has ended.", after: mark)
        terminal.settle(0.3)
        #expect(!terminal.text(after: mark).contains("47.5"), ":history Zoë showed her set")
        mark = terminal.mark
        terminal.type(IdentityTerminalTests.card + "\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        try Self.desk(["users", "card", "Ana", "--remove"], scratch)
        try Self.desk(["users", "pin", "Ana", "--remove"], scratch)
        mark = terminal.mark
        terminal.type(":history\r")
        try terminal.waitFor("Ana no longer has a PIN or card here. Ana's turn has ended.", after: mark)
    }
}
