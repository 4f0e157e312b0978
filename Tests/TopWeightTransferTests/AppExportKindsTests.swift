import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightText
@testable import TopWeightTransfer
import TopWeightTestSupport

/// A database made by hand with every kind of set, exported to each app's
/// format and read back; and our Strong file read as the programs that
/// chart Strong's exports read one.
@Suite("Exports other apps read: every kind of set, out and back")
struct AppExportKindsTests {
    static let catalog = ExerciseCatalog.bundled()

    /// Ana trains in kg, Bo in lb. Sets a minute apart, logged here.
    static let sets: [(member: String, exercise: String, values: SetValues, mark: SetKind?, superset: String?)] = [
        ("Ana", "Bench Press", SetValues(weight: Weight(hundredths: 6_000, unit: .kg), reps: 10, series: 1), .warmup, nil),
        ("Ana", "Bench Press", SetValues(weight: Weight(hundredths: 10_000, unit: .kg), reps: 5, series: 3, effort: Effort(halves: 17)), nil, "A1"),
        ("Ana", "Barbell Row", SetValues(weight: Weight(hundredths: 8_000, unit: .kg), reps: 8, series: 3), nil, "A2"),
        ("Ana", "Pull-Up", .bodyweight(load: 0, unit: .kg, reps: 8, series: 2), nil, nil),
        ("Ana", "Pull-Up", .bodyweight(load: 1_000, unit: .kg, reps: 5, series: 2, effort: Effort(halves: 18)), nil, nil),
        ("Ana", "Pull-Up", .bodyweight(load: -2_000, unit: .kg, reps: 6, series: 1), .failure, nil),
        ("Ana", "Plank", .timed(SetDuration(seconds: 90), series: 2), nil, nil),
        ("Ana", "Rowing Machine", .covered(Distance(thousandths: 2_000_000, unit: .m), in: SetDuration(seconds: 465), effort: Effort(halves: 16)), nil, nil),
        ("Ana", "Running", .covered(Distance(thousandths: 5_000, unit: .km), in: SetDuration(seconds: 1_500)), nil, nil),
        ("Bo", "Deadlift", SetValues(weight: Weight(hundredths: 22_500, unit: .lb), reps: 5, series: 3), nil, nil),
        ("Bo", "Chin-Up", .bodyweight(load: 2_500, unit: .lb, reps: 4, series: 2), nil, nil),
        ("Bo", "Overhead Press", SetValues(weight: Weight(hundredths: 9_500, unit: .lb), reps: 5, series: 1), .drop, nil),
    ]

    /// The day the sets are on: a day before the imports (`importTime`), at 18:00 local.
    static var start: Date {
        let day = LocalDay(importTime.addingTimeInterval(-86_400), in: testCalendar)
        return testCalendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 18)) ?? importTime
    }

    static func fill(_ store: any StorageEngine) throws {
        var records: [StoredRecord] = []
        for (index, set) in sets.enumerated() {
            let at = start.addingTimeInterval(Double(index * 60) + 0.25)
            let kind = catalog.entry(named: set.exercise)?.kind ?? set.values.measure
            records.append(StoredRecord(id: 0, uid: RecordUID.make(at: at), user: set.member, exercise: set.exercise, category: nil,
                                        values: set.values, performedAt: at, createdAt: at, editedAt: nil, deletedAt: nil,
                                        kind: set.mark, exerciseKind: kind, superset: set.superset))
        }
        _ = try store.adoptRecords(records, now: start)
        let ana = try #require(try store.user(named: "Ana"))
        let day = LocalDay(start, in: testCalendar)
        try store.appendNote(userID: ana.id, day: day, text: "Felt strong today, \"really\"", now: start)
        try store.appendNote(userID: ana.id, day: day, text: "Bench Press: pause on the chest", now: start)
        try store.setRoutine("Push A", userID: ana.id, day: day, now: start)
    }

    /// What a format brings back of each set: the member's sets one by one
    /// (day, exercise, numbers in kg and metres, RPE, mark, superset).
    static func sets(_ store: any StorageEngine, member: String, keeps: Keeps) throws -> [String] {
        let user = try #require(try store.user(named: member))
        return try store.history(HistoryQuery(userID: user.id)).reversed().flatMap { record -> [String] in
            let values = record.values
            var words = ["\(LocalDay(record.performedAt, in: testCalendar))", record.exercise, values.measure.rawValue,
                         values.assisted ? "assisted" : "", values.weight.number + values.weight.unit.rawValue, "×\(values.reps)"]
            if let duration = values.duration { words.append("\(duration.seconds)s") }
            if let distance = values.distance { words.append("\(Int(distance.metres.rounded()))m") }
            if keeps.rpe { words.append(values.effort.map(SetFormat.rpe) ?? "-") }
            if keeps.marks { words.append(record.kind?.rawValue ?? "") }
            if keeps.supersets { words.append(record.superset ?? "") }
            return Array(repeating: words.joined(separator: " "), count: values.series)
        }
    }

    struct Keeps {
        var rpe = true
        var marks = true
        var supersets = false
    }

    static func export(_ format: ExportApp, _ store: any StorageEngine, member: String) throws -> String {
        let user = try #require(try store.user(named: member))
        var lines: [String] = []
        switch format {
        case .strong: _ = try HistoryExport.strongComma(from: store, member: user, calendar: testCalendar, catalog: catalog) { lines.append($0) }
        case .hevy: _ = try HistoryExport.hevy(from: store, member: user, calendar: testCalendar, catalog: catalog) { lines.append($0) }
        case .fitnotes: _ = try HistoryExport.fitNotes(from: store, member: user, calendar: testCalendar, catalog: catalog) { lines.append($0) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func importFormat(_ app: ExportApp) -> ImportFormat {
        switch app {
        case .strong: .strong
        case .hevy: .hevy
        case .fitnotes: .fitnotes
        }
    }

    @Test("Every kind of set, for a kg and an lb member, through each app's format into an empty database: the same sets, as far as the format carries them",
          arguments: TestEngine.kinds, ExportApp.allCases)
    func everyKind(engine: TestEngine, app: ExportApp) throws {
        try engine.withStores { store, open in
            try Self.fill(store)
            let keeps = Keeps(rpe: app != .fitnotes, marks: app != .fitnotes, supersets: app == .hevy)
            for (member, unit) in [("Ana", WeightUnit.kg), ("Bo", .lb)] {
                let file = try Self.export(app, store, member: member)
                let fresh = try open()
                let importer = HistoryImporter(engine: fresh, catalog: Self.catalog, timeZone: testZone)
                let summary = try importer.run(Data(file.utf8), format: Self.importFormat(app), member: member, unit: unit,
                                               dryRun: false, now: importTime)
                #expect(summary.malformed.isEmpty, "\(summary.malformed.map(\.description))\n\(file)")
                // What each format cannot carry, as `export --help` says: the assisted set lands on the assisted lift.
                let expected = try Self.sets(store, member: member, keeps: keeps).map {
                    $0.replacingOccurrences(of: "Pull-Up bodyweight assisted 20kg", with: "Assisted Pull-Up weight  20kg")
                }
                #expect(try Self.sets(fresh, member: member, keeps: keeps) == expected, "\(file)")
                let again = try importer.run(Data(file.utf8), format: Self.importFormat(app), member: member, unit: unit,
                                             dryRun: false, now: importTime)
                #expect(again.recordsAdded == 0, "a second import adds nothing")
            }
        }
    }

    @Test("Each app's file names the lifts as the app does and keeps the day's note where the app keeps notes", arguments: ExportApp.allCases)
    func namesAndNotes(app: ExportApp) throws {
        try TestEngine.memory.withStore { store in
            try Self.fill(store)
            let file = try Self.export(app, store, member: "Ana")
            let reader = HeaderReader(file)
            let nameColumn = ["strong": "Exercise Name", "hevy": "exercise_title", "fitnotes": "Exercise"][app.rawValue] ?? ""
            let names = reader.rows.compactMap { $0[nameColumn] }
            let expected: [String] = switch app {
            case .strong: ["Bench Press (Barbell)", "Bent Over Row (Barbell)", "Pull Up", "Pull Up (Assisted)", "Plank", "Rowing (Machine)", "Running (Outdoor)"]
            // Hevy keeps one name for an entry: the pull-ups with and without a load are one, with a load.
            case .hevy: ["Bench Press (Barbell)", "Bent Over Row (Barbell)", "Pull Up (Weighted)", "Pull Up (Assisted)", "Plank", "Rowing (Machine)", "Running"]
            case .fitnotes: ["Flat Barbell Bench Press", "Bent Over Barbell Row", "Pull-Up", "Assisted Pull-Up", "Plank", "Rowing Machine", "Running"]
            }
            var seen: [String] = []
            for name in names where !seen.contains(name) { seen.append(name) }
            #expect(seen == expected)
            switch app {
            case .strong:
                #expect(reader.rows.first?["Workout Name"] == "Push A")
                #expect(reader.rows.first?["Workout Notes"] == "Felt strong today, \"really\"")
                #expect(reader.rows.first?["Notes"] == "pause on the chest", "on the first row of the lift's entry")
            case .hevy:
                #expect(reader.rows.allSatisfy { $0["title"] == "Push A" && $0["description"] == "Felt strong today, \"really\"" })
                #expect(reader.rows.filter { $0["exercise_title"] == "Bench Press (Barbell)" }.allSatisfy { $0["exercise_notes"] == "pause on the chest" })
                #expect(Set(reader.rows.filter { ["Bench Press (Barbell)", "Bent Over Row (Barbell)"].contains($0["exercise_title"]) && $0["set_type"] == "normal" }
                    .map { $0["superset_id"] ?? "" }) == ["0"])
            case .fitnotes:
                #expect(reader.rows.first?["Comment"] == "pause on the chest")
            }
        }
    }

    /// The columns a program that charts Strong's exports looks up by name.
    static let strongColumns = ["Date", "Workout Name", "Duration", "Exercise Name", "Set Order", "Weight", "Reps", "Distance", "Seconds",
                                "Notes", "Workout Notes", "RPE"]

    @Test("A reader of Strong's comma layout that looks its columns up by name finds every one in our file, and the numbers in them")
    func readerFindsColumns() throws {
        try TestEngine.memory.withStore { store in
            try Self.fill(store)
            let file = try Self.export(.strong, store, member: "Ana")
            let reader = HeaderReader(file)
            for column in Self.strongColumns {
                #expect(reader.header.contains(column), "no \(column) column in \(reader.header)")
            }
            #expect(reader.rows.count == Self.sets.filter { $0.member == "Ana" }.map(\.values.series).reduce(0, +))
            for row in reader.rows {
                #expect(Self.strongColumns.allSatisfy { row[$0] != nil }, "\(row)")
                #expect(Double(row["Weight"] ?? "") != nil && Int(row["Reps"] ?? "") != nil && Double(row["Distance"] ?? "") != nil
                        && Int(row["Seconds"] ?? "") != nil, "\(row)")
                #expect(row["Duration"]?.last.map { "hms".contains($0) } == true, "\(row)")
            }
            let bench = reader.rows.filter { $0["Exercise Name"] == "Bench Press (Barbell)" && $0["Set Order"] != "W" }
            #expect(bench.map { $0["Set Order"] ?? "" } == ["1", "2", "3"])
            #expect(bench.allSatisfy { $0["Weight"] == "100.0" && $0["Reps"] == "5" && $0["RPE"] == "8.5" })
            let rowing = reader.rows.first { $0["Exercise Name"] == "Rowing (Machine)" }
            #expect(rowing?["Distance"] == "2.0" && rowing?["Seconds"] == "465" && rowing?["Reps"] == "0")
            #expect(reader.rows.first { $0["Exercise Name"] == "Pull Up (Assisted)" }?["Weight"] == "20.0")
            #expect(reader.rows.first?["Duration"] == "8m", "first set to last: 8 minutes")
        }
    }
}
