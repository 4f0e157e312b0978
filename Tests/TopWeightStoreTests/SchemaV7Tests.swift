import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// Schema v7 on every engine: every kind of set, and each exercise's kind.
@Suite("Every kind of set, stored")
struct SchemaV7Tests {
    static let at = Date(timeIntervalSince1970: 1_795_284_000)

    /// One set of each kind, and rated ones.
    static let sets: [(exercise: String, kind: ExerciseKind, values: SetValues)] = [
        ("Pull Up", .bodyweight, .bodyweight(load: 1_000, unit: .kg, reps: 8, series: 3)),
        ("Dip", .bodyweight, .bodyweight(load: 0, unit: .kg, reps: 12, series: 3, effort: Effort(halves: 17))),
        ("Chin Up", .bodyweight, .bodyweight(load: -2_000, unit: .lb, reps: 6, series: 2)),
        ("Plank", .time, .timed(SetDuration(seconds: 90), series: 3)),
        ("Rowing Machine", .distance, .covered(Distance(thousandths: 2_000_000, unit: .m), in: SetDuration(seconds: 465))),
        ("Running", .distance, .covered(Distance(thousandths: 3_107, unit: .mi), in: SetDuration(seconds: 1_500), effort: Effort(halves: 14))),
        ("Back Squat", .weight, SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 3, effort: Effort(halves: 16))),
    ]

    @Test("each kind of set is saved, read back in history, as the last values and by id, as it was typed", arguments: TestEngine.allCases)
    func roundTrip(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            for (offset, set) in Self.sets.enumerated() {
                let exercise = try store.createExercise(named: set.exercise, category: nil, kind: set.kind, now: Self.at)
                #expect(exercise.kind == set.kind)
                let record = NewRecord(user: ana, exercise: exercise, values: set.values, performedAt: Self.at.addingTimeInterval(Double(offset)))
                let (id, _) = try store.saveMeasured(record, now: Self.at)
                #expect(try store.record(id: id)?.values == set.values)
                #expect(try store.lastValues(of: ana, for: exercise) == set.values)
                #expect(try store.exercise(named: set.exercise)?.kind == set.kind)
            }
            let history = try store.history(HistoryQuery())
            #expect(history.map(\.values) == Self.sets.reversed().map(\.values))
            #expect(try store.lastExercise(of: ana)?.kind == .weight)
            #expect(Set(try store.recentExercises(of: ana, limit: 10).map(\.kind)) == [.weight, .bodyweight, .time, .distance])
        }
    }

    @Test("an edit can change a set's kind and numbers; copying carries kinds and the exercise's kind", arguments: TestEngine.allCases)
    func editAndCopy(engine: TestEngine) throws {
        try engine.withStores { store, fresh in
            let ana = try store.createUser(named: "Ana")
            let plank = try store.createExercise(named: "Plank", category: "core", kind: .time, now: Self.at)
            let id = try store.save(NewRecord(user: ana, exercise: plank, values: .timed(SetDuration(seconds: 60), series: 2), performedAt: Self.at))
            let longer = SetValues.timed(SetDuration(seconds: 75), series: 3, effort: Effort(halves: 18))
            #expect(try store.editRecord(id: id, exercise: plank, values: longer, now: Self.at))
            #expect(try store.record(id: id)?.values == longer)

            let copy = try fresh()
            let stored = try store.storedRecords(after: 0, limit: 10)
            #expect(stored.map(\.values) == [longer])
            #expect(try copy.adoptRecords(stored, now: Self.at) == 1)
            #expect(try copy.history(HistoryQuery()).map(\.values) == [longer])
            #expect(try copy.exercise(named: "Plank")?.kind == .time)
        }
    }

    @Test("an exercise's kind can be changed; its records keep what they measured", arguments: TestEngine.allCases)
    func changeKind(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let hang = try store.createExercise(named: "Bar Hang")
            #expect(hang.kind == .weight)
            let weighted = SetValues(weight: Weight(value: 10, unit: .kg), reps: 1, series: 1)
            _ = try store.save(NewRecord(user: ana, exercise: hang, values: weighted, performedAt: Self.at))
            let changed = try store.setExerciseKind(hang, to: .time)
            #expect(changed.kind == .time)
            #expect(try store.exercise(named: "bar hang")?.kind == .time)
            #expect(try store.history(HistoryQuery()).map(\.values) == [weighted])
            _ = try store.setExerciseKind(changed, to: .weight)
            #expect(try store.exercises().first?.exercise.kind == .weight)
        }
    }

    @Test("a set that is not one of its kind is refused, and nothing is written", arguments: TestEngine.allCases)
    func malformed(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let plank = try store.createExercise(named: "Plank", category: nil, kind: .time, now: Self.at)
            var broken = SetValues.timed(SetDuration(seconds: 60), series: 1)
            broken.duration = nil
            #expect(throws: LogbookError.self) {
                try store.save(NewRecord(user: ana, exercise: plank, values: broken, performedAt: Self.at))
            }
            #expect(try store.history(HistoryQuery()).isEmpty)
        }
    }
}
