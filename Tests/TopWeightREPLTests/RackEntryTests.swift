import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightTestSupport
@testable import TopWeightREPL
import TopWeightStore

/// What a member at the rack types, read as they mean it: a set is never a
/// name, the spaced form `add` takes works here too, a slip of the keys is
/// asked about once, and every prompt says whose turn it is.
@Suite("At the rack")
struct RackEntryTests {
    // MARK: A set typed where a name goes

    @Test("a set typed at the user prompt (or after :user) is refused as a set, without asking to create a member", arguments: [
        "bench 60x5x5", "60x5x5", "bench 60 8 3", "plank 1:30x3", "row 2000m 7:45",
    ])
    func setAtUserPrompt(text: String) {
        var script = FlowScript()
        script.type(text)
        script.type(":user \(text)")
        #expect(script.turn.question == nil, "no question about a new member")
        #expect(script.effects == Array(repeating: .warn("\(text) is a set, not a name: your name first, then the set at the exercise prompt (e.g. Ana)"), count: 2),
                "nothing looked up, nothing created")
    }

    // MARK: The spaced form

    @Test("bench 60 8 3 at the exercise prompt saves 60 kg × 8 × 3, as add takes it; 62.5 8 3 at the weight prompt too")
    func spacedSet() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", "bench 60 8 3", "bench", "62.5 8 3", "bench 65 5 3 @8"])
        let (console, _) = fixture.run(source)
        let saved = try fixture.records().map(\.values)
        #expect(saved.prefix(3).map(\.description) == ["65 kg × 5 × 3 @8", "62.5 kg × 8 × 3", "60 kg × 8 × 3"], "\(saved) \(console.warned)")
    }

    // MARK: An entry far outside the member's range

    @Test("70 at series is asked about once; n goes back to series, y saves it", arguments: [false, true])
    func seventySeries(confirm: Bool) {
        var script = FlowScript.atExercise(.kg(60, 5, 3))
        script.enter("bench", as: FlowScript.bench)
        var asked: [String] = []
        for answer in confirm ? ["", "", "70", "y"] : ["", "", "70", "n", "4"] {
            script.type(answer)
            if script.turn.question != nil { asked.append(script.prompt) }
        }
        script.answerSave()
        #expect(asked == ["70 series is far above your Bench Press so far (3). Save it? [y/n] "])
        #expect(script.stored.map(\.values) == [.kg(60, 5, confirm ? 70 : 4)])
        if !confirm { #expect(script.warned.contains("Not saved: type the series again; Ctrl-C drops the entry.")) }
    }

    @Test("0x10 on a weight exercise is asked about, and no means nothing saved and no PR")
    func zeroKilograms() {
        var script = FlowScript.atExercise(.kg(60, 5, 3))
        script.enter("bench 0x10x1", as: FlowScript.bench)
        #expect(script.prompt == "0 kg on Bench Press: nothing on the bar. Save it? [y/n] ")
        script.type("n")
        #expect(!script.saves, "nothing saved, so no PR either")
    }

    @Test("piped input is never asked about a slip: a script means its numbers, and no later line is taken for an answer")
    func pipedNeverAsks() {
        var script = FlowScript.atExercise(.kg(60, 5, 3), interactive: false)
        for line in ["bench 0x10x3", "bench 60x5x70", "bench 65x5x3"] {
            script.enter(line, as: FlowScript.bench)
            #expect(script.turn.question == nil, "\(line) asked about")
        }
        #expect(script.stored.map(\.values) == [.kg(0, 10, 3), .kg(60, 5, 70), .kg(65, 5, 3)], "\(script.warned)")
    }

    @Test("numbers in the member's range, or below it, are saved without a question, a warm-up before a heavy set too")
    func inRange() {
        var script = FlowScript.atExercise(.kg(100, 5, 3))
        for line in ["bench 20x10x1", "bench 110x5x5", "bench 180x5x3", "bench 20x5x1", "bench 200x3x1"] {
            script.enter(line, as: FlowScript.bench)
            #expect(script.turn.question == nil, "\(line) asked about")
        }
        #expect(script.stored.count == 5)
    }

    @Test("600 for 60 is asked about; so are 80 reps after 8")
    func slips() {
        var script = FlowScript.atExercise(.kg(60, 8, 3))
        script.enter("bench 600x8x3", as: FlowScript.bench)
        #expect(script.prompt == "600 kg is far above your Bench Press so far (60 kg). Save it? [y/n] ")
        for answer in ["n", "60", "", ""] { script.type(answer) }
        script.answerSave()
        script.enter("bench 60x80x3", as: FlowScript.bench)
        #expect(script.prompt == "80 reps is far above your Bench Press so far (8). Save it? [y/n] ")
        script.type("y")
        script.answerSave()
        #expect(script.stored.map(\.values) == [.kg(60, 8, 3), .kg(60, 80, 3)])
    }

    // MARK: Whose turn

    @Test("every prompt of a member's turn names the member, after :user too; the user prompt doesn't")
    func promptsNameTheMember() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(60, 5, 5))
        try fixture.seed(user: "Bo", exercise: "Back Squat", values: .kg(100, 5, 5))
        let source = ScriptedLineSource(lines: [":user Bo", "", "", "", "", ":date -1", ":edit", "", "", "", ""])
        fixture.run(source)
        #expect(source.prompts.first == "user [Bo]: ")
        #expect(source.prompts.contains("[Bo] exercise [Back Squat]: "), "\(source.prompts)")
        #expect(source.prompts.contains("[Bo] weight kg [100]: "), "\(source.prompts)")
        #expect(source.prompts.contains("[Bo] series [5]: "), "\(source.prompts)")
        #expect(source.prompts.contains("[Bo · Yesterday] exercise [Back Squat]: "), "\(source.prompts)")
        #expect(source.prompts.contains("[Bo · Edit #3] weight kg [100]: "), "\(source.prompts)")
    }

    @Test("a long name is cut to 16 characters in the prompts")
    func longName() {
        var script = FlowScript(kiosk: true, interactive: false)
        script.type("Maximiliana Oberhauser")
        script.send(.memberFound(User(id: 1, name: "Maximiliana Oberhauser")))
        script.turn.shownExercise = FlowScript.bench
        #expect(script.prompt == "[Maximiliana Obe…] exercise [Bench Press]: ")
    }

    // MARK: Defaults and records

    @Test("a back-dated set doesn't become the default: after :date -3 and bench 40, bench today offers today's 50")
    func backdatedNotDefault() throws {
        let fixture = try Fixture()
        let (ana, bench) = try fixture.seed(values: .kg(45, 5, 5))
        _ = try fixture.store.save(NewRecord(user: ana, exercise: bench, values: .kg(50, 5, 5), performedAt: Fixture.now.addingTimeInterval(-3_600)))
        let source = ScriptedLineSource(lines: ["Ana", ":date -3", "bench 40x5x5", ":date today", "bench"])
        fixture.run(source)
        #expect(source.prompts.contains("[Ana] weight kg [50]: "), "\(source.prompts)")
        #expect(!source.prompts.contains("[Ana] weight kg [40]: "), "\(source.prompts)")
    }

    @Test("a faster pace than ever over a longer distance is named on the PR line, as prs names it")
    func fasterPaceOverLonger() throws {
        let fixture = try Fixture()
        let ana = try fixture.store.createUser(named: "Ana")
        let row = try fixture.store.createExercise(named: "Rowing Machine", kind: .distance)
        let twoK = try #require(Distance.parse("2000m", unit: nil)).get()
        _ = try fixture.store.save(NewRecord(user: ana, exercise: row, values: .covered(twoK, in: SetDuration(seconds: 465)),
                                             performedAt: Fixture.now.addingTimeInterval(-86_400)))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "row 5000m 19:10"]))
        #expect(console.said.contains { $0.hasPrefix("New PR on Rowing Machine:") && $0.contains("fastest pace 3:50 /km over 5 000 m") }, "\(console.said)")
    }

    @Test(":undo of an exercise's only set leaves it as the default no more: the last exercise logged before is")
    func undoOnlySet() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", "Zottman Curl 12.5x10x3", "y", ":undo"])
        fixture.run(source)
        // Where :undo was typed, then the prompt after it.
        let undoneAt = try #require(source.prompts.firstIndex(of: "[Ana] exercise [Zottman Curl]: "), "\(source.prompts)")
        #expect(source.prompts.dropFirst(undoneAt + 1).first == "[Ana] exercise [Bench Press]: ", "\(source.prompts)")
    }
}
