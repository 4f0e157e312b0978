import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
import TopWeightREPL
import TopWeightStore

@Suite("Commands at any prompt")
struct CommandTests {
    @Test(":help lines every description up in one column; a kiosk's :quit says the admin leaves", arguments: [false, true])
    func helpAligned(kiosk: Bool) throws {
        let fixture = try Fixture()
        let (console, _) = fixture.run(ScriptedLineSource(lines: [":help"]), kiosk: kiosk)
        let commands = console.said.filter { $0.hasPrefix(":") }
        #expect(commands.count > 15)
        // Where each description starts: after the usage and its run of spaces.
        let columns = commands.map { line -> Int in
            guard let gap = line.range(of: "  ") else { return -1 }
            return line[gap.lowerBound...].firstIndex { $0 != " " }.map { line.distance(from: line.startIndex, to: $0) } ?? -1
        }
        #expect(Set(columns).count == 1, "\(commands)")
        let quit = try #require(commands.first { $0.hasPrefix(":quit") })
        #expect(quit.contains("admin") == kiosk, "\(quit)")
        #expect(commands.allSatisfy { $0.count <= 80 }, "fits an 80-column terminal: \(commands.filter { $0.count > 80 })")
    }

    @Test(":help lists every command")
    func help() throws {
        let fixture = try Fixture()
        let (console, _) = fixture.run(ScriptedLineSource(lines: [":help"]))
        for command in [":help", ":user", ":history", ":users", ":exercises", ":undo", ":quit", ":unit"] {
            #expect(console.said.contains { $0.hasPrefix(command) }, "missing \(command)")
        }
    }

    @Test(":history groups Today and Yesterday, newest first")
    func history() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 8, 3))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["", "", "+", "", "", ":history"]))
        let start = try #require(console.said.firstIndex(of: "Today"))
        #expect(console.said[start + 1].contains("Bench Press") && console.said[start + 1].contains("62.5 kg × 8 × 3"))
        #expect(console.said[start + 2] == "Yesterday")
        #expect(console.said[start + 3].contains("60 kg × 8 × 3"))
    }

    @Test(":history all shows every member, N limits it, and says when more exist")
    func historyAll() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(60, 8, 3))
        try fixture.seed(user: "Ben", values: .kg(80, 5, 5))
        let (console, _) = fixture.run(ScriptedLineSource(lines: [":history all 1"]))
        let rows = console.said.filter { $0.hasPrefix("  ") }
        #expect(rows.count == 1)
        #expect(console.said.contains { $0.hasPrefix("… older records exist") })
        let (everything, _) = fixture.run(ScriptedLineSource(lines: [":history all"]))
        let all = everything.said.filter { $0.hasPrefix("  ") }
        #expect(all.count == 2 && all.contains { $0.contains("Ana") } && all.contains { $0.contains("Ben") })
    }

    @Test(":user switches member without leaving the flow")
    func switchUser() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(60, 8, 3))
        try fixture.seed(user: "Ben", values: .kg(80, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", ":user ben", "", "", "", ""])
        fixture.run(source)
        #expect(source.prompts[2] == "[Ben] exercise [Bench Press]: ")
        #expect(try fixture.records().first?.user == "Ben")
        #expect(try fixture.records().first?.values == .kg(80, 5, 5))
        #expect(source.historyClears >= 1)
    }

    @Test(":undo removes only the last set saved here")
    func undo() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 8, 3))
        let (console, _) = fixture.run(ScriptedLineSource(lines: [":undo", "", "", "+", "", "", ":undo", ":undo"]))
        #expect(console.warned.filter { $0.hasPrefix("Nothing to undo") }.count == 2)
        #expect(console.said.contains { $0.hasPrefix("Removed #") && $0.contains("62.5 kg") })
        #expect(try fixture.records().map(\.values) == [.kg(60, 8, 3)])
    }

    @Test(":unit lb switches the unit of the entry")
    func unit() throws {
        let fixture = try Fixture()
        let source = ScriptedLineSource(lines: ["Ana", "y", "Bench Press", ":unit lb", "135", "5", "3"])
        fixture.run(source)
        #expect(source.prompts.contains("[Ana] weight lb: "))
        #expect(try fixture.records().first?.values.weight == Weight(hundredths: 13500, unit: .lb))
    }

    @Test(":unit lb applies to an exercise last logged in kg: the prompt offers its weight in lb, the save is in lb, :unit says lb")
    func unitOverLastKg() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(102.5, 5, 5))
        try fixture.seed(user: "Ana", exercise: "Deadlift", values: .kg(140, 3, 1))
        let source = ScriptedLineSource(lines: ["Ana", ":unit lb", "Bench Press", "", "", "", ":unit", "Deadlift", ":unit kg", "", "", ""])
        let (console, _) = fixture.run(source)
        // 102.5 kg is 225.97 lb: offered as 225 lb, to the nearest 5 lb step.
        #expect(source.prompts.contains("[Ana] weight lb [225]: "), "\(source.prompts)")
        #expect(!source.prompts.contains { $0.hasPrefix("[Ana] weight kg") && $0.contains("102.5") }, "\(source.prompts)")
        let saved = try fixture.records()
        #expect(saved.contains { $0.exercise == "Bench Press" && $0.values.weight == Weight(hundredths: 22500, unit: .lb) }, "\(saved.map(\.values))")
        #expect(console.said.contains { $0.hasPrefix("Weights are in lb") }, "\(console.said)")
        // :unit kg at the weight prompt turns the offered weight back: 140 kg is 140 kg.
        #expect(source.prompts.last { $0.hasPrefix("[Ana] weight") } == "[Ana] weight kg [140]: ", "\(source.prompts)")
    }

    @Test(":users and :exercises list what is known")
    func listings() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(60, 8, 3))
        let (console, _) = fixture.run(ScriptedLineSource(lines: [":users", ":exercises"]))
        #expect(console.said.contains { $0.hasPrefix("Ana") && $0.contains("1 record") })
        #expect(console.said.contains { $0.hasPrefix("Bench Press") })
        #expect(console.said.contains { $0.contains("more in the catalog") })
    }

    @Test(":quit ends the session; an unknown command says so")
    func quitAndUnknown() throws {
        let fixture = try Fixture()
        let source = ScriptedLineSource(lines: [":frobnicate", ":q", "never read"])
        let (console, ending) = fixture.run(source)
        #expect(ending == .quit)
        #expect(console.warned.first?.hasPrefix("Unknown command :frobnicate") == true)
        #expect(source.remaining == 1)
    }

    @Test("a start shared by several commands names them and runs none; a unique start runs its command")
    func ambiguousStart() throws {
        let fixture = try Fixture()
        let source = ScriptedLineSource(lines: [":s", ":u", ":st x", ":q"])
        let (console, ending) = fixture.run(source)
        #expect(ending == .quit)
        #expect(console.warned == [
            ":s could be :start or :stats; type more of it",
            ":u could be :user, :users, :unit or :undo; type more of it",
            ":st could be :start or :stats; type more of it",
        ])
    }

    @Test("Tab completes users, exercises with the catalog, and commands", arguments: [
        ("user", "a", ["Ana", "Anabel"]),
        ("user", "bel", []),
        ("user", ":hi", [":history "]),
        ("user", ":user an", [":user Ana", ":user Anabel"]),
        ("user", ":u", [":user ", ":users", ":unit ", ":undo"]),
        // Ana's own recent exercise first, then the rest alphabetically.
        ("exercise", "b", ["Bench Press", "Back Squat"]),
        // Any word of a name: "sq" finds Back Squat.
        ("exercise", "sq", ["Back Squat"]),
        ("exercise", "press", ["Bench Press"]),
        ("exercise", "de", ["Deadlift"]),
        ("exercise", "zz", []),
    ])
    func completion(step: String, typed: String, expected: [String]) throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(60, 8, 3))
        _ = try fixture.store.createUser(named: "Anabel")
        let source = ScriptedLineSource(lines: step == "user" ? [] : ["Ana"])
        source.probes = [typed]
        fixture.run(source)
        #expect(source.offered(typed, at: step) == expected)
    }
}
