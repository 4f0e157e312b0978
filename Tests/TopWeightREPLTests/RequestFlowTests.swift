import Foundation
import Testing
@testable import TopWeightCore
import TopWeightText
@testable import TopWeightREPL

/// What the flow asks the session for, and what it makes of the answers and
/// the errors that come back: saves, `:undo`, `:history` at a kiosk, `:today`,
/// and the commands decided without a request at all. No logbook.
@Suite("Requests and their answers")
struct RequestFlowTests {
    static let record = WorkoutRecord(id: 4, user: "Ana", exercise: "Bench Press", values: .kg(62.5, 8, 3), performedAt: FlowScript.now)

    @Test("a save that fails keeps the numbers at the last prompt, says why, and Enter sends the same record again")
    func saveFailed() {
        var script = FlowScript.atWeight()
        #expect(script.type("62.5x8x3") == [.save])
        let pending = NewRecord(user: FlowScript.ana, exercise: FlowScript.bench, values: .kg(62.5, 8, 3), performedAt: FlowScript.now)
        #expect(script.send(.saveFailed(pending, "the server is away")) == [.warn("the server is away")])
        #expect(script.turn.step == .series && script.turn.pending == pending)
        #expect(script.type("") == [.save])
    }

    @Test("a save the server never answered says the server is away in the flow's own words, and Enter sends it again")
    func saveFailedAway() {
        var script = FlowScript.atWeight()
        script.type("62.5x8x3")
        let pending = NewRecord(user: FlowScript.ana, exercise: FlowScript.bench, values: .kg(62.5, 8, 3), performedAt: FlowScript.now)
        #expect(script.send(.saveFailed(pending, nil)) == [.warn(Lines.unreachable)])
        #expect(script.type("") == [.save])
    }

    @Test("a new exercise that could not be made: back to the exercise while the server is away, else Enter at the last number retries")
    func exerciseNotMade() {
        var script = FlowScript.atWeight()
        script.type("62.5x8x3")
        #expect(script.send(.exerciseNotMade("the server is away", away: true)) == [.warn("the server is away")])
        #expect(script.turn.step == .exercise)
        script = FlowScript.atWeight()
        script.type("62.5x8x3")
        #expect(script.send(.exerciseNotMade("disk full", away: false)) == [.warn("disk full")])
        #expect(script.turn.step == .series)
    }

    @Test("a lift with no row named while the server is away is refused in the flow's words, before its numbers")
    func newExerciseWhileAway() {
        var script = FlowScript.atExercise()
        #expect(script.send(.newExerciseWhileAway("server at db:5432 does not answer")) == [.warn(Lines.newNameWhileAway("server at db:5432 does not answer"))])
        #expect(script.turn.step == .exercise)
    }

    @Test("a set saved is said with its records and the nudge; the numbers are known for the next entry, and :undo may take it")
    func saved() {
        var script = FlowScript.atWeight()
        script.type("62.5x8x3")
        let nudge = WeightNudge.Suggestion(stuckAt: Weight(hundredths: 6250, unit: .kg), weeks: 3, next: Weight(hundredths: 6500, unit: .kg))
        let effects = script.send(.saved(Self.record, records: [], at: FlowScript.now, nudge: nudge))
        #expect(effects.count == 2 && script.said.first?.hasPrefix("Saved #4  Ana · Bench Press · 62.5 kg × 8 reps × 3 series") == true, "\(effects)")
        #expect(script.turn.step == .exercise && script.turn.saved == [Self.record] && script.turn.knownValues[1] == .kg(62.5, 8, 3))
        #expect(script.type(":undo") == [.undo(Self.record)])
    }

    @Test(":undo with nothing saved in the turn says so; the set removed is said, or that it was removed already")
    func undo() {
        var script = FlowScript.atExercise()
        #expect(script.type(":undo") == [.warn("Nothing to undo: only your own sets saved here since you chose your name can be removed.")])
        script.turn.saved = [Self.record]
        script.type(":undo")
        #expect(script.send(.undone(Self.record, removed: true)).first == .say("Removed #4  Ana · Bench Press · 62.5 kg × 8 reps × 3 series"))
        #expect(script.turn.saved.isEmpty)
        #expect(script.send(.undone(Self.record, removed: false)).first == .warn("#4 was already removed."))
    }

    @Test(":undo in the middle of an entry keeps the numbers typed so far: the set still saves with them")
    func undoMidEntry() {
        var script = FlowScript.atWeight()
        script.type("62.5")
        script.type("10")
        #expect(script.turn.step == .series)
        script.turn.saved = [Self.record]
        #expect(script.type(":undo") == [.undo(Self.record)])
        // Answered as the session would when the set undone was the member's only one of it.
        if script.send(.undone(Self.record, removed: true)).contains(.loadDefaults(then: nil)) {
            script.send(.lastValues(nil, then: nil))
        }
        #expect(script.turn.step == .series)
        #expect(script.type("3") == [.save])
        #expect(script.turn.draft.values == .kg(62.5, 10, 3))
    }

    @Test("at a kiosk :history all leaves out the private members but the one at the terminal; another's history asks whether they are private")
    func kioskHistory() {
        var script = FlowScript.atExercise(kiosk: true)
        #expect(script.type(":history all") == [.fetch(.whoseHistory("all", limit: nil))])
        #expect(script.send(.historyOf(nil, limit: nil)) == [.fetch(.privateMembers(except: 1, limit: nil))])
        #expect(script.send(.historyOf(nil, limit: nil, hiding: ["bo"])) == [.fetch(.history(nil, limit: 20, hiding: ["bo"]))])
        #expect(script.send(.historyOf(FlowScript.bo, limit: 5)) == [.fetch(.privateHistory(FlowScript.bo, limit: 5))])
        #expect(script.send(.historyKeptPrivate(FlowScript.bo)) == [.warn("Bo keeps their sets private.")])
        #expect(script.send(.historyOf(FlowScript.ana, limit: 5)) == [.fetch(.history(FlowScript.ana, limit: 5, hiding: []))], "one's own: no question")
        var personal = FlowScript.atExercise()
        #expect(personal.send(.historyOf(FlowScript.bo, limit: nil)) == [.fetch(.history(FlowScript.bo, limit: 20, hiding: []))])
    }

    @Test(":history N is checked before any read", arguments: [":history all 0", ":history all -5", ":history 9999999"])
    func historyCount(line: String) {
        var script = FlowScript.atExercise()
        #expect(script.type(line) == [.warn("the number of records must be a whole number from 1 to 10000 (e.g. :history all 50)")])
    }

    @Test(":today for a member on no program says how to get one; a program's day is shown with what walks it")
    func today() {
        var script = FlowScript.atExercise()
        #expect(script.send(.member(FlowScript.ana, for: .today, "")) == [.fetch(.today(FlowScript.ana))])
        #expect(script.send(.fetched(.today(nil, of: FlowScript.ana)))
            == [.say("Ana is on no program; a coach puts you on one with 'topweight programs assign NAME --user Ana'.")])
        let lift = TodayWorkout.Exercise(exercise: "Back Squat", sets: [TodayWorkout.PlannedSet(weight: Weight(hundredths: 10_000, unit: .kg), reps: 5, amrap: false, permille: 700, warmup: false)])
        let workout = TodayWorkout(program: "5/3/1", week: 1, day: 1, dayName: nil, deload: false, exercises: [lift], missingMaxes: [])
        let effects = script.send(.fetched(.today(workout, of: FlowScript.ana)))
        #expect(effects.count == 2 && effects.last == .say(":go walks it: Enter takes each load."))
    }

    @Test("commands about one's own training need a member: the one at the terminal, else the session's guess, else a refusal")
    func needsMember() {
        var script = FlowScript()
        #expect(script.type(":stats") == [.findMember(.stats, "")])
        #expect(script.send(.member(nil, for: .stats, "")) == [.warn("Type your name first: :stats is about your own training.")])
        #expect(script.send(.member(FlowScript.ana, for: .stats, "")) == [.fetch(.stats(FlowScript.ana))])
    }

    @Test(":date moves the turn's saves to a past day, refuses the future, and today ends it")
    func date() {
        var script = FlowScript.atExercise()
        #expect(script.type(":date yesterday") == [.say("Saving to Yesterday until :date today or your turn ends.")])
        #expect(script.prompt.hasPrefix("[Ana · Yesterday] exercise"))
        #expect(script.type(":date 2026-11-22") == [.warn("2026-11-22 is in the future; sets are logged on the day they happen (e.g. :date yesterday, :date 2026-11-19 or :date -2)")])
        #expect(script.type(":date -3651") == [.warn("a past day is at most 3650 days back (e.g. :date yesterday, :date 2026-11-19 or :date -2)")])
        #expect(script.type(":date today") == [.say("Saving to today.")])
        #expect(script.turn.day == nil)
    }

    @Test(":unit lb takes the weight prompt's default again in pounds and says so; nonsense is refused")
    func unit() {
        var script = FlowScript.atWeight()
        let effects = script.type(":unit lb")
        #expect(effects == [.say("Weights in lb until your turn ends.")])
        #expect(script.turn.unit == .lb && script.turn.unitChosen)
        #expect(script.prompt == "[Ana] weight lb [130]: ", "60 kg offered in pounds")
        #expect(script.type(":unit stone") == [.warn("the unit must be kg or lb (e.g. :unit lb)")])
    }

    @Test("a start shared by several commands names them and runs none; an unknown one says so")
    func ambiguous() {
        var script = FlowScript.atExercise()
        #expect(script.type(":s") == [.warn(":s could be :start, :stats or :search; type more of it")])
        #expect(script.type(":st") == [.warn(":st could be :start or :stats; type more of it")])
        #expect(script.type(":sta") == [.warn(":sta could be :start or :stats; type more of it")])
        #expect(script.type(":stat") == [.findMember(.stats, "")], "a unique start runs its command")
        #expect(script.type(":frobnicate") == [.warn("Unknown command :frobnicate; :help lists them (e.g. :history)")])
    }

    @Test(":plates takes the weight at hand, or the one typed; nonsense is refused before any read")
    func plates() {
        var script = FlowScript.atWeight()
        #expect(script.type(":plates") == [.fetch(.plates(Weight(hundredths: 6000, unit: .kg), bar: nil))])
        #expect(script.type(":plates 225lb 45lb") == [.fetch(.plates(Weight(hundredths: 22_500, unit: .lb), bar: Weight(hundredths: 4500, unit: .lb)))])
        #expect(script.type(":plates 1 2 3").first.map { if case .warn = $0 { true } else { false } } == true)
    }
}
