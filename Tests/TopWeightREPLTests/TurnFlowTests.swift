import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// A member's turn beginning and ending, decided by the flow alone: who
/// takes the terminal, what goes with them, and the keys and signals that
/// end a turn or the session, with no logbook.
@Suite("A member's turn")
struct TurnFlowTests {
    static let workout = TodayWorkout(program: "5/3/1", week: 1, day: 1, dayName: "Squat", deload: false, exercises: [], missingMaxes: ["Back Squat"])

    @Test("a name typed is looked up; the member found takes the terminal and what today is on their program is asked for")
    func arrives() {
        var script = FlowScript()
        #expect(script.type(" Ana ") == [.fetch(.member(named: "Ana"))])
        #expect(script.send(.memberFound(FlowScript.ana)) == [.fetch(.headline(FlowScript.ana))])
        #expect(script.turn.user == FlowScript.ana && script.turn.step == .exercise)
    }

    @Test("the rack's line: today's workout and what starts it; nothing for a member on none")
    func headline() {
        var script = FlowScript.atExercise()
        let said = script.send(.fetched(.headline(Self.workout, of: FlowScript.ana)))
        #expect(said.count == 1 && script.said.first?.hasSuffix(" — :today says what it needs") == true, "\(said)")
    }

    @Test("another member ends the turn before theirs begins: everything of the first goes, the line editor's history too")
    func another() {
        var script = FlowScript.atWeight()
        script.turn.day = LocalDay(FlowScript.now, in: script.context.grouping.calendar).adding(days: -1)
        script.type(":unit lb")
        let effects = script.send(.memberFound(FlowScript.bo))
        #expect(effects == [.forget, .fetch(.headline(FlowScript.bo))])
        #expect(script.turn.user == FlowScript.bo && script.turn.unit == .kg && script.turn.day == nil && script.turn.exercise == nil)
    }

    @Test("the same member again keeps the turn and is not told today again")
    func same() {
        var script = FlowScript.atWeight()
        #expect(script.send(.memberFound(FlowScript.ana)).isEmpty)
        #expect(script.turn.exercise == FlowScript.bench)
    }

    @Test("at a kiosk, what was typed at the empty user prompt is forgotten as a member arrives, and another member clears the screen")
    func kiosk() {
        var script = FlowScript(kiosk: true)
        #expect(script.send(.memberFound(FlowScript.ana)) == [.forget, .fetch(.headline(FlowScript.ana))])
        #expect(script.send(.memberFound(FlowScript.bo)) == [.forget, .clearScreen, .fetch(.headline(FlowScript.bo))])
    }

    @Test("Enter at the user prompt takes the member shown; a kiosk shows none and says how to start")
    func enterAtUser() {
        var script = FlowScript()
        script.turn.shownUser = FlowScript.ana
        #expect(script.type("") == [.fetch(.headline(FlowScript.ana))])
        var kiosk = FlowScript(kiosk: true)
        #expect(kiosk.type("") == [.warn("type your name to start; Tab completes known names (e.g. Ana)")])
    }

    @Test("Ctrl-D, < at the exercise prompt and :user end the turn with a goodbye", arguments: ["\u{4}", "<", ":user"])
    func ends(typed: String) {
        var script = FlowScript.atExercise()
        let effects = typed == "\u{4}" ? script.press(.endOfInput) : script.type(typed)
        #expect(effects == [.warn("Bye, Ana."), .forget])
        #expect(script.turn.user == nil && script.turn.step == .user)
    }

    @Test("end of input: a pipe ends the session; at a terminal's empty user prompt the session ends, a kiosk stays open")
    func endOfInput() {
        var pipe = FlowScript.atWeight(interactive: false)
        #expect(pipe.press(.endOfInput) == [.end(.endOfInput)])
        var terminal = FlowScript()
        #expect(terminal.press(.endOfInput) == [.end(.endOfInput)])
        var kiosk = FlowScript(kiosk: true)
        #expect(kiosk.press(.endOfInput) == [.warn("This is a shared terminal: it stays open. Type your name to log a set.")])
    }

    @Test("Ctrl-C cancels the entry and offers the exercise's numbers again; at the user prompt it does nothing")
    func interrupt() {
        var script = FlowScript.atWeight()
        script.type("+")
        #expect(script.press(.interrupted) == [.warn("Cancelled; nothing saved.")])
        #expect(script.turn.step == .exercise && script.turn.draft.weight == 6000 && !script.saves)
        var nobody = FlowScript()
        #expect(nobody.press(.interrupted).isEmpty)
    }

    @Test("the idle timeout at any prompt, question or mode ends the turn and says so; a signal ends the session", arguments: [
        "", ":note", ":calendar", "70",
    ])
    func idle(typed: String) {
        var script = FlowScript.atWeight()
        script.type("")
        script.type("")
        if typed == "70" { script.type("70") } else if !typed.isEmpty { script.send(.member(FlowScript.ana, for: typed == ":note" ? .note : .calendar, "")) }
        var ended = script
        #expect(script.press(.timedOut) == [.forget, .warn("Idle for a while: back to the start. Type your name to log a set.")])
        #expect(script.turn.user == nil && script.turn.question == nil && script.turn.mode.read == .entry)
        #expect(ended.press(.terminated) == [.end(.terminated)])
    }

    @Test("a set typed where a name goes is refused as a set, never offered as a new member", arguments: ["bench 60x5x5", "60x5x5", "bench 60 8 3", "plank 1:30x3"])
    func setAsName(typed: String) {
        var script = FlowScript()
        let effects = script.type(typed)
        #expect(effects == [.warn("\(typed) is a set, not a name: your name first, then the set at the exercise prompt (e.g. Ana)")])
    }

    @Test("bad names are refused before any lookup", arguments: ["\u{1B}[31mred", "tab\there", "bell\u{07}", String(repeating: "x", count: 65)])
    func badNames(name: String) {
        var script = FlowScript()
        let effects = script.type(name)
        #expect(effects.count == 1 && !script.warned.isEmpty, "\(effects)")
    }
}
