import Foundation
import Testing
import TopWeightCore
import TopWeightText
@testable import TopWeightREPL

/// The rest after a set, decided by the flow alone with an injected clock:
/// where its length comes from, the countdown's redraws as the clock moves,
/// the bell at zero, and a group's member whose turn it is; no sleeping.
@Suite("The rest timer in the prompt")
struct RestTimerFlowTests {
    static let bench = FlowScript.bench

    /// Ana at the exercise prompt of a terminal that redraws its prompt.
    static func terminal(style: TextStyle = .plain) -> FlowScript {
        var script = FlowScript.atExercise()
        script.context.countsRest = true
        script.context.style = style
        return script
    }

    /// The clock moved on `seconds` from the save.
    static func later(_ script: inout FlowScript, _ seconds: Double) {
        script.context.now = FlowScript.now.addingTimeInterval(seconds)
    }

    @Test("after a save the standard rest of a weight set, two minutes, counts down in the prompt, redrawn only when its seconds change")
    func countsDown() {
        var script = Self.terminal()
        script.enter("bench 60x8x3", as: Self.bench)
        #expect(script.prompt == "rest 2:00 [Ana] exercise [Bench Press]: ")
        Self.later(&script, 15)
        #expect(script.send(.tick) == [.redraw("rest 1:45 [Ana] exercise [Bench Press]: ")])
        Self.later(&script, 15.4)
        #expect(script.send(.tick).isEmpty, "the same second: nothing to redraw")
        Self.later(&script, 16)
        #expect(script.send(.tick) == [.redraw("rest 1:44 [Ana] exercise [Bench Press]: ")])
    }

    @Test("at zero the countdown leaves the prompt with the bell; under NO_COLOR only the plain countdown, no bell")
    func bellAtZero() {
        var colour = Self.terminal(style: .color)
        colour.enter("bench 60x8x3", as: Self.bench)
        Self.later(&colour, 120)
        #expect(colour.send(.tick) == [.redraw("[Ana] exercise [Bench Press]: "), .bell])
        #expect(colour.send(.tick).isEmpty && colour.turn.rest == nil)
        var plain = Self.terminal()
        plain.enter("bench 60x8x3", as: Self.bench)
        Self.later(&plain, 121)
        #expect(plain.send(.tick) == [.redraw("[Ana] exercise [Bench Press]: ")])
    }

    @Test("a pipe or a script shows no rest and never ticks")
    func piped() {
        var script = FlowScript.atExercise(interactive: false)
        script.enter("bench 60x8x3", as: Self.bench)
        #expect(script.prompt == "[Ana] exercise [Bench Press]: " && script.turn.rest == nil)
        Self.later(&script, 10)
        #expect(script.send(.tick).isEmpty)
    }

    @Test("the plan's step says the rest first, then the member's own for the lift, then the standard one of its kind")
    func whereItComesFrom() {
        var planned = Self.terminal()
        planned.turn.restTimes = [Self.bench.id: 150]
        planned.turn.plan = Plan(title: "Upper", summary: "Upper", routine: "Upper",
                                 steps: [PlannedSet(exercise: "Bench Press", values: .kg(60, 8, 1), rest: 90),
                                         PlannedSet(exercise: "Bench Press", values: .kg(60, 8, 1), rest: 90)])
        planned.send(.plannedExercise(Self.bench))
        planned.type("")
        planned.type("")
        planned.type("")
        planned.answerSave()
        #expect(planned.turn.rest?.left(at: FlowScript.now) == 90)
        var own = Self.terminal()
        own.turn.restTimes = [Self.bench.id: 150]
        own.enter("bench 60x8x3", as: Self.bench)
        #expect(own.prompt == "rest 2:30 [Ana] exercise [Bench Press]: ")
        var off = Self.terminal()
        off.turn.restTimes = [Self.bench.id: 0]
        off.enter("bench 60x8x3", as: Self.bench)
        #expect(off.prompt == "[Ana] exercise [Bench Press]: " && off.turn.rest == nil)
        var hold = Self.terminal()
        hold.enter("plank 1:30x3", as: FlowScript.plank)
        #expect(hold.turn.rest?.left(at: FlowScript.now) == 60)
    }

    @Test(":rest 2:30 keeps the member's rest for the lift at hand; :rest says it; a word that is no rest is refused")
    func restCommand() {
        var script = Self.terminal()
        #expect(script.type(":rest 2:30") == [.findMember(.rest, "2:30")])
        #expect(script.send(.member(FlowScript.ana, for: .rest, "2:30")) == [.fetch(.keepRest(FlowScript.ana, Self.bench, 150))])
        script.send(.fetched(.restKept(FlowScript.ana, Self.bench, 150)))
        #expect(script.said.last == "Rest after Bench Press: 2:30, your own (:rest default goes back to 2:00).")
        script.enter("bench 60x8x3", as: Self.bench)
        #expect(script.prompt == "rest 2:30 [Ana] exercise [Bench Press]: ")
        #expect(script.send(.member(FlowScript.ana, for: .rest, "")) == [.fetch(.restTimes(FlowScript.ana))])
        script.send(.fetched(.restTimes(FlowScript.ana, [:])))
        #expect(script.said.last == "Rest after Bench Press: 2:00 (the default for weight sets; :rest 2:30 keeps your own, :rest off none).")
        #expect(script.send(.member(FlowScript.ana, for: .rest, "forever")) == [.warn("a rest is seconds or minutes up to an hour, or off (e.g. :rest 2:30 or :rest 90 or :rest off)")])
        #expect(script.send(.member(FlowScript.ana, for: .rest, "off")) == [.fetch(.keepRest(FlowScript.ana, Self.bench, 0))])
    }

    @Test("in a group the prompt shows the rest of the member whose turn it is, counted from their own last set")
    func group() {
        var script = FlowScript()
        script.context.countsRest = true
        script.type("Ana+Bo")
        script.send(.memberFound(FlowScript.ana))
        script.send(.memberFound(FlowScript.bo))
        script.enter("bench 60x8x3", as: Self.bench)
        #expect(script.turn.user == FlowScript.bo && script.prompt == "[Bo] exercise: ", "Bo has lifted nothing: no rest of his")
        Self.later(&script, 30)
        #expect(script.send(.tick).isEmpty)
        script.type("bench 50x8x3")
        script.send(.resolved(Self.bench, entry: SetLine.split("bench 50x8x3"), typed: nil, last: nil))
        script.answerSave()
        #expect(script.turn.user == FlowScript.ana)
        #expect(script.prompt == "rest 1:30 [Ana] exercise: ")
    }

    @Test("no tick at a question or in a mode: the countdown waits for the prompt")
    func notAtQuestions() {
        var script = Self.terminal()
        script.enter("bench 60x8x3", as: Self.bench)
        script.turn.question = .newMember("Zed")
        Self.later(&script, 10)
        #expect(script.send(.tick).isEmpty)
    }

    @Test(":undo of the set that started the rest ends the countdown; an older set's :undo leaves a later set's rest running")
    func undoEndsTheRest() throws {
        var script = Self.terminal()
        script.enter("bench 60x8x3", as: Self.bench)
        let first = try #require(script.stored.last)
        script.enter("bench 62.5x8x3", as: Self.bench)
        let second = try #require(script.stored.last)
        Self.later(&script, 10)
        #expect(script.type(":undo") == [.undo(second)])
        script.send(.undone(second, removed: true))
        #expect(script.turn.rest == nil, "the countdown of a set that is gone")
        #expect(script.prompt == "[Ana] exercise [Bench Press]: ")
        #expect(script.send(.tick).isEmpty)
        // A rest started by a later set is not the undone set's.
        script.enter("bench 65x8x3", as: Self.bench)
        #expect(script.turn.rest != nil)
        script.send(.undone(first, removed: false))
        #expect(script.turn.rest != nil, "the rest after 65 kg keeps counting")
    }
}
