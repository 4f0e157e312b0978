import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
@testable import TopWeightREPL

/// `:private on|off`: the member at the terminal keeps off the gym's board.
@Suite(":private")
struct PrivacyFlowTests {
    @Test(":private on keeps the member off the board, :private says so, :private off puts them back; a bad word is refused")
    func privacy() throws {
        let fixture = try Fixture()
        let (ana, _) = try fixture.seed(values: .kg(60, 5, 5))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":private on", ":private", ":private maybe"]))
        #expect(try fixture.store.isPrivate(ana))
        #expect(console.said.filter { $0 == "Ana is private: nowhere on the gym's board. :private off puts you back." }.count == 2)
        #expect(console.warned.contains("say on or off (e.g. :private on)"))

        let (back, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":private off"]))
        #expect(try !fixture.store.isPrivate(ana))
        #expect(back.said.contains("Ana shows on the gym's board. :private on keeps you off it."))
    }

    @Test("In a kiosk, :private before a member is chosen asks for one and changes nobody")
    func kioskNeedsMember() {
        var script = FlowScript(kiosk: true)
        #expect(script.type(":private on") == [.findMember(.private, "on")])
        // A kiosk's command is for the member at the terminal: none yet.
        script.send(.member(nil, for: .private, "on"))
        #expect(script.warned.contains("Type your name first: :private is about your own training."), "\(script.effects)")
        #expect(!script.effects.contains { if case .fetch(.privacy) = $0 { true } else { false } }, "nobody's privacy changed")
    }
}
