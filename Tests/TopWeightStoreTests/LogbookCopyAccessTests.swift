import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightUseCases
import TopWeightTestSupport

/// What a copy does with members' credentials where the destination has
/// some of its own (`WholeCopy.adoptAccess`), on every pair of engines.
@Suite("What a copy carries of members' PINs, cards and coaches")
struct LogbookCopyAccessTests {
    typealias Pair = LogbookCopyProfileTests.Pair
    static let anaCard = "0004512345"
    static let boCard = "0007770001"

    /// Ana with a card and a PIN, Bo with a card, Cy a coach; Cy logged one of Ana's sets.
    static func seed(_ store: any StorageEngine) throws {
        let ana = try store.createUser(named: "Ana")
        let bo = try store.createUser(named: "Bo")
        let cy = try store.createUser(named: "Cy")
        try store.setMemberCard(ana, anaCard)
        try store.setMemberPin(ana, "2468")
        try store.setMemberCard(bo, boCard)
        try store.setCoach(cy, true)
        let bench = try store.createExercise(named: "Bench Press", category: nil, kind: .weight)
        try store.save(ana, bench, SetValues(60, .kg, 5, 3), at: instant(0))
        let saved = try #require(try store.history(HistoryQuery(userID: ana.id)).first)
        try store.noteCoach(cy, of: saved.id)
    }

    @Test("a destination whose card key made no card takes the source's: both cards, the PIN and the coach work there",
          arguments: Pair.allCases)
    func keyWithoutCards(pair: Pair) throws {
        try pair.run { source, destination in
            try Self.seed(source)
            let dee = try destination.createUser(named: "Dee")
            try destination.setMemberCard(dee, "0009990001")
            try destination.setMemberCard(dee, nil)

            let summary = try LogbookCopy.run(from: source, to: destination, now: instant(100))

            #expect(summary.access.pins == 1 && summary.access.cards == 2 && summary.access.coaches == 1, "\(summary.access)")
            #expect(summary.coachedSets == 1)
            #expect(try destination.member(byCard: Self.anaCard)?.name == "Ana")
            #expect(try destination.member(byCard: Self.boCard)?.name == "Bo")
            let ana = try #require(try destination.user(named: "Ana"))
            #expect(try destination.access(of: ana).hasPin)
            #expect(try destination.checkMemberPin(ana, "2468", now: instant(200)) == .accepted)
            let cy = try #require(try destination.user(named: "Cy"))
            #expect(try destination.access(of: cy).isCoach)
            let record = try #require(try destination.history(HistoryQuery(userID: ana.id)).first)
            #expect(try destination.coaches(of: [record.id]) == [record.id: "Cy"])
        }
    }

    @Test("a second copy keeps what the destination changed: its own PIN, a card it gave another member; nothing is counted twice",
          arguments: Pair.allCases)
    func destinationKeepsItsOwn(pair: Pair) throws {
        try pair.run { source, destination in
            try Self.seed(source)
            _ = try LogbookCopy.run(from: source, to: destination, now: instant(100))
            let ana = try #require(try destination.user(named: "Ana"))
            let dee = try destination.createUser(named: "Dee")
            try destination.setMemberPin(ana, "1357")
            try destination.setMemberCard(ana, nil)
            try destination.setMemberCard(dee, Self.anaCard)

            let again = try LogbookCopy.run(from: source, to: destination, now: instant(200))

            #expect(again.access.pins == 0 && again.access.cards == 0 && again.access.coaches == 0 && again.coachedSets == 0, "\(again.access)")
            #expect(again.access.pinsKept == 1)
            #expect(again.access.cardsHeldByOthers == ["Ana"])
            #expect(try destination.member(byCard: Self.anaCard)?.name == "Dee")
            #expect(try destination.checkMemberPin(ana, "1357", now: instant(300)) == .accepted)
        }
    }
}
