import Foundation
import Testing
import TopWeightCore
@testable import TopWeightTransfer
import TopWeightTestSupport

/// Supersets through import and export: Hevy's `superset_id` kept as each
/// lift's place (`A1`, `A2`), and our JSON and CSV carrying it back into an
/// empty database.
@Suite("Supersets through import and export")
struct SupersetTransferTests {
    /// The real Hevy exports, named under `hevy/`.
    static let hevy = ["DaKheera47__strong-statistics__sample_hevy.csv", "NathanN-275__Lifting-stats__workout_data.csv",
                       "smdesai27__workout_progress_visualize__workouts_austin.csv", "FelipeRuizM__hevy-visualizer__workout_data.csv"]

    /// The supersets stored: their groups (a workout's start to the second, and the letter) and the sets with a place.
    static func supersets(_ store: any StorageEngine) throws -> (groups: Int, records: [String: String]) {
        var groups: Set<String> = []
        var records: [String: String] = [:]
        for record in try store.history(HistoryQuery()) {
            guard let superset = record.superset, let uid = record.uid else { continue }
            groups.insert("\(Int(record.performedAt.timeIntervalSince1970)) \(superset.prefix(1))")
            records[uid] = superset
        }
        return (groups.count, records)
    }

    /// A file's supersets as Hevy wrote them: workouts' `superset_id`s shared by two lifts or more.
    static func fileGroups(_ text: String) throws -> Int {
        var table = try #require(CSVTable(text: text))
        let start = try #require(table.column("start_time")), id = try #require(table.column("superset_id"))
        let exercise = try #require(table.column("exercise_title"))
        var lifts: [String: Set<String>] = [:]
        while let row = table.next() {
            let group = row.fields[id].trimmingCharacters(in: .whitespaces)
            guard !group.isEmpty else { continue }
            lifts[row.fields[start] + " " + group, default: []].insert(NameRules.key(row.fields[exercise]))
        }
        return lifts.values.filter { $0.count > 1 }.count
    }

    @Test("the real Hevy exports keep their supersets through import and a JSON round trip into an empty database",
          .enabled(if: SharedExports.present, SharedExports.absentNote), arguments: TestEngine.kinds)
    func realHevy(engine: TestEngine) throws {
        var counts: [String] = []
        for file in Self.hevy {
            let text = try String(contentsOfFile: SharedExports.path("hevy/" + file), encoding: .utf8)
            let expected = try Self.fileGroups(text)
            try engine.withStores { store, open in
                let imported = try importer(store).run(Data(text.utf8), format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
                #expect(imported.recordsAdded > 0)
                let first = try Self.supersets(store)
                #expect(first.groups == expected, "\(file): \(first.groups) supersets imported, \(expected) in the file")
                var lines: [String] = []
                try HistoryExport.json(from: store, member: nil, timeZone: testZone) { lines.append($0) }
                let fresh = try open()
                let back = try importer(fresh).run(Data(lines.joined(separator: "\n").utf8), format: .auto, member: nil, unit: nil,
                                                   dryRun: false, now: importTime)
                #expect(back.malformed.isEmpty, "\(back.malformed.map(\.description))")
                let again = try Self.supersets(fresh)
                #expect(again.groups == first.groups && again.records == first.records, "\(file): the same sets in the same places")
                counts.append("\(file): \(expected) in the file, \(first.groups) imported (\(first.records.count) records), \(again.groups) after JSON")
            }
        }
        print("SupersetTransferTests (\(engine)): " + counts.joined(separator: "; "))
    }

    @Test("a superset's lifts are lettered by the order their ids come in a workout and numbered by their first set; a group of one lift is none")
    func labels() {
        func set(_ exercise: String, _ superset: String?) -> SourceSet {
            SourceSet(exercise: exercise, values: SetValues(weight: Weight(value: 60, unit: .kg), reps: 8, series: 1), kind: nil, label: "1",
                      legacy: false, superset: superset, identity: exercise)
        }
        let sets = [set("Squat", nil), set("Bench", "7"), set("Bench", "7"), set("Row", "7"), set("Curl", "2"), set("Dip", "2"),
                    set("Row", "7"), set("Plank", "5")]
        #expect(ImportPlan.supersetLabels(sets) == [1: "A1", 2: "A1", 3: "A2", 4: "B1", 5: "B2", 6: "A2"])
    }

    @Test("our CSV export carries the superset column and reads it back into an empty database")
    func ownFiles() throws {
        try TestEngine.memory.withStores { store, open in
            let text = "\"title\",\"start_time\",\"end_time\",\"description\",\"exercise_title\",\"superset_id\",\"exercise_notes\",\"set_index\",\"set_type\",\"weight_kg\",\"reps\",\"distance_km\",\"duration_seconds\",\"rpe\"\n"
                + "\"Push\",\"13 Jan 2026, 06:53\",\"13 Jan 2026, 08:15\",\"\",\"Bench Press (Barbell)\",0,\"\",0,\"normal\",60,8,,,\n"
                + "\"Push\",\"13 Jan 2026, 06:53\",\"13 Jan 2026, 08:15\",\"\",\"Bent Over Row (Barbell)\",0,\"\",0,\"normal\",50,8,,,\n"
            _ = try importer(store).run(Data(text.utf8), format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect(try store.history(HistoryQuery()).compactMap(\.superset).sorted() == ["A1", "A2"])
            var lines: [String] = []
            try HistoryExport.csv(from: store, member: nil, timeZone: testZone) { lines.append($0) }
            #expect(lines[0].hasSuffix(",superset,coach") && lines.dropFirst().allSatisfy { $0.hasSuffix(",A1,") || $0.hasSuffix(",A2,") }, "\(lines)")
            let fresh = try open()
            _ = try importer(fresh).run(Data(lines.joined(separator: "\n").utf8), format: .auto, member: nil, unit: nil, dryRun: false, now: importTime)
            #expect(try fresh.history(HistoryQuery()).compactMap(\.superset).sorted() == ["A1", "A2"])
        }
    }
}
