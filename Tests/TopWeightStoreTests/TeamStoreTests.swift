import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// The gym's teams on each engine: the same answers on SQLite and
/// PostgreSQL, a team spelt as its first member was put in it, gone with
/// its last member, and carried whole by `storedMembers`/`adoptMembers`.
@Suite("Teams on each engine")
struct TeamStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_629_600)

    @Test("join, leave, a team's spelling kept, members by name, a removed member in no team", arguments: TestEngine.allCases)
    func joinAndLeave(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let eve = try store.createUser(named: "Eve")
            #expect(try store.teamMemberships().isEmpty)
            #expect(try store.joinTeam(bo, team: "Juniors", now: Self.now))
            #expect(try store.joinTeam(ana, team: "JUNIORS", now: Self.now))
            #expect(try !store.joinTeam(ana, team: "juniors", now: Self.now))
            #expect(try store.joinTeam(ana, team: "Masters", now: Self.now))
            #expect(try store.joinTeam(eve, team: "Masters", now: Self.now))
            #expect(try store.teamMemberships().map { "\($0.team) \($0.user.name)" } == ["Juniors Ana", "Juniors Bo", "Masters Ana", "Masters Eve"])
            #expect(try store.teamsByMember()[ana.id] == ["Juniors", "Masters"])
            #expect(try store.team("MASTERS")?.members.map(\.name) == ["Ana", "Eve"])

            try store.removeUser(eve)
            #expect(try store.team("Masters")?.members.map(\.name) == ["Ana"])
            #expect(try !store.leaveTeam(bo, team: "Masters"))
            #expect(try store.leaveTeam(ana, team: "masters"))
            #expect(try store.team("Masters") == nil)
            #expect(throws: LogbookError.self) { try store.joinTeam(eve, team: "Juniors", now: Self.now) }
        }
    }

    @Test("storedMembers names each member's teams; adoptMembers adds them to a destination's own", arguments: TestEngine.allCases)
    func carried(engine: TestEngine) throws {
        try engine.withStores { store, fresh in
            let ana = try store.createUser(named: "Ana")
            _ = try store.createUser(named: "Bo")
            _ = try store.joinTeam(ana, team: "Masters", now: Self.now)
            _ = try store.joinTeam(ana, team: "Juniors", now: Self.now)
            let stored = try store.storedMembers()
            #expect(stored.map(\.teams) == [["Juniors", "Masters"], []])

            let destination = try fresh()
            let here = try destination.createUser(named: "ana")
            _ = try destination.joinTeam(here, team: "Seniors", now: Self.now)
            _ = try destination.joinTeam(here, team: "masters", now: Self.now)
            try destination.adoptMembers(stored, now: Self.now)
            // The destination's own spelling of a team it has; the teams that came added.
            #expect(try destination.storedMembers().map { "\($0.name) \($0.teams)" } == ["ana [\"Juniors\", \"masters\", \"Seniors\"]", "Bo []"])
        }
    }
}
