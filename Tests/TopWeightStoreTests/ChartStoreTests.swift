import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightUseCases
import TopWeightTestSupport

/// What charts, plates and body weight keep and read, on every engine:
/// the gym's plate sets, body weights carried by `topweight copy`, and the
/// use cases over them.
@Suite("Charts, plates and body weight in storage")
struct ChartStoreTests {
    static var utc: TimeZone { TimeZone(identifier: "UTC") ?? .current }

    static func log(_ store: any Logbook) -> TrainingLog {
        TrainingLog(logbook: store, routineCatalog: RoutineCatalog(routines: []), timeZone: utc)
    }

    @Test("the gym's plate sets: none until set, set, replaced, removed; the admin PIN's rows are out of reach", arguments: TestEngine.allCases)
    func gymSettings(engine: TestEngine) throws {
        try engine.withStore { store in
            #expect(try store.gymSetting(.kilogramPlates) == nil)
            try store.setGymSetting(.kilogramPlates, to: "25, 20, 10x2")
            try store.setGymSetting(.kilogramPlates, to: "20, 10")
            try store.setGymSetting(.poundPlates, to: "45x6")
            #expect(try store.gymSetting(.kilogramPlates) == "20, 10")
            #expect(try store.gymSetting(.poundPlates) == "45x6")
            try store.setAdminPin("2468")
            try store.setGymSetting(.kilogramPlates, to: nil)
            #expect(try store.gymSetting(.kilogramPlates) == nil)
            #expect(try store.checkAdminPin("2468") == .accepted, "the PIN is untouched")
            // Settings travel with `copy`, keyed as the contract says.
            #expect(try store.settings().map(\.key).contains("plates.lb"))
        }
    }

    @Test("the plates use case reads the gym's set, falls back to the standard one, and refuses one another tool broke", arguments: TestEngine.allCases)
    func platesUseCase(engine: TestEngine) throws {
        try engine.withStore { store in
            let workouts = Workouts(logbook: store, catalog: ExerciseCatalog(entries: []))
            let hundred = Weight(value: 100, unit: .kg)
            #expect(try workouts.plateSet(.kg) == .standard(.kg))
            #expect(try workouts.plates(for: hundred).answer == PlateSolver.solve(target: 10_000, bar: 2_000, plates: .standard(.kg)))
            try workouts.setPlateSet(try PlateSet.parse("20x2,10x1", unit: .kg).get(), unit: .kg)
            let (answer, plates, bar) = try workouts.plates(for: hundred)
            #expect(plates.description == "20x2, 10x1")
            #expect(bar == Weight(value: 20, unit: .kg))
            #expect(answer == .exact(PlateLoad(bar: bar, perSide: [2000, 2000])))
            #expect(try workouts.plateSet(.lb) == .standard(.lb), "the other unit's set is its own")
            try workouts.setPlateSet(nil, unit: .kg)
            #expect(try workouts.plateSet(.kg) == .standard(.kg))
            try store.setGymSetting(.kilogramPlates, to: "lots")
            #expect(throws: WorkoutsError.self) { try workouts.plates(for: hundred) }
            #expect(throws: WorkoutsError.self) { try workouts.plates(for: hundred, bar: Weight(value: 45, unit: .lb)) }
        }
    }

    @Test("weigh keeps a measurement, refuses a typo and the future; the list and the chart read it back", arguments: TestEngine.allCases)
    func weighAndRead(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = Self.log(store)
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let now = instant(1_000_000)
            try log.weigh(Weight(value: 71.5, unit: .kg), member: ana, at: now.addingTimeInterval(-2 * 86_400), now: now)
            try log.weigh(Weight(value: 70.5, unit: .kg), member: ana, at: now.addingTimeInterval(-86_400), now: now)
            let kept = try log.weigh(Weight(value: 156, unit: .lb), member: ana, at: now, now: now)
            try log.weigh(Weight(value: 90, unit: .kg), member: bo, at: now, now: now)
            #expect(kept.user == "Ana" && RecordUID.isValid(kept.uid))
            for typo in [Weight(value: 7, unit: .kg), Weight(value: 900, unit: .kg), Weight(value: 40, unit: .lb)] {
                #expect(throws: WorkoutsError.self) { try log.weigh(typo, member: ana, at: now, now: now) }
            }
            #expect(throws: WorkoutsError.self) { try log.weigh(Weight(value: 70, unit: .kg), member: ana, at: now.addingTimeInterval(2 * 86_400), now: now) }

            let listed = try log.bodyWeights(of: ana, since: nil, limit: nil)
            #expect(listed.map(\.weight.description) == ["156 lb", "70.5 kg", "71.5 kg"])
            #expect(try log.bodyWeights(of: ana, since: nil, limit: 1).count == 1)
            #expect(try log.bodyWeights(of: ana, since: nil, limit: 0).isEmpty)
            #expect(try log.bodyWeights(of: ana, since: log.day(of: now), limit: nil).count == 1)
            let chart = try log.bodyWeightChart(of: ana, since: nil)
            #expect(chart.unit == .lb)
            #expect(chart.points.map(\.value) == [157.63, 155.43, 156])
            #expect(chart.points.allSatisfy { !$0.isRecord })
        }
    }

    @Test("the chart use case reads one member's one exercise, from a day on, without warm-ups or deleted sets", arguments: TestEngine.allCases)
    func chartUseCase(engine: TestEngine) throws {
        try engine.withStore { store in
            let log = Self.log(store)
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let squat = try store.createExercise(named: "Back Squat")
            let bench = try store.createExercise(named: "Bench Press")
            let day: TimeInterval = 86_400
            try store.save(ana, squat, SetValues(100, .kg, 5, 5), at: instant(0))
            try store.save(ana, squat, SetValues(110, .kg, 5, 5), at: instant(Int(day)))
            _ = try store.save(NewRecord(user: ana, exercise: squat, values: SetValues(150, .kg, 5, 1), performedAt: instant(Int(2 * day)),
                                         uid: RecordUID.make(at: instant(Int(2 * day))), kind: .warmup))
            let deleted = try store.save(ana, squat, SetValues(200, .kg, 1, 1), at: instant(Int(2 * day) + 60))
            _ = try store.deleteRecord(id: deleted, now: instant(Int(3 * day)))
            try store.save(ana, squat, SetValues(105, .kg, 5, 5), at: instant(Int(3 * day)))
            try store.save(ana, bench, SetValues(300, .kg, 1, 1), at: instant(Int(3 * day)))
            try store.save(bo, squat, SetValues(300, .kg, 1, 1), at: instant(Int(3 * day)))

            let weights = try log.chart(.weight, exercise: squat, of: ana, since: nil)
            #expect(weights.points.map(\.value) == [100, 110, 105])
            #expect(weights.points.map(\.isRecord) == [false, true, false])
            let since = try log.chart(.weight, exercise: squat, of: ana, since: log.day(of: instant(Int(day))))
            #expect(since.points.map(\.value) == [110, 105])
            let volume = try log.chart(.volume, exercise: squat, of: ana, since: nil)
            #expect(volume.points.map(\.value) == [2500, 2750, 2625])
        }
    }

    @Test("copy carries body weights by uid, creating their members; a second copy adds none", arguments: TestEngine.shared)
    func copyBodyWeights(to engine: TestEngine) throws {
        try withTemporaryDatabase { database in
            let file = try database.open()
            let ana = try file.createUser(named: "Ana")
            let zoe = try file.createUser(named: "Zoë")
            for (index, (member, value)) in [(ana, 70.5), (ana, 70.0), (zoe, 58.25), (ana, 69.5)].enumerated() {
                _ = try file.saveBodyWeight(userID: member.id, weight: Weight(value: value, unit: .kg), at: instant(index * 86_400),
                                            uid: RecordUID.make(at: instant(index)), now: instant(index))
            }
            _ = try file.saveBodyWeight(userID: zoe.id, weight: Weight(value: 130, unit: .lb), at: instant(9 * 86_400),
                                        uid: RecordUID.make(at: instant(9)), now: instant(9))
            func check(_ destination: any StorageEngine) throws {
                // Pages of two: five measurements take three.
                let first = try LogbookCopy.run(from: file, to: destination, now: instant(100), pageSize: 2)
                #expect((first.bodyWeights, first.bodyWeightsAlreadyThere) == (5, 0))
                let again = try LogbookCopy.run(from: file, to: destination, now: instant(200), pageSize: 2)
                #expect((again.bodyWeights, again.bodyWeightsAlreadyThere) == (0, 5))
                let copied = try destination.storedBodyWeights(after: 0, limit: 10)
                let original = try file.storedBodyWeights(after: 0, limit: 10)
                func shape(_ rows: [StoredBodyWeight]) -> [String] {
                    rows.map { "\($0.uid) \($0.user) \($0.weight.description) \($0.measuredAt.timeIntervalSince1970) \($0.createdAt.timeIntervalSince1970)" }
                        .sorted()
                }
                #expect(shape(copied) == shape(original))
                let zoeThere = try #require(try destination.user(named: "zoë"))
                #expect(try destination.bodyWeights(userID: zoeThere.id, since: nil, limit: nil).map(\.weight.description) == ["130 lb", "58.25 kg"])
                #expect(try destination.storedBodyWeights(after: copied[1].id, limit: 10).count == 3, "paged by id")
            }
            try engine.withStore(check)
        }
    }
}
