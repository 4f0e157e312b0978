import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// What the commands say: help texts with no source code in them, members
/// listed with their privacy, hints a shell can run as they stand, and the
/// exit codes the usage guide lists.
extension CommandLineTests {
    /// Every command path under `path` (`["admin", "nudge"]`…), from the SUBCOMMANDS of each help.
    static func commandPaths(under path: [String] = []) throws -> [[String]] {
        let help = try Binary.run(path + ["--help"], db: nil)
        var found: [[String]] = [path]
        var inList = false
        for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") { inList = true; continue }
            guard inList else { continue }
            guard line.hasPrefix("  ") else { if !line.isEmpty { inList = false }; continue }
            let words = line.split(separator: " ")
            // Not a continued description, nor the closing `See 'topweight help <subcommand>' …`.
            guard let name = words.first, !line.hasPrefix("    "), name != "help", name != "See" else { continue }
            found += try commandPaths(under: path + [String(name)])
        }
        return found
    }

    @Test("no --help shows source code: every command's help is plain text (admin nudge names its default weeks)")
    func helpTexts() throws {
        let paths = try Self.commandPaths()
        #expect(paths.contains(["admin", "nudge"]), "\(paths)")
        for path in paths {
            let help = try Binary.run(path + ["--help"], db: nil)
            #expect(help.status == 0, "\(path): \(help.stderr)")
            #expect(!help.stdout.contains("\\("), "\(path) --help shows source text: \(help.stdout)")
        }
        let nudge = try Binary.run(["admin", "nudge", "--help"], db: nil)
        #expect(nudge.stdout.contains("--default goes back to 3"), "\(nudge.stdout)")
    }

    @Test("users says who keeps off the board, in text, JSON and CSV, and --limit shows the first N with a line saying there are more")
    func usersPrivacyAndLimit() throws {
        let scratch = try Scratch()
        for name in ["Ana", "Bo", "Cy"] {
            #expect(try Binary.run(["add", name, "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        }
        #expect(try Binary.run(["users", "private", "Bo"], db: scratch.db).status == 0)

        let text = try Binary.run(["users"], db: scratch.db).stdout.split(separator: "\n").map(String.init)
        #expect(text.count == 3, "\(text)")
        #expect(text.filter { $0.contains("private") }.map { $0.hasPrefix("Bo ") } == [true], "\(text)")
        let json = try Binary.run(["users", "--format", "json"], db: scratch.db)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["private"] as? Bool } == [false, true, false], "\(json.stdout)")
        let csv = try Binary.run(["users", "--format", "csv"], db: scratch.db).stdout.split(separator: "\n").map(String.init)
        #expect(csv.first == "id,name,records,lastPerformedAt,private,identity,coach,identifies,enrolmentCode", "\(csv)")
        #expect(csv.dropFirst().map { $0.hasSuffix(",true,name,false,true,false") } == [false, true, false], "\(csv)")
        #expect(rows.map { $0["identity"] as? String } == ["name", "name", "name"], "\(json.stdout)")

        let limited = try Binary.run(["users", "--limit", "2"], db: scratch.db).stdout.split(separator: "\n").map(String.init)
        #expect(limited.count == 3 && limited[0].hasPrefix("Ana") && limited[1].hasPrefix("Bo"), "\(limited)")
        #expect(limited.last == "… more members: --limit 4 or --limit 0 for all", "\(limited)")
        let limitedJSON = try Binary.run(["users", "--limit", "1", "--format", "json"], db: scratch.db)
        #expect((try JSONSerialization.jsonObject(with: Data(limitedJSON.stdout.utf8)) as? [[String: Any]])?.count == 1, "\(limitedJSON.stdout)")
        #expect(try Binary.run(["users", "--limit", "0"], db: scratch.db).stdout.split(separator: "\n").count == 3)
        let bad = try Binary.run(["users", "--limit", "-1"], db: scratch.db)
        #expect(bad.status == 64 && bad.stderr.contains("--limit"), "\(bad.stderr)")
    }

    @Test("a hint names a member or an exercise as a shell needs it: quoted when it has a space")
    func quotedHints() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "zoe li", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let member = try Binary.run(["users", "remove", "zoe li"], db: scratch.db)
        #expect(member.status == 64, "\(member.stderr)")
        #expect(member.stderr.contains("'topweight history --user \"zoe li\"'"), "\(member.stderr)")
        let exercise = try Binary.run(["exercises", "remove", "Bench Press"], db: scratch.db)
        #expect(exercise.stderr.contains("'topweight exercises merge \"Bench Press\" OTHER'"), "\(exercise.stderr)")
        let program = try Binary.run(["today", "--user", "zoe li"], db: scratch.db)
        #expect(program.stderr.contains("--user \"zoe li\"'"), "\(program.stderr)")
    }

    @Test("the usage guide lists every exit code the commands use")
    func exitCodesListed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let usage = try String(contentsOf: root.appendingPathComponent("docs/USAGE.md"), encoding: .utf8)
        let sentence = try #require(usage.range(of: "Exit codes:").map { String(usage[$0.lowerBound...].prefix(400)) })
        for code in ["0 success", "2 a database problem", "64 bad input", "77 ", "130 "] {
            #expect(sentence.contains(code), "'\(code)' missing from: \(sentence)")
        }
    }
}
