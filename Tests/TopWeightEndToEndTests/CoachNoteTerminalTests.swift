import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// A coach's note at a real kiosk terminal under each identity policy: the
/// member it is for is shown it once, as their turn starts, and sees it in
/// `:history` after; another member never sees it; a coach logging for the
/// member sees it without using it up.
@Suite("A coach's note at a kiosk terminal", .serialized)
struct CoachNoteTerminalTests {
    static let line = "Coach Bo: lighter on squats today"

    /// Ana and Zoë, each with a card and a PIN; Bo, a coach with a card; the
    /// policy given; Bo's note left for Ana.
    static func gym(_ policy: IdentityPolicy) throws -> Scratch {
        let scratch = try Scratch()
        for (who, weight) in [("Ana", "60"), ("Zoë", "47.5"), ("Bo", "80")] {
            try TeamCommandTests.run(["add", who, "Bench Press", weight, "8", "3"], scratch.db)
        }
        for (who, card, pin) in [("Ana", "0004512345", "24681357"), ("Zoë", "0004599999", "13572468")] {
            try TeamCommandTests.run(["users", "card", who, "--number", card], scratch.db)
            #expect(try Binary.run(["users", "pin", who], db: scratch.db, input: pin + "\n").status == 0)
        }
        try TeamCommandTests.run(["users", "card", "Bo", "--number", "0007770001"], scratch.db)
        try TeamCommandTests.run(["users", "coach", "Bo"], scratch.db)
        try TeamCommandTests.run(["admin", "identity", policy.rawValue], scratch.db)
        try TeamCommandTests.run(CoachNoteCommandTests.leave, scratch.db)
        return scratch
    }

    /// What starts `who`'s own turn under `policy`: their name, their name and PIN, or their card.
    static func start(_ who: String, under policy: IdentityPolicy, at terminal: PseudoTerminal) throws {
        let (card, pin) = who == "Ana" ? ("0004512345", "24681357") : ("0004599999", "13572468")
        switch policy {
        case .name:
            terminal.type(who + "\r")
        case .pin:
            let mark = terminal.mark
            terminal.type(who + "\r")
            try terminal.waitFor("[\(who)] PIN: ", after: mark)
            terminal.type(pin + "\r")
        case .card:
            terminal.type(card + "\r")
        }
    }

    @Test("shown once to Ana as her turn starts, in her :history after; never to Zoë; a coach logging for Ana sees it, not using it up",
          arguments: [IdentityPolicy.name, .pin, .card])
    func onceToTheMember(policy: IdentityPolicy) throws {
        let scratch = try Self.gym(policy)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["--kiosk"], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")

        // Zoë's turn: nothing of Ana's.
        var mark = terminal.mark
        try Self.start("Zoë", under: policy, at: terminal)
        try terminal.waitFor("[Zoë] exercise", after: mark)
        terminal.type(":history\r")
        try terminal.waitFor("Bench Press", after: mark)
        terminal.settle(0.3)
        #expect(!terminal.text(after: mark).contains("squats"), "Zoë was shown Ana's note")
        if policy != .name {
            let asked = terminal.mark
            terminal.type(":history Ana\r")
            try terminal.waitFor("At this terminal you see only your own sets", after: asked)
            #expect(!terminal.text(after: asked).contains("squats"))
        }
        terminal.type(":user\r")
        try terminal.waitFor("user: ", after: mark)

        // Bo, a coach, logging for Ana where members identify: he sees what waits, and it still waits.
        if policy != .name {
            mark = terminal.mark
            terminal.type("0007770001\r")
            try terminal.waitFor("[Bo] exercise", after: mark)
            terminal.type(":user Ana\r")
            try terminal.waitFor("For Ana, not shown to them yet — " + Self.line, after: mark)
            try terminal.waitFor("[Ana · by Bo] exercise", after: mark)
            terminal.type(":user\r")
            try terminal.waitFor("user: ", after: mark)
        }

        // Ana's turn: shown once.
        mark = terminal.mark
        try Self.start("Ana", under: policy, at: terminal)
        try terminal.waitFor(Self.line, after: mark)
        try terminal.waitFor("[Ana] exercise", after: mark)
        #expect(!terminal.text(after: mark).contains("not shown to them yet"))
        terminal.type(":history\r")
        try terminal.waitFor("Bench Press", after: mark)
        terminal.settle(0.3)
        #expect(terminal.text(after: mark).components(separatedBy: Self.line).count == 3, "her :history shows it beside today")
        terminal.type(":user\r")
        try terminal.waitFor("user: ", after: mark)

        // Her next turn: not again.
        mark = terminal.mark
        try Self.start("Ana", under: policy, at: terminal)
        try terminal.waitFor("[Ana] exercise", after: mark)
        terminal.settle(0.5)
        #expect(!terminal.text(after: mark).contains(Self.line), "shown a second time")
        terminal.type("\u{04}")

        let listed = try TeamCommandTests.run(["note", "list", "--user", "Ana"], scratch.db).stdout
        #expect(listed.contains("(shown "), "\(listed)")
    }
}
