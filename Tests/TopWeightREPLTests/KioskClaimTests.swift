import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
import TopWeightREPL
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
    func editNewestOlderSetNeedsPin() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(100, 5, 5))
        try fixture.store.setAdminPin("2468")
        let source = ScriptedLineSource(lines: ["Ana", ":edit", "", "", "200", "", ""])
        fixture.run(source, kiosk: true)
        #expect(source.prompts.contains("#1 was saved before this turn. Admin PIN: "), "\(source.prompts)")
        #expect(!source.prompts.contains { $0.contains("Edit #") }, "\(source.prompts)")
        #expect(try fixture.records().first { $0.id == 1 }?.values == .kg(100, 5, 5))
    }

    @Test("in a kiosk with no admin PIN, :edit of the member's own older set is refused, saying why; nothing is asked")
    func editOlderOwnSetWithoutPin() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(100, 5, 5))
        let source = ScriptedLineSource(lines: ["Ana", ":edit #1", "", "200", "", ""])
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(!source.prompts.contains { $0.contains("Admin PIN") || $0.contains("Edit #") }, "\(source.prompts)")
        #expect(console.warned.contains("#1 was saved before this turn; at a shared terminal you can change only the sets saved since you typed your name."),
                "\(console.warned)")
        #expect(try fixture.records().first { $0.id == 1 }?.values == .kg(100, 5, 5))
    }

    @Test("in a kiosk, :edit of a set saved in this turn needs no PIN")
    func editThisTurnsSet() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(100, 5, 5))
        try fixture.store.setAdminPin("2468")
        let source = ScriptedLineSource(lines: ["Ana", "bench 60x5x5", ":edit #2", "", "62.5", "", ""])
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(!source.prompts.contains { $0.contains("Admin PIN") }, "\(source.prompts)")
        #expect(console.said.contains { $0.hasPrefix("Edited #2") }, "\(console.said)")
        #expect(try fixture.records()[0].values == .kg(62.5, 5, 5))
    }

    @Test("outside a kiosk, :edit #N of an older set needs no PIN")
    func editOlderOutsideKiosk() throws {
        let fixture = try Fixture()
        try fixture.seed(user: "Ana", values: .kg(100, 5, 5))
        try fixture.store.setAdminPin("2468")
        let source = ScriptedLineSource(lines: ["Ana", ":edit #1", "", "105", "", ""])
        fixture.run(source)
        #expect(!source.prompts.contains { $0.contains("Admin PIN") }, "\(source.prompts)")
        #expect(try fixture.records()[0].values == .kg(105, 5, 5))
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
    func publishWithoutPin() throws {
        let fixture = try Fixture()
        let (bob, _) = try fixture.seed(user: "Bob", values: .kg(100, 5, 5))
        try fixture.store.setPrivate(bob, true)
        let source = ScriptedLineSource(lines: ["Bob", ":private off"])
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(!source.prompts.contains { $0.contains("Admin PIN") }, "\(source.prompts)")
        #expect(console.warned.contains("Bob stays private: at a shared terminal only the admin puts a private member back on the board."), "\(console.warned)")
        #expect(try fixture.store.isPrivate(bob))
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
    func publishOutsideKiosk() throws {
        let fixture = try Fixture()
        let (bob, _) = try fixture.seed(user: "Bob", values: .kg(100, 5, 5))
        try fixture.store.setPrivate(bob, true)
        try fixture.store.setAdminPin("2468")
        let source = ScriptedLineSource(lines: ["Bob", ":private off"])
        fixture.run(source)
        #expect(!source.prompts.contains { $0.contains("Admin PIN") }, "\(source.prompts)")
        #expect(try !fixture.store.isPrivate(bob))
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
