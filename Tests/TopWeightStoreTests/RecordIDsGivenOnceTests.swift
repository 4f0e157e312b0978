import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// A record's id is given once: removing a member for good (`users remove
/// NAME --yes`) takes their rows away but never lowers the next id, on
/// every engine, so a number printed once (`Saved #302`) never comes to
/// mean another member's set.
@Suite("Record ids are given once")
struct RecordIDsGivenOnceTests {
    /// Saves 60 kg × 5 × 5 of `exercise` for `user` at `instant(index * 60)`; answers its id.
    static func save(_ store: any StorageEngine, _ user: User, _ exercise: Exercise, _ index: Int) throws -> Int64 {
        let at = instant(index * 60)
        return try store.saveMeasured(NewRecord(user: user, exercise: exercise, values: SetValues(60, .kg, 5, 5),
                                                performedAt: at, uid: RecordUID.make(at: at)), now: at).id
    }

    @Test("a member removed with the newest records: no id of theirs is given again", arguments: TestEngine.allCases)
    func removedNewestNotGivenAgain(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            for index in 1...3 { _ = try Self.save(store, ana, bench, index) }
            let bo = try store.createUser(named: "Bo")
            let bos = try (4...5).map { try Self.save(store, bo, bench, $0) }
            for id in bos { #expect(try store.deleteRecord(id: id, now: instant(400))) }
            try store.removeUser(bo, withDeleted: true)

            let next = try Self.save(store, ana, bench, 6)
            #expect(next > bos.max() ?? 0, "\(next) was given before, to one of \(bos)")
            #expect(try store.record(id: bos[1]) == nil)
            #expect(try store.users().first { $0.user.name == "Ana" }?.records == 4)
            #expect(try store.exercises().first { $0.exercise.name == "Bench Press" }?.records == 4)

            // Removed again at the newest: the highest id ever given still counts.
            let cy = try store.createUser(named: "Cy")
            let cys = try Self.save(store, cy, bench, 7)
            #expect(try store.deleteRecord(id: cys, now: instant(500)))
            #expect(try store.deleteRecord(id: next, now: instant(500)))
            try store.removeUser(cy, withDeleted: true)
            #expect(try Self.save(store, ana, bench, 8) > cys)
        }
    }

    @Test("a file keeps the highest id ever given when it is opened again", arguments: [TestEngine.file])
    func keptAcrossOpening(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            var removed: Int64 = 0
            do {
                let store = try open()
                let ana = try store.createUser(named: "Ana")
                let bench = try store.createExercise(named: "Bench Press")
                _ = try Self.save(store, ana, bench, 1)
                let bo = try store.createUser(named: "Bo")
                removed = try Self.save(store, bo, bench, 2)
                #expect(try store.deleteRecord(id: removed, now: instant(300)))
                try store.removeUser(bo, withDeleted: true)
            }
            let again = try open()
            let ana = try #require(try again.user(named: "Ana"))
            let bench = try #require(try again.exercise(named: "Bench Press"))
            #expect(try Self.save(again, ana, bench, 3) == removed + 1)
        }
    }

    @Test("a change by id and uid leaves the record of that id alone when it is another one", arguments: TestEngine.allCases)
    func changesByUid(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let id = try Self.save(store, ana, bench, 1)
            let shown = try #require(try store.record(id: id))
            let other = RecordUID.make(at: instant(9))
            #expect(try !store.deleteRecord(id: id, uid: other, now: instant(100)))
            #expect(try !store.editRecord(id: id, uid: other, exercise: bench, values: SetValues(99, .kg, 1, 1), now: instant(100)))
            #expect(try store.record(id: id) == shown)

            #expect(try store.deleteRecord(id: id, uid: shown.uid, now: instant(100)))
            #expect(try !store.restoreRecord(id: id, uid: other))
            #expect(try store.record(id: id)?.deletedAt != nil)
            #expect(try store.restoreRecord(id: id, uid: shown.uid))
            #expect(try store.editRecord(id: id, uid: shown.uid, exercise: bench, values: SetValues(65, .kg, 5, 5), now: instant(200)))
            #expect(try store.record(id: id)?.values == SetValues(65, .kg, 5, 5))
        }
    }
}
