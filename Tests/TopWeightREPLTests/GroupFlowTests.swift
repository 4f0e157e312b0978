import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// A group at one rack, decided by the flow alone: the names looked up one
/// by one, each member's turn started as a member alone's is, the turn
/// passed on after each save with the next member's own numbers, `:leave`,
/// `:group +NAME`, and what ends it, with no logbook.
@Suite("A group at one rack")
struct GroupFlowTests {
    static let ana = FlowScript.ana
    static let bo = FlowScript.bo
    static let cy = User(id: 3, name: "Cy")
    static let dee = User(id: 4, name: "Dee")
    static let bench = FlowScript.bench
    static let squat = Exercise(id: 5, name: "Back Squat", category: "barbell")

    /// Ana, Bo and Cy made a group at the empty user prompt; Ana at the keys.
    static func group(kiosk: Bool = false) -> FlowScript {
        var script = FlowScript(kiosk: kiosk)
        script.type(":group Ana Bo Cy")
        for member in [ana, bo, cy] { script.send(.memberFound(member)) }
        return script
    }

    /// Who takes turns, the member at the keys first.
    static func order(_ script: FlowScript) -> [String] {
        ([script.turn.user] + script.turn.group.waiting.map(\.user)).compactMap { $0?.name }
    }

    @Test(":group looks each name up in turn; every member found starts as a member alone does, and the first named has the keys")
    func forms() {
        var script = FlowScript()
        #expect(script.type(":group Ana Bo Cy") == [.fetch(.member(named: "Ana"))])
        #expect(script.send(.memberFound(Self.ana)) == [.fetch(.headline(Self.ana)), .fetch(.member(named: "Bo"))])
        #expect(script.send(.memberFound(Self.bo)) == [.fetch(.headline(Self.bo)), .fetch(.member(named: "Cy"))])
        let last = script.send(.memberFound(Self.cy))
        #expect(last.first == .fetch(.headline(Self.cy)) && script.said.last?.hasPrefix("Group: Ana (now), Bo, Cy; the turn passes on") == true, "\(last)")
        #expect(Self.order(script) == ["Ana", "Bo", "Cy"] && script.prompt == "[Ana] exercise: ")
        #expect(script.turn.group.waiting.allSatisfy { $0.step == .exercise && $0.group.waiting.isEmpty })
    }

    @Test("names joined by + at the user prompt make a group; a single name stays a member's own turn")
    func plusAtUserPrompt() {
        var script = FlowScript()
        #expect(script.type("Ana+Bo") == [.fetch(.member(named: "Ana"))])
        script.send(.memberFound(Self.ana))
        script.send(.memberFound(Self.bo))
        #expect(Self.order(script) == ["Ana", "Bo"])
        var alone = FlowScript()
        #expect(alone.type("Ana") == [.fetch(.member(named: "Ana"))])
        alone.send(.memberFound(Self.ana))
        #expect(!alone.turn.group.isActive)
    }

    @Test("after each save the turn passes to the next member, whose prompt names them and offers their own numbers")
    func passes() {
        var script = Self.group()
        script.enter("bench 60x8x3", as: Self.bench)
        #expect(script.turn.user == Self.bo && script.prompt == "[Bo] exercise: ")
        script.choose(Self.squat, last: .kg(100, 5, 5))
        #expect(script.prompt == "[Bo] weight kg [100]: ")
        script.type("")
        script.type("")
        script.type("")
        script.answerSave()
        #expect(script.turn.user == Self.cy)
        script.enter("bench 40x10x3", as: Self.bench)
        // Ana again: her exercise and her numbers, not Cy's.
        #expect(script.turn.user == Self.ana)
        script.turn.shownExercise = script.turn.exercise
        #expect(script.prompt == "[Ana] exercise [Bench Press]: ")
        #expect(script.type("").isEmpty && script.prompt == "[Ana] weight kg [60]: ")
        #expect(script.stored.map(\.user) == ["Ana", "Bo", "Cy"])
        #expect(script.stored.map { $0.values.weight.description } == ["60 kg", "100 kg", "40 kg"])
    }

    @Test(":undo removes only the set of the member at the keys")
    func undoIsOwn() {
        var script = Self.group()
        script.enter("bench 60x8x3", as: Self.bench)
        #expect(script.type(":undo") == [.warn("Nothing to undo: only your own sets saved here since you chose your name can be removed.")])
        script.enter("bench 50x8x3", as: Self.bench)
        script.enter("bench 40x8x3", as: Self.bench)
        #expect(script.turn.user == Self.ana)
        #expect(script.type(":undo") == [.undo(script.stored[0])])
    }

    @Test(":leave takes the member at the keys out, the next one goes on; the last one left trains alone")
    func leaves() {
        var script = Self.group()
        let effects = script.type(":leave")
        #expect(effects == [.warn("Bye, Ana."), .forget] && Self.order(script) == ["Bo", "Cy"])
        #expect(script.press(.endOfInput) == [.warn("Bye, Bo."), .forget, .say("Cy goes on alone.")])
        #expect(script.turn.user == Self.cy && !script.turn.group.isActive)
        #expect(script.type(":leave") == [.warn("You are in no group: :group Ana Bo Cy starts one; Ctrl-D ends your turn.")])
    }

    @Test(":group +Dee adds a member after the others; the member at the keys keeps the turn and what they typed")
    func adds() {
        var script = Self.group()
        script.enter("bench 60x8x3", as: Self.bench)
        script.type("Bench Press")
        script.send(.resolved(Self.bench, entry: nil, typed: "Bench Press", last: .kg(80, 5, 5)))
        script.type("82.5")
        #expect(script.type(":group +Dee") == [.fetch(.member(named: "Dee"))])
        script.send(.memberFound(Self.dee))
        #expect(Self.order(script) == ["Bo", "Cy", "Ana", "Dee"])
        #expect(script.prompt == "[Bo] reps [5]: " && script.turn.draft.values?.weight.description == "82.5 kg")
        #expect(script.type(":group").isEmpty == false && script.said.last?.hasPrefix("Group: Bo (now), Cy, Ana, Dee;") == true)
    }

    @Test("a member named again is said to be in the group; a group of one is refused and the member trains alone")
    func twice() {
        var script = Self.group()
        script.type(":group Bo")
        #expect(script.send(.memberFound(Self.bo)).first == .say("Bo is in the group already."))
        var one = FlowScript()
        one.type(":group Ana")
        let effects = one.send(.memberFound(Self.ana))
        #expect(effects.last == .warn("a group takes two members or more (e.g. :group Ana Bo)") && one.turn.user == Self.ana)
    }

    @Test(":group +Ana typed by Ana at the keys says so, as for any member named again; alone, she is told to name the others")
    func selfAgain() {
        var script = Self.group()
        #expect(script.type(":group +Ana") == [.say("Ana is in the group already.")])
        #expect(Self.order(script) == ["Ana", "Bo", "Cy"])
        var alone = FlowScript()
        alone.type("Ana")
        alone.send(.memberFound(Self.ana))
        #expect(alone.type(":group +ana") == [.warn("Ana has the keys already: name who shares the rack with you (e.g. :group +Bo)")])
        #expect(!alone.turn.group.isActive && alone.turn.user == Self.ana)
    }

    @Test("in a group each member's program line is named, so two on programs can tell theirs apart; alone it is not")
    func namedHeadlines() {
        let workout = TodayWorkout(program: "5x5", week: 1, day: 1, dayName: nil, deload: false, exercises: [], missingMaxes: ["Back Squat"])
        var script = FlowScript()
        script.type("Ana+Bo")
        script.send(.memberFound(Self.ana))
        let ana = script.send(.fetched(.headline(workout, of: Self.ana)))
        script.send(.memberFound(Self.bo))
        let bo = script.send(.fetched(.headline(workout, of: Self.bo)))
        #expect(ana.count == 1 && script.said.contains { $0.hasPrefix("Ana: 5x5 week 1 day 1") }, "\(ana) \(script.said)")
        #expect(bo.count == 1 && script.said.contains { $0.hasPrefix("Bo: 5x5 week 1 day 1") }, "\(bo) \(script.said)")
        var alone = FlowScript.atExercise()
        alone.send(.fetched(.headline(workout, of: FlowScript.ana)))
        #expect(alone.said.last?.hasPrefix("5x5 week 1 day 1") == true, "\(alone.said)")
    }

    @Test("in a group a coach's note at a turn's start says whose it is, and the program line after it; alone it does not")
    func namedCoachNotes() {
        let day = LocalDay(year: 2026, month: 12, day: 2) ?? LocalDay(Date(), in: .current)
        let note = CoachNote(user: "Bo", day: day, coach: "Cy", text: "lighter on squats today", createdAt: FlowScript.now, uid: "n1")
        let workout = TodayWorkout(program: "5x5", week: 1, day: 1, dayName: nil, deload: false, exercises: [], missingMaxes: ["Back Squat"])
        var script = FlowScript()
        script.type("Ana+Bo")
        script.send(.memberFound(Self.ana))
        script.send(.memberFound(Self.bo))
        script.send(.fetched(.coachNotes([note], of: Self.bo, toMember: true, then: workout)))
        #expect(script.said.contains("Bo — Coach Cy: lighter on squats today"), "\(script.said)")
        #expect(script.said.contains { $0.hasPrefix("Bo: 5x5 week 1 day 1") }, "\(script.said)")
        var alone = FlowScript.atExercise()
        alone.send(.fetched(.coachNotes([note], of: FlowScript.ana, toMember: true, then: nil)))
        #expect(alone.said.last == "Coach Cy: lighter on squats today", "\(alone.said)")
    }

    @Test("a name that can't be taken is skipped; the group is made of the members found")
    func notFound() {
        var script = FlowScript()
        script.type(":group Ana Bo Cyy")
        script.send(.memberFound(Self.ana))
        script.send(.memberFound(Self.bo))
        #expect(script.send(.newMember("Cyy", similar: ["Cy"])) == [.warn("Not a known member. Similar: Cy")])
        let effects = script.type("n")
        #expect(effects.first == .warn("Not created. Tab completes known names.") && Self.order(script) == ["Ana", "Bo"], "\(effects)")
    }

    @Test(":user NAME of a member waiting passes the turn to them; :user alone ends everyone's turn")
    func userCommand() {
        var script = Self.group()
        script.type(":user Cy")
        script.send(.memberFound(Self.cy))
        #expect(Self.order(script) == ["Cy", "Ana", "Bo"])
        #expect(script.type(":user") == [.warn("Bye, Cy, Ana and Bo."), .forget] && script.turn.user == nil && !script.turn.group.isActive)
    }

    @Test("the idle timeout ends the group: back to an empty user prompt at a kiosk")
    func idle() {
        var script = Self.group(kiosk: true)
        script.press(.timedOut)
        #expect(script.turn.user == nil && !script.turn.group.isActive && script.turn.step == .user)
    }

    @Test("walking a program in a group: each member's next set is found when their turn comes back")
    func walks() {
        var script = Self.group()
        script.turn.plan = Plan(title: "5x5", summary: "5x5 A", routine: "5x5",
                                steps: [PlannedSet(exercise: "Back Squat", values: .kg(100, 5, 1)), PlannedSet(exercise: "Back Squat", values: .kg(100, 5, 1))])
        script.send(.plannedExercise(Self.squat))
        #expect(script.prompt == "[Ana · 5x5 1/2] weight kg [100]: ")
        script.type("")
        script.type("")
        let passing = script.type("")
        #expect(passing == [.save])
        let effects = script.send(.saved(WorkoutRecord(id: 9, user: "Ana", exercise: "Back Squat", values: .kg(100, 5, 1), performedAt: FlowScript.now),
                                         records: [], at: FlowScript.now))
        #expect(!effects.contains(.fetch(.plannedExercise("Back Squat"))) && script.turn.user == Self.bo, "\(effects)")
        script.enter("bench 60x8x3", as: Self.bench)
        #expect(script.turn.user == Self.cy)
        script.enter("bench 40x8x3", as: Self.bench)
        #expect(script.turn.user == Self.ana && script.effects.last == .fetch(.plannedExercise("Back Squat")))
        script.send(.plannedExercise(Self.squat))
        #expect(script.prompt == "[Ana · 5x5 2/2] weight kg [100]: ")
    }

    @Test("a group is at most eight members, those there counted once; names that can't be names are refused before any is looked up")
    func limits() {
        var script = Self.group()
        #expect(script.type(":group +D +E +F +G +H +I") == [.warn("a group at one rack is at most 8 members (this would be 9) (e.g. :group Ana Bo Cy)")])
        #expect(script.type(":group +Ana +D +E +F +G +H") == [.fetch(.member(named: "Ana"))])
        var hostile = FlowScript()
        #expect(hostile.type(":group Ana \u{1B}[2J") == [.warn("a user name can't contain control characters or escape sequences (e.g. Ana)")])
        #expect(hostile.type(":group +") == [.warn("name the members who share the rack (e.g. :group Ana Bo Cy)")])
    }
}

/// A group where members prove who they are (PIN or card): refused until
/// each member's turn can identify on its own; nothing is looked up, so no
/// member joins on a typed name and nobody borrows another's rights.
@Suite("A group under the kiosk's PIN or card policy")
struct GuardedGroupFlowTests {
    @Test("under pin or card, :group and Ana+Bo are refused in one line and look nobody up", arguments: [IdentityPolicy.pin, .card])
    func refused(policy: IdentityPolicy) {
        for line in [":group Ana Bo", "Ana+Bo"] {
            var script = FlowScript(kiosk: true)
            script.context.identity = policy
            let effects = script.type(line)
            #expect(!effects.contains { if case .fetch = $0 { true } else { false } }, "\(line): \(effects)")
            #expect(effects.count == 1 && !script.turn.group.isActive && script.turn.group.toFind.isEmpty, "\(line): \(effects)")
        }
    }

    @Test("under the name policy a kiosk's group still forms")
    func namePolicy() {
        var script = FlowScript(kiosk: true)
        script.context.identity = .name
        #expect(script.type(":group Ana Bo") == [.fetch(.member(named: "Ana"))])
    }
}
