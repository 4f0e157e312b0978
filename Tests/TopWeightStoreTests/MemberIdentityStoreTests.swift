import Foundation
import Testing
import TopWeightCore
import TopWeightStorage
import TopWeightTestSupport

/// Members' PINs, cards and coaches on both engines: kept only as hashes,
/// wrong PINs counted per member where every connection sees them, one card
/// one member, and gone with the member.
@Suite("Members' PINs, cards and coaches in the store")
struct MemberIdentityStoreTests {
    @Test("a member's PIN is checked against its hash; wrong ones wait per member, shared by a second connection", arguments: TestEngine.shared)
    func pinLockoutShared(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            let first = try open()
            let second = try open()
            let ana = try first.createUser(named: "Ana")
            let bo = try first.createUser(named: "Bo")
            #expect(try first.access(of: ana) == MemberAccess())
            try first.setMemberPin(ana, "2468")
            try first.setMemberPin(bo, "1357")
            #expect(try second.access(of: ana) == MemberAccess(hasPin: true))
            let now = Date(timeIntervalSince1970: 1_795_284_000)
            #expect(try second.checkMemberPin(ana, "2468", now: now) == .accepted)
            for attempt in 1...4 {
                let store = attempt % 2 == 0 ? first : second
                #expect(try store.checkMemberPin(ana, "0000", now: now) == .wrong(lockedFor: nil), "attempt \(attempt)")
            }
            #expect(try first.checkMemberPin(ana, "0000", now: now) == .wrong(lockedFor: 30))
            #expect(try second.checkMemberPin(ana, "2468", now: now) == .locked(seconds: 30), "the other connection waits too, for the right PIN")
            #expect(try second.checkMemberPin(bo, "1357", now: now) == .accepted, "another member's count is their own")
            #expect(try first.checkMemberPin(ana, "2468", now: now + 31) == .accepted)
            #expect(try first.checkMemberPin(bo, "1234", now: now) == .wrong(lockedFor: nil))
            try first.setMemberPin(bo, nil)
            #expect(try first.access(of: bo) == MemberAccess())
            #expect(try first.checkMemberPin(bo, "1357", now: now) != .accepted, "no PIN: nothing matches")
        }
    }

    @Test("a card finds its member by a keyed hash; another member can't take it; a member's card goes with them", arguments: TestEngine.shared)
    func cards(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            let store = try open()
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            #expect(try store.member(byCard: "0004512345") == nil, "no card key yet: no card")
            try store.setMemberCard(ana, "0004512345")
            #expect(try open().member(byCard: "0004512345") == ana, "any connection finds it")
            #expect(try store.member(byCard: "0004512346") == nil)
            #expect(throws: LogbookError.self) { try store.setMemberCard(bo, "0004512345") }
            try store.setMemberCard(ana, "0004512345")
            try store.setCoach(bo, true)
            #expect(try store.access(of: ana) == MemberAccess(hasCard: true))
            #expect(try store.accessByMember() == [ana.id: MemberAccess(hasCard: true), bo.id: MemberAccess(isCoach: true)])
            let set = try store.saveMeasured(NewRecord(user: ana, exercise: try store.createExercise(named: "Back Squat"), values: SetValues(weight: Weight(hundredths: 10_000, unit: .kg), reps: 5, series: 5),
                                                       performedAt: Date()), now: Date()).id
            try store.noteCoach(bo, of: set)
            #expect(try store.coaches(of: [set, set + 1]) == [set: "Bo"])
            try store.setMemberCard(ana, nil)
            #expect(try store.member(byCard: "0004512345") == nil)
            try store.setMemberCard(bo, "0004512345")
            try store.removeUser(bo)
            #expect(try store.coaches(of: [set]) == [:], "a removed coach's notes go with them")
            #expect(try store.member(byCard: "0004512345") == nil)
            #expect(try store.accessByMember()[bo.id] == nil)
        }
    }

    @Test("the same card number hashes differently under two databases' keys")
    func keyed() {
        let card = "0004512345"
        let one = MemberCard.digest(card, key: MemberCard.newKey())
        let other = MemberCard.digest(card, key: MemberCard.newKey())
        #expect(one != other && !one.contains(card))
        #expect(AdminPin.verify("2468", againstOptional: nil) == false)
    }
}
