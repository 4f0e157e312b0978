import Foundation
import Testing
import TopWeightCore
@testable import TopWeightTransfer
import TopWeightTestSupport

@Suite("Exporting, and importing the export back")
struct HistoryExportTests {
    /// A gym with a bit of everything: two members, kinds, a tombstone, an
    /// edit, notes with markdown, routines, body weight, milliseconds.
    static func fill(_ store: any StorageEngine) throws {
        _ = try importer(store).run(try Fixture.data("strong-semicolon-current.csv"), format: .auto, member: "Ana", unit: nil,
                                    dryRun: false, now: importTime)
        _ = try importer(store).run(try Fixture.data("hevy-lb.csv"), format: .auto, member: "Bo", unit: nil, dryRun: false, now: importTime)
        _ = try importer(store).run(try Fixture.data("fitnotes-body.csv"), format: .auto, member: "Bo", unit: nil, dryRun: false, now: importTime)
        let cy = try store.createUser(named: "Cy")
        let curl = try store.createExercise(named: "Cable Curl", category: "cable")
        let made = Date(timeIntervalSince1970: 1_790_000_123.456)
        let id = try store.save(NewRecord(user: cy, exercise: curl, values: SetValues(weight: Weight(hundredths: 2250, unit: .kg), reps: 12, series: 3),
                                          performedAt: made, uid: RecordUID.make(at: made)), now: made)
        let gone = try store.save(NewRecord(user: cy, exercise: curl, values: SetValues(weight: Weight(hundredths: 2000, unit: .kg), reps: 1, series: 1),
                                            performedAt: made.addingTimeInterval(60), uid: RecordUID.make(at: made)), now: made)
        _ = try store.deleteRecord(id: gone, now: made.addingTimeInterval(120))
        _ = try store.editRecord(id: id, exercise: curl, values: SetValues(weight: Weight(hundredths: 2500, unit: .kg), reps: 10, series: 3),
                                 now: made.addingTimeInterval(180))
        try store.appendNote(userID: cy.id, day: LocalDay(made, in: testCalendar), text: "**Arms** day\n- curls", now: made)
        try store.setRoutine("Arms", programDay: "week 1 day 2", userID: cy.id, day: LocalDay(made, in: testCalendar), now: made)
        _ = try store.saveRoutine(Routine(name: "Arms", exercises: [
            RoutineStep(exercise: "Cable Curl", values: SetValues(weight: Weight(hundredths: 2000, unit: .kg), reps: 12, series: 3)),
            RoutineStep(exercise: "Dip", values: nil),
        ]), now: made)
        _ = try store.createExercise(named: "Never Used", category: nil)
    }

    static func json(_ store: any StorageEngine, member: User? = nil) throws -> String {
        var lines: [String] = []
        try HistoryExport.json(from: store, member: member, timeZone: testZone) { lines.append($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("JSON: export, import into an empty database, export again: the same file", arguments: TestEngine.kinds)
    func jsonRoundTrip(engine: TestEngine) throws {
        try engine.withStores { store, open in
            try Self.fill(store)
            let exported = try Self.json(store)
            let fresh = try open()
            let summary = try importer(fresh).run(Data(exported.utf8), format: .auto, member: nil, unit: nil, dryRun: false, now: importTime)
            #expect(summary.format == .json)
            #expect(summary.malformed.isEmpty)
            #expect(summary.membersCreated == ["Ana", "Bo", "Cy"])
            #expect(summary.recordsAdded == summary.records)
            #expect(summary.routinesAdded == 1)
            #expect(summary.bodyWeightsAdded == 2)
            #expect(try Self.json(fresh) == exported)
            #expect(try fresh.storedSessions() == store.storedSessions())
            #expect(exported.contains(#""routine":"Arms","programDay":"week 1 day 2""#), "a program's day travels with its routine")

            // Again: nothing new, nothing changed.
            let again = try importer(fresh).run(Data(exported.utf8), format: .json, member: nil, unit: nil, dryRun: false, now: importTime)
            #expect((again.recordsAdded, again.sessionsAdded, again.routinesAdded, again.bodyWeightsAdded) == (0, 0, 0, 0))
            #expect(again.recordsPresent == summary.records)
            #expect(try Self.json(fresh) == exported)
        }
    }

    @Test("JSON carries tombstones, kinds, edits and milliseconds", arguments: TestEngine.kinds)
    func jsonContent(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            try Self.fill(store)
            let exported = try Self.json(store)
            #expect(exported.contains("\"deletedAt\":"))
            #expect(exported.contains("\"editedAt\":"))
            #expect(exported.contains("\"mark\":\"warmup\""))
            #expect(exported.contains(".456+"))
            #expect(exported.contains("\"name\":\"Never Used\""))
            #expect(exported.contains("\"note\":\"**Arms** day\\n- curls\""))
            let document = try JSONDecoder().decode(HistoryDocument.self, from: Data(exported.utf8))
            #expect(document.members.map(\.name) == ["Ana", "Bo", "Cy"])
            #expect(document.records.filter { $0.deletedAt != nil }.count == 1)
            #expect(document.routines.map(\.name) == ["Arms"])
            #expect(document.bodyWeights.count == 2)
        }
    }

    @Test("One member's JSON holds only theirs, and --user on import takes only theirs", arguments: TestEngine.kinds)
    func oneMember(engine: TestEngine) throws {
        try engine.withStores { store, open in
            try Self.fill(store)
            let bo = try #require(try store.user(named: "Bo"))
            let exported = try Self.json(store, member: bo)
            let document = try JSONDecoder().decode(HistoryDocument.self, from: Data(exported.utf8))
            #expect(document.members.map(\.name) == ["Bo"])
            #expect(Set(document.records.map(\.user)) == ["Bo"])
            #expect(document.routines.isEmpty)
            #expect(document.exercises.map(\.name) == ["Clean", "Front Squat", "Running"])

            let whole = try Self.json(store)
            let fresh = try open()
            let summary = try importer(fresh).run(Data(whole.utf8), format: .json, member: "Cy", unit: nil, dryRun: false, now: importTime)
            #expect(summary.membersCreated == ["Cy"])
            #expect(try fresh.users().map(\.user.name) == ["Cy"])
            #expect(summary.routinesAdded == 0)
        }
    }

    @Test("A broken JSON record is named and skipped; a file that is not our export is refused", arguments: TestEngine.kinds)
    func brokenJSON(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            let text = """
                {"format": "topweight", "version": 1, "records": [
                {"uid":"0190a6c5-1c2b-7cde-8f01-23456789abcd","user":"Ana","exercise":"Squat","weight":100,"unit":"kg","reps":5,"series":1,"performedAt":"2026-01-02T10:00:00+01:00","createdAt":"2026-01-02T10:00:00+01:00"},
                {"uid":"not-a-uid","user":"Ana","exercise":"Squat","weight":100,"unit":"kg","reps":5,"series":1,"performedAt":"2026-01-02T10:00:00+01:00","createdAt":"2026-01-02T10:00:00+01:00"},
                {"uid":"0190a6c5-1c2b-7cde-8f01-23456789abce","user":"Ana","exercise":"Squat","weight":100,"unit":"st","reps":5,"series":1,"performedAt":"2026-01-02T10:00:00+01:00","createdAt":"2026-01-02T10:00:00+01:00"},
                {"uid":"0190a6c5-1c2b-7cde-8f01-23456789abcf","user":"Ana","exercise":"Squat","weight":100,"unit":"kg","reps":5,"series":1,"performedAt":"yesterday","createdAt":"2026-01-02T10:00:00+01:00"}
                ]}
                """
            let summary = try importer(store).run(Data(text.utf8), format: .auto, member: nil, unit: nil, dryRun: false, now: importTime)
            #expect(summary.recordsAdded == 1)
            #expect(summary.malformed.map(\.place) == ["record 2", "record 3", "record 4"])
            #expect(throws: TransferError.self) {
                try importer(store).run(Data("{\"format\": \"other\", \"version\": 1}".utf8), format: .auto, member: nil, unit: nil,
                                        dryRun: false, now: importTime)
            }
            #expect(throws: TransferError.self) {
                try importer(store).run(Data("{\"records\": 3}".utf8), format: .json, member: nil, unit: nil, dryRun: false, now: importTime)
            }
        }
    }

    /// Each day's sets as (exercise, weight, reps, kind), one per set, in order; and its note.
    static func history(_ store: any StorageEngine, member: String) throws -> [String: [String]] {
        guard let user = try store.user(named: member) else { return [:] }
        var days: [String: [String]] = [:]
        for record in try store.history(HistoryQuery(userID: user.id)).reversed() {
            for _ in 0..<record.values.series {
                days[LocalDay(record.performedAt, in: testCalendar).description, default: []]
                    .append("\(record.exercise) \(record.values.weight.description) × \(record.values.reps) \(record.kind?.rawValue ?? "")")
            }
        }
        for info in try store.sessionInfos(userID: user.id, from: LocalDay(checked: "0001-01-01"), through: LocalDay(checked: "9999-12-31")) {
            days[info.day.description, default: []].append("note: \(info.note ?? "")")
        }
        return days
    }

    @Test("Strong: the export re-imports into a fresh database as the same history", arguments: TestEngine.kinds)
    func strongRoundTrip(engine: TestEngine) throws {
        try engine.withStores { store, open in
            try Self.fill(store)
            for name in ["Ana", "Bo", "Cy"] {
                let member = try #require(try store.user(named: name))
                var lines: [String] = []
                let report = try HistoryExport.strong(from: store, member: member, calendar: testCalendar) { lines.append($0) }
                #expect(report.converted == 0)
                #expect(lines.first?.hasPrefix("\"Workout #\";\"Date\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";\"Weight (") == true)
                let fresh = try open()
                let summary = try importer(fresh).run(Data((lines.joined(separator: "\n") + "\n").utf8), format: .strong, member: name,
                                                      unit: nil, dryRun: false, now: importTime)
                #expect(summary.malformed.isEmpty)
                #expect(try Self.history(fresh, member: name) == Self.history(store, member: name), "\(name)")
                let again = try importer(fresh).run(Data((lines.joined(separator: "\n") + "\n").utf8), format: .auto, member: name,
                                                    unit: nil, dryRun: false, now: importTime)
                #expect(again.recordsAdded == 0)
            }
        }
    }

    @Test("Strong's file has one unit: the other is converted and counted; sets show as W, D, F and numbers", arguments: TestEngine.kinds)
    func strongUnits(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press", category: "barbell")
            let start = Date(timeIntervalSince1970: 1_790_000_000)
            for (index, (hundredths, unit, series)) in [(10000, WeightUnit.kg, 2), (22500, .lb, 1), (10000, .kg, 1)].enumerated() {
                let at = start.addingTimeInterval(Double(index))
                _ = try store.save(NewRecord(user: ana, exercise: bench, values: SetValues(weight: Weight(hundredths: hundredths, unit: unit), reps: 5, series: series),
                                             performedAt: at, uid: RecordUID.make(at: at), kind: index == 0 ? .warmup : nil), now: at)
            }
            var lines: [String] = []
            let report = try HistoryExport.strong(from: store, member: ana, calendar: testCalendar) { lines.append($0) }
            #expect(report == HistoryExport.StrongReport(unit: .kg, rows: 4, converted: 1, notesLeftOut: 0))
            #expect(lines.count == 5)
            #expect(lines[1].contains("\"Bench Press\";\"W\";\"100\";\"5\""))
            #expect(lines[2].contains("\"Bench Press\";\"W\";\"100\";\"5\""))
            #expect(lines[3].contains("\"Bench Press\";\"1\";\"102.06\";\"5\""))
            // Each record's sets are numbered from 1: the reader keeps two entries of one lift apart.
            #expect(lines[4].contains("\"Bench Press\";\"1\";\"100\";\"5\""))
        }
    }

    @Test("Strong: a name or note a spreadsheet would run as a formula is guarded as in our CSV, and imports back as it was", arguments: TestEngine.kinds)
    func strongFormulaGuard(engine: TestEngine) throws {
        try engine.withStores { store, open in
            let ana = try store.createUser(named: "Ana")
            let formula = try store.createExercise(named: "=cmd|calc")
            let at = Date(timeIntervalSince1970: 1_790_000_000)
            _ = try store.save(NewRecord(user: ana, exercise: formula, values: SetValues(weight: Weight(hundredths: 6000, unit: .kg), reps: 5, series: 1), performedAt: at,
                                         uid: RecordUID.make(at: at)), now: at)
            try store.appendNote(userID: ana.id, day: LocalDay(at, in: testCalendar), text: "+1 rep next time", now: at)
            var lines: [String] = []
            _ = try HistoryExport.strong(from: store, member: ana, calendar: testCalendar) { lines.append($0) }
            #expect(lines.count == 2)
            #expect(lines[1].contains("\"'=cmd|calc\"") && lines[1].contains("\"'+1 rep next time\""), "\(lines[1])")
            #expect(!lines[1].contains(";\"=") && !lines[1].contains(";\"+"), "\(lines[1])")

            let data = Data((lines.joined(separator: "\n") + "\n").utf8)
            let back = try importer(store).run(data, format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect(back.recordsAdded == 0 && back.notesAdded == 0, "\(back)")
            let fresh = try open()
            _ = try importer(fresh).run(data, format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect(try fresh.exercise(named: "=cmd|calc") != nil)
            #expect(try fresh.exercise(named: "'=cmd|calc") == nil)
        }
    }

    @Test("A day's routine and program day from a file keep no control character, one line, at most a name's length", arguments: TestEngine.kinds)
    func hostileDayLabels(engine: TestEngine) throws {
        try engine.withStores { store, open in
            try Self.fill(store)
            var exported = try Self.json(store)
            let hostile = #""routine":"5/3/1\u001b#8","programDay":"week 3 day 3 \b\b\b\bRoutine: Bench only \u001bc\u0007""#
            exported = exported.replacingOccurrences(of: #""routine":"Arms","programDay":"week 1 day 2""#, with: hostile)
            #expect(exported.contains(hostile))
            let fresh = try open()
            _ = try importer(fresh).run(Data(exported.utf8), format: .json, member: nil, unit: nil, dryRun: false, now: importTime)
            let kept = try #require(try fresh.storedSessions().first { $0.routine != nil })
            #expect(kept.routine == "5/3/1#8" && kept.programDay == "week 3 day 3 Routine: Bench only c", "\(kept)")
            let long = exported.replacingOccurrences(of: #""routine":"5/3/1\u001b#8""#, with: "\"routine\":\"" + String(repeating: "x", count: 200) + "\"")
            let other = try open()
            _ = try importer(other).run(Data(long.utf8), format: .json, member: nil, unit: nil, dryRun: false, now: importTime)
            #expect(try other.storedSessions().compactMap(\.routine).allSatisfy { $0.count <= Limits.nameLength })
        }
    }

    @Test("CSV: live records, a row each", arguments: TestEngine.kinds)
    func csv(engine: TestEngine) throws {
        try engine.withStores { store, _ in
            try Self.fill(store)
            var lines: [String] = []
            try HistoryExport.csv(from: store, member: nil, timeZone: testZone) { lines.append($0) }
            #expect(lines.first == HistoryExport.csvHeader)
            #expect(lines.count == 1 + (try store.recordCount()))
        }
    }
}

