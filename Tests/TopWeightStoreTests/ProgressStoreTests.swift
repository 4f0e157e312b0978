import Foundation
import GRDB
import Testing
@testable import TopWeightCore
@testable import TopWeightPostgres
@testable import TopWeightStore
import TopWeightUseCases
import TopWeightTestSupport

private func kg(_ value: Double) -> Weight { Weight(value: value, unit: .kg) }
private func lb(_ value: Double) -> Weight { Weight(value: value, unit: .lb) }

private func utc(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text), "\(text) is not an instant")
}

private func berlin() throws -> TimeZone {
    try #require(TimeZone(identifier: "Europe/Berlin"))
}

extension SetRecording {
    /// Saves a set of `kind` and returns its id.
    @discardableResult
    fileprivate func save(_ user: User, _ exercise: Exercise, _ values: SetValues, at performedAt: Date, kind: SetKind?) throws(LogbookError) -> Int64 {
        try save(NewRecord(user: user, exercise: exercise, values: values, performedAt: performedAt,
                           uid: RecordUID.make(at: performedAt), kind: kind), now: performedAt)
    }
}

/// Personal records' and stats' storage on every engine: the bests found on
/// every save, and the totals by day and by exercise `stats` is made of.
@Suite("Progress storage, on a file, in memory and on PostgreSQL")
struct ProgressStoreTests {
    @Test("bests: none before a first set; the heaviest across units, the best Epley e1RM, most reps at a weight or more", arguments: TestEngine.allCases)
    func bests(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let squat = try store.createExercise(named: "Back Squat")
            let bench = try store.createExercise(named: "Bench Press")
            func bests(atLeast: Weight, excluding: Int64? = nil) throws -> ExerciseBests {
                try store.bests(userID: ana.id, exerciseID: squat.id, excluding: excluding, atLeast: atLeast)
            }
            #expect(try bests(atLeast: kg(100)) == ExerciseBests())

            let a = try store.save(ana, squat, SetValues(100, .kg, 5, 3), at: instant(0))
            let b = try store.save(ana, squat, SetValues(225, .lb, 3, 1), at: instant(60))    // 102.06 kg: the heaviest
            let c = try store.save(ana, squat, SetValues(90, .kg, 10, 3), at: instant(120))   // e1RM 120 kg
            let d = try store.save(ana, squat, SetValues(80, .kg, 12, 2), at: instant(180))   // the most reps, lighter
            try store.save(bo, squat, SetValues(200, .kg, 1, 1), at: instant(240))
            try store.save(ana, bench, SetValues(150, .kg, 20, 1), at: instant(300))

            let found = try bests(atLeast: kg(90))
            #expect(found.heaviest == BestSet(id: b, weight: lb(225), reps: 3))
            #expect(found.strongest == BestSet(id: c, weight: kg(90), reps: 10))
            #expect(found.mostReps == BestSet(id: c, weight: kg(90), reps: 10))
            #expect(try bests(atLeast: kg(80)).mostReps == BestSet(id: d, weight: kg(80), reps: 12))
            // 225 lb is 102.058 kg: at least 102.06 to the hundredth.
            #expect(try bests(atLeast: kg(102.06)).mostReps?.id == b)
            #expect(try bests(atLeast: kg(102.07)).mostReps == nil)
            #expect(try bests(atLeast: lb(220)).mostReps?.id == a)
            // The set just saved is left out.
            #expect(try bests(atLeast: kg(90), excluding: b).heaviest?.id == a)
            #expect(try bests(atLeast: kg(90), excluding: c).strongest?.id == a)
            #expect(try bests(atLeast: kg(90), excluding: c).mostReps?.id == a)
            #expect(try bests(atLeast: kg(80), excluding: d).mostReps?.id == c)
        }
    }

    @Test("saveMeasured: the set saved once, and the bests before it; a retry of the same entry finds the same row and the same bests", arguments: TestEngine.allCases)
    func saveMeasured(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat")
            let first = NewRecord(user: ana, exercise: squat, values: SetValues(100, .kg, 5, 3), performedAt: instant(0), uid: RecordUID.make(at: instant(0)))
            let saved = try store.saveMeasured(first, now: instant(0))
            #expect(saved.bests == ExerciseBests())
            let entry = NewRecord(user: ana, exercise: squat, values: SetValues(110, .kg, 3, 1), performedAt: instant(60), uid: RecordUID.make(at: instant(60)))
            let measured = try store.saveMeasured(entry, now: instant(60))
            let before = BestSet(id: saved.id, weight: kg(100), reps: 5)
            #expect(measured.bests == ExerciseBests(heaviest: before, strongest: before, mostReps: nil))
            #expect(try store.saveMeasured(entry, now: instant(120)) == measured)
            #expect(try store.history(HistoryQuery()).map(\.id) == [measured.id, saved.id])
            // A warm-up is saved and measured against nothing.
            let warmup = NewRecord(user: ana, exercise: squat, values: SetValues(60, .kg, 5, 1), performedAt: instant(180),
                                   uid: RecordUID.make(at: instant(180)), kind: .warmup)
            let warm = try store.saveMeasured(warmup, now: instant(180))
            #expect(warm.bests == ExerciseBests())
            #expect(try store.record(id: warm.id)?.kind == .warmup)
        }
    }

    @Test("saveMeasured measures each set against what bests finds for it: across units and rep counts, past warm-ups and tombstones", arguments: TestEngine.allCases)
    func saveMeasuredAgreesWithBests(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat")
            let sets: [(values: SetValues, kind: SetKind?)] = [
                (SetValues(100, .kg, 5, 3), nil), (SetValues(225, .lb, 3, 1), nil), (SetValues(60, .kg, 10, 1), .warmup),
                (SetValues(90, .kg, 10, 3), nil), (SetValues(80, .kg, 12, 2), nil), (SetValues(102.5, .kg, 1, 1), nil),
                (SetValues(200, .lb, 8, 2), nil), (SetValues(90, .kg, 10, 3), nil), (SetValues(120, .kg, 2, 1), nil),
                (SetValues(50, .kg, 20, 1), nil), (SetValues(100, .kg, 6, 1), nil),
            ]
            var beaten = 0
            for (index, set) in sets.enumerated() {
                let at = instant(index * 60)
                let entry = NewRecord(user: ana, exercise: squat, values: set.values, performedAt: at, uid: RecordUID.make(at: at), kind: set.kind)
                let measured = try store.saveMeasured(entry, now: at)
                let expected = set.kind == .warmup ? ExerciseBests()
                    : try store.bests(userID: ana.id, exerciseID: squat.id, excluding: measured.id, atLeast: set.values.weight)
                #expect(measured.bests == expected, "set \(index + 1), \(set.values)")
                beaten += PersonalRecord.beaten(by: set.values, kind: set.kind, bests: measured.bests).count
                // The 80 kg × 12 goes: a tombstone is no best for the sets after it.
                if index == 4 { #expect(try store.deleteRecord(id: measured.id, now: at)) }
            }
            #expect(beaten > 0, "the history sets records along the way")
        }
    }

    @Test("On PostgreSQL a weight set the server refuses (its member gone meanwhile) is the save's own error, not the server away; the next save goes through")
    func refusedWeightSet() throws {
        try TestEngine.postgres.withStore { store in
            let server = try #require(store as? PostgresLogbook)
            let test = try #require(PostgresTestServer.url)
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let squat = try store.createExercise(named: "Back Squat")
            func entry(_ user: User, _ seconds: Int) -> NewRecord {
                NewRecord(user: user, exercise: squat, values: SetValues(100, .kg, 5, 3), performedAt: instant(seconds), uid: RecordUID.make(at: instant(seconds)))
            }
            let first = try store.saveMeasured(entry(ana, 0), now: instant(0))
            try PostgresServer.execute("DELETE FROM \"user\" WHERE id = \(bo.id)", url: try PostgresServer.url(test, database: server.link.location.database))
            let refused = #expect(throws: LogbookError.self) { try store.saveMeasured(entry(bo, 60), now: instant(60)) }
            #expect(refused?.kind == .other, "\(refused?.message ?? "")")
            #expect(refused?.message.contains("foreign key") == true, "\(refused?.message ?? "")")
            #expect(server.unreachable == nil)
            let next = try store.saveMeasured(entry(ana, 120), now: instant(120))
            #expect(next.bests.heaviest?.id == first.id)
            #expect(try store.history(HistoryQuery()).map(\.id) == [next.id, first.id])
        }
    }

    @Test("warm-ups and deleted sets are never a best; a restored set is again", arguments: TestEngine.allCases)
    func warmupsAndTombstones(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat")
            func bests() throws -> ExerciseBests {
                try store.bests(userID: ana.id, exerciseID: squat.id, excluding: nil, atLeast: kg(60))
            }
            try store.save(ana, squat, SetValues(140, .kg, 20, 1), at: instant(0), kind: .warmup)
            // Only a warm-up: nothing to beat yet.
            #expect(try bests() == ExerciseBests())
            let heavy = try store.save(ana, squat, SetValues(120, .kg, 5, 1), at: instant(60), kind: .failure)
            let working = try store.save(ana, squat, SetValues(100, .kg, 5, 3), at: instant(120))
            #expect(try bests().heaviest?.id == heavy)
            #expect(try store.deleteRecord(id: heavy, now: instant(180)))
            let after = try bests()
            #expect(after.heaviest?.id == working && after.strongest?.id == working && after.mostReps?.id == working)
            #expect(try store.restoreRecord(id: heavy))
            #expect(try bests().heaviest?.id == heavy)
        }
    }

    @Test("TrainingProgress.log saves the set and names the records it set, none for a first set or a warm-up", arguments: TestEngine.allCases)
    func logNamesRecords(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat")
            let progress = TrainingProgress(logbook: store, timeZone: try berlin())
            func saved(_ values: SetValues, at seconds: Int, kind: SetKind? = nil) throws -> [RecordKind] {
                let entry = NewRecord(user: ana, exercise: squat, values: values, performedAt: instant(seconds),
                                      uid: RecordUID.make(at: instant(seconds)), kind: kind)
                let (record, records) = try progress.log(entry, now: instant(seconds))
                #expect(try store.record(id: record.id)?.values == values)
                return records.map(\.kind)
            }
            #expect(try saved(SetValues(100, .kg, 5, 3), at: 0) == [])
            #expect(try saved(SetValues(100, .kg, 5, 3), at: 60) == [])
            #expect(try saved(SetValues(105, .kg, 5, 3), at: 120) == [.heaviest, .e1rm])
            #expect(try saved(SetValues(150, .kg, 5, 3), at: 180, kind: .warmup) == [])
            #expect(try saved(SetValues(100, .kg, 8, 3), at: 240) == [.e1rm, .reps])
            #expect(try saved(SetValues(235, .lb, 5, 3), at: 300) == [.heaviest])   // 106.59 kg; e1RM 124.4 < 126.7
        }
    }

    @Test("day totals: live sets by local day in the zone given, across DST and New Year; warm-ups count, deleted sets don't", arguments: TestEngine.allCases)
    func dayTotals(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let squat = try store.createExercise(named: "Back Squat")
            let sets: [(String, SetValues, SetKind?)] = [
                ("2026-03-29T21:59:00Z", SetValues(100, .kg, 5, 1), nil),        // Sunday 23:59 CEST
                ("2026-03-29T22:00:00Z", SetValues(100, .lb, 5, 2), nil),        // Monday 00:00 CEST
                ("2026-10-25T22:30:00Z", SetValues(60, .kg, 10, 1), .warmup),    // Sunday 23:30 CET
                ("2026-10-25T23:30:00Z", SetValues(80, .kg, 5, 3), nil),         // Monday 00:30 CET
                ("2026-12-31T22:59:00Z", SetValues(50, .kg, 1, 1), nil),         // 31 December 23:59
                ("2026-12-31T23:00:00Z", SetValues(50, .kg, 1, 1), nil),         // 1 January 00:00
            ]
            for (index, (at, values, kind)) in sets.enumerated() {
                try store.save(ana, squat, values, at: try utc(at).addingTimeInterval(Double(index) / 1000), kind: kind)
            }
            let deleted = try store.save(ana, squat, SetValues(500, .kg, 5, 5), at: try utc("2026-10-26T10:00:00Z"))
            #expect(try store.deleteRecord(id: deleted, now: Date()))
            try store.save(bo, squat, SetValues(100, .kg, 5, 5), at: try utc("2026-10-26T10:00:00Z"))

            let progress = TrainingProgress(logbook: store, timeZone: try berlin())
            let totals = try store.dayTotals(userID: ana.id, zone: progress.offsets(through: try utc("2027-01-02T00:00:00Z")))
            #expect(totals == [
                DayTotals(day: day("2026-03-29"), records: 1, sets: 1, volumeKilograms: 500),
                DayTotals(day: day("2026-03-30"), records: 1, sets: 2, volumeKilograms: 100 * 0.45359237 * 5 * 2),
                DayTotals(day: day("2026-10-25"), records: 1, sets: 1, volumeKilograms: 600),
                DayTotals(day: day("2026-10-26"), records: 1, sets: 3, volumeKilograms: 1_200),
                DayTotals(day: day("2026-12-31"), records: 1, sets: 1, volumeKilograms: 50),
                DayTotals(day: day("2027-01-01"), records: 1, sets: 1, volumeKilograms: 50),
            ])
            #expect(try store.dayTotals(userID: 9_999, zone: ZoneOffsets(changes: [])) == [])
        }
    }

    @Test("exercise totals: entries, sets and volume in kg per exercise with its category, by name; others' sets apart", arguments: TestEngine.allCases)
    func exerciseTotals(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let squat = try store.createExercise(named: "Back Squat", category: "barbell")
            let plank = try store.createExercise(named: "Plank")
            try store.save(ana, squat, SetValues(100, .kg, 5, 5), at: instant(0))
            try store.save(ana, squat, SetValues(135, .lb, 5, 3), at: instant(60), kind: .warmup)
            try store.save(ana, plank, SetValues(0, .kg, 60, 3), at: instant(120))
            let gone = try store.save(ana, plank, SetValues(0, .kg, 60, 3), at: instant(180))
            #expect(try store.deleteRecord(id: gone, now: instant(240)))
            try store.save(bo, squat, SetValues(60, .kg, 5, 5), at: instant(300))
            #expect(try store.exerciseTotals(userID: ana.id) == [
                ExerciseTotals(exercise: "Back Squat", category: "barbell", records: 2, sets: 8,
                               volumeKilograms: 2_500 + 135 * 0.45359237 * 5 * 3),
                ExerciseTotals(exercise: "Plank", category: nil, records: 1, sets: 3, volumeKilograms: 0),
            ])
        }
    }

    @Test("stats of a member on every engine: streak, tallies and most trained from the stored sets", arguments: TestEngine.allCases)
    func stats(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat", category: "barbell")
            let curl = try store.createExercise(named: "Curl", category: "dumbbell")
            // Sundays late in the evening (Berlin) three weeks running, then Monday the 26th.
            for (at, exercise) in [("2026-10-11T21:30:00Z", squat), ("2026-10-18T21:30:00Z", squat),
                                   ("2026-10-25T22:30:00Z", curl), ("2026-10-26T08:00:00Z", squat)] {
                try store.save(ana, exercise, SetValues(100, .kg, 5, 2), at: try utc(at))
            }
            let progress = TrainingProgress(logbook: store, timeZone: try berlin())
            let stats = try progress.stats(of: ana, now: try utc("2026-10-28T12:00:00Z"))
            #expect(stats.weeksActiveStreak == 4)
            #expect(stats.thisWeek == TrainingStats.Tally(sessions: 1, sets: 2, volumeKilograms: 1_000))
            #expect(stats.thisMonth.sessions == 4 && stats.allTime.sets == 8)
            #expect(stats.daysSinceLastLift == 2)
            #expect(stats.mostTrained.map(\.exercise) == ["Back Squat", "Curl"])
            #expect(stats.volumeByCategory.map(\.category) == ["barbell", "dumbbell"])
        }
    }

    @Test("a row another tool wrote out of range is passed over, never taken for a best", arguments: TestEngine.allCases)
    func tamperedRows(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let squat = try store.createExercise(named: "Back Squat")
            let kept = try store.save(ana, squat, SetValues(100, .kg, 5, 3), at: instant(0))
            let huge = try store.save(ana, squat, SetValues(110, .kg, 5, 3), at: instant(60))
            let odd = try store.save(ana, squat, SetValues(120, .kg, 8, 3), at: instant(120))
            let reps = try store.save(ana, squat, SetValues(105, .kg, 5, 3), at: instant(180))
            let pounds = try store.save(ana, squat, SetValues(200, .lb, 5, 3), at: instant(240))
            let tampering = [
                "UPDATE record SET weight = 5000 WHERE id = \(huge)",
                "UPDATE record SET reps = 1000000 WHERE id = \(reps)",
                // 2 250 lb (1 020 kg) is more than Top Weight takes in pounds.
                "UPDATE record SET weight = 2250 WHERE id = \(pounds)",
            ]
            if let file = store as? WorkoutStore {
                try file.writer.write { db in
                    for statement in tampering { try db.execute(sql: statement) }
                    try db.execute(sql: "UPDATE record SET weight = 'heavy' WHERE id = ?", arguments: [odd])
                }
            } else if let server = store as? PostgresLogbook, let test = PostgresTestServer.url {
                let url = try PostgresServer.url(test, database: server.link.location.database)
                for statement in tampering + ["UPDATE record SET weight = 'NaN' WHERE id = \(odd)"] {
                    try PostgresServer.execute(statement, url: url)
                }
            }
            let bests = try store.bests(userID: ana.id, exerciseID: squat.id, excluding: nil, atLeast: kg(100))
            #expect(bests.heaviest?.id == kept && bests.strongest?.id == kept && bests.mostReps?.id == kept)
            let entry = NewRecord(user: ana, exercise: squat, values: SetValues(101, .kg, 5, 3), performedAt: instant(300),
                                  uid: RecordUID.make(at: instant(300)))
            #expect(try store.saveMeasured(entry, now: instant(300)).bests.heaviest?.id == kept)
        }
    }

    // MARK: - The file's query plans

    @Test("On a file, the checks of a save read the member's recordBest rows of the exercise alone: no look at record, no sort")
    func plans() throws {
        try withTemporaryDatabase { database in
            let (_, users, exercises) = try QueryPlanTests.makeFixture(in: database)
            let plan = try QueryPlanTests.plan(of: WorkoutStore.frontierSQL, arguments: [users[0].id, exercises[7].id], path: database.path)
            let explained = plan.joined(separator: "\n")
            #expect(explained.contains("SEARCH recordBest USING PRIMARY KEY (userId=? AND exerciseId=?)"), "\(explained)")
            #expect(!plan.contains(where: QueryPlanTests.readsRecordTable), "\(explained)")
            #expect(!explained.contains("TEMP B-TREE"), "\(explained)")
        }
    }
}
