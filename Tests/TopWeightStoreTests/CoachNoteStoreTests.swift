import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// Coaches' notes on each engine: the same answers on SQLite and
/// PostgreSQL, taken once, gone with the member, carried by uid.
@Suite("Coaches' notes on each engine")
struct CoachNoteStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_629_600)
    static let day = LocalDay(year: 2026, month: 11, day: 30)!
    static let later = LocalDay(year: 2026, month: 12, day: 1)!

    static func note(_ text: String, for user: String, on day: LocalDay = day, uid: String) -> CoachNote {
        CoachNote(user: user, day: day, coach: "Bo", text: text, createdAt: now, uid: uid)
    }

    @Test("added, listed by member and day, taken once, removed, gone with the member", arguments: TestEngine.allCases)
    func lifecycle(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let eve = try store.createUser(named: "Eve")
            let first = try store.addCoachNote(Self.note("lighter on squats today", for: "Ana", on: Self.later, uid: "u1"), userID: ana.id)
            let second = try store.addCoachNote(Self.note("film your bench", for: "Ana", uid: "u2"), userID: ana.id)
            _ = try store.addCoachNote(Self.note("rest up", for: "Eve", uid: "u3"), userID: eve.id)
            #expect(first != second)
            #expect(try store.coachNotes(userID: ana.id).map(\.text) == ["film your bench", "lighter on squats today"])
            #expect(try store.coachNotes(userID: nil).map(\.user) == ["Ana", "Ana", "Eve"])
            #expect(try store.coachNote(id: first)?.line == "Coach Bo: lighter on squats today")

            let taken = try store.takeUnseenCoachNotes(userID: ana.id, now: Self.now)
            #expect(taken.map(\.text) == ["lighter on squats today", "film your bench"])
            #expect(taken.allSatisfy { $0.seenAt == Self.now })
            #expect(try store.takeUnseenCoachNotes(userID: ana.id, now: Self.now).isEmpty)
            #expect(try store.coachNotes(userID: eve.id).first?.seenAt == nil)

            #expect(try store.removeCoachNote(id: second))
            #expect(try !store.removeCoachNote(id: second))
            #expect(try store.coachNote(id: second) == nil)
            try store.removeUser(eve)
            #expect(try store.coachNotes(userID: nil).map(\.text) == ["lighter on squats today"])
            #expect(throws: LogbookError.self) { try store.addCoachNote(Self.note("x", for: "Eve", uid: "u4"), userID: eve.id) }
        }
    }

    @Test("adoptCoachNotes keeps each uid once, for members here by name, seen or not as it came", arguments: TestEngine.allCases)
    func adopted(engine: TestEngine) throws {
        try engine.withStores { store, fresh in
            let ana = try store.createUser(named: "Ana")
            _ = try store.addCoachNote(Self.note("lighter on squats today", for: "Ana", uid: "u1"), userID: ana.id)
            _ = try store.takeUnseenCoachNotes(userID: ana.id, now: Self.now)
            _ = try store.addCoachNote(Self.note("film your bench", for: "Ana", uid: "u2"), userID: ana.id)
            let stored = try store.coachNotes(userID: nil)

            let destination = try fresh()
            _ = try destination.createUser(named: "ana")
            let strays = [Self.note("nobody here", for: "Zed", uid: "u9")]
            #expect(try destination.adoptCoachNotes(stored + strays) == 2)
            #expect(try destination.adoptCoachNotes(stored) == 0)
            let kept = try destination.coachNotes(userID: nil)
            #expect(kept.map { "\($0.user) \($0.uid) \($0.seenAt != nil)" } == ["ana u1 true", "ana u2 false"])
        }
    }
}
