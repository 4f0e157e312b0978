import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
@testable import TopWeightTransfer
import TopWeightTestSupport

/// What an import keeps of where a set came from (`RecordSource`): the
/// app's name for the lift and the workout's name, start and length, so an
/// export back to the app gives them back, and JSON carries them.
@Suite("Names and workouts an import keeps")
struct KeptSourceTests {
    static let catalog = ExerciseCatalog.bundled()

    /// Two workouts of one set each on one day, and a longer one the day
    /// before, with Strong's names (one the catalog knows by another), lengths
    /// and workout names.
    static let strongFile = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2026-03-02 07:10:00,"Early Bird",1h 5m,"Squat (Barbell)",1,100,5,0,0,"","",
        2026-03-02 07:10:00,"Early Bird",1h 5m,"Squat (Barbell)",2,100,5,0,0,"","",
        2026-03-02 07:10:00,"Early Bird",1h 5m,"Bench Press (Barbell)",1,80,5,0,0,"","",
        2026-03-03 08:00:00,"Quick Pulls",12m,"Pull Up",1,0,10,0,0,"","",
        2026-03-03 18:30:00,"Evening Curl",55s,"Bicep Curl (Dumbbell)",1,12.5,10,0,0,"","",

        """

    static func importer(_ store: any StorageEngine) -> HistoryImporter {
        HistoryImporter(engine: store, catalog: catalog, timeZone: testZone)
    }

    static func strong(_ store: any StorageEngine) throws -> [[String: String]] {
        let user = try #require(try store.user(named: "Ana"))
        var lines: [String] = []
        _ = try HistoryExport.strongComma(from: store, member: user, calendar: testCalendar, catalog: catalog) { lines.append($0) }
        return HeaderReader(lines.joined(separator: "\n") + "\n").rows
    }

    @Test("Two one-set workouts imported from Strong on one day go back as two, each with its name and length; the names are Strong's",
          arguments: TestEngine.kinds)
    func twoWorkoutsOfOneSet(engine: TestEngine) throws {
        try engine.withStore { store in
            let summary = try Self.importer(store).run(Data(Self.strongFile.utf8), format: .strong, member: "Ana", unit: .kg,
                                                       dryRun: false, now: importTime)
            #expect(summary.malformed.isEmpty)
            let rows = try Self.strong(store)
            #expect(rows.map { $0["Date"] ?? "" } == ["2026-03-02 07:10:00", "2026-03-02 07:10:00", "2026-03-02 07:10:00",
                                                     "2026-03-03 08:00:00", "2026-03-03 18:30:00"])
            #expect(rows.map { $0["Workout Name"] ?? "" } == ["Early Bird", "Early Bird", "Early Bird", "Quick Pulls", "Evening Curl"])
            #expect(rows.map { $0["Duration"] ?? "" } == ["1h 5m", "1h 5m", "1h 5m", "12m", "55s"])
            #expect(rows.map { $0["Exercise Name"] ?? "" } == ["Squat (Barbell)", "Squat (Barbell)", "Bench Press (Barbell)", "Pull Up",
                                                              "Bicep Curl (Dumbbell)"])
            // The sets are on the catalog's lifts here: only the export speaks Strong.
            let user = try #require(try store.user(named: "Ana"))
            #expect(try store.history(HistoryQuery(userID: user.id)).map(\.exercise).contains("Back Squat"))
        }
    }

    @Test("A set logged here goes to Strong on Strong's name for the lift, in a workout of its own from the day's sets")
    func loggedHere() throws {
        try TestEngine.memory.withStore { store in
            _ = try Self.importer(store).run(Data(Self.strongFile.utf8), format: .strong, member: "Ana", unit: .kg, dryRun: false, now: importTime)
            let user = try #require(try store.user(named: "Ana"))
            let squat = try #require(try store.exercise(named: "Back Squat"))
            let day = try #require(testCalendar.date(from: DateComponents(year: 2026, month: 3, day: 3, hour: 12, minute: 0, second: 0)))
            _ = try store.save(NewRecord(user: user, exercise: squat, values: SetValues(weight: Weight(hundredths: 6000, unit: .kg), reps: 3, series: 1),
                                         performedAt: day))
            let rows = try Self.strong(store)
            #expect(rows.map { $0["Workout Name"] ?? "" } == ["Early Bird", "Early Bird", "Early Bird", "Quick Pulls", "Afternoon Workout",
                                                             "Evening Curl"])
            #expect(rows[4]["Exercise Name"] == "Squat (Barbell)")
            #expect(rows[4]["Date"] == "2026-03-03 12:00:00")
        }
    }

    @Test("A set imported from Strong and edited here since goes back on Strong's name for the lift it is on now")
    func editedSet() throws {
        try TestEngine.memory.withStore { store in
            _ = try Self.importer(store).run(Data(Self.strongFile.utf8), format: .strong, member: "Ana", unit: .kg, dryRun: false, now: importTime)
            let user = try #require(try store.user(named: "Ana"))
            let curl = try #require(try store.history(HistoryQuery(userID: user.id)).first { $0.exercise != "Back Squat" && $0.values.reps == 10 && $0.values.weight.hundredths == 1250 })
            let deadlift = try #require(try store.findOrCreateExercises([("Deadlift", nil, .weight)], now: importTime).first)
            #expect(try store.editRecord(id: curl.id, uid: curl.uid, exercise: deadlift, values: curl.values, now: importTime))
            let rows = try Self.strong(store)
            #expect(rows.last?["Exercise Name"] == "Deadlift (Barbell)")
            // Still in the workout it came in.
            #expect(rows.last?["Workout Name"] == "Evening Curl")
        }
    }

    @Test("Our JSON carries what an import kept, and a database imported from it exports the app's file again", arguments: TestEngine.kinds)
    func jsonRoundTrip(engine: TestEngine) throws {
        try engine.withStores { store, fresh in
            _ = try Self.importer(store).run(Data(Self.strongFile.utf8), format: .strong, member: "Ana", unit: .kg, dryRun: false, now: importTime)
            var lines: [String] = []
            try HistoryExport.json(from: store, member: nil, timeZone: testZone) { lines.append($0) }
            let json = lines.joined(separator: "\n")
            #expect(json.contains("\"source\":{\"app\":\"strong\",\"exercise\":\"Squat (Barbell)\",\"workout\":\"Early Bird\""))
            let other = try fresh()
            let summary = try Self.importer(other).run(Data(json.utf8), format: .json, member: nil, unit: nil, dryRun: false, now: importTime)
            #expect(summary.malformed.isEmpty)
            #expect(try Set(other.storedRecords(after: 0, limit: 100).map(\.source)) == Set(store.storedRecords(after: 0, limit: 100).map(\.source)))
            #expect(try other.storedRecords(after: 0, limit: 100).allSatisfy { $0.source != nil })
            #expect(try Self.strong(other) == Self.strong(store))
            var again: [String] = []
            try HistoryExport.json(from: other, member: nil, timeZone: testZone) { again.append($0) }
            #expect(again.filter { $0.contains("\"uid\"") } == lines.filter { $0.contains("\"uid\"") })
        }
    }

    @Test("Hevy's titles and ends and FitNotes' names come back from what the import kept")
    func hevyAndFitNotes() throws {
        let hevy = """
            "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
            "Leg Day","8 Apr 2026, 16:50","8 Apr 2026, 17:52","","Squat (Barbell)",,"",0,"normal",100,5,,,
            "Arms","8 Apr 2026, 19:05","8 Apr 2026, 19:20","","Pull Up (Weighted)",,"",0,"normal",0,8,,,
            "Arms","8 Apr 2026, 19:05","8 Apr 2026, 19:20","","Pull Up",,"",0,"normal",0,8,,,

            """
        try TestEngine.memory.withStore { store in
            _ = try Self.importer(store).run(Data(hevy.utf8), format: .hevy, member: "Ana", unit: nil, dryRun: false, now: importTime)
            let user = try #require(try store.user(named: "Ana"))
            var lines: [String] = []
            _ = try HistoryExport.hevy(from: store, member: user, calendar: testCalendar, catalog: Self.catalog) { lines.append($0) }
            let rows = HeaderReader(lines.joined(separator: "\n") + "\n").rows
            #expect(rows.map { $0["title"] ?? "" } == ["Arms", "Arms", "Leg Day"])
            #expect(rows.map { $0["end_time"] ?? "" } == ["8 Apr 2026, 19:20", "8 Apr 2026, 19:20", "8 Apr 2026, 17:52"])
            #expect(rows.map { $0["exercise_title"] ?? "" } == ["Pull Up (Weighted)", "Pull Up", "Squat (Barbell)"])
            #expect(rows.map { $0["set_index"] ?? "" } == ["0", "0", "0"])
        }
        let fitNotes = """
            Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment
            2026-04-09,Lat Pulldown (Pulley),Back,50.0,kgs,10,,,,
            2026-04-09,Flat Barbell Bench Press,Chest,80.0,kgs,5,,,,

            """
        try TestEngine.memory.withStore { store in
            _ = try Self.importer(store).run(Data(fitNotes.utf8), format: .fitnotes, member: "Ana", unit: nil, dryRun: false, now: importTime)
            let user = try #require(try store.user(named: "Ana"))
            var lines: [String] = []
            _ = try HistoryExport.fitNotes(from: store, member: user, calendar: testCalendar, catalog: Self.catalog) { lines.append($0) }
            #expect(HeaderReader(lines.joined(separator: "\n") + "\n").rows.map { $0["Exercise"] ?? "" } == ["Lat Pulldown (Pulley)", "Flat Barbell Bench Press"])
        }
    }

    @Test("Strong's lengths as its files write them", arguments: [
        ("1h 5m", 3_900), ("38m", 2_280), ("38min", 2_280), ("55s", 55), ("1h", 3_600), ("3459", 3_459), ("3459.0", 3_459), ("2 h 3 min 4 s", 7_384),
    ])
    func lengths(text: String, seconds: Int) {
        #expect(SourceTimes.duration(text) == seconds)
    }

    @Test("What is no length is none", arguments: ["", "soon", "5x", "-3", "1h 5", "m", "999999h"])
    func notLengths(text: String) {
        #expect(SourceTimes.duration(text) == nil)
    }
}
