import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// Schema v5 on every engine: a set's kind travels with it, body weight is kept per member.
@Suite("Set kinds and body weight")
struct SchemaV5Tests {
    @Test("a warm-up saved, read back in history, and carried by storedRecords/adoptRecords keeps its kind; a working set has none", arguments: TestEngine.allCases)
    func kinds(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat")
            let at = Date(timeIntervalSince1970: 1_795_284_000)
            let values = SetValues(weight: Weight(value: 60, unit: .kg), reps: 5, series: 1)
            _ = try store.save(NewRecord(user: ana, exercise: squat, values: values, performedAt: at, kind: .warmup))
            _ = try store.save(NewRecord(user: ana, exercise: squat, values: values, performedAt: at.addingTimeInterval(60)))
            #expect(try store.history(HistoryQuery()).map(\.kind) == [nil, .warmup])
            let stored = try store.storedRecords(after: 0, limit: 10)
            #expect(stored.map(\.kind) == [.warmup, nil])
            var copies = stored
            for index in copies.indices { copies[index].uid = RecordUID.make(at: at) }
            #expect(try store.adoptRecords(copies, now: at) == 2)
            #expect(try store.history(HistoryQuery()).filter { $0.kind == .warmup }.count == 2)
        }
    }

    @Test("body weight: saved once per uid, listed newest first, since and limit honoured", arguments: TestEngine.allCases)
    func bodyWeight(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let start = Date(timeIntervalSince1970: 1_795_284_000)
            let uid = RecordUID.make(at: start)
            let first = try store.saveBodyWeight(userID: ana.id, weight: Weight(value: 70.5, unit: .kg), at: start, uid: uid, now: start)
            #expect(try store.saveBodyWeight(userID: ana.id, weight: Weight(value: 70.5, unit: .kg), at: start, uid: uid, now: start) == first)
            _ = try store.saveBodyWeight(userID: ana.id, weight: Weight(value: 155, unit: .lb), at: start.addingTimeInterval(86_400),
                                         uid: RecordUID.make(at: start), now: start)
            let all = try store.bodyWeights(userID: ana.id, since: nil, limit: nil)
            #expect(all.map(\.weight) == [Weight(value: 155, unit: .lb), Weight(value: 70.5, unit: .kg)])
            #expect(all.first?.user == "Ana")
            #expect(try store.bodyWeights(userID: ana.id, since: start.addingTimeInterval(1), limit: nil).count == 1)
            #expect(try store.bodyWeights(userID: ana.id, since: nil, limit: 1).count == 1)
        }
    }
}
