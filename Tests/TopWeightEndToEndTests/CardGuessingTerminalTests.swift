import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// Cards that can't be guessed, at real kiosk terminals: the minimum of
/// digits at the desk, a terminal's growing wait said on screen (a real
/// one, of the first seconds: `CardGuessingFlowTests` adds up the waits
/// of 200 scans), two terminals guessing at once, the owner's counts, and
/// a card's PIN after it.
@Suite("Card guessing at kiosk terminals", .serialized)
struct CardGuessingTerminalTests {
    static let card = IdentityTerminalTests.card

    @Test("the desk refuses a card shorter than 8 digits, or than the gym asks; admin cards says and changes what a card must be")
    func shortCardsRefused() throws {
        let scratch = try IdentityTerminalTests.gym(.card)
        let short = try Binary.run(["users", "card", "Zoë", "--number", "1150"], db: scratch.db)
        #expect(short.status != 0 && short.stderr.contains("a card's number has 8 to 64 digits; nothing was changed"), "\(short.stderr)")
        let shown = try Binary.run(["admin", "cards"], db: scratch.db)
        #expect(shown.stdout == "A card's number has at least 8 digits.\nA card alone starts its member's turn.\n", "\(shown.stdout)")
        let raised = try Binary.run(["admin", "cards", "--min-digits", "10"], db: scratch.db)
        #expect(raised.status == 0 && raised.stdout.hasPrefix("A card's number has at least 10 digits."), "\(raised.stderr)")
        let under = try Binary.run(["users", "card", "Zoë", "--number", "123456789"], db: scratch.db)
        #expect(under.status != 0 && under.stderr.contains("at least 10 digits here"), "\(under.stderr)")
        #expect(try Binary.run(["admin", "cards", "--min-digits", "7"], db: scratch.db).status != 0)
        // Ana's card has 10 digits: it still works; a shorter number is refused unread.
        let terminal = try IdentityTerminalTests.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("123456789\r")
        try terminal.waitFor("A card here has at least 10 digits: this one starts nothing.", after: mark)
        mark = terminal.mark
        terminal.type(Self.card + "\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
    }

    @Test("after three unknown cards the terminal waits, says so, and refuses Ana's card meanwhile; once it is over her card starts her turn")
    func waitOnScreen() throws {
        let scratch = try IdentityTerminalTests.gym(.card)
        let terminal = try IdentityTerminalTests.kiosk(scratch)
        var mark = terminal.mark
        for guess in 0..<3 {
            terminal.type("5550000\(guess)\r")
            mark = try terminal.waitFor("That card is not known here", after: mark)
        }
        #expect(!terminal.text(after: 0).contains("Too many unknown cards"), "three are free")
        mark = terminal.mark
        terminal.type("55500003\r")
        try terminal.waitFor("Too many unknown cards in a row: this terminal reads the next card in 1 s.", after: mark)
        terminal.settle(1.3)
        mark = terminal.mark
        terminal.type("55500004\r")
        try terminal.waitFor("reads the next card in 2 s.", after: mark)
        mark = terminal.mark
        terminal.type(Self.card + "\r")
        try terminal.waitFor("Not read: after unknown cards this terminal waits", after: mark)
        #expect(!terminal.text(after: mark).contains("[Ana] exercise"), "a known card waits too")
        terminal.settle(2.3)
        mark = terminal.mark
        terminal.type(Self.card + "\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
    }

    @Test("a card in hand buys no free guesses: after three unknown cards, Ana's card and the end of her turn, the next unknown card waits")
    func knownCardKeepsCount() throws {
        let scratch = try IdentityTerminalTests.gym(.card)
        let terminal = try IdentityTerminalTests.kiosk(scratch)
        var mark = terminal.mark
        for guess in 0..<3 {
            terminal.type("5560000\(guess)\r")
            mark = try terminal.waitFor("That card is not known here", after: mark)
        }
        terminal.type(Self.card + "\r")
        mark = try terminal.waitFor("[Ana] exercise", after: mark)
        terminal.type("\u{04}")
        mark = try terminal.waitFor("user:", after: mark)
        terminal.type("55600003\r")
        try terminal.waitFor("Too many unknown cards in a row: this terminal reads the next card in 1 s.", after: mark)
    }

    @Test("two terminals guessing at once: each has its own wait, and the owner's check counts every unknown scan and wrong PIN, once")
    func twoTerminals() throws {
        let scratch = try IdentityTerminalTests.gym(.pin)
        let first = try IdentityTerminalTests.kiosk(scratch)
        let second = try IdentityTerminalTests.kiosk(scratch)
        // Sent together: both processes look the numbers up and count them at the same time.
        for guess in 0..<4 {
            let (a, b) = (first.mark, second.mark)
            first.type("6660000\(guess)\r")
            second.type("7770000\(guess)\r")
            try first.waitFor("That card is not known here", after: a)
            try second.waitFor("That card is not known here", after: b)
        }
        first.settle(1.3)
        var mark = first.mark
        first.type("66600008\r")
        try first.waitFor("reads the next card in 2 s.", after: mark)
        first.type("66600009\r")
        try first.waitFor("Not read:", after: mark)
        mark = second.mark
        second.type("77700009\r")
        try second.waitFor("reads the next card in 2 s.", after: mark)
        mark = first.mark
        first.type("Ana\r")
        try first.waitFor("[Ana] PIN: ", after: mark)
        first.type("0000\r")
        try first.waitFor("Wrong PIN.", after: mark)
        let check = try Binary.run(["check"], db: scratch.db)
        #expect(check.stdout.contains("kiosks        10 unknown cards scanned, 1 wrong member PIN since the last check"), "\(check.stdout)")
        let again = try Binary.run(["check", "--format", "json"], db: scratch.db)
        #expect(again.stdout.contains("\"unknownCardScans\":0") && again.stdout.contains("\"wrongMemberPins\":0"), "read and reset: \(again.stdout)")
    }

    @Test("cards with the PIN after them: Ana's card asks her PIN, and only that starts her turn; Bo's card without a PIN, and a typed name, start nothing")
    func cardThenPin() throws {
        let scratch = try IdentityTerminalTests.gym(.card)
        #expect(try Binary.run(["admin", "cards", "--pin", "on"], db: scratch.db).stdout.contains("once they type their PIN after it"))
        let terminal = try IdentityTerminalTests.kiosk(scratch)
        var mark = terminal.mark
        terminal.type(Self.card + "\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        terminal.type("1111\r")
        try terminal.waitFor("Wrong PIN.", after: mark)
        #expect(!terminal.text(after: mark).contains("[Ana] exercise"))
        mark = terminal.mark
        terminal.type("0007770001\r")
        try terminal.waitFor("This card needs its member's PIN after it, and none is set", after: mark)
        mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("Scan your card to start, then type your PIN", after: mark)
        mark = terminal.mark
        terminal.type(Self.card + "\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        terminal.type(IdentityTerminalTests.pin + "\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
    }
}
