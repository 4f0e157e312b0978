import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// What a coach who identified sees of a private member, decided by the
/// flow: by default nothing (`:user NAME` of them is refused, the coach's
/// turn goes on); with the gym's `coaches-see-private` on, everything, with
/// no privacy read at all. A coach never puts a member back on the board.
@Suite("A coach and a private member, in the flow")
struct CoachPrivacyFlowTests {
    static let cy = User(id: 4, name: "Cy")

    static func coachAtKiosk(_ policy: IdentityPolicy, seesPrivate: Bool = false) -> FlowScript {
        var script = FlowScript(kiosk: true)
        script.context.identity = policy
        script.context.coachesSeePrivate = seesPrivate
        script.type("0007770001")
        script.send(.arrived(FlowScript.bo, by: .card, MemberAccess(hasCard: true, isCoach: true)))
        return script
    }

    @Test("by default a coach's :user of a private member asks whether she is private, and is refused: the coach's turn goes on", arguments: [IdentityPolicy.pin, .card])
    func refusedByDefault(_ policy: IdentityPolicy) {
        var script = Self.coachAtKiosk(policy)
        script.type(":user Cy")
        #expect(script.send(.memberFound(Self.cy)) == [.fetch(.coaching(Self.cy))])
        #expect(script.send(.coached(Self.cy, isPrivate: true)) == [.warn(Flow.Door.keptFromCoaches(Self.cy))])
        #expect(script.turn.user == FlowScript.bo && script.turn.coach == nil && script.turn.isCoach && script.turn.identified)
        #expect(script.prompt.hasPrefix("[Bo] exercise"), "\(script.prompt)")
        // A member who is not private: logged for as before.
        script.type(":user Zoë")
        let zoe = User(id: 3, name: "Zoë")
        #expect(script.send(.memberFound(zoe)) == [.fetch(.coaching(zoe))])
        script.send(.coached(zoe, isPrivate: false))
        #expect(script.turn.user == zoe && script.turn.coach == FlowScript.bo)
        // From her turn, a private member's history is still asked about first.
        #expect(script.send(.historyOf(Self.cy, limit: nil)) == [.fetch(.privateHistory(Self.cy, limit: nil))])
        #expect(script.send(.historyOf(nil, limit: nil)) == [.fetch(.privateMembers(except: zoe.id, limit: nil))])
    }

    @Test("with coaches-see-private on, :user of a private member starts at once and history hides nobody from the coach")
    func shownWhenTheGymSays() {
        var script = Self.coachAtKiosk(.card, seesPrivate: true)
        #expect(script.send(.historyOf(Self.cy, limit: nil)).contains(.fetch(.history(Self.cy, limit: 20, hiding: []))))
        #expect(script.send(.historyOf(nil, limit: nil)).contains(.fetch(.history(nil, limit: 20, hiding: []))))
        script.type(":user Cy")
        script.send(.memberFound(Self.cy))
        #expect(script.turn.user == Self.cy && script.turn.coach == FlowScript.bo)
        #expect(script.prompt.hasPrefix("[Cy · by Bo] exercise"), "\(script.prompt)")
        // Her place on the board is not the coach's to change.
        #expect(script.send(.member(Self.cy, for: .private, "off")) == [.fetch(.publishing(Self.cy))])
    }

    @Test("a member who is not a coach sees no private member whatever the setting")
    func membersUnchanged() {
        var script = FlowScript(kiosk: true)
        script.context.identity = .card
        script.context.coachesSeePrivate = true
        script.type("0004512345")
        script.send(.arrived(FlowScript.ana, by: .card, MemberAccess(hasCard: true)))
        #expect(script.type(":history Cy") == [.warn(Flow.Door.ownOnly)])
        #expect(script.send(.historyOf(nil, limit: nil)) == [.warn(Flow.Door.ownOnly)])
        // Her own place on the board is hers to change.
        #expect(script.send(.member(FlowScript.ana, for: .private, "off")) == [.fetch(.privacy(FlowScript.ana, false))])
    }

    @Test("under pin and card :edit #ID of a number no set has answers as another member's set does, before and after the admin PIN")
    func editOneAnswer() {
        let cys = WorkoutRecord(id: 2, user: "Cy", exercise: "Deadlift", values: .kg(142.5, 3, 1), performedAt: FlowScript.now)
        var script = FlowScript(kiosk: true)
        script.context.identity = .pin
        script.type("0004512345")
        script.send(.arrived(FlowScript.ana, by: .card, MemberAccess(hasCard: true)))
        #expect(script.send(.editFound(cys, id: 2, member: nil)) == [.checkAdminPinSet(.edit(cys))])
        #expect(script.send(.editFound(nil, id: 99, member: nil)) == [.checkAdminPinSet(.editMissing(99))])
        var deleted = cys
        deleted.deletedAt = FlowScript.now
        #expect(script.send(.editFound(deleted, id: 2, member: nil)) == [.checkAdminPinSet(.editMissing(2))])
        let other = script.send(.adminPinSet(false, for: .edit(cys)))
        let missing = script.send(.adminPinSet(false, for: .editMissing(2)))
        #expect(other == missing && other == [.warn("#2 is not one of your sets; at a shared terminal you can change only your own.")], "\(other) \(missing)")
        script.send(.adminPinSet(true, for: .editMissing(99)))
        #expect(script.prompt == "#99 is not one of your sets. Admin PIN: ", "\(script.prompt)")
        #expect(script.send(.admitted(.editMissing(99), refusal: "wrong admin PIN")) == [.warn("Wrong PIN. #99 is as it was.")])
        #expect(script.send(.admitted(.editMissing(99), refusal: nil)) == [.warn("No set #99; :history shows the numbers.")])
    }

    @Test("outside a kiosk, :edit #ID of another member's set is refused at a member's turn (a group's too); with nobody at the keys it opens")
    func editOwnOutsideKiosk() {
        let anas = WorkoutRecord(id: 13, user: "Ana", exercise: "Bench Press", values: .kg(60, 5, 5), performedAt: FlowScript.now)
        var script = FlowScript(kiosk: false)
        #expect(script.send(.editFound(anas, id: 13, member: nil)).first == .say(SetEdit(anas).opening))
        script.press(.interrupted)
        script.type("Bo")
        script.send(.memberFound(FlowScript.bo))
        #expect(script.send(.editFound(anas, id: 13, member: nil)) == [.warn("#13 is Ana's set: :edit changes only the sets of the member at the keys (Bo).")])
    }
}
