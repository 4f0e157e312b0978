import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
@testable import TopWeightREPL
import TopWeightStore

/// At a kiosk a name is all a member gives, and anyone can type it: what a
/// claimed name may do there is limited to the turn's own work; what reaches
/// further back (older sets, the admin's privacy, other members' history)
/// needs the admin PIN or stays out of sight.
@Suite("Kiosk: what a claimed name can do")
struct KioskClaimTests {
    // MARK: :edit

    @Test("in a kiosk, :edit #N of the member's own set from an earlier day needs the admin PIN; a wrong one changes nothing")
    func editOlderOwnSetNeedsPin() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(100, 5, 5))
        try fixture.store.setAdminPin("2468")
        let source = ScriptedLineSource(lines: ["Ana", ":edit #1", "1111", ":edit #1", "2468", "", "200", "", ""])
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(source.prompts.filter { $0.hasSuffix("Admin PIN: ") }.count == 2, "\(source.prompts)")
        #expect(source.prompts.contains("#1 was saved before this turn. Admin PIN: "), "\(source.prompts)")
        #expect(console.warned.contains("Wrong PIN. #1 is as it was."), "\(console.warned)")
        #expect(try fixture.records()[0].values == .kg(200, 5, 5), "the admin's PIN lets the change through")
    }

    @Test("in a kiosk, :edit with no number, when the turn saved nothing, asks the PIN for the member's older set")
    func editNewestOlderSetNeedsPin() {
        let older = WorkoutRecord(id: 1, user: "Ana", exercise: "Bench Press", values: .kg(100, 5, 5), performedAt: FlowScript.now.addingTimeInterval(-86_400))
        var script = FlowScript.atExercise(kiosk: true)
        #expect(script.type(":edit") == [.fetch(.setToEdit(nil))])
        #expect(script.send(.editFound(older, id: nil, member: FlowScript.ana)) == [.checkAdminPinSet(.edit(older))])
        script.send(.adminPinSet(true, for: .edit(older)))
        #expect(script.prompt == "#1 was saved before this turn. Admin PIN: ")
        for answer in ["", "", "200", "", ""] { script.type(answer) }
        #expect(!script.effects.contains { if case .commitEdit = $0 { true } else { false } }, "nothing changed without the PIN checked")
    }

    @Test("in a kiosk with no admin PIN, :edit of the member's own older set is refused, saying why; nothing is asked")
    func editOlderOwnSetWithoutPin() {
        let older = WorkoutRecord(id: 1, user: "Ana", exercise: "Bench Press", values: .kg(100, 5, 5), performedAt: FlowScript.now.addingTimeInterval(-86_400))
        var script = FlowScript.atExercise(kiosk: true)
        script.type(":edit #1")
        script.send(.editFound(older, id: 1, member: nil))
        script.send(.adminPinSet(false, for: .edit(older)))
        #expect(!script.prompt.contains("Admin PIN") && !script.prompt.contains("Edit #"), "\(script.prompt)")
        #expect(script.warned == ["#1 was saved before this turn; at a shared terminal you can change only the sets saved since you typed your name."])
        for answer in ["", "200", "", ""] { script.type(answer) }
        #expect(!script.effects.contains { if case .commitEdit = $0 { true } else { false } })
    }

    @Test("in a kiosk, :edit of a set saved in this turn needs no PIN")
    func editThisTurnsSet() {
        var script = FlowScript.atExercise(.kg(100, 5, 5), kiosk: true)
        script.enter("bench 60x5x5", as: FlowScript.bench)
        let saved = script.stored[0]
        script.type(":edit #\(saved.id)")
        #expect(script.send(.editFound(saved, id: saved.id, member: nil)).first
            == .say("Editing #\(saved.id)  Ana · Bench Press · 60 kg × 5 reps × 5 series. Enter keeps a value, < goes back, Ctrl-C leaves it as it was."))
        for answer in ["", "62.5", "", ""] { script.type(answer) }
        #expect(!script.prompt.contains("Admin PIN"))
        #expect(script.effects.last == .commitEdit(saved, exercise: "Bench Press", values: .kg(62.5, 5, 5)))
    }

    @Test("outside a kiosk, :edit #N of an older set needs no PIN")
    func editOlderOutsideKiosk() {
        let older = WorkoutRecord(id: 1, user: "Ana", exercise: "Bench Press", values: .kg(100, 5, 5), performedAt: FlowScript.now.addingTimeInterval(-86_400))
        var script = FlowScript.atExercise()
        script.type(":edit #1")
        script.send(.editFound(older, id: 1, member: nil))
        for answer in ["", "105", "", ""] { script.type(answer) }
        #expect(!script.effects.contains { if case .checkAdminPinSet = $0 { true } else { false } }, "no PIN asked")
        #expect(script.effects.last == .commitEdit(older, exercise: "Bench Press", values: .kg(105, 5, 5)))
    }

    // MARK: :private

    @Test("in a kiosk, :private off of a private member needs the admin PIN; a wrong one keeps them private")
    func publishNeedsPin() throws {
        let fixture = try Fixture()
        let (bob, _) = try fixture.seed(user: "Bob", values: .kg(100, 5, 5))
        try fixture.store.setPrivate(bob, true)
        try fixture.store.setAdminPin("2468")
        let source = ScriptedLineSource(lines: ["Bob", ":private off", "1111"])
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(source.prompts.contains("Putting Bob back on the board takes the admin. Admin PIN: "), "\(source.prompts)")
        #expect(console.warned.contains("Wrong PIN. Bob stays private."), "\(console.warned)")
        #expect(try fixture.store.isPrivate(bob))

        let right = ScriptedLineSource(lines: ["Bob", ":private off", "2468"])
        let (admitted, _) = fixture.run(right, kiosk: true)
        #expect(try !fixture.store.isPrivate(bob))
        #expect(admitted.said.contains("Bob shows on the gym's board. :private on keeps you off it."), "\(admitted.said)")
    }

    @Test("in a kiosk with no admin PIN, :private off of a private member is refused; nothing is asked")
    func publishWithoutPin() {
        let bob = User(id: 3, name: "Bob")
        var script = FlowScript(kiosk: true)
        script.send(.memberFound(bob))
        #expect(script.type(":private off") == [.findMember(.private, "off")])
        #expect(script.send(.member(bob, for: .private, "off")) == [.fetch(.publishing(bob))])
        script.send(.adminPinSet(false, for: .publish(bob)))
        #expect(!script.prompt.contains("Admin PIN"), "\(script.prompt)")
        #expect(script.warned == ["Bob stays private: at a shared terminal only the admin puts a private member back on the board."])
        #expect(!script.effects.contains(.fetch(.privacy(bob, false))), "kept private")
    }

    @Test("in a kiosk, :private on needs no PIN, nor :private off of a member already on the board")
    func privacyOnIsFree() throws {
        let fixture = try Fixture()
        let (bob, _) = try fixture.seed(user: "Bob", values: .kg(100, 5, 5))
        try fixture.store.setAdminPin("2468")
        let source = ScriptedLineSource(lines: ["Bob", ":private off", ":private on"])
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(!source.prompts.contains { $0.contains("Admin PIN") }, "\(source.prompts)")
        #expect(console.said.contains("Bob shows on the gym's board. :private on keeps you off it."))
        #expect(try fixture.store.isPrivate(bob))
    }

    @Test("outside a kiosk, :private off needs no PIN")
    func publishOutsideKiosk() {
        let bob = User(id: 3, name: "Bob")
        var script = FlowScript()
        script.send(.memberFound(bob))
        #expect(script.send(.member(bob, for: .private, "off")) == [.fetch(.privacy(bob, false))], "no PIN asked")
        #expect(script.send(.fetched(.privacy(bob, false))) == [.say("Bob shows on the gym's board. :private on keeps you off it.")])
    }

    // MARK: :history of a private member

    @Test("in a kiosk, :history all leaves out a private member's sets, on a screen and without one; :history NAME of them is refused")
    func privateHistoryHidden() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", exercise: "Bench Press", values: .kg(60, 8, 3))
        let (bob, _) = try fixture.seed(user: "Bob", exercise: "Deadlift", values: .kg(140, 3, 1))
        try fixture.store.setPrivate(bob, true)
        let piped = ScriptedLineSource(lines: ["Ana", ":history all", ":history Bob"])
        let (console, _) = fixture.run(piped, kiosk: true)
        #expect(console.said.contains { $0.contains("Bench Press") }, "\(console.said)")
        #expect(!console.all.contains { $0.contains("Deadlift") }, "\(console.all)")
        #expect(console.warned.contains("Bob keeps their sets private."), "\(console.warned)")

        let screen = ScriptedLineSource(lines: ["Ana", ":history all", "q"])
        screen.screenRows = 11
        let (paged, _) = fixture.run(screen, kiosk: true)
        #expect(paged.said.contains { $0.contains("Bench Press") }, "\(paged.said)")
        #expect(!paged.all.contains { $0.contains("Deadlift") }, "\(paged.all)")
    }

    @Test("a private member sees their own sets in :history all at a kiosk; outside a kiosk everybody's show")
    func privateHistoryOwnAndOutside() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", exercise: "Bench Press", values: .kg(60, 8, 3))
        let (bob, _) = try fixture.seed(user: "Bob", exercise: "Deadlift", values: .kg(140, 3, 1))
        try fixture.store.setPrivate(bob, true)
        let (own, _) = fixture.run(ScriptedLineSource(lines: ["Bob", ":history all"]), kiosk: true)
        #expect(own.said.contains { $0.contains("Deadlift") }, "\(own.said)")
        let (outside, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":history all"]))
        #expect(outside.said.contains { $0.contains("Deadlift") }, "\(outside.said)")
    }
}
