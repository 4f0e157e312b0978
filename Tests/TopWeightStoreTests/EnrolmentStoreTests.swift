import Foundation
import Testing
import TopWeightCore
import TopWeightStorage
import TopWeightTestSupport

/// How a member comes to have a PIN, on both engines: without a code only a
/// member with nothing yet (just created) chooses one; with the desk's
/// code, kept hashed, checked like a PIN, spent once, and only in time.
@Suite("Enrolment: who may choose a PIN, and the desk's one-time codes")
struct EnrolmentStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_284_000)

    @Test("without a code, only a member with no PIN, card, coach's flag, code or set chooses a PIN, once", arguments: TestEngine.shared)
    func onlyNewMembers(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            let store = try open()
            let new = try store.createUser(named: "Ana")
            let lifter = try store.createUser(named: "Bo")
            let carded = try store.createUser(named: "Cy")
            let coach = try store.createUser(named: "Dee")
            _ = try store.saveMeasured(NewRecord(user: lifter, exercise: try store.createExercise(named: "Back Squat"),
                                                 values: SetValues(weight: Weight(hundredths: 10_000, unit: .kg), reps: 5, series: 5),
                                                 performedAt: Self.now), now: Self.now)
            try store.setMemberCard(carded, "12345678")
            try store.setCoach(coach, true)
            #expect(try store.enrol(new, code: nil, pin: "2468", now: Self.now) == .accepted)
            #expect(try store.access(of: new) == MemberAccess(hasPin: true))
            for member in [new, lifter, carded, coach] {
                #expect(throws: LogbookError.self, "\(member.name)") { try store.enrol(member, code: nil, pin: "4321", now: Self.now) }
            }
            #expect(try store.checkMemberPin(new, "2468", now: Self.now) == .accepted, "the first PIN stays")
            #expect(try store.access(of: lifter) == MemberAccess() && !(try store.access(of: carded).hasPin) && !(try store.access(of: coach).hasPin))
        }
    }

    @Test("addUser only creates: a name another store added by then is refused (conflict), and that member stays as they were", arguments: TestEngine.shared)
    func addOnly(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            let store = try open()
            let other = try open()
            let desk = try other.createUser(named: "Gus")
            let refused = #expect(throws: LogbookError.self) { try store.addUser(named: "gus", now: Self.now) }
            #expect(refused?.kind == .conflict)
            #expect(try store.user(named: "Gus") == desk && (try store.access(of: desk)) == MemberAccess())
            let hal = try store.addUser(named: "Hal", now: Self.now)
            #expect(try other.user(named: "Hal") == hal)
        }
    }

    @Test("a code is kept hashed, checked without being spent, spent by the PIN it chooses, and refused once used or expired", arguments: TestEngine.shared)
    func codes(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            let store = try open()
            let other = try open()
            let bo = try store.createUser(named: "Bo")
            let cy = try store.createUser(named: "Cy")
            try store.setMemberCard(bo, "12345678")
            try store.setEnrolmentCode(bo, "KQ7M-3XPA", until: Self.now + 3600)
            #expect(try other.access(of: bo) == MemberAccess(hasCard: true, hasCode: true))
            #expect(try other.enrol(bo, code: "AAAA-AAAA", pin: nil, now: Self.now) == .wrong(lockedFor: nil))
            #expect(try other.enrol(bo, code: "kq7m3xpa", pin: nil, now: Self.now) == .accepted, "any case, no dash")
            #expect(try store.access(of: bo).hasCode, "a check spends nothing")
            #expect(try other.enrol(bo, code: "KQ7M-3XPA", pin: "1357", now: Self.now) == .accepted)
            #expect(try store.access(of: bo) == MemberAccess(hasPin: true, hasCard: true))
            #expect(try store.checkMemberPin(bo, "1357", now: Self.now) == .accepted)
            #expect(try store.enrol(bo, code: "KQ7M-3XPA", pin: "9999", now: Self.now) == .wrong(lockedFor: nil), "spent")
            #expect(try store.checkMemberPin(bo, "1357", now: Self.now) == .accepted, "and the PIN it chose stays")

            try store.setEnrolmentCode(cy, "ZZZZ-2222", until: Self.now + 10)
            #expect(throws: LogbookError.self) { try store.enrol(cy, code: "ZZZZ-2222", pin: "1234", now: Self.now + 11) }
            #expect(try store.access(of: cy) == MemberAccess(hasCode: true), "an expired code chooses nothing")
            for _ in 1...4 { #expect(try store.enrol(cy, code: "AAAA-2222", pin: nil, now: Self.now) == .wrong(lockedFor: nil)) }
            #expect(try store.enrol(cy, code: "AAAA-2222", pin: nil, now: Self.now) == .wrong(lockedFor: 30), "wrong codes count as wrong PINs")
            #expect(try store.enrol(cy, code: "ZZZZ-2222", pin: "1234", now: Self.now) == .locked(seconds: 30))
            try store.setEnrolmentCode(cy, nil, until: Self.now)
            #expect(try store.access(of: cy) == MemberAccess())
            try store.setEnrolmentCode(cy, "ZZZZ-3333", until: Self.now + 3600)
            try store.setMemberPin(cy, "8642")
            #expect(try store.access(of: cy) == MemberAccess(hasPin: true), "the desk's PIN replaces the code")
        }
    }
}
