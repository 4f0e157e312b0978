import Foundation
import Testing
import TopWeightCore
@testable import TopWeightTransfer
import TopWeightTestSupport

@Suite("Importing into the store, on SQLite and PostgreSQL")
struct HistoryImportTests {
    @Test("Every fixture imports to the file's sets and volume day by day, and a second import adds nothing",
          arguments: TestEngine.kinds, FixtureExpectation.all)
    func importsAndReimports(engine: TestEngine, _ expected: FixtureExpectation) throws {
        try engine.withStores { store, _ in
            let data = try Fixture.data(expected.file)
            let first = try importer(store).run(data, format: .auto, member: "Ana", unit: expected.unit, dryRun: false, now: importTime)
            #expect(try daySums(in: store, member: "Ana") == expected.expectedDays)
            #expect(first.records == expected.records)
            #expect(first.recordsAdded == expected.records)
            #expect(first.setsAdded == expected.expectedDays.values.reduce(0) { $0 + $1.sets })
            #expect(first.days == expected.days.count)
            #expect(first.skipped == expected.skipped)
            #expect(first.memberCreated)

            let before = try store.storedSessions()
            let again = try importer(store).run(data, format: .auto, member: "Ana", unit: expected.unit, dryRun: false, now: importTime)
            #expect(again.recordsAdded == 0)
            #expect(again.setsAdded == 0)
            #expect(again.recordsPresent == expected.records)
            #expect(again.setsPresent == first.sets)
            #expect(again.notesAdded == 0)
            #expect(try store.recordCount() == expected.records)
            #expect(try store.storedSessions() == before, "no note added twice")
        }
    }

    @Test("Notes go to the day's note once, with the exercise they were written on", arguments: TestEngine.kinds)
    func notes(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            let data = try Fixture.data("strong-comma-no-unit.csv")
            let summary = try importer(store).run(data, format: .auto, member: "Ana", unit: .lb, dryRun: false, now: importTime)
            #expect(summary.notesAdded == 3)
            #expect(summary.noteDays == 1)
            let ana = try #require(try store.user(named: "Ana"))
            let day = try #require(LocalDay(year: 2021, month: 7, day: 7))
            let infos = try store.sessionInfos(userID: ana.id, from: day, through: day)
            #expect(infos.first?.note == "Felt good, slept 8h\n\nOverhead Press: 7/7/7, full rom\n\nTreadmill: easy\npace")
            // A note of the member's own that day stays, and the import's are not added again.
            try store.appendNote(userID: ana.id, day: day, text: "My own line", now: importTime)
            let again = try importer(store).run(data, format: .auto, member: "Ana", unit: .lb, dryRun: false, now: importTime)
            #expect(again.notesAdded == 0)
            #expect(again.notesPresent == 3)
            #expect(try store.sessionInfos(userID: ana.id, from: day, through: day).first?.note
                    == "Felt good, slept 8h\n\nOverhead Press: 7/7/7, full rom\n\nTreadmill: easy\npace\n\nMy own line")
        }
    }

    @Test("Warm-ups, drops and failures are stored with their kind; identical sets in a row become one record", arguments: TestEngine.kinds)
    func kindsAndSeries(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            _ = try importer(store).run(try Fixture.data("strong-semicolon-current.csv"), format: .auto, member: "Ana", unit: nil,
                                        dryRun: false, now: importTime)
            let ana = try #require(try store.user(named: "Ana"))
            let records = try store.history(HistoryQuery(userID: ana.id)).reversed()
            // The indoor ride (a distance with no time) comes in after the pushdown.
            #expect(records.map(\.kind) == [.warmup, nil, .failure, .drop, nil, nil, nil, nil])
            #expect(records.map(\.values.series) == [1, 2, 1, 1, 1, 1, 1, 1])
            #expect(records.map(\.values.measure)[4] == .distance)
            #expect(records.map(\.exercise).prefix(4) == ["Incline Bench Press (Dumbbell)", "Incline Bench Press (Dumbbell)",
                                                          "Incline Bench Press (Dumbbell)", "Triceps Pushdown (Cable - Straight Bar)"])
            // 23:59:59 and the sets after it: the same local day, in order.
            let late = records.suffix(3)
            #expect(late.allSatisfy { LocalDay($0.performedAt, in: testCalendar).description == "2025-02-18" })
            #expect(late.map(\.exercise) == ["Squat (Barbell)", "Squat (Barbell)", "Deadlift"])
        }
    }

    @Test("An overlapping later export adds only what is new", arguments: TestEngine.kinds)
    func overlappingExport(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            let full = try Fixture.text("strong-semicolon-current.csv")
            let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
            // The earlier export: the first workout only.
            let earlier = lines.prefix(9).joined(separator: "\n") + "\n"
            let first = try importer(store).run(Data(earlier.utf8), format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect(first.recordsAdded == 5)
            let later = try importer(store).run(Data(full.utf8), format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect(later.recordsAdded == 3)
            #expect(later.recordsPresent == 5)
            #expect(later.setsAdded == 3)
            #expect(later.setsPresent == 6)
        }
    }

    @Test("The same file for two members gives each their own sets", arguments: TestEngine.kinds)
    func twoMembers(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            let data = try Fixture.data("hevy-lb.csv")
            _ = try importer(store).run(data, format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
            let bo = try importer(store).run(data, format: .auto, member: "Bo", unit: nil, dryRun: false, now: importTime)
            #expect(bo.recordsAdded == 3)
            #expect(try daySums(in: store, member: "Bo") == (try daySums(in: store, member: "Ana")))
        }
    }

    @Test("--dry-run tells what would happen and writes nothing", arguments: TestEngine.kinds)
    func dryRun(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            let data = try Fixture.data("strong-comma-no-unit.csv")
            let dry = try importer(store).run(data, format: .auto, member: "Ana", unit: .lb, dryRun: true, now: importTime)
            #expect(dry.recordsAdded == 7)
            #expect(dry.setsAdded == 8)
            #expect(dry.notesAdded == 3)
            #expect(dry.memberCreated)
            #expect(dry.exercisesCreated.count == 5)
            #expect(try store.users().isEmpty)
            #expect(try store.exercises().isEmpty)
            #expect(try store.recordCount() == 0)
            #expect(try store.storedSessions().isEmpty)

            _ = try importer(store).run(data, format: .auto, member: "Ana", unit: .lb, dryRun: false, now: importTime)
            let again = try importer(store).run(data, format: .auto, member: "Ana", unit: .lb, dryRun: true, now: importTime)
            #expect((again.recordsAdded, again.recordsPresent, again.notesAdded, again.notesPresent) == (0, 7, 0, 3))
            #expect(!again.memberCreated)
            #expect(again.exercisesCreated.isEmpty)
        }
    }

    @Test("Body-weight exports go to body weight, once", arguments: TestEngine.kinds)
    func bodyWeight(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            let data = try Fixture.data("fitnotes-body.csv")
            let first = try importer(store).run(data, format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect(first.bodyWeightsAdded == 2)
            let again = try importer(store).run(data, format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect((again.bodyWeightsAdded, again.bodyWeightsPresent) == (0, 2))
            let ana = try #require(try store.user(named: "Ana"))
            let weights = try store.bodyWeights(userID: ana.id, since: nil, limit: nil)
            #expect(weights.map(\.weight) == [Weight(hundredths: 16750, unit: .lb), Weight(hundredths: 16700, unit: .lb)])
            #expect(weights.allSatisfy { RecordUID.isValid($0.uid) })
        }
    }

    @Test("--user may be left out only when the database has one member", arguments: TestEngine.kinds)
    func memberRules(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            let data = try Fixture.data("hevy-lb.csv")
            #expect(throws: TransferError.self) {
                try importer(store).run(data, format: .auto, member: nil, unit: nil, dryRun: false, now: importTime)
            }
            _ = try store.createUser(named: "Ana")
            let only = try importer(store).run(data, format: .auto, member: nil, unit: nil, dryRun: false, now: importTime)
            #expect(only.member == "Ana")
            #expect(!only.memberCreated)
            _ = try store.createUser(named: "Bo")
            do {
                _ = try importer(store).run(data, format: .auto, member: nil, unit: nil, dryRun: false, now: importTime)
                Issue.record("imported without knowing whose history it is")
            } catch let error as TransferError {
                #expect(error.description == "--user is needed: the file names no member and the database has 2 ('topweight users' lists them)")
            }
        }
    }

    @Test("Exercise names land on the catalog, and the summary says which and what was made", arguments: TestEngine.kinds)
    func mapping(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            let summary = try importer(store).run(try Fixture.data("strong-comma-no-unit.csv"), format: .auto, member: "Ana", unit: .lb,
                                                  dryRun: false, now: importTime)
            #expect(summary.mapped.map { "\($0.from) → \($0.to)" } == ["Overhead Press (Barbell) → Overhead Press", "Pull Up → Pull-Up"])
            #expect(summary.exercisesCreated == ["Overhead Press", "Treadmill", "Squat (Barbell)", "Plank", "Pull-Up"])
            #expect(try store.exercise(named: "Treadmill")?.kind == .distance)
            #expect(try store.exercise(named: "Plank")?.kind == .time)
            #expect(try store.exercise(named: "Pull-Up")?.kind == .bodyweight)
            #expect(try store.exercise(named: "Overhead Press")?.category == "barbell")
            #expect(try store.exercise(named: "Squat (Barbell)")?.category == "barbell")
        }
    }

    @Test("A member name that reads like another's is refused; an exercise that reads like a stored one lands on it", arguments: TestEngine.kinds)
    func lookalikes(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            _ = try store.createUser(named: "Ana")
            _ = try store.createExercise(named: "Deadlift", category: "barbell")
            let data = try Fixture.data("hevy-lb.csv")
            #expect(throws: TransferError.self) {
                try importer(store).run(data, format: .auto, member: "Ａｎａ", unit: nil, dryRun: false, now: importTime)
            }
            let text = "Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time\n2026-01-02,Ｄｅａｄｌｉｆｔ,Back,100,5,,,\n"
            let summary = try importer(store).run(Data(text.utf8), format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect(summary.mapped.map { "\($0.from) → \($0.to)" } == ["Ｄｅａｄｌｉｆｔ → Deadlift"])
            #expect(summary.exercisesCreated.isEmpty)
            #expect(try store.exercises().map(\.exercise.name) == ["Deadlift"])
        }
    }
}
