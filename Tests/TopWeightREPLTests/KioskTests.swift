import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
@testable import TopWeightREPL
import TopWeightStore

/// A shared terminal: nobody logs under the previous member's name, nobody leaves without the admin.
@Suite("Kiosk mode")
struct KioskTests {
    @Test("the user prompt never offers the previous member")
    func noDefaultMember() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 8, 3))
        let source = ScriptedLineSource(lines: ["", "Ana", "", "", "", ""])
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(source.prompts[0] == "user: ")
        #expect(source.prompts[1] == "user: ", "Enter alone does not pick anybody")
        #expect(console.warned.first?.hasPrefix("type your name") == true)
        #expect(try fixture.records().count == 2)
    }

    @Test("after the idle timeout the session is back at an empty user prompt")
    func idleTimeout() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 8, 3))
        let source = ScriptedLineSource([.line("Ana"), .line(""), .timedOut, .line("")])
        let (console, _) = fixture.run(source, kiosk: true) { $0.idleTimeout = 120 }
        #expect(source.idleTimeout == 120)
        #expect(source.prompts.prefix(5) == ["user: ", "[Ana] exercise [Bench Press]: ", "[Ana] weight kg [60]: ", "user: ", "user: "])
        #expect(console.warned.contains { $0.hasPrefix("Idle for a while") })
        #expect(source.historyClears >= 1, "the next member's up-arrow starts empty")
        #expect(try fixture.records().count == 1, "the half-typed entry was dropped")
    }

    @Test("Ctrl-D at the user prompt does not leave a kiosk")
    func endOfInputStays() {
        var script = FlowScript(kiosk: true)
        var prompts = [script.prompt]
        // Two Ctrl-Ds, :users, then two more: all stay.
        for event in [LineEvent.endOfInput, .endOfInput, .line(":users"), .endOfInput, .endOfInput] {
            script.press(event)
            prompts.append(script.prompt)
        }
        #expect(script.warned.filter { $0.contains("stays open") }.count == 4)
        #expect(prompts.count == 6 && prompts.allSatisfy { $0 == "user: " }, "\(prompts)")
        #expect(!script.effects.contains { if case .end = $0 { true } else { false } })
        #expect(script.press(.terminated) == [.end(.terminated)], "only the terminal going away ends it")
    }

    @Test(":quit needs the admin PIN", arguments: [
        (nil, [":quit"], false),
        ("2468", [":quit", "1111"], false),
        ("2468", [":quit", "2468"], true),
    ] as [(String?, [String], Bool)])
    func quitNeedsPin(pin: String?, lines: [String], leaves: Bool) throws {
        let fixture = try Fixture()
        try fixture.store.setAdminPin(pin)
        let source = ScriptedLineSource(lines: lines + [":users"])
        let (_, ending) = fixture.run(source, kiosk: true)
        #expect((ending == .quit) == leaves)
        #expect(source.remaining == (leaves ? 1 : 0))
    }

    @Test("a kiosk never shows members the admin's command line")
    func noAdminHint() {
        var script = FlowScript(kiosk: true)
        script.type(":quit")
        script.send(.adminPinSet(false, for: .quit))
        script.type(":help")
        #expect(script.warned.contains { $0.hasPrefix("This is a shared terminal") })
        #expect(!(script.said + script.warned).contains { $0.contains("topweight admin") || $0.contains("set-pin") }, "\(script.effects)")
    }

    @Test("a wrong PIN at :quit is told in one well-formed sentence, the wait included")
    func wrongPinWording() throws {
        let fixture = try Fixture()
        try fixture.store.setAdminPin("2468")
        let source = ScriptedLineSource(lines: (1...5).flatMap { _ in [":quit", "1111"] })
        let (console, _) = fixture.run(source, kiosk: true)
        let refusals = console.warned.filter { $0.hasPrefix("Wrong PIN") }
        #expect(refusals.count == 5)
        #expect(refusals.first == "Wrong PIN. This terminal stays open; Ctrl-D ends your turn.")
        #expect(refusals.last == "Wrong PIN. Too many wrong PINs: try again in 30 s. This terminal stays open; Ctrl-D ends your turn.")
    }

    @Test(":undo in a kiosk removes only the current member's own sets")
    func undoOwnOnly() {
        var script = FlowScript.atExercise(kiosk: true)
        for _ in 0..<4 { script.type("") }
        script.answerSave()
        #expect(script.stored.count == 1)
        script.type(":user Bo")
        script.send(.memberFound(FlowScript.bo))
        #expect(script.turn.user == FlowScript.bo)
        script.type(":undo")
        #expect(script.warned.contains { $0.hasPrefix("Nothing to undo") }, "\(script.warned)")
        #expect(!script.effects.contains { if case .undo = $0 { true } else { false } }, "Ana's set stays")
    }

    @Test("line-editing history is cleared whenever the member changes")
    func historyPerMember() {
        var script = FlowScript(kiosk: true)
        script.type("Ana")
        script.send(.memberFound(FlowScript.ana))
        script.press(.endOfInput)
        script.type("Bo")
        script.send(.memberFound(FlowScript.bo))
        #expect(script.effects.filter { $0 == .forget }.count >= 2)
    }

    @Test(":history without a name shows the member's own sets, in a kiosk too")
    func historyIsYours() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", exercise: "Bench Press", values: .kg(60, 8, 3))
        try fixture.seed(user: "Bob", exercise: "Deadlift", values: .kg(140, 3, 1))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":history"]), kiosk: true)
        #expect(console.said.contains { $0.contains("Bench Press") })
        #expect(!console.said.contains { $0.contains("Deadlift") }, "\(console.said)")
    }
}

