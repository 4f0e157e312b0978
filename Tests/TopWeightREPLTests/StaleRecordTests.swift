import Foundation
import GRDB
import Testing
import TopWeightCore
import TopWeightREPL
@testable import TopWeightStore
import TopWeightTestSupport

/// `:undo` and `:edit` act on the set they were shown, or on nothing: a
/// member removed at the desk while their turn is open leaves it numbers
/// that no longer name their sets.
@Suite("A stale set is left alone")
struct StaleRecordTests {
    /// Ana's set, then Cy's, so that Ana's set saved next is the newest.
    static func seed(_ fixture: Fixture) throws {
        try fixture.seed(values: .kg(60, 8, 3))
        try fixture.seed(user: "Cy", exercise: "Deadlift", values: .kg(100, 5, 1))
    }

    /// At the desk while Ana's turn is open: her sets deleted, Ana removed
    /// with them for good; then Bob's 140 kg back squat saved. Answers Bob's set.
    static func removeAnaThenSaveBob(_ fixture: Fixture, bobsID: Int64? = nil) throws -> WorkoutRecord {
        let store = fixture.store
        let ana = try #require(try store.user(named: "Ana"))
        for record in try fixture.records() where record.user == "Ana" { #expect(try store.deleteRecord(id: record.id, now: Fixture.now)) }
        try store.removeUser(ana, withDeleted: true)
        let bob = try store.createUser(named: "Bob")
        let squat = try store.createExercise(named: "Back Squat")
        let at = Fixture.now.addingTimeInterval(30)
        let entry = NewRecord(user: bob, exercise: squat, values: .kg(140, 3, 1), performedAt: at, uid: RecordUID.make(at: at))
        if let bobsID {
            // An id that came back (a file saved before ids were kept): Bob's set under Ana's number.
            try store.writer.write { db in
                try db.execute(sql: """
                    INSERT INTO record (id, uid, userId, exerciseId, weight, unit, reps, series, performedAt, createdAt)
                    VALUES (?, ?, ?, ?, 140, 'kg', 3, 1, ?, ?)
                    """, arguments: [bobsID, entry.uid, bob.id, squat.id, Int64(at.timeIntervalSince1970 * 1000),
                                     Int64(at.timeIntervalSince1970 * 1000)])
            }
        } else {
            _ = try store.save(entry, now: at)
        }
        return try #require(try fixture.records().first { $0.user == "Bob" })
    }

    @Test("Ana's :undo after she was removed and Bob saved: Bob's set stays, and no id of Ana's is Bob's")
    func undoAfterRemoval() throws {
        let fixture = try Fixture()
        try Self.seed(fixture)
        let source = ScriptedLineSource(lines: ["Ana", "", "+", "", "", ":undo"])
        var bobs: WorkoutRecord?
        source.interludes[5] = { bobs = try? Self.removeAnaThenSaveBob(fixture) }
        let (console, _) = fixture.run(source)
        let saved = try #require(console.said.first { $0.hasPrefix("Saved #") })
        let bob = try #require(bobs)
        #expect(!saved.hasPrefix("Saved #\(bob.id) "), "Bob was given Ana's \(saved)")
        #expect(!console.said.contains { $0.hasPrefix("Removed #") }, "\(console.said)")
        #expect(try fixture.records().filter { $0.user != "Cy" }.map(\.id) == [bob.id])
    }

    @Test("an id that came back to another member's set: :undo and :edit refuse it, one line each, and change nothing")
    func undoAndEditOfAnIdGivenAgain() throws {
        let fixture = try Fixture()
        try Self.seed(fixture)
        let source = ScriptedLineSource(lines: ["Ana", "", "+", "", "", ":edit", ":undo"])
        source.interludes[5] = { _ = try? Self.removeAnaThenSaveBob(fixture, bobsID: 3) }
        let (console, _) = fixture.run(source)
        #expect(console.said.contains { $0.hasPrefix("Saved #3 ") })
        #expect(console.warned.contains("No set #3; :history shows the numbers."), "\(console.warned)")
        #expect(console.warned.contains { $0.hasPrefix("#3 was already removed") }, "\(console.warned)")
        #expect(!console.said.contains { $0.hasPrefix("Removed #") }, "\(console.said)")
        let bobs = try #require(try fixture.records().first { $0.id == 3 })
        #expect(bobs.user == "Bob" && bobs.values == .kg(140, 3, 1) && bobs.deletedAt == nil)
    }

    @Test("in a kiosk, :edit #ID of an id that came back is another member's set, not one saved in this turn")
    func kioskEditOfAnIdGivenAgain() throws {
        let fixture = try Fixture()
        try Self.seed(fixture)
        let source = ScriptedLineSource(lines: ["Ana", "", "+", "", "", ":edit #3", "Deadlift", "", "", ""])
        source.interludes[5] = { _ = try? Self.removeAnaThenSaveBob(fixture, bobsID: 3) }
        let (console, _) = fixture.run(source, kiosk: true)
        #expect(console.warned.contains { $0.hasPrefix("#3 is ") }, "\(console.warned)")
        let left = try #require(try fixture.records().first { $0.id == 3 })
        #expect(left.user == "Bob" && left.exercise == "Back Squat" && left.values == .kg(140, 3, 1))
    }
}
