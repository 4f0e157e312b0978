import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// `:edit` as a machine of its own: its keys in, its actions and the flow's
/// effects out, with no logbook.
@Suite("The edit mode")
struct EditModeTests {
    static let set = WorkoutRecord(id: 7, user: "Ana", exercise: "Bench Press", values: .kg(60, 8, 3), performedAt: FlowScript.now)
    static let hold = WorkoutRecord(id: 9, user: "Ana", exercise: "Plank", values: .timed(SetDuration(seconds: 90), series: 3), performedAt: FlowScript.now)

    /// Ana at the exercise prompt, set #7 (or `set`) found for `:edit`.
    static func editing(_ set: WorkoutRecord = set) -> FlowScript {
        var script = FlowScript.atExercise()
        script.send(.editTarget(set))
        return script
    }

    @Test("the edit opens with the set's summary and its keys, at the exercise prompt tagged with the set's number")
    func opens() {
        let script = Self.editing()
        #expect(script.said == ["Editing #7  Ana · Bench Press · 60 kg × 8 reps × 3 series. Enter keeps a value, < goes back, Ctrl-C leaves it as it was."])
        #expect(script.prompt == "[Ana · Edit #7] exercise [Bench Press]: ")
    }

    @Test("< goes back one prompt, and no further than the exercise")
    func back() {
        var edit = SetEdit(Self.set)
        #expect(edit.read(.line("")) == .ask && edit.step == .weight)
        #expect(edit.read(.line("")) == .ask && edit.step == .reps)
        #expect(edit.read(.line("<")) == .ask && edit.step == .weight)
        #expect(edit.read(.line("<")) == .ask && edit.step == .exercise)
        #expect(edit.read(.line("<")) == .ask && edit.step == .exercise)
    }

    @Test("a bad number is refused with its reason and the same prompt comes back, the value as it was")
    func badNumber() {
        var edit = SetEdit(Self.set)
        _ = edit.read(.line(""))
        guard case .refuse(let why) = edit.read(.line("abc")) else {
            Issue.record("not refused")
            return
        }
        #expect(why.contains("(e.g. "))
        #expect(edit.step == .weight && edit.draft.weight == 6000)
    }

    @Test("an exercise typed goes to the session to be checked; the edit waits at the exercise")
    func exerciseChecked() {
        var script = Self.editing()
        #expect(script.type("Back Squat") == [.checkEditedExercise("Back Squat")])
        #expect(script.prompt == "[Ana · Edit #7] exercise [Bench Press]: ")
        #expect(script.send(.editedExercise(Exercise(id: 3, name: "Back Squat", category: nil), typed: "Back Squat")).isEmpty)
        #expect(script.prompt == "[Ana · Edit #7] weight kg [60]: ")
    }

    @Test("an unknown exercise, or one of another kind, is refused and asked again")
    func exerciseRefused() {
        var script = Self.editing()
        script.type("Zottman Curl")
        let unknown = script.send(.editedExercise(nil, typed: "Zottman Curl"))
        #expect(unknown == [.warn("Zottman Curl is not a known exercise; log it once to add it, or Tab for names (e.g. Bench Press)")])
        let other = script.send(.editedExercise(FlowScript.plank, typed: "Plank"))
        #expect(other == [.warn("Plank is a time exercise and #7 a weight set; choose one of its kind (e.g. Bench Press)")])
        #expect(script.prompt == "[Ana · Edit #7] exercise [Bench Press]: ", "still at the exercise")
    }

    @Test("a problem checking the exercise is said and the edit stays at the exercise")
    func problemKeepsTheEdit() {
        var script = Self.editing()
        script.type("Back Squat")
        #expect(script.send(.problem("the database is busy")) == [.warn("the database is busy")])
        guard case .edit = script.turn.mode else {
            Issue.record("the edit ended")
            return
        }
    }

    @Test("a hold's edit asks its time and series, and the change carries the new time")
    func hold() {
        var script = Self.editing(Self.hold)
        script.type("")
        #expect(script.prompt == "[Ana · Edit #9] time [1:30]: ")
        script.type("+")
        script.type("")
        guard case .commitEdit(let target, let exercise, let values)? = script.effects.last else {
            Issue.record("no change asked for: \(script.effects)")
            return
        }
        #expect(target.id == 9 && exercise == "Plank" && values.duration?.seconds == 95 && values.series == 3)
        #expect(script.turn.mode.read == .entry)
    }

    @Test(":help in an edit says its keys; any other command waits until the edit is done")
    func commandsWait() {
        var script = Self.editing()
        #expect(script.type(":h") == [.say("Editing #7: Enter keeps a value, + - and numbers change it, < goes back, Ctrl-C leaves it as it was.")])
        #expect(script.type(":undo") == [.warn(":undo waits until the edit is done: Enter keeps each value, Ctrl-C leaves #7 as it was.")])
        #expect(script.prompt == "[Ana · Edit #7] exercise [Bench Press]: ")
    }

    @Test("Ctrl-C and Ctrl-D leave the set as it was", arguments: [LineEvent.interrupted, .endOfInput])
    func leave(key: LineEvent) {
        var script = Self.editing()
        #expect(script.press(key) == [.warn("Not edited; #7 is as it was.")])
        #expect(script.turn.mode.read == .entry && script.turn.user == FlowScript.ana, "the member's turn goes on")
    }

    @Test("the set changed is said, replaces the turn's copy, and the entry's defaults are read again")
    func edited() {
        var script = FlowScript.atExercise()
        script.turn.exercise = FlowScript.bench
        script.turn.saved = [Self.set]
        var after = Self.set
        after.values = .kg(62.5, 8, 3)
        let effects = script.send(.edited(Self.set, after))
        #expect(effects.first.map { if case .say(let line) = $0 { line.contains("#7") } else { false } } == true, "\(effects)")
        #expect(effects.last == .loadDefaults(then: nil), "what the turn knew is read again")
        #expect(script.turn.saved == [after] && script.turn.knownValues.isEmpty)
    }
}
