import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightStore

/// A PostgreSQL terminal whose server is away still identifies members by
/// the cards and PINs it learned, kept hashed in its outbox file.
@Suite("A PostgreSQL terminal identifies members while its server is away", .serialized)
struct OutboxIdentityTests {
    @Test("cards, PINs and the policy learned from the server work with the server stopped; the outbox file (0600) holds no card number or PIN")
    func learnedWhileAway() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let server = try PostgresLogbook(url: cluster.url)
        let ana = try server.createUser(named: "Ana")
        let bo = try server.createUser(named: "Bo")
        let cy = try server.createUser(named: "Cy")
        try server.setMemberCard(ana, "0004512345")
        try server.setMemberPin(ana, "24681357")
        try server.setCoach(bo, true)
        try server.setGymSetting(.identity, to: IdentityPolicy.card.rawValue)
        let terminal = OutboxLogbook(server: try PostgresLogbook(url: cluster.url), outboxPath: state.outbox)
        #expect(try terminal.member(byCard: "0004512345") == ana, "the server answers while it is there")
        try terminal.refreshNames(from: try PostgresLogbook(url: cluster.url))

        try cluster.pgCtl(["stop", "-m", "immediate"])
        #expect(try terminal.member(byCard: "0004512345") == ana)
        #expect(try terminal.member(byCard: "0004512346") == nil)
        #expect(try terminal.identityPolicy() == .card)
        #expect(try terminal.access(of: ana) == MemberAccess(hasPin: true, hasCard: true))
        #expect(try terminal.access(of: bo) == MemberAccess(isCoach: true))
        let now = Date()
        #expect(try terminal.checkMemberPin(ana, "24681357", now: now) == .accepted)
        for _ in 1...4 { #expect(try terminal.checkMemberPin(ana, "00000000", now: now) == .wrong(lockedFor: nil)) }
        #expect(try terminal.checkMemberPin(ana, "00000000", now: now) == .wrong(lockedFor: 30))
        #expect(try terminal.checkMemberPin(ana, "24681357", now: now) == .locked(seconds: 30), "the wait holds while away too")
        #expect(throws: LogbookError.self) { try terminal.setMemberPin(bo, "1234") }
        // Nobody chooses a PIN while the server is away, not even for a member the terminal knows with none.
        #expect(throws: LogbookError.self) { try terminal.enrol(cy, code: nil, pin: "1234", now: now) }
        #expect(throws: LogbookError.self) { try terminal.enrol(bo, code: nil, pin: "1234", now: now) }
        #expect(try terminal.checkMemberPin(cy, "1234", now: now) != .accepted)

        let attributes = try FileManager.default.attributesOfItem(atPath: state.outbox)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        for path in [state.outbox, state.outbox + "-wal"] {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            #expect(data.range(of: Data("0004512345".utf8)) == nil, "the card's number is in \(path)")
            #expect(data.range(of: Data("24681357".utf8)) == nil, "the PIN is in \(path)")
        }
    }
}
