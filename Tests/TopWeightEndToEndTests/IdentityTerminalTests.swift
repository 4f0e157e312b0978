import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Members who identify by card or PIN at a real kiosk terminal: the scan
/// sent as a reader sends it (digits and Enter in one write), names and PINs
/// typed, two kiosk processes sharing one member's count of wrong PINs, and
/// what a member may not see of another's training.
@Suite("Cards and PINs at a kiosk terminal", .serialized)
struct IdentityTerminalTests {
    static let card = "0004512345"
    static let pin = "24681357"

    /// A database with Ana (a set, her card and PIN), Zoë (a note-worthy
    /// set) and Bo, a coach with a card; the policy given.
    static func gym(_ policy: IdentityPolicy) throws -> Scratch {
        let scratch = try Scratch()
        for (who, weight) in [("Ana", "60"), ("Zoë", "47.5"), ("Bo", "80")] {
            #expect(try Binary.run(["add", who, "Bench Press", weight, "8", "3"], db: scratch.db).status == 0)
        }
        #expect(try Binary.run(["users", "card", "Ana", "--number", card], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "pin", "Ana"], db: scratch.db, input: pin + "\n").status == 0)
        #expect(try Binary.run(["users", "card", "Bo", "--number", "0007770001"], db: scratch.db).status == 0)
        #expect(try Binary.run(["users", "coach", "Bo"], db: scratch.db).status == 0)
        #expect(try Binary.run(["admin", "identity", policy.rawValue], db: scratch.db).status == 0)
        return scratch
    }

    static func kiosk(_ scratch: Scratch) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["--kiosk"], environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        return terminal
    }

    @Test("under card: a scan starts Ana's turn and squat 100x5x5 saves with no other key; an unknown card, a typed name, a scan with letters and a 5 000-digit one start nothing")
    func cardWalk() throws {
        let scratch = try Self.gym(.card)
        let terminal = try Self.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("99999999\r")
        try terminal.waitFor("That card is not known here; nothing started.", after: mark)
        mark = terminal.mark
        terminal.type("Zoë\r")
        try terminal.waitFor("Scan your card to start", after: mark)
        mark = terminal.mark
        terminal.type("12AB34\r")
        try terminal.waitFor("Scan your card to start", after: mark)
        mark = terminal.mark
        // In pieces: a terminal's input queue holds 4 KiB, and what overflows it is dropped before the logger reads it.
        for _ in 0..<10 {
            terminal.type(String(repeating: "7", count: 500))
            terminal.settle(0.05)
        }
        terminal.type("\r")
        try terminal.waitFor("That line is too long", after: mark)
        mark = terminal.mark
        terminal.type("\t\t")
        terminal.settle(0.3)
        #expect(!terminal.text(after: mark).contains("Zoë") && !terminal.text(after: mark).contains("Ana"), "Tab lists no names under card")
        mark = terminal.mark
        terminal.type(Self.card + "\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        terminal.type("squat 100x5x5\r")
        try terminal.waitFor("Saved #4  Ana · Back Squat · 100 kg × 5 reps × 5 series", after: mark)
        // The reader's digits echo as it types them; the line is taken off the screen once read.
        let shown = terminal.text(after: mark)
        let echo = try #require(shown.range(of: Self.card))
        let erased = try #require(shown[echo.upperBound...].range(of: "\r\u{1B}[2K\u{1B}[1A\u{1B}[2K"), "\(shown.debugDescription)")
        #expect(!shown[erased.upperBound...].contains(Self.card), "the scan is not shown back")
        try Self.othersRefused(terminal, under: .card)
    }

    @Test("under pin: the name, PIN: (not echoed), the line; a wrong PIN starts nothing")
    func pinWalk() throws {
        let scratch = try Self.gym(.pin)
        let terminal = try Self.kiosk(scratch)
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        terminal.type("1111\r")
        try terminal.waitFor("Wrong PIN. Type your name to start again.", after: mark)
        #expect(!terminal.text(after: mark).contains("1111"))
        mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        terminal.type(Self.pin + "\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        terminal.type("squat 100x5x5\r")
        try terminal.waitFor("Saved #4  Ana · Back Squat · 100 kg × 5 reps × 5 series", after: mark)
        #expect(!terminal.text(after: mark).contains(Self.pin))
        try Self.othersRefused(terminal, under: .pin)
        // A PIN pasted with a newline in it: the first line is the PIN tried, the rest starts no turn.
        mark = terminal.mark
        terminal.type(":user\r")
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        mark = terminal.mark
        terminal.type("2468\n1357\r")
        try terminal.waitFor("Wrong PIN.", after: mark)
        terminal.settle(0.5)
        #expect(!terminal.text(after: mark).contains("[Ana] exercise"))
        #expect(!terminal.text(after: mark).contains("2468"))
    }

    /// Every way tried to another member's sets, as Ana: each refused.
    static func othersRefused(_ terminal: PseudoTerminal, under policy: IdentityPolicy) throws {
        for line in [":history Zoë", ":history all", ":history zoë 5", ":hist Bo", ":history all 100"] {
            let mark = terminal.mark
            terminal.type(line + "\r")
            try terminal.waitFor("At this terminal you see only your own sets", after: mark)
            #expect(!terminal.text(after: mark).contains("47.5"), "\(line) showed Zoë's set")
        }
        var mark = terminal.mark
        terminal.type(":users\r")
        if policy == .card {
            // No names where members scan cards, as Tab lists none.
            try terminal.waitFor("No list of members at this terminal", after: mark)
            #expect(!terminal.text(after: mark).contains("Zoë"), ":users listed names under card")
        } else {
            try terminal.waitFor("Members: Ana, Bo, Zoë", after: mark)
        }
        mark = terminal.mark
        terminal.type(":edit #2\r")
        try terminal.waitFor("#2 is not one of your sets", after: mark)
        #expect(!terminal.text(after: mark).contains("47.5") && !terminal.text(after: mark).contains("Zoë"))
        mark = terminal.mark
        terminal.type(":history\r")
        try terminal.waitFor("Bench Press", after: mark)
        terminal.settle(0.3)
        #expect(!terminal.text(after: mark).contains("47.5"), "her own history holds only her sets")
    }

    @Test("a coach's card lets Bo see Zoë's history and log for her; the idle reset ends it")
    func coach() throws {
        let scratch = try Self.gym(.card)
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["--kiosk", "--idle-timeout", "2"],
                                          environment: PseudoTerminal.environment(db: scratch.db))
        try terminal.waitFor("user: ")
        var mark = terminal.mark
        terminal.type("0007770001\r")
        try terminal.waitFor("[Bo] exercise", after: mark)
        terminal.type(":history Zoë\r")
        try terminal.waitFor("47.5", after: mark)
        mark = terminal.mark
        terminal.type(":user Zoë\r")
        try terminal.waitFor("[Zoë · by Bo] exercise", after: mark)
        terminal.type("bench 50x5x3\r")
        try terminal.waitFor("Saved #4  Zoë · Bench Press · 50 kg × 5 reps × 3 series", after: mark)
        terminal.type(":history\r")
        try terminal.waitFor("50 kg × 5 × 3  by Bo", after: mark)
        mark = terminal.mark
        try terminal.waitFor("Idle for a while", after: mark, timeout: 10)
        mark = terminal.mark
        terminal.type(":history Zoë\r")
        try terminal.waitFor("At this terminal you see only your own sets", after: mark)
    }

    @Test("wrong PINs for Ana count across two kiosk processes: after 5, the right one waits on either")
    func sharedLimit() throws {
        let scratch = try Self.gym(.pin)
        let first = try Self.kiosk(scratch)
        let second = try Self.kiosk(scratch)
        for attempt in 0..<5 {
            let terminal = attempt % 2 == 0 ? first : second
            let mark = terminal.mark
            terminal.type("Ana\r")
            try terminal.waitFor("[Ana] PIN: ", after: mark)
            terminal.type("0000\r")
            try terminal.waitFor(attempt == 4 ? "Too many wrong PINs for Ana" : "Wrong PIN.", after: mark)
        }
        let mark = second.mark
        second.type("Ana\r")
        try second.waitFor("[Ana] PIN: ", after: mark)
        second.type(Self.pin + "\r")
        try second.waitFor("Too many wrong PINs for Ana: try again in", after: mark)
        #expect(!second.text(after: mark).contains("[Ana] exercise"))
    }

    @Test("no card number or PIN is in the database file, its journal, or any export")
    func noSecretInFiles() throws {
        let scratch = try Self.gym(.pin)
        let terminal = try Self.kiosk(scratch)
        let mark = terminal.mark
        terminal.type(Self.card + "\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
        terminal.type("squat 100x5x5\r")
        try terminal.waitFor("Saved", after: mark)
        terminal.type("\u{04}")
        var files: [(String, Data)] = []
        for (format, user) in [("json", []), ("csv", []), ("strong", ["--user", "Ana"])] {
            let export = try Binary.run(["export", "--format", format] + user, db: scratch.db)
            #expect(export.status == 0, "\(export.stderr)")
            files.append(("export \(format)", Data(export.stdoutBytes)))
        }
        for format in ["json", "csv"] {
            files.append(("users \(format)", Data(try Binary.run(["users", "--format", format], db: scratch.db).stdoutBytes)))
        }
        let users = String(decoding: files.last?.1 ?? Data(), as: UTF8.self)
        #expect(users.contains(",card"), "\(users)")
        let folder = URL(fileURLWithPath: scratch.db).deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            files.append((name, try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        let outbox = FileManager.default.temporaryDirectory.appendingPathComponent(".local/state/topweight/outbox.sqlite")
        if scratch.db.hasPrefix("postgres"), let data = try? Data(contentsOf: outbox) { files.append(("outbox", data)) }
        #expect(files.count >= 6)
        for (name, data) in files {
            #expect(data.range(of: Data(Self.card.utf8)) == nil, "the card's number is in \(name)")
            #expect(data.range(of: Data(Self.pin.utf8)) == nil, "the PIN is in \(name)")
        }
    }
}
