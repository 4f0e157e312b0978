import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
import TopWeightUseCases

/// The board's figures as the use case reads them from each engine: the
/// same answers on SQLite and PostgreSQL, private members nowhere.
@Suite("The gym's board on each engine")
struct BoardStoreTests {
    static let utc = TimeZone(identifier: "UTC")!
    /// Wednesday 2026-11-25, 18:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_629_600)

    static func at(_ day: Int, _ hour: Int) -> Date {
        // November 2026, UTC.
        Date(timeIntervalSince1970: 1_793_491_200 + Double(day - 1) * 86_400 + Double(hour) * 3_600)
    }

    static func kg(_ weight: Double, _ reps: Int, _ series: Int) -> SetValues {
        SetValues(weight: Weight(value: weight, unit: .kg), reps: reps, series: series)
    }

    /// Ana, Ben, Cy and Zoë's sets around 25 November; Zoë is private.
    static func seed(_ store: any StorageEngine) throws -> (zoe: User, ben: User) {
        let ana = try store.createUser(named: "Ana")
        let ben = try store.createUser(named: "Ben")
        let zoe = try store.createUser(named: "Zoë")
        let bench = try store.createExercise(named: "Bench Press")
        let squat = try store.createExercise(named: "Back Squat")
        let deadlift = try store.createExercise(named: "Deadlift")
        func save(_ user: User, _ exercise: Exercise, _ values: SetValues, _ day: Int, _ hour: Int) throws -> Int64 {
            try store.save(NewRecord(user: user, exercise: exercise, values: values, performedAt: at(day, hour)))
        }
        _ = try save(ana, bench, kg(97.5, 5, 3), 18, 9)
        _ = try save(ana, deadlift, kg(150, 1, 1), 20, 9)
        _ = try save(ana, bench, kg(100, 5, 3), 25, 10)
        _ = try save(ana, squat, kg(120, 1, 1), 25, 11)
        _ = try save(ben, squat, kg(100, 5, 5), 25, 12)
        let deleted = try save(ben, squat, kg(200, 1, 1), 25, 13)
        _ = try store.deleteRecord(id: deleted)
        _ = try save(zoe, deadlift, kg(200, 1, 1), 25, 14)
        _ = try save(zoe, bench, kg(60, 5, 3), 18, 14)
        _ = try store.saveBodyWeight(userID: ana.id, weight: Weight(value: 60, unit: .kg), at: at(24, 7), uid: "bw-ana", now: now)
        _ = try store.saveBodyWeight(userID: zoe.id, weight: Weight(value: 70, unit: .kg), at: at(24, 7), uid: "bw-zoe", now: now)
        try store.setPrivate(zoe, true)
        return (zoe, ben)
    }

    /// Every member name the figures mention.
    static func names(_ figures: BoardFigures) -> Set<String> {
        Set(figures.lifters.map(\.name) + figures.records.map(\.user) + figures.lifts.flatMap { $0.leaders.map(\.user) }
            + figures.strength.map(\.user) + figures.volume.map(\.user) + figures.streaks.map(\.user))
    }

    @Test("Today's lifters and PRs, the month's bests, DOTS, the week's volume and streaks; deleted sets and private members left out",
          arguments: TestEngine.allCases)
    func figures(engine: TestEngine) throws {
        try engine.withStore { store in
            let (zoe, _) = try Self.seed(store)
            let figures = try GymBoard(logbook: store, timeZone: Self.utc).figures(at: Self.now)
            #expect(figures.today == LocalDay(year: 2026, month: 11, day: 25))
            #expect(figures.lifters.map(\.name) == ["Ben", "Ana"])
            #expect(figures.lifters.map(\.sets) == [5, 4])
            #expect(figures.records.map(\.user) == ["Ana"])
            #expect(figures.records.first?.exercise == "Bench Press")
            #expect(figures.records.first?.kinds == [.heaviest, .e1rm])
            #expect(figures.lifts.map(\.lift) == ["Back Squat", "Bench Press", "Deadlift"])
            #expect(figures.lifts.map { $0.leaders.map(\.user) } == [["Ana", "Ben"], ["Ana"], ["Ana"]])
            #expect(figures.lifts[2].leaders.map(\.value) == [150])
            #expect(figures.strength.map(\.user) == ["Ana"])
            #expect(abs((figures.strength.first?.totalKilograms ?? 0) - 386.67) < 0.01)
            #expect(figures.volume.map(\.user) == ["Ben", "Ana"])
            #expect(figures.volume.map(\.value) == [2500, 1620])
            #expect(figures.streaks.map(\.user) == ["Ana"])
            #expect(figures.streaks.map(\.weeks) == [2])
            #expect(!Self.names(figures).contains("Zoë"))
            #expect(try store.isPrivate(zoe))

            try store.setPrivate(zoe, false)
            let shown = try GymBoard(logbook: store, timeZone: Self.utc).figures(at: Self.now)
            #expect(try !store.isPrivate(zoe))
            #expect(Self.names(shown).contains("Zoë"))
            #expect(shown.lifts[2].leaders.map(\.user) == ["Zoë", "Ana"])
        }
    }

    @Test("Only weight sets make the board's PRs and e1RMs, as in prs: an assisted set beats nothing and keeps its sign",
          arguments: TestEngine.allCases)
    func otherKinds(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let pullUp = try store.createExercise(named: "Pull Up", kind: .bodyweight)
            let squat = try store.createExercise(named: "Back Squat", kind: .bodyweight)
            func save(_ exercise: Exercise, _ values: SetValues, _ day: Int, _ hour: Int) throws {
                _ = try store.save(NewRecord(user: ana, exercise: exercise, values: values, performedAt: Self.at(day, hour)))
            }
            // More assistance than before (bw-10, then bw-20): easier, and no record of any kind;
            // read without its sign, 20 kg would pass for heavier than 10.
            try save(pullUp, .bodyweight(load: -1_000, unit: .kg, reps: 5, series: 3), 18, 9)
            try save(pullUp, .bodyweight(load: -2_000, unit: .kg, reps: 10, series: 3), 25, 9)
            // A main lift logged as a bodyweight movement (assisted): no e1RM of the barbell lift.
            try save(squat, .bodyweight(load: -1_000, unit: .kg, reps: 20, series: 1), 25, 10)
            let figures = try GymBoard(logbook: store, timeZone: Self.utc).figures(at: Self.now)
            #expect(figures.records.isEmpty, "\(figures.records)")
            #expect(figures.lifts.isEmpty, "\(figures.lifts)")
            #expect(figures.lifters.map(\.name) == ["Ana"])
            #expect(try TrainingProgress(logbook: store, timeZone: Self.utc).personalRecords(of: ana).allSatisfy { $0.heaviest == nil && $0.estimate == nil })
        }
    }

    @Test("Members start public: a new member is on the board until they say otherwise", arguments: TestEngine.allCases)
    func publicByDefault(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            #expect(try !store.isPrivate(ana))
        }
    }

    @Test("The board's watch wakes when another connection saves, and only then", arguments: TestEngine.shared)
    func watch(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            // As `board` and `serve` watch: through the use case, over the database's roles.
            let board = GymBoard(LogbookRoles(try open()), timeZone: Self.utc)
            let changes = try board.changes()
            defer { changes.close() }
            #expect(try !changes.wait(seconds: 0.5), "nothing changed yet")
            let terminal = try open()
            let ana = try terminal.createUser(named: "Ana")
            let bench = try terminal.createExercise(named: "Bench Press")
            #expect(try changes.wait(seconds: 10), "a member and an exercise were added")
            // Whatever else the creation notified, drained before the save.
            while try changes.wait(seconds: 0.5) {}
            _ = try terminal.save(NewRecord(user: ana, exercise: bench, values: Self.kg(60, 5, 3), performedAt: Self.now))
            #expect(try changes.wait(seconds: 10), "a set was saved")
            while try changes.wait(seconds: 0.5) {}
            try terminal.setPrivate(ana, true)
            #expect(try changes.wait(seconds: 10), "a member went private")
        }
    }
}
