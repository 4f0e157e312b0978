import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// The one rule at a real kiosk terminal: under `pin` a turn starts as a
/// member only with their card or their PIN, never by being the first to
/// type a name. A member created in the turn chooses their PIN there; any
/// other member without one is sent to the desk, which gives a PIN or a
/// one-time enrolment code.
@Suite("Enrolment at a kiosk terminal: nobody chooses another member's PIN", .serialized)
struct EnrolmentTerminalTests {
    static let boCard = "12345678"
    static let deeCard = "87654321"

    /// Ana with sets and nothing else (a gym that used `name` until now),
    /// Bo with a card only, Dee a coach with a card only, Zoë with a PIN;
    /// then the policy `pin`.
    static func gym() throws -> (Scratch, admin: Binary.Result) {
        let scratch = try Scratch()
        for (who, weight) in [("Ana", "60"), ("Bo", "80"), ("Dee", "70"), ("Zoë", "47.5")] {
            #expect(try Binary.run(["add", who, "Bench Press", weight, "8", "3"], db: scratch.db).status == 0)
        }
        #expect(try Binary.run(["users", "card", "Bo", "--number", boCard], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "card", "Dee", "--number", deeCard], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "coach", "Dee"], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "pin", "Zoë"], db: scratch.db, input: "13572468\n").status == 0)
        let admin = try Binary.run(["admin", "identity", "pin"], db: scratch.db)
        #expect(admin.status == 0, "\(admin.stderr)")
        return (scratch, admin)
    }

    static func kiosk(_ scratch: Scratch, _ extra: [String: String] = [:]) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["--kiosk"],
                                          environment: PseudoTerminal.environment(db: scratch.db, extra))
        try terminal.waitFor("user: ")
        return terminal
    }

    /// The code `users pin NAME --code` printed.
    static func code(in printed: String) -> String? {
        printed.split(separator: "\n").first { $0.hasPrefix("Enrolment code for ") }?.split(separator: " ").last.map(String.init)
    }

    /// The PIN (or not) each member has now, as `users --format json` says.
    static func identities(_ scratch: Scratch) throws -> [String: String] {
        let listed = try Binary.run(["users", "--format", "json"], db: scratch.db)
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: rows.compactMap { row in
            (row["name"] as? String).map { ($0, row["identity"] as? String ?? "?") }
        })
    }

    @Test("under pin, typing the name of a member with a card only, of a coach with a card only, or of a member with sets and no PIN starts nothing, chooses no PIN, and says to enrol at the desk")
    func noTakeover() throws {
        let (scratch, admin) = try Self.gym()
        #expect(admin.stdout.contains("1 member has no PIN or card yet"), "\(admin.stdout)")
        let terminal = try Self.kiosk(scratch)
        for (name, said) in [("Bo", "Bo has no PIN: scan your card to start"), ("Dee", "Dee has no PIN: scan your card to start"),
                             ("Ana", "Ana has no PIN yet: the desk gives a PIN, or an enrolment code to choose one; nothing started.")] {
            let mark = terminal.mark
            terminal.type(name + "\r")
            try terminal.waitFor(said, after: mark)
            // What an attacker types next: a PIN, twice.
            terminal.type("4321\r")
            terminal.settle(0.3)
            terminal.type("4321\r")
            terminal.settle(0.5)
            let shown = terminal.text(after: mark)
            #expect(!shown.contains("Choose a PIN"), "\(name): \(shown.debugDescription)")
            #expect(!shown.contains("[\(name)] exercise") && !shown.contains("[\(name)"), "\(name)'s turn started: \(shown.debugDescription)")
        }
        let mark = terminal.mark
        terminal.type(":history all\r")
        try terminal.waitFor("At this terminal you see only your own sets", after: mark)
        let now = try Self.identities(scratch)
        #expect(now["Bo"] == "card" && now["Dee"] == "card" && now["Ana"] == "name", "no PIN was set: \(now)")
        // Bo's own card still starts his turn.
        let scan = terminal.mark
        terminal.type(Self.boCard + "\r")
        try terminal.waitFor("[Bo] exercise", after: scan)
    }

    @Test("a member new in this turn still starts in one turn: created, a PIN chosen (a mismatch asks again), then the PIN starts the next turn")
    func newMemberInOneTurn() throws {
        let (scratch, _) = try Self.gym()
        let terminal = try Self.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("Cy\r")
        try terminal.waitFor("Create? [y/n]", after: mark)
        terminal.type("y\r")
        try terminal.waitFor("[Cy] Choose a PIN (4 to 8 digits): ", after: mark)
        terminal.type("5555\r")
        try terminal.waitFor("[Cy] The same PIN again: ", after: mark)
        terminal.type("5556\r")
        let differ = try terminal.waitFor("The two PINs differ: choose one again", after: mark)
        try terminal.waitFor("[Cy] Choose a PIN (4 to 8 digits): ", after: differ)
        let again = terminal.mark
        terminal.type("5555\r")
        try terminal.waitFor("[Cy] The same PIN again: ", after: again)
        terminal.type("5555\r")
        try terminal.waitFor("[Cy] exercise", after: mark)
        terminal.type("bench 40x5x3\r")
        try terminal.waitFor("Saved", after: mark)
        terminal.type("\u{04}")
        mark = terminal.mark
        terminal.type("Cy\r")
        try terminal.waitFor("[Cy] PIN: ", after: mark)
        terminal.type("5555\r")
        try terminal.waitFor("[Cy] exercise", after: mark)
    }

    @Test("the desk's enrolment code: printed once, a wrong one refused, the right one lets Ana choose her PIN, then it is spent")
    func enrolmentCode() throws {
        let (scratch, _) = try Self.gym()
        let printed = try Binary.run(["users", "pin", "Ana", "--code"], db: scratch.db)
        #expect(printed.status == 0, "\(printed.stderr)")
        let code = try #require(Self.code(in: printed.stdout), "\(printed.stdout)")
        let listed = try Binary.run(["users"], db: scratch.db)
        #expect(listed.stdout.contains("enrolment code not used"), "\(listed.stdout)")
        let terminal = try Self.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] Enrolment code: ", after: mark)
        terminal.type("AAAA-AAAA\r")
        try terminal.waitFor("Wrong enrolment code. Type your name to start again.", after: mark)
        mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] Enrolment code: ", after: mark)
        terminal.type(code.lowercased() + "\r")
        try terminal.waitFor("[Ana] Choose a PIN (4 to 8 digits): ", after: mark)
        terminal.type("2468\r")
        try terminal.waitFor("[Ana] The same PIN again: ", after: mark)
        terminal.type("2468\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        #expect(!terminal.text(after: mark).contains(code), "the code is not echoed")
        terminal.type("\u{04}")
        // Spent: the same code again starts nothing, and her PIN stays hers.
        mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        terminal.type(code + "\r")
        try terminal.waitFor("Type your name to start again.", after: mark)
        #expect(!terminal.text(after: mark).contains("Choose a PIN"))
        mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        terminal.type("2468\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
    }

    @Test("an enrolment code past the gym's hours is refused and sets nothing")
    func codeExpires() throws {
        let (scratch, _) = try Self.gym()
        #expect(try Binary.run(["admin", "enrolment-hours", "2"], db: scratch.db).stdout.contains("valid 2 hours"))
        let printed = try Binary.run(["users", "pin", "Bo", "--code"], db: scratch.db)
        let code = try #require(Self.code(in: printed.stdout), "\(printed.stdout)")
        let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3 * 3600))
        let terminal = try Self.kiosk(scratch, ["TOPWEIGHT_NOW": later])
        let mark = terminal.mark
        terminal.type("Bo\r")
        try terminal.waitFor("[Bo] Enrolment code: ", after: mark)
        terminal.type(code + "\r")
        try terminal.waitFor("That enrolment code has expired; the desk can print a new one.", after: mark)
        #expect(!terminal.text(after: mark).contains("Choose a PIN"))
        #expect(try Self.identities(scratch)["Bo"] == "card")
    }

    @Test("a wrong PIN at :user Cy from Ana's turn ends Ana's turn: her sets are no longer on hand")
    func wrongPinAtUserEndsTurn() throws {
        let (scratch, _) = try Self.gym()
        #expect(try Binary.run(["users", "pin", "Ana"], db: scratch.db, input: "24681357\n").status == 0)
        let terminal = try Self.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        terminal.type("24681357\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        mark = terminal.mark
        terminal.type(":user Zoë\r")
        try terminal.waitFor("[Zoë] PIN: ", after: mark)
        terminal.type("0000\r")
        try terminal.waitFor("Wrong PIN. Ana's turn has ended. Type your name to start again.", after: mark)
        mark = terminal.mark
        terminal.type(":history\r")
        try terminal.waitFor("At this terminal you see only your own sets: scan your card or give your name and PIN first.", after: mark)
        #expect(!terminal.text(after: mark).contains("60 kg"))
    }

    @Test("users says who is a coach and who can't identify yet under the gym's policy")
    func usersSays() throws {
        let (scratch, _) = try Self.gym()
        let listed = try Binary.run(["users"], db: scratch.db)
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.first(where: { $0.hasPrefix("Dee") })?.contains("; coach") == true, "\(listed.stdout)")
        #expect(lines.first(where: { $0.hasPrefix("Ana") })?.contains("can't identify yet") == true, "\(listed.stdout)")
        #expect(lines.first(where: { $0.hasPrefix("Bo") })?.contains("can't identify") == false, "\(listed.stdout)")
        let json = try Binary.run(["users", "--format", "json"], db: scratch.db).stdout
        #expect(json.contains("\"identifies\": false") || json.contains("\"identifies\":false"), "\(json)")
    }
}
