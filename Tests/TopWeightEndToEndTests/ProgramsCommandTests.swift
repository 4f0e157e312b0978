import Foundation
import Testing

/// `topweight programs`: the bundled programs, read without a database.
@Suite("Programs at the command line")
struct ProgramsCommandTests {
    @Test("programs lists the three bundled programs with their shape; no database is needed or made")
    func list() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("programs-\(UUID().uuidString)")
        let db = directory.appendingPathComponent("none.sqlite").path
        let listed = try Binary.run(["programs"], db: db)
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("5x5           1 week × 2 days  Linear 5×5"))
        #expect(lines[1].hasPrefix("5/3/1         4 weeks × 4 days  Wendler's 5/3/1"))
        #expect(lines[2].hasPrefix("Texas Method  1 week × 3 days  Weekly volume"))
        #expect(!FileManager.default.fileExists(atPath: directory.path))

        let json = try Binary.run(["programs", "list", "--format", "json"], db: db)
        let programs = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(programs.map { $0["name"] as? String } == ["5x5", "5/3/1", "Texas Method"])
    }

    @Test("programs show gives every day's sets and the rules, in text and JSON")
    func show() throws {
        let text = try Binary.run(["programs", "show", "5/3/1"], db: nil)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("Week 2"))
        #expect(lines.contains("    Back Squat: 70%×3, 80%×3, 90%×3+"))
        #expect(lines.contains("Week 4 (deload)"))
        #expect(lines.contains("Training max: 90 % of the estimated one-rep max."))
        #expect(lines.contains("Each cycle: Back Squat +5 kg, Bench Press +2.5 kg, Deadlift +5 kg, Overhead Press +2.5 kg."))

        let json = try Binary.run(["programs", "show", "texas method", "--format", "json"], db: nil)
        let program = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(program["name"] as? String == "Texas Method" && program["trainingMax"] as? Int == 86)
        let weeks = try #require(program["weeks"] as? [[String: Any]])
        let days = try #require(weeks.first?["days"] as? [[String: Any]])
        #expect(days.map { $0["name"] as? String } == ["Volume", "Recovery", "Intensity"])
        let recovery = try #require(days[1]["exercises"] as? [[String: Any]])
        let squat = try #require(recovery.first?["sets"] as? [[String: Any]])
        #expect(squat.count == 2 && squat.allSatisfy { $0["percent"] as? Int == 72 && $0["reps"] as? Int == 5 && $0["amrap"] as? Bool == false })
    }

    @Test("an unknown program is refused in one line naming the ones there are")
    func unknown() throws {
        let result = try Binary.run(["programs", "show", "Smolov\u{1B}[2J"], db: nil)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("topweight: no program named "))
        #expect(result.stderr.hasSuffix("there are 5x5, 5/3/1, Texas Method\n"))
        #expect(!result.stderr.contains("\u{1B}") && result.stdout.isEmpty)
    }
}
