import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
@testable import TopWeightREPL
import TopWeightStore

@Suite("Commands at any prompt")
struct CommandTests {
    @Test(":help lines every description up in one column; a kiosk's :quit says the admin leaves", arguments: [false, true])
    func helpAligned(kiosk: Bool) throws {
        var script = FlowScript(kiosk: kiosk)
        script.type(":help")
        let commands = script.said.filter { $0.hasPrefix(":") }
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
    func help() {
        var script = FlowScript()
        script.type(":help")
        for command in [":help", ":user", ":history", ":users", ":exercises", ":undo", ":quit", ":unit"] {
            #expect(script.said.contains { $0.hasPrefix(command) }, "missing \(command)")
        }
    }

    @Test(":history groups Today and Yesterday, newest first")
    func history() throws {
        var script = FlowScript.atExercise(.kg(60, 8, 3))
        for answer in ["", "+", "", ""] { script.type(answer) }
        script.answerSave()
        let today = try #require(script.stored.first)
        let yesterday = Self.record(1, "Ana", .kg(60, 8, 3))
        #expect(script.type(":history") == [.fetch(.whoseHistory("", limit: nil))])
        #expect(script.send(.historyOf(FlowScript.ana, limit: nil)) == [.fetch(.history(FlowScript.ana, limit: 20, hiding: []))])
        // Newest first, as the logbook reads them.
        script.send(.fetched(.history([today, yesterday], notes: [:], keptOnly: false, more: false, of: FlowScript.ana, limit: 20)))
        let start = try #require(script.shown.firstIndex(of: "Today"), "\(script.shown)")
        #expect(script.shown[start + 1].contains("Bench Press") && script.shown[start + 1].contains("62.5 kg × 8 × 3"))
        #expect(script.shown[start + 2] == "Yesterday")
        #expect(script.shown[start + 3].contains("60 kg × 8 × 3"))
    }

    @Test(":history all shows every member, N limits it, and says when more exist")
    func historyAll() {
        let (ana, ben) = (Self.record(1, "Ana", .kg(60, 8, 3)), Self.record(2, "Ben", .kg(80, 5, 5)))
        var script = FlowScript()
        #expect(script.type(":history all 1") == [.fetch(.whoseHistory("all", limit: 1))])
        #expect(script.send(.historyOf(nil, limit: 1)) == [.fetch(.history(nil, limit: 1, hiding: []))])
        script.send(.fetched(.history([ben], notes: [:], keptOnly: false, more: true, of: nil, limit: 1)))
        #expect(script.shown.filter { $0.hasPrefix("  ") }.count == 1)
        #expect(script.said.contains { $0.hasPrefix("… older records exist") })
        var everything = FlowScript()
        everything.type(":history all")
        everything.send(.historyOf(nil, limit: nil))
        everything.send(.fetched(.history([ben, ana], notes: [:], keptOnly: false, more: false, of: nil, limit: 20)))
        let all = everything.shown.filter { $0.hasPrefix("  ") }
        #expect(all.count == 2 && all.contains { $0.contains("Ana") } && all.contains { $0.contains("Ben") }, "\(all)")
    }

    /// A member's Bench Press of the day before the fixture's now.
    static func record(_ id: Int64, _ member: String, _ values: SetValues) -> WorkoutRecord {
        WorkoutRecord(id: id, user: member, exercise: "Bench Press", values: values, performedAt: FlowScript.now.addingTimeInterval(-86_400))
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
        var script = FlowScript()
        script.turn.shownUser = FlowScript.ana
        script.type(":undo")
        script.type("")
        script.turn.shownExercise = FlowScript.bench
        script.type("")
        script.send(.lastValues(.kg(60, 8, 3), then: nil))
        for answer in ["+", "", ""] { script.type(answer) }
        script.answerSave()
        let saved = try #require(script.stored.first)
        #expect(script.type(":undo") == [.undo(saved)])
        script.send(.undone(saved, removed: true))
        script.type(":undo")
        #expect(script.warned.filter { $0.hasPrefix("Nothing to undo") }.count == 2)
        #expect(script.said.contains { $0.hasPrefix("Removed #") && $0.contains("62.5 kg") })
        #expect(script.effects.filter { if case .undo = $0 { true } else { false } } == [.undo(saved)], "only the set saved here")
    }

    @Test(":unit lb switches the unit of the entry")
    func unit() {
        var script = FlowScript()
        script.send(.memberCreated(FlowScript.ana))
        let bench = Exercise.unsaved(named: "Bench Press", category: nil)
        script.type("Bench Press")
        script.send(.resolved(bench, entry: nil, typed: "Bench Press", last: nil))
        script.type(":unit lb")
        #expect(script.prompt == "[Ana] weight lb: ")
        for answer in ["135", "5", "3"] { script.type(answer) }
        #expect(script.saves && script.turn.draft.values?.weight == Weight(hundredths: 13500, unit: .lb))
    }

    @Test(":unit lb applies to an exercise last logged in kg: the prompt offers its weight in lb, the save is in lb, :unit says lb")
    func unitOverLastKg() {
        var script = FlowScript.atExercise(.kg(102.5, 5, 5))
        script.type(":unit lb")
        script.enter("Bench Press", as: FlowScript.bench)
        // 102.5 kg is 225.97 lb: offered as 225 lb, to the nearest 5 lb step.
        #expect(script.prompt == "[Ana] weight lb [225]: ")
        for _ in 0..<3 { script.type("") }
        #expect(script.saves && script.turn.draft.values?.weight == Weight(hundredths: 22500, unit: .lb))
        script.answerSave()
        script.type(":unit")
        #expect(script.said.contains { $0.hasPrefix("Weights are in lb") }, "\(script.said)")
        script.enter("Deadlift", as: Exercise(id: 3, name: "Deadlift", category: nil), last: .kg(140, 3, 1))
        #expect(script.prompt == "[Ana] weight lb [310]: ")
        // :unit kg at the weight prompt turns the offered weight back: 140 kg is 140 kg.
        script.type(":unit kg")
        #expect(script.prompt == "[Ana] weight kg [140]: ")
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
    func quitAndUnknown() {
        var script = FlowScript()
        script.type(":frobnicate")
        #expect(script.warned.first?.hasPrefix("Unknown command :frobnicate") == true)
        #expect(script.type(":q") == [.end(.quit)], "nothing read after it")
    }

    @Test("a start shared by several commands names them and runs none; a unique start runs its command")
    func ambiguousStart() {
        var script = FlowScript()
        for line in [":s", ":u", ":st x"] { script.type(line) }
        #expect(script.type(":q") == [.end(.quit)])
        #expect(script.warned == [
            ":s could be :start, :stats or :search; type more of it",
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
