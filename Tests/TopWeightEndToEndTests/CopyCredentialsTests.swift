import Foundation
import Testing
import TopWeightTestSupport

/// Members' credentials travel with the data: `copy` file → file → server →
/// file and our JSON export into `import` carry PINs and cards (as their
/// hashes, with the card key), coaches and who logged a set as a coach, so
/// that on the copy the same PIN and the same card start the same turns and
/// nobody is asked to choose a PIN.
@Suite("Credentials travel with a copy and an export", .serialized)
struct CopyCredentialsTests {
    static let anaCard = "0004512345"
    static let boCard = "0007770001"
    static let anaPin = "24681357"
    static let cyPin = "97531"

    /// Ana (a set, a card and a PIN), Bo (a set, a card, a coach) and Cy (a
    /// set and a PIN); Bo logs a set for Ana at a kiosk under `card`; then
    /// the gym turns to `pin`.
    static func gym() throws -> Scratch {
        let scratch = try Scratch(engine: .file)
        for (who, weight) in [("Ana", "60"), ("Bo", "80"), ("Cy", "70")] {
            let added = try Binary.run(["add", who, "Bench Press", weight, "8", "3"], db: scratch.db)
            try #require(added.status == 0, "\(added.stderr)")
        }
        for (arguments, input) in [
            (["users", "card", "Ana", "--number", anaCard], ""), (["users", "pin", "Ana"], anaPin + "\n"),
            (["users", "card", "Bo", "--number", boCard], ""), (["users", "coach", "Bo"], ""),
            (["users", "pin", "Cy"], cyPin + "\n"), (["admin", "identity", "card"], ""),
        ] as [([String], String)] {
            let result = try Binary.run(arguments, db: scratch.db, input: input)
            try #require(result.status == 0, "\(arguments): \(result.stdout)\(result.stderr)")
        }
        let terminal = try kiosk(scratch.db)
        let mark = terminal.mark
        terminal.type(boCard + "\r")
        try terminal.waitFor("[Bo] exercise", after: mark)
        terminal.type(":user Ana\r")
        try terminal.waitFor("[Ana · by Bo] exercise", after: mark)
        terminal.type("bench 50x5x3\r")
        try terminal.waitFor("Saved #4  Ana · Bench Press · 50 kg × 5 reps × 3 series", after: mark)
        let policy = try Binary.run(["admin", "identity", "pin"], db: scratch.db)
        try #require(policy.status == 0, "\(policy.stderr)")
        return scratch
    }

    static func kiosk(_ db: String) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: ["--kiosk"], environment: PseudoTerminal.environment(db: db))
        try terminal.waitFor("user: ")
        return terminal
    }

    /// What must hold where the gym's data came to: under `pin` (the policy
    /// that came), Ana's and Cy's PINs start their turns and nobody is asked
    /// to choose one; under `card`, Ana's and Bo's cards start theirs and Bo
    /// still coaches; `history` and `export` say Bo logged Ana's set.
    static func expectCredentials(in db: String, _ comment: String) throws {
        do {
            let terminal = try kiosk(db)
            for (name, pin) in [("Ana", anaPin), ("Cy", cyPin)] {
                let mark = terminal.mark
                if name != "Ana" { terminal.type(":user\r") }
                terminal.type(name + "\r")
                try terminal.waitFor("[\(name)] PIN: ", after: mark)
                terminal.type(pin + "\r")
                try terminal.waitFor("[\(name)] exercise", after: mark)
                #expect(!terminal.text(after: mark).contains("choose"), "\(comment): \(name) was asked to choose a PIN")
            }
        }
        let policy = try Binary.run(["admin", "identity", "card"], db: db)
        try #require(policy.status == 0, "\(comment): \(policy.stderr)")
        do {
            let terminal = try kiosk(db)
            var mark = terminal.mark
            terminal.type(anaCard + "\r")
            try terminal.waitFor("[Ana] exercise", after: mark)
            mark = terminal.mark
            terminal.type(":user\r")
            terminal.type(boCard + "\r")
            try terminal.waitFor("[Bo] exercise", after: mark)
            terminal.type(":user Cy\r")
            try terminal.waitFor("[Cy · by Bo] exercise", after: mark)
        }
        let text = try Binary.run(["history", "--user", "Ana"], db: db)
        #expect(text.stdout.contains("50 kg × 5 × 3  by Bo"), "\(comment): \(text.stdout)\(text.stderr)")
        let json = try Binary.run(["history", "--user", "Ana", "--format", "json"], db: db)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stdout)")
        #expect(rows.filter { $0["coach"] as? String == "Bo" }.map { $0["weight"] as? Double } == [50], "\(comment): \(json.stdout)")
        let export = try Binary.run(["export"], db: db)
        #expect(export.stdout.contains("\"coach\":\"Bo\"") || export.stdout.contains("\"coach\": \"Bo\""), "\(comment): \(export.stdout)")
        let csv = try Binary.run(["export", "--format", "csv"], db: db)
        #expect(csv.stdout.split(separator: "\n").first?.hasSuffix(",coach") == true, "\(comment): \(csv.stdout)")
        #expect(csv.stdout.split(separator: "\n").filter { $0.hasSuffix(",Bo") }.count == 1, "\(comment): \(csv.stdout)")
    }

    @Test("copy file → file → PostgreSQL → file carries PINs, cards, the coach and his set: the same PIN and card start the same turns")
    func copyChain() throws {
        let source = try Self.gym()
        let second = try Scratch(engine: .file)
        let server = try Scratch(engine: .postgres)
        let last = try Scratch(engine: .file)
        for (from, to) in [(source, second), (second, server), (server, last)] {
            let copied = try Binary.run(["copy", from.db, to.db], db: nil)
            #expect(copied.status == 0, "\(copied.stderr)")
            #expect(copied.stdout.contains("2 PINs, 2 cards, 1 coach, 1 set logged by a coach"), "\(copied.stdout)")
        }
        let again = try Binary.run(["copy", server.db, last.db], db: nil)
        #expect(again.stdout.contains("0 PINs, 0 cards, 0 coaches, 0 sets logged by a coach"), "\(again.stdout)")
        try Self.expectCredentials(in: last.db, "the last copy")
    }

    @Test("export --format json into import carries them too, with the kiosk policy")
    func exportImport() throws {
        let source = try Self.gym()
        let export = try Binary.run(["export"], db: source.db)
        try #require(export.status == 0, "\(export.stderr)")
        #expect(!export.stdout.contains(Self.anaPin) && !export.stdout.contains(Self.anaCard) && !export.stdout.contains(Self.cyPin))
        let file = source.directory.appendingPathComponent("gym.json")
        try Data(export.stdout.utf8).write(to: file)
        let empty = try Scratch()

        let imported = try Binary.run(["import", file.path], db: empty.db)

        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Credentials: 2 PINs, 2 cards, 1 coach, 1 set logged by a coach; the kiosk policy 'pin'."),
                "\(imported.stdout)")
        try Self.expectCredentials(in: empty.db, "the import")
    }

    @Test("a destination keeps its own PIN and cards: cards of another key are named, not carried")
    func conflicts() throws {
        let source = try Self.gym()
        let destination = try Scratch(engine: .file)
        for (arguments, input) in [
            (["add", "Ana", "Squat", "80", "5", "1"], ""), (["users", "pin", "Ana"], "1234\n"),
            (["add", "Dee", "Squat", "60", "5", "1"], ""), (["users", "card", "Dee", "--number", "0009990001"], ""),
        ] as [([String], String)] {
            let result = try Binary.run(arguments, db: destination.db, input: input)
            try #require(result.status == 0, "\(arguments): \(result.stdout)\(result.stderr)")
        }

        let copied = try Binary.run(["copy", source.db, destination.db], db: nil)

        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout.contains("1 PIN, 0 cards, 1 coach, 1 set logged by a coach"), "\(copied.stdout)")
        #expect(copied.stdout.contains("1 member kept the PIN"), "\(copied.stdout)")
        #expect(copied.stdout.contains("makes its cards with another key: the card of Ana, Bo"), "\(copied.stdout)")
        let terminal = try Self.kiosk(destination.db)
        let mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("[Ana] PIN: ", after: mark)
        terminal.type("1234\r")
        try terminal.waitFor("[Ana] exercise", after: mark)
    }

    @Test("csv carries no credential and no policy, only who logged a set as a coach, and export's help says so")
    func csvCarriesNone() throws {
        let source = try Self.gym()
        let csv = try Binary.run(["export", "--format", "csv"], db: source.db)
        let file = source.directory.appendingPathComponent("gym.csv")
        try Data(csv.stdout.utf8).write(to: file)
        let empty = try Scratch()

        let imported = try Binary.run(["import", file.path], db: empty.db)

        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Credentials: 0 PINs, 0 cards, 0 coaches, 1 set logged by a coach."), "\(imported.stdout)")
        let users = try Binary.run(["users", "--format", "csv"], db: empty.db)
        #expect(!users.stdout.contains(",pin") && !users.stdout.contains(",card"), "\(users.stdout)")
        let help = try Binary.run(["export", "--help"], db: nil)
        // The help's paragraph, whatever the width it is wrapped at.
        let paragraph = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(paragraph.contains("csv, strong, strong-semicolon, hevy, fitnotes and markdown carry no PIN, card, coach's flag nor kiosk policy"),
                "\(help.stdout)")
    }

    @Test("a JSON file whose PIN or card is not a hash of ours gives the member none, and says so")
    func tamperedHashes() throws {
        let source = try Self.gym()
        let export = try Binary.run(["export"], db: source.db)
        try #require(export.status == 0, "\(export.stderr)")
        var text = export.stdout
        // Cy's PIN, the only one of his credentials.
        let pin = try #require(text.range(of: #""name":"Cy","private":false,"pin":"pbkdf2-sha256\$[^"]*""#, options: .regularExpression), "\(text)")
        text.replaceSubrange(pin, with: #""name":"Cy","private":false,"pin":"1234""#)
        let file = source.directory.appendingPathComponent("tampered.json")
        try Data(text.utf8).write(to: file)
        let empty = try Scratch()

        let imported = try Binary.run(["import", file.path], db: empty.db)

        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Skipped: 1 malformed (member 3)"), "\(imported.stdout)")
        #expect(imported.stdout.contains("Credentials: 1 PIN, 2 cards, 1 coach"), "\(imported.stdout)")
        let users = try Binary.run(["users", "--format", "csv"], db: empty.db)
        // The identity column (the sixth) says who has only a name to give.
        let rows: [[Substring]] = users.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let nameOnly: [Substring] = rows.filter { $0.count > 5 && $0[5] == "name" }.map { $0[1] }
        #expect(nameOnly == ["Cy"], "\(users.stdout)")
    }
}
