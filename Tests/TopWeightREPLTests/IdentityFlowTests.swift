import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// Who is at the rack, decided by the flow with no database: a card scanned
/// starts its member's turn under every policy; under `pin` a name is
/// followed by the member's PIN; under `card` a typed name is refused; and
/// where members identify, each sees only their own sets (a coach anybody's).
@Suite("Identity at the kiosk: cards, PINs, what a member sees")
struct IdentityFlowTests {
    static let zoe = User(id: 3, name: "Zoë")

    static func kiosk(_ policy: IdentityPolicy) -> FlowScript {
        var script = FlowScript(kiosk: true)
        script.context.identity = policy
        return script
    }

    @Test("a card's number scanned at the user prompt is looked up as a card under every policy, never as a name", arguments: IdentityPolicy.allCases)
    func scanIsACard(policy: IdentityPolicy) {
        var script = Self.kiosk(policy)
        #expect(script.type("0004512345") == [.eraseTyped("0004512345"), .fetch(.card("0004512345"))], "the scan's echo taken off the screen")
        script.send(.arrived(FlowScript.ana, by: .card, MemberAccess(hasCard: true)))
        #expect(script.turn.user == FlowScript.ana && script.turn.step == .exercise && script.turn.identified)
        #expect(script.prompt.hasPrefix("[Ana] exercise"))
    }

    @Test("fewer than 4 digits are no card: refused as a name would be")
    func shortDigits() {
        var script = Self.kiosk(.card)
        let said = script.type("42")
        #expect(said.count == 1 && script.warned.first?.contains("just a number") == true, "\(said)")
    }

    @Test("an unknown card starts nothing and says so in one line")
    func unknownCard() {
        var script = Self.kiosk(.card)
        script.type("99999999")
        #expect(script.send(.unknownCard(wait: 0)) == [.warn("That card is not known here; nothing started. The desk registers cards.")])
        #expect(script.turn.user == nil && script.turn.step == .user)
    }

    @Test("under card a typed name of a member without a PIN is refused with what to do instead; a new name is never offered")
    func typedNameUnderCard() {
        var script = Self.kiosk(.card)
        #expect(script.type("Ana") == [.fetch(.member(named: "Ana"))])
        #expect(script.send(.memberFound(FlowScript.ana)) == [.fetch(.access(FlowScript.ana))])
        let refused = script.send(.arrived(FlowScript.ana, by: .name, MemberAccess(hasCard: true)))
        #expect(refused == [.warn(Flow.Door.scanInstead)])
        #expect(refused.count == 1 && script.turn.user == nil)
        script.type("Newcomer")
        #expect(script.send(.newMember("Newcomer", similar: [])) == [.warn(Flow.Door.scanInstead)])
        #expect(script.turn.question == nil, "no member is created by a typed name under card")
    }

    @Test("under pin the name is followed by PIN: (not echoed); the right PIN starts the turn identified, a wrong one nothing")
    func nameThenPin() {
        var script = Self.kiosk(.pin)
        script.type("Ana")
        script.send(.memberFound(FlowScript.ana))
        script.send(.arrived(FlowScript.ana, by: .name, MemberAccess(hasPin: true)))
        #expect(script.turn.read == .secret("[Ana] PIN: "))
        #expect(script.turn.user == nil, "no turn before the PIN")
        #expect(script.type("1357") == [.fetch(.memberPin(FlowScript.ana, "1357"))])
        #expect(script.send(.pinRefused("Wrong PIN.")) == [.warn("Wrong PIN. Type your name to start again.")])
        #expect(script.turn.user == nil && script.turn.read == .entry)
        script.type("Ana")
        script.send(.memberFound(FlowScript.ana))
        script.send(.arrived(FlowScript.ana, by: .name, MemberAccess(hasPin: true)))
        script.type("2468")
        script.send(.arrived(FlowScript.ana, by: .pin, MemberAccess(hasPin: true)))
        #expect(script.turn.user == FlowScript.ana && script.turn.identified && !script.turn.isCoach)
    }

    @Test("under pin a member created in this turn chooses a PIN, typed twice alike; a short one or two that differ set nothing and ask again")
    func choosePin() {
        var script = Self.kiosk(.pin)
        script.type("Bo")
        let said = script.send(.memberCreated(FlowScript.bo))
        #expect(said.contains(.say("Bo has no PIN yet: choose one, to type after your name from now on.")))
        #expect(script.turn.read == .secret("[Bo] Choose a PIN (4 to 8 digits): "))
        #expect(script.type("12") == [.warn("A PIN is 4 to 8 digits: choose again (Ctrl-C gives up).")])
        #expect(script.turn.read == .secret("[Bo] Choose a PIN (4 to 8 digits): "))
        #expect(script.type("4321") == [])
        #expect(script.turn.read == .secret("[Bo] The same PIN again: "))
        #expect(script.type("4322") == [.warn("The two PINs differ: choose one again (Ctrl-C gives up).")])
        #expect(script.turn.read == .secret("[Bo] Choose a PIN (4 to 8 digits): "))
        script.type("4321")
        #expect(script.type("4321") == [.fetch(.newMemberPin(FlowScript.bo, "4321", code: nil))])
        #expect(script.turn.user == nil, "no turn before the session stored it")
    }

    @Test("under pin a member found by name with no PIN (sets, a card, a coach's flag) is sent to the desk in one line; no PIN is chosen",
          arguments: [MemberAccess(), MemberAccess(hasCard: true), MemberAccess(hasCard: true, isCoach: true), MemberAccess(isCoach: true)])
    func noPinNoTurn(access: MemberAccess) {
        var script = Self.kiosk(.pin)
        script.type("Bo")
        #expect(script.send(.memberFound(FlowScript.bo)) == [.fetch(.access(FlowScript.bo))])
        let refused = script.send(.arrived(FlowScript.bo, by: .name, access))
        #expect(refused.count == 1 && script.warned.last?.hasSuffix("nothing started.") == true, "\(refused)")
        #expect(script.warned.last?.contains("the desk gives a PIN, or an enrolment code") == true)
        #expect(script.turn.read == .entry && script.turn.user == nil && script.turn.step == .user)
        #expect(script.type("43214321") == [.eraseTyped("43214321"), .fetch(.card("43214321"))], "the next line is no PIN chosen: a card's scan")
    }

    @Test("a member with an enrolment code types it at the PIN prompt, then chooses their PIN, which the session stores with the code")
    func enrolmentCode() {
        var script = Self.kiosk(.pin)
        script.type("Bo")
        script.send(.arrived(FlowScript.bo, by: .name, MemberAccess(hasCard: true, hasCode: true)))
        #expect(script.turn.read == .secret("[Bo] Enrolment code: "))
        #expect(script.type("kq7m-3xpa") == [.fetch(.memberPin(FlowScript.bo, "kq7m-3xpa"))])
        script.send(.enrolling(FlowScript.bo, code: "KQ7M3XPA"))
        #expect(script.turn.read == .secret("[Bo] Choose a PIN (4 to 8 digits): "))
        script.type("4321")
        #expect(script.type("4321") == [.fetch(.newMemberPin(FlowScript.bo, "4321", code: "KQ7M3XPA"))])
        script.type("Ana")
        script.send(.arrived(FlowScript.ana, by: .name, MemberAccess(hasPin: true, hasCode: true)))
        #expect(script.turn.read == .secret("[Ana] PIN or enrolment code: "))
    }

    @Test("a wrong PIN at :user NAME in another member's turn ends that turn too: nothing of it stays on hand")
    func wrongPinEndsTurn() {
        var script = Self.kiosk(.pin)
        script.type("Ana")
        script.send(.arrived(FlowScript.ana, by: .name, MemberAccess(hasPin: true)))
        script.type("2468")
        script.send(.arrived(FlowScript.ana, by: .pin, MemberAccess(hasPin: true)))
        #expect(script.turn.user == FlowScript.ana)
        script.type(":user Bo")
        script.send(.memberFound(FlowScript.bo))
        script.send(.arrived(FlowScript.bo, by: .name, MemberAccess(hasPin: true)))
        #expect(script.turn.read == .secret("[Bo] PIN: "))
        let said = script.send(.pinRefused("Wrong PIN."))
        #expect(said.last == .warn("Wrong PIN. Ana's turn has ended. Type your name to start again."))
        #expect(said.contains(.clearScreen))
        #expect(script.turn.user == nil && !script.turn.identified && script.turn.step == .user)
    }

    @Test("Ctrl-C or Ctrl-D at the PIN starts nothing; the idle timeout there goes back to the start")
    func pinGivenUp() {
        var script = Self.kiosk(.pin)
        script.type("Ana")
        script.send(.arrived(FlowScript.ana, by: .name, MemberAccess(hasPin: true)))
        #expect(script.press(.interrupted) == [.warn("No PIN given; nothing started. Type your name to start again.")])
        script.type("Ana")
        script.send(.arrived(FlowScript.ana, by: .name, MemberAccess(hasPin: true)))
        script.press(.timedOut)
        #expect(script.turn.read == .entry && script.turn.user == nil)
    }

    @Test("under name, a typed name starts the turn at once, not identified, as before")
    func nameAsBefore() {
        var script = Self.kiosk(.name)
        script.type("Ana")
        #expect(script.send(.memberFound(FlowScript.ana)) == [.forget, .fetch(.headline(FlowScript.ana))])
        #expect(!script.turn.identified)
    }

    @Test("under pin and card, :history NAME, :history all and :history before anyone identified are refused in one line, never looked up",
          arguments: [IdentityPolicy.pin, .card])
    func otherHistoryRefused(policy: IdentityPolicy) {
        var script = Self.kiosk(policy)
        #expect(script.type(":history all") == [.warn(Flow.Door.identifyFirst)])
        #expect(script.type(":history") == [.warn(Flow.Door.identifyFirst)])
        script.type("0004512345")
        script.send(.arrived(FlowScript.ana, by: .card, MemberAccess(hasCard: true)))
        for line in [":history Zoë", ":history all", ":history all 50", ":history zoë 5", ":hist Bo"] {
            #expect(script.type(line) == [.warn(Flow.Door.ownOnly)], "\(line)")
        }
        #expect(script.type(":history Ana") == [.fetch(.whoseHistory("Ana", limit: nil))])
        // Whatever the session found, another member's sets are not shown.
        #expect(script.send(.historyOf(Self.zoe, limit: nil)) == [.warn(Flow.Door.ownOnly)])
        #expect(script.send(.historyOf(nil, limit: nil)) == [.warn(Flow.Door.ownOnly)])
    }

    @Test("an identified coach may look at any member's history and everybody's")
    func coachSeesHistory() {
        var script = Self.kiosk(.card)
        script.type("0004512345")
        script.send(.arrived(FlowScript.bo, by: .card, MemberAccess(hasCard: true, isCoach: true)))
        #expect(script.type(":history Zoë") == [.fetch(.whoseHistory("Zoë", limit: nil))])
        #expect(script.type(":history all") == [.fetch(.whoseHistory("all", limit: nil))])
        #expect(script.send(.historyOf(Self.zoe, limit: nil, hiding: [])).contains(.fetch(.history(Self.zoe, limit: 20, hiding: []))))
    }

    @Test("a coach who names a member with :user logs for them, shown in the prompt; the idle reset ends the coach's view")
    func coachLogsForMember() throws {
        var script = Self.kiosk(.card)
        script.type("0004512345")
        script.send(.arrived(FlowScript.bo, by: .card, MemberAccess(hasCard: true, isCoach: true)))
        #expect(script.type(":user Zoë") == [.fetch(.member(named: "Zoë"))])
        // Whether she keeps her sets private is read first (`CoachPrivacyFlowTests`).
        #expect(script.send(.memberFound(Self.zoe)) == [.fetch(.coaching(Self.zoe))])
        script.send(.coached(Self.zoe, isPrivate: false))
        #expect(script.turn.user == Self.zoe && script.turn.coach == FlowScript.bo && script.turn.isCoach)
        #expect(script.prompt.hasPrefix("[Zoë · by Bo] exercise"), "\(script.prompt)")
        script.enter("bench 50x5x3", as: FlowScript.bench)
        let saved = try #require(script.stored.last)
        #expect(script.effects.contains(.noteCoach(FlowScript.bo, saved)), "the set records the coach who logged it")
        let shown = Flow.historyLines([saved], of: Self.zoe.id, notes: [:], keptOnly: false, coaches: [saved.id: "Bo"], script.context)
        #expect(shown.last?.hasSuffix("50 kg × 5 × 3  by Bo") == true, "\(shown)")
        script.press(.timedOut)
        #expect(script.turn.user == nil && !script.turn.isCoach && script.turn.coach == nil)
        #expect(script.type(":history Zoë") == [.warn(Flow.Door.identifyFirst)])
    }

    @Test("under pin and card :users shows names only, nothing of anybody's sets; under name the counts as before")
    func usersNamesOnly() {
        let summaries = [UserSummary(user: FlowScript.ana, records: 12, lastPerformedAt: FlowScript.now), UserSummary(user: Self.zoe, records: 40, lastPerformedAt: FlowScript.now)]
        var script = Self.kiosk(.pin)
        #expect(script.send(.fetched(.members(summaries))) == [.say("Members: Ana, Zoë")])
        #expect(Flow.offersMemberNames(script.context))
        script.context.identity = .card
        #expect(!Flow.offersMemberNames(script.context), "Tab lists no names under card")
        script.context.identity = .name
        guard case .show? = script.send(.fetched(.members(summaries))).first else { Issue.record("counts shown under name"); return }
    }

    @Test("an identified member's :edit of another member's set asks the admin without naming whose it is; their own older set opens")
    func identifiedEdit() {
        let zoes = WorkoutRecord(id: 7, user: "Zoë", exercise: "Bench Press", values: .kg(50, 5, 5), performedAt: FlowScript.now.addingTimeInterval(-86_400))
        let own = WorkoutRecord(id: 8, user: "Ana", exercise: "Bench Press", values: .kg(60, 5, 5), performedAt: FlowScript.now.addingTimeInterval(-86_400))
        var script = Self.kiosk(.card)
        script.type("0004512345")
        script.send(.arrived(FlowScript.ana, by: .card, MemberAccess(hasCard: true)))
        script.type(":edit #7")
        #expect(script.send(.editFound(zoes, id: 7, member: nil)) == [.checkAdminPinSet(.edit(zoes))])
        script.send(.adminPinSet(false, for: .edit(zoes)))
        #expect(script.warned.last == "#7 is not one of your sets; at a shared terminal you can change only your own.")
        script.type(":edit #8")
        #expect(script.send(.editFound(own, id: 8, member: nil)).first == .say(SetEdit(own).opening))
    }
}
