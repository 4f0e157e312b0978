import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// Teams at the coach's desk: `users team`, then `--team` on `users`,
/// `report`, `roster`, `board`, `serve` and `search`, and teams carried by
/// `copy` (file → PostgreSQL → file) and by our JSON export into `import`.
/// On the engine the suite is run on (`TOPWEIGHT_TEST_ENGINE`).
@Suite("Teams at the coach's desk", .serialized)
struct TeamCommandTests {
    /// Ana and Bo in Juniors, Ana in Masters too; Cy in no team; Dee, private, in Juniors.
    /// Each trained today; each wrote about a knee.
    static func gym(engine: TestEngine? = nil) throws -> Scratch {
        let scratch = try engine.map { try Scratch(engine: $0) } ?? Scratch()
        for (who, weight) in [("Ana", "60"), ("Bo", "80"), ("Cy", "70"), ("Dee", "50")] {
            try run(["add", who, "Bench Press", weight, "5", "3"], scratch.db)
            try run(["note", "add", "--user", who, "\(who)'s knee felt fine"], scratch.db)
        }
        try run(["users", "private", "Dee"], scratch.db)
        for (who, team) in [("Ana", "Juniors"), ("Bo", "juniors"), ("Ana", "Masters"), ("Dee", "JUNIORS")] {
            try run(["users", "team", who, team], scratch.db)
        }
        return scratch
    }

    @discardableResult
    static func run(_ arguments: [String], _ db: String, environment: [String: String] = [:]) throws -> Binary.Result {
        let result = try Binary.run(arguments, db: db, environment: environment)
        try #require(result.status == 0, "\(arguments): \(result.stdout)\(result.stderr)")
        return result
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test("users team puts a member in teams (spelt as the team first was), users --team lists them, --remove takes one out")
    func usersTeam() throws {
        let scratch = try Scratch()
        for who in ["Ana", "Bo", "Cy"] { try Self.run(["add", who, "Bench Press", "60", "5", "1"], scratch.db) }
        #expect(try Self.run(["users", "team", "Ana", "Juniors"], scratch.db).stdout == "Ana is now in Juniors (1 member)\n")
        #expect(try Self.run(["users", "team", "Bo", "juniors"], scratch.db).stdout == "Bo is now in Juniors (2 members)\n")
        #expect(try Self.run(["users", "team", "ana", "JUNIORS"], scratch.db).stdout == "Ana was already in Juniors (2 members)\n")
        #expect(try Self.run(["users", "team", "Ana", "Masters"], scratch.db).stdout == "Ana is now in Masters (1 member)\n")

        let listed = try Self.run(["users", "--team", "JUNIORS"], scratch.db).stdout.split(separator: "\n")
        #expect(listed.count == 2, "\(listed)")
        #expect(listed.first?.hasPrefix("Ana") == true && listed.first?.hasSuffix("; teams Juniors, Masters") == true, "\(listed)")
        #expect(listed.last?.hasPrefix("Bo") == true && listed.last?.hasSuffix("; team Juniors") == true, "\(listed)")
        let objects = try #require(try Self.json(try Self.run(["users", "--format", "json"], scratch.db).stdout) as? [[String: Any]])
        #expect(objects.map { $0["teams"] as? [String] } == [["Juniors", "Masters"], ["Juniors"], []])

        let notIn = try Binary.run(["users", "team", "Cy", "Juniors", "--remove"], db: scratch.db)
        #expect(notIn.status == 64)
        #expect(notIn.stderr == "topweight: Cy isn't in Juniors: 'topweight users --team Juniors' lists who is\n")
        #expect(try Self.run(["users", "team", "Bo", "Juniors", "--remove"], scratch.db).stdout == "Bo is no longer in Juniors\n")
        #expect(try Self.run(["users", "--team", "Juniors"], scratch.db).stdout.split(separator: "\n").count == 1)
        let unknown = try Binary.run(["users", "--team", "Seniors"], db: scratch.db)
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "topweight: no team named Seniors (teams: Juniors, Masters)\n")
        let bad = try Binary.run(["users", "team", "Ana", ":juniors"], db: scratch.db)
        #expect(bad.status == 64)
        #expect(bad.stderr == "topweight: a team name can't start with ':' (e.g. Juniors)\n")
        let nobody = try Binary.run(["users", "team", "Zed", "Juniors"], db: scratch.db)
        #expect(nobody.status == 64 && nobody.stderr.hasPrefix("topweight: no member named Zed"), "\(nobody.stderr)")
    }

    @Test("a member removed leaves their teams; a team with no member left is no team")
    func removedMember() throws {
        let scratch = try Scratch()
        try Self.run(["users", "add", "Eve"], scratch.db)
        try Self.run(["users", "team", "Eve", "Juniors"], scratch.db)
        try Self.run(["users", "remove", "Eve"], scratch.db)
        let gone = try Binary.run(["users", "--team", "Juniors"], db: scratch.db)
        #expect(gone.status == 64)
        #expect(gone.stderr == "topweight: no team named Juniors (there are no teams yet: 'topweight users team NAME TEAM' makes one)\n")
    }

    @Test("report --team: the team's members alone, its quiet ones too, its totals under its name")
    func report() throws {
        let scratch = try Self.gym()
        let json = try #require(try Self.json(try Self.run(["report", "--from", Self.today, "--to", Self.today, "--team", "juniors",
                                                            "--format", "json"], scratch.db).stdout) as? [String: Any])
        #expect(json["team"] as? String == "Juniors")
        #expect((json["members"] as? [[String: Any]])?.map { $0["member"] as? String } == ["Ana", "Bo", "Dee"])
        #expect((json["totals"] as? [String: Any])?["members"] as? Int == 3)
        let text = try Self.run(["report", "--from", Self.today, "--to", Self.today, "--team", "Juniors"], scratch.db).stdout
        #expect(text.split(separator: "\n").first?.contains(" · team Juniors") == true, "\(text)")
        #expect(text.contains("\nJuniors: 3 members · 3 training days · 9 sets"), "\(text)")
        #expect(!text.contains("Cy"), "\(text)")
        let both = try Binary.run(["report", "--team", "Juniors", "--user", "Ana"], db: scratch.db)
        #expect(both.status == 64)
        #expect(both.stderr == "topweight: --user and --team can't be given together: a report is of a member, a team or the gym\n")
        let unknown = try Binary.run(["report", "--team", "Seniors"], db: scratch.db)
        #expect(unknown.status == 64 && unknown.stderr == "topweight: no team named Seniors (teams: Juniors, Masters)\n", "\(unknown.stderr)")
    }

    /// Today in the zone the tests run in (the binary's too).
    static var today: String { LocalDay(Date(), in: Calendar.current).description }

    @Test("roster --team: the team's members on a program alone")
    func roster() throws {
        let scratch = try Self.gym()
        for who in ["Ana", "Cy"] {
            try Self.run(["programs", "assign", "5x5", "--user", who, "--max",
                          "Back Squat=100,Bench Press=60,Barbell Row=50,Overhead Press=40,Deadlift=100"], scratch.db)
        }
        let all = try Self.run(["roster", "--format", "json"], scratch.db).stdout
        #expect((try Self.json(all) as? [[String: Any]])?.map { $0["member"] as? String } == ["Ana", "Cy"])
        let team = try Self.run(["roster", "--team", "Juniors", "--format", "json"], scratch.db).stdout
        #expect((try Self.json(team) as? [[String: Any]])?.map { $0["member"] as? String } == ["Ana"])
        try Self.run(["users", "team", "Bo", "Seniors"], scratch.db)
        #expect(try Self.run(["roster", "--team", "Seniors"], scratch.db).stdout == "Nobody in Seniors is on a program.\n")
    }

    @Test("board --team: the team's public members alone, the team in the title")
    func board() throws {
        let scratch = try Self.gym()
        let gym = try Self.run(["board"], scratch.db, environment: ["COLUMNS": "120"]).stdout
        #expect(gym.contains("Cy") && gym.contains("Ana"), "\(gym)")
        let team = try Self.run(["board", "--team", "juniors"], scratch.db, environment: ["COLUMNS": "120"]).stdout
        #expect(team.contains("Top Weight · Juniors"), "\(team)")
        #expect(team.contains("Ana") && team.contains("Bo"), "\(team)")
        #expect(!team.contains("Cy") && !team.contains("Dee"), "\(team)")
        let unknown = try Binary.run(["board", "--team", "Seniors"], db: scratch.db)
        #expect(unknown.status == 64 && unknown.stderr == "topweight: no team named Seniors (teams: Juniors, Masters)\n", "\(unknown.stderr)")
    }

    @Test("serve --team: the team's board over HTTP")
    func serve() throws {
        let scratch = try Self.gym()
        let server = try BoardServerTests.Server(db: scratch.db, extra: ["--team", "Masters"])
        let board = try server.get("/board.json").body
        #expect(board.contains("\"Ana\""), "\(board)")
        #expect(!board.contains("\"Bo\"") && !board.contains("\"Cy\""), "\(board)")
        #expect(try server.get("/").body.contains("Top Weight · Masters"))
    }

    @Test("search without --user: every public member's notes, newest first, each under their name; --team and --include-private")
    func search() throws {
        let scratch = try Self.gym()
        try Self.run(["note", "add", "--user", "Cy", "--date", "2020-01-06", "old knee trouble"], scratch.db)
        let everybody = try Self.run(["search", "knee"], scratch.db).stdout
        let lines = everybody.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "4 days of 3 members with knee", "\(everybody)")
        #expect(lines.filter { ["Ana", "Bo", "Cy", "Dee"].contains($0) } == ["Ana", "Bo", "Cy"], "\(everybody)")
        #expect(everybody.contains("  ✎ Ana's [knee] felt fine") && everybody.contains("  ✎ old [knee] trouble"), "\(everybody)")
        // Cy's old note is the last day: newest first, whoever wrote it.
        #expect(lines.last { !$0.isEmpty }?.contains("old [knee] trouble") == true, "\(everybody)")
        let team = try Self.run(["search", "knee", "--team", "Juniors", "--format", "json"], scratch.db).stdout
        let found = try #require(try Self.json(team) as? [String: Any])
        #expect((found["members"] as? [[String: Any]])?.map { $0["user"] as? String } == ["Ana", "Bo"], "\(team)")
        let withPrivate = try Self.run(["search", "knee", "--team", "Juniors", "--include-private", "--format", "json"], scratch.db).stdout
        #expect(((try Self.json(withPrivate) as? [String: Any])?["members"] as? [[String: Any]])?.count == 3, "\(withPrivate)")
        let limited = try Self.run(["search", "knee", "--limit", "2"], scratch.db).stdout
        #expect(limited.hasPrefix("2 newest days of 2 members with knee\n") && limited.hasSuffix("… older days match too: --limit N (0 for all)\n"),
                "\(limited)")
        let none = try Self.run(["search", "elbow", "--team", "Juniors"], scratch.db).stdout
        #expect(none == "Nothing in the logs of Juniors has elbow.\n")
        #expect(try Self.run(["search", "elbow"], scratch.db).stdout == "Nothing in any member's log has elbow.\n")
    }

    /// What a database must hold of the gym's teams once they came.
    static func expectTeams(in db: String, _ comment: Comment) throws {
        let objects = try #require(try json(try run(["users", "--format", "json"], db).stdout) as? [[String: Any]], comment)
        #expect(objects.map { "\($0["name"]!): \(($0["teams"] as? [String]) ?? ["?"])" }
                == ["Ana: [\"Juniors\", \"Masters\"]", "Bo: [\"Juniors\"]", "Cy: []", "Dee: [\"Juniors\"]"], comment)
    }

    @Test("copy file → PostgreSQL → file carries the teams, and adds to a destination's own")
    func copy() throws {
        let source = try Self.gym(engine: .file)
        let server = try Scratch(engine: .postgres)
        let last = try Scratch(engine: .file)
        try Self.run(["users", "add", "Bo"], last.db)
        try Self.run(["users", "team", "Bo", "Seniors"], last.db)
        for (from, to) in [(source, server), (server, last)] {
            let copied = try Binary.run(["copy", from.db, to.db], db: nil)
            #expect(copied.status == 0, "\(copied.stderr)")
        }
        try Self.expectTeams(in: server.db, "the server")
        let objects = try #require(try Self.json(try Self.run(["users", "--format", "json"], last.db).stdout) as? [[String: Any]])
        #expect(objects.first { $0["name"] as? String == "Bo" }?["teams"] as? [String] == ["Juniors", "Seniors"])
        let again = try Binary.run(["copy", server.db, last.db], db: nil)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.run(["users", "--team", "Juniors"], last.db).stdout.split(separator: "\n").count == 3)
    }

    @Test("export --format json into import carries the teams; a team that is no name is named and left off")
    func exportImport() throws {
        let source = try Self.gym()
        let export = try Self.run(["export"], source.db).stdout
        #expect(export.contains("{\"name\":\"Ana\",\"private\":false,\"teams\":[\"Juniors\", \"Masters\"]}"), "\(export)")
        let file = source.directory.appendingPathComponent("gym.json")
        try Data(export.utf8).write(to: file)
        let empty = try Scratch()
        try Self.run(["import", file.path], empty.db)
        try Self.expectTeams(in: empty.db, "the import")

        let hostile = source.directory.appendingPathComponent("hostile.json")
        let text = export.replacingOccurrences(of: "\"Masters\"", with: "\"\\u001b[2Jx\"")
        try #require(text != export)
        try Data(text.utf8).write(to: hostile)
        let other = try Scratch()
        let imported = try Binary.run(["import", hostile.path], db: other.db)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("a user name can't contain control characters") || imported.stdout.contains("a team name")
                || imported.stderr.contains("control characters"), "\(imported.stdout)\(imported.stderr)")
        let objects = try #require(try Self.json(try Self.run(["users", "--format", "json"], other.db).stdout) as? [[String: Any]])
        #expect(objects.first?["teams"] as? [String] == ["Juniors"])
    }
}
