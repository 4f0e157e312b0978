import Foundation
import Testing
import TopWeightCore
@testable import TopWeightStore

/// WAL checkpoints on a background connection, never inside a save's commit.
@Suite("WAL checkpoints off the saves")
struct CheckpointTests {
    /// Saves one set after another until `done` holds, at most `limit` of them; returns how many.
    private static func save(_ store: WorkoutStore, limit: Int, until done: () -> Bool) throws -> Int {
        let ana = try store.createUser(named: "Ana")
        let squat = try store.createExercise(named: "Back Squat", category: "barbell")
        var saved = 0
        while saved < limit, !done() {
            let values = SetValues(weight: Weight(hundredths: 10_000 + saved % 400 * 25, unit: .kg), reps: 1 + saved % 12, series: 3)
            _ = try store.save(NewRecord(user: ana, exercise: squat, values: values, performedAt: Date()))
            saved += 1
        }
        return saved
    }

    @Test("past 1 000 pages of log the checkpoint runs in the background, no commit runs one itself, and nothing is lost")
    func background() throws {
        try withTemporaryDatabase { database in
            var saved = 0
            do {
                let store = try database.open()
                let checkpointer = try #require(store.checkpointer)
                saved = try Self.save(store, limit: 20_000) { checkpointer.done.background >= 2 }
                #expect(checkpointer.done.background >= 2, "\(saved) saves and no background checkpoint")
                #expect(checkpointer.done.inline == 0)
                // The log is checkpointed from its start again, so it stays far below the ceiling.
                let walBytes = (try? FileManager.default.attributesOfItem(atPath: database.path + "-wal")[.size] as? Int) ?? 0
                #expect(walBytes < Int(Checkpointer.ceiling) * 4_096, "\(walBytes) bytes of log")
            }
            // Every save is there for the next process.
            let reopened = try database.open()
            #expect(try reopened.history(HistoryQuery(limit: nil)).count == saved)
        }
    }

    @Test("a file opened read-only gets no checkpointer; one in memory neither")
    func none() throws {
        try withTemporaryDatabase { database in
            _ = try database.open()
            #expect(try database.open(options: .init(readOnly: true)).checkpointer == nil)
            #expect(try WorkoutStore.inMemory().checkpointer == nil)
        }
    }
}
