import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// A private member and a coach at a real kiosk terminal, under `pin` and
/// `card`: by default the coach sees nothing of the private member by any
/// path (`:user NAME` first, then every command about a member's training);
/// with `admin coaches-see-private on`, all of it. And `:edit #ID` answers
/// alike for a number no set has and another member's set.
@Suite("A coach and a private member at a kiosk terminal", .serialized)
struct CoachPrivacyTerminalTests {
    static let coachCard = "0007770001"
    static let coachPin = "97531864"
    static let anaCard = "0004512345"
    static let anaPin = "24681357"
    /// What only Cy's training holds: a weight and a word of her note.
    static let cysWeight = "142.5"
    static let cysWord = "quietword"
    /// Another word of her note, never typed: what shows only if the note does.
    static let cysNote = "hamstrings"

    /// Ana (a set, her card and PIN), Cy (private: a deadlift and a note) and
    /// Bo, a coach with a card and a PIN; the policy given.
    static func gym(_ policy: IdentityPolicy) throws -> Scratch {
        let scratch = try Scratch()
        for (who, exercise, weight, reps) in [("Ana", "Bench Press", "60", "8"), ("Cy", "Deadlift", cysWeight, "3"), ("Bo", "Bench Press", "80", "5")] {
            #expect(try Binary.run(["add", who, exercise, weight, reps, "1"], db: scratch.db).status == 0)
        }
        #expect(try Binary.run(["note", "add", "--user", "Cy", "\(cysNote) \(cysWord) today"], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "private", "Cy"], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "card", "Ana", "--number", anaCard], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "pin", "Ana"], db: scratch.db, input: anaPin + "\n").status == 0)
        #expect(try Binary.run(["users", "card", "Bo", "--number", coachCard], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "pin", "Bo"], db: scratch.db, input: coachPin + "\n").status == 0)
        #expect(try Binary.run(["users", "coach", "Bo"], db: scratch.db).status == 0)
        #expect(try Binary.run(["admin", "identity", policy.rawValue], db: scratch.db).status == 0)
        return scratch
    }

    static func kiosk(_ scratch: Scratch) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["--kiosk"], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        return terminal
    }

    /// Bo identifies as the policy asks: his card, or his name and PIN.
    static func coachArrives(_ terminal: PseudoTerminal, _ policy: IdentityPolicy) throws {
        let mark = terminal.mark
        if policy == .card {
            terminal.type(coachCard + "\r")
        } else {
            terminal.type("Bo\r")
            try terminal.waitFor("[Bo] PIN: ", after: mark)
            terminal.type(coachPin + "\r")
        }
        try terminal.waitFor("[Bo] exercise", after: mark)
    }

    /// A command typed at the exercise prompt, and what it showed until the
    /// next one (the line typed, echoed, left out).
    static func shown(_ line: String, on terminal: PseudoTerminal) throws -> String {
        var mark = terminal.mark
        terminal.type(line + "\r")
        mark = try terminal.waitFor(line, after: mark)
        if line.hasPrefix(":calendar") {
            terminal.settle(1)
            terminal.type("q")
        }
        try terminal.waitFor("] exercise", after: mark)
        terminal.settle(0.3)
        return terminal.text(after: mark)
    }

    /// Every path to a member's training a coach has at the kiosk.
    static let paths = [":history", ":history all", ":history all 50", ":search \(cysWord)", ":search deadlift", ":prs", ":prs deadlift",
                        ":chart deadlift", ":calendar", ":today", ":stats", ":repeat last"]

    @Test("by default a coach's :user of a private member is refused, and no path shows any of her sets or notes", arguments: [IdentityPolicy.pin, .card])
    func privateKeptFromCoach(_ policy: IdentityPolicy) throws {
        let scratch = try Self.gym(policy)
        let terminal = try Self.kiosk(scratch)
        try Self.coachArrives(terminal, policy)
        let mark = terminal.mark
        terminal.type(":user Cy\r")
        terminal.settle(1.5)
        let answer = terminal.text(after: mark)
        #expect(answer.contains("Cy keeps their sets private, from coaches too"), "\(answer.debugDescription)")
        #expect(!answer.contains("[Cy"), "the coach's turn became Cy's")
        #expect(answer.contains("[Bo] exercise"), "the coach's own turn goes on")
        for line in Self.paths + [":history Cy"] {
            let text = try Self.shown(line, on: terminal)
            #expect(!text.contains(Self.cysWeight), "\(line) showed Cy's set under \(policy): \(text.debugDescription)")
            #expect(!text.contains(Self.cysNote), "\(line) showed Cy's note under \(policy)")
            #expect(!text.contains("[Cy"), "\(line) ran at Cy's turn under \(policy)")
        }
        // A member who is not private: the coach logs for her as before.
        let before = terminal.mark
        terminal.type(":user Ana\r")
        try terminal.waitFor("[Ana · by Bo] exercise", after: before)
        #expect(try Self.shown(":history", on: terminal).contains("60 kg"))
        // And from her turn, still nothing of Cy.
        for line in [":history all", ":history Cy", ":user Cy"] {
            let text = try Self.shown(line, on: terminal)
            #expect(!text.contains(Self.cysWeight) && !text.contains("[Cy"), "\(line) from Ana's turn: \(text.debugDescription)")
        }
    }

    @Test("with admin coaches-see-private on, the coach sees her through every path and logs for her; a member still doesn't", arguments: [IdentityPolicy.pin, .card])
    func privateShownToCoach(_ policy: IdentityPolicy) throws {
        let scratch = try Self.gym(policy)
        let said = try Binary.run(["admin", "coaches-see-private"], db: scratch.db)
        #expect(said.status == 0 && said.stdout.contains("off"), "\(said.stdout)\(said.stderr)")
        let set = try Binary.run(["admin", "coaches-see-private", "on"], db: scratch.db)
        #expect(set.status == 0 && set.stdout.contains(": on"), "\(set.stdout)\(set.stderr)")
        #expect(try Binary.run(["admin", "coaches-see-private", "maybe"], db: scratch.db).status != 0)
        let terminal = try Self.kiosk(scratch)
        try Self.coachArrives(terminal, policy)
        for line in [":history Cy", ":history all"] {
            #expect(try Self.shown(line, on: terminal).contains(Self.cysWeight), "\(line) under \(policy)")
        }
        var mark = terminal.mark
        terminal.type(":user Cy\r")
        try terminal.waitFor("[Cy · by Bo] exercise", after: mark)
        let history = try Self.shown(":history", on: terminal)
        #expect(history.contains(Self.cysWeight) && history.contains(Self.cysNote), "\(history.debugDescription)")
        #expect(try Self.shown(":search \(Self.cysWord)", on: terminal).contains(Self.cysNote))
        #expect(try Self.shown(":prs", on: terminal).contains(Self.cysWeight))
        // Whether she is on the gym's board is hers (or the admin's) to say, not the coach's.
        let publish = try Self.shown(":private off", on: terminal)
        #expect(publish.contains("Cy stays private"), "\(publish.debugDescription)")
        mark = terminal.mark
        terminal.type("dead 140x3x1\r")
        try terminal.waitFor("Cy · Deadlift · 140 kg × 3 reps × 1 series", after: mark)
        // A member who is not a coach sees only her own, whatever the setting.
        mark = terminal.mark
        terminal.type(":user\r")
        try terminal.waitFor("user: ", after: mark)
        mark = terminal.mark
        terminal.type(Self.anaCard + "\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        for line in [":history Cy", ":history all"] {
            let text = try Self.shown(line, on: terminal)
            #expect(!text.contains(Self.cysWeight) && text.contains("only your own sets"), "\(line): \(text.debugDescription)")
        }
    }

    @Test(":edit #ID of a number no set has and of another member's set give one answer, under pin and card", arguments: [IdentityPolicy.pin, .card])
    func editAnswersAlike(_ policy: IdentityPolicy) throws {
        let scratch = try Self.gym(policy)
        let terminal = try Self.kiosk(scratch)
        let mark = terminal.mark
        terminal.type(Self.anaCard + "\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        // #2 is Cy's, #99 is nobody's, #1 is Ana's own.
        func answer(_ id: Int) throws -> String {
            let text = try Self.shown(":edit #\(id)", on: terminal)
            let line = text.split(whereSeparator: \.isNewline).first { $0.contains("#\(id)") && !$0.contains(":edit") }.map(String.init) ?? text
            return line.replacingOccurrences(of: "#\(id)", with: "#N").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let others = try answer(2)
        let nobodys = try answer(99)
        #expect(others == nobodys, "told apart: \(others.debugDescription) / \(nobodys.debugDescription)")
        #expect(others.contains("#N is not one of your sets"), "\(others.debugDescription)")
        #expect(!others.contains("Cy"))
    }

    @Test("outside a kiosk, in a group, :edit #ID of another member's set is refused at Bo's turn; his own opens")
    func groupEditOwnOnly() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "8", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Bo", "Bench Press", "80", "5", "3"], db: scratch.db).status == 0)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user")
        var mark = terminal.mark
        terminal.type("Ana+Bo\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        terminal.type("bench 62.5x8x3\r")
        try terminal.waitFor("[Bo] exercise", after: mark)
        mark = terminal.mark
        terminal.type(":edit #1\r")
        terminal.settle(1)
        let text = terminal.text(after: mark)
        #expect(text.contains("#1 is Ana's set: :edit changes only the sets of the member at the keys (Bo)."), "\(text.debugDescription)")
        #expect(!text.contains("Edit #1"), "Ana's set opened at Bo's turn")
        mark = terminal.mark
        terminal.type(":edit #2\r")
        try terminal.waitFor("#2", after: mark)
        terminal.settle(0.5)
        #expect(!terminal.text(after: mark).contains("member at the keys"), "his own set opens")
    }
}
