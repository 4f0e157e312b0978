import Foundation
import Testing
import TopWeightCore
import TopWeightStore
@testable import TopWeightTransfer
import TopWeightTestSupport

/// Nothing dated after now gets in by an import: such a row is named and
/// skipped, whatever the format; a few minutes ahead is clock skew and comes in.
@Suite("Imports: rows dated after now")
struct AfterNowImportTests {
    /// `date` as an export writes a local time: `2026-09-21 16:13:20`.
    static func wall(_ date: Date, _ format: String = "yyyy-MM-dd HH:mm:ss") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = testZone
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// `date` as our JSON writes it.
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = testZone
        return formatter.string(from: date)
    }

    static func weights(_ store: any StorageEngine, _ member: String) throws -> [Double] {
        guard let user = try store.user(named: member) else { return [] }
        return try store.history(HistoryQuery(userID: user.id)).map(\.values.weight.value)
    }

    @Test("A Strong row an hour ahead or in 2099 is named by its line and skipped, its note too; four minutes ahead is clock skew and imports")
    func strongRows() throws {
        let store = try WorkoutStore.inMemory()
        let header = "\"Workout #\";\"Date\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";\"Weight (kg)\";\"Reps\";\"RPE\";\"Distance (meters)\";\"Seconds\";\"Notes\";\"Workout Notes\""
        func row(_ number: Int, _ date: String, _ weight: String, note: String = "") -> String {
            "\"\(number)\";\"\(date)\";\"W\";\"60\";\"Bench Press\";\"1\";\"\(weight)\";\"5\";\"\";\"\";\"\";\"\";\"\(note)\""
        }
        let text = [
            header,
            row(1, Self.wall(importTime.addingTimeInterval(-86_400)), "60"),
            row(2, Self.wall(importTime.addingTimeInterval(4 * 60)), "62.5"),
            row(3, Self.wall(importTime.addingTimeInterval(3_600)), "65"),
            row(4, "2099-01-01 10:00:00", "70", note: "from the future"),
        ].joined(separator: "\n") + "\n"
        let summary = try importer(store).run(Data(text.utf8), format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
        #expect(summary.sets == 2)
        #expect(summary.skipped[.afterNow] == 2)
        #expect(summary.afterNow.map(\.place) == ["line 4", "line 5"])
        #expect(summary.afterNow.last?.description == "line 5: 2099-01-01 10:00:00 is after now; skipped")
        #expect(summary.malformed.isEmpty)
        #expect(try Self.weights(store, "Ana") == [62.5, 60])
        #expect(try store.storedSessions().isEmpty, "the 2099 row's note stays out with it")
    }

    @Test("A FitNotes row of today, which has no time of day, is placed no later than now; one of tomorrow is skipped")
    func dayOnlyRows() throws {
        let store = try WorkoutStore.inMemory()
        let day = LocalDay(importTime, in: testCalendar)
        let morning = day.start(in: testCalendar).addingTimeInterval(9 * 3_600)
        let text = """
            Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment
            \(day),Bench Press,Chest,60.0,kgs,5,,,,""
            \(day.adding(days: 1)),Bench Press,Chest,65.0,kgs,5,,,,""

            """
        let summary = try importer(store).run(Data(text.utf8), format: .auto, member: "Ana", unit: nil, dryRun: false, now: morning)
        #expect(summary.sets == 1)
        #expect(summary.afterNow.map(\.place) == ["line 3"])
        let ana = try #require(try store.user(named: "Ana"))
        let records = try store.history(HistoryQuery(userID: ana.id))
        #expect(records.count == 1)
        #expect(records.allSatisfy { $0.performedAt <= morning && LocalDay($0.performedAt, in: testCalendar) == day },
                "\(records.map(\.performedAt)) after \(morning)")
    }

    @Test("A body-weight export's measurement after now is named and skipped")
    func bodyWeightRows() throws {
        let store = try WorkoutStore.inMemory()
        let text = """
            "Date";"Weight (kg)"
            "\(Self.wall(importTime.addingTimeInterval(-3_600)))";76.5
            "\(Self.wall(importTime.addingTimeInterval(7_200)))";77

            """
        let summary = try importer(store).run(Data(text.utf8), format: .auto, member: "Ana", unit: nil, dryRun: false, now: importTime)
        #expect(summary.bodyWeights == 1)
        #expect(summary.afterNow.map(\.place) == ["line 3"])
        let ana = try #require(try store.user(named: "Ana"))
        #expect(try store.bodyWeights(userID: ana.id, since: nil, limit: nil).map(\.weight.value) == [76.5])
    }

    @Test("Our JSON: a record, a body weight and a day's note dated after now are named and skipped; one a few minutes ahead comes in")
    func ourJSON() throws {
        let store = try WorkoutStore.inMemory()
        let soon = Self.iso(importTime.addingTimeInterval(120))
        let later = Self.iso(importTime.addingTimeInterval(86_400))
        let past = Self.iso(importTime.addingTimeInterval(-86_400))
        let tomorrow = LocalDay(importTime, in: testCalendar).adding(days: 1)
        let text = """
            {"format": "topweight", "version": 2, "members": [{"name": "Ana"}],
             "records": [
              {"uid":"0190a6c5-1c2b-7cde-8f01-23456789ab01","user":"Ana","exercise":"Squat","weight":100,"unit":"kg","reps":5,"series":1,"performedAt":"\(past)","createdAt":"\(past)"},
              {"uid":"0190a6c5-1c2b-7cde-8f01-23456789ab02","user":"Ana","exercise":"Squat","weight":102.5,"unit":"kg","reps":5,"series":1,"performedAt":"\(soon)","createdAt":"\(soon)"},
              {"uid":"0190a6c5-1c2b-7cde-8f01-23456789ab03","user":"Ana","exercise":"Squat","weight":105,"unit":"kg","reps":5,"series":1,"performedAt":"\(later)","createdAt":"\(past)"},
              {"uid":"0190a6c5-1c2b-7cde-8f01-23456789ab04","user":"Ana","exercise":"Squat","weight":107.5,"unit":"kg","reps":5,"series":1,"performedAt":"2099-01-01T10:00:00+01:00","createdAt":"\(past)"}],
             "sessions": [{"user":"Ana","date":"\(tomorrow)","note":"not yet","editedAt":"\(past)"}],
             "bodyWeights": [
              {"uid":"0190a6c5-1c2b-7cde-8f01-23456789ab05","user":"Ana","weight":80,"unit":"kg","measuredAt":"\(past)"},
              {"uid":"0190a6c5-1c2b-7cde-8f01-23456789ab06","user":"Ana","weight":81,"unit":"kg","measuredAt":"\(later)"}]}
            """
        let summary = try importer(store).run(Data(text.utf8), format: .auto, member: nil, unit: nil, dryRun: false, now: importTime)
        #expect(summary.afterNow.map(\.place) == ["record 3", "record 4", "session 1", "body weight 2"])
        #expect(summary.skipped[.afterNow] == 4)
        #expect(summary.malformed.isEmpty && summary.skipped[.malformed] == nil)
        #expect(try Self.weights(store, "Ana") == [102.5, 100])
        #expect(try store.storedSessions().isEmpty)
        let ana = try #require(try store.user(named: "Ana"))
        #expect(try store.bodyWeights(userID: ana.id, since: nil, limit: nil).map(\.weight.value) == [80])
    }

    @Test("Our CSV export of a database that holds a set dated 2099 imports without it, naming its record")
    func ourCSV() throws {
        let source = try WorkoutStore.inMemory()
        let ana = try source.createUser(named: "Ana")
        let squat = try source.createExercise(named: "Back Squat")
        let values = SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 1)
        let past = importTime.addingTimeInterval(-86_400)
        _ = try source.save(NewRecord(user: ana, exercise: squat, values: values, performedAt: past, uid: RecordUID.make(at: past)), now: past)
        let ahead = Date(timeIntervalSince1970: 4_070_941_200)
        _ = try source.save(NewRecord(user: ana, exercise: squat, values: values, performedAt: ahead, uid: RecordUID.make(at: past)), now: past)
        var lines: [String] = []
        try HistoryExport.csv(from: source, member: nil, timeZone: testZone) { lines.append($0) }

        let store = try WorkoutStore.inMemory()
        let summary = try importer(store).run(Data((lines.joined(separator: "\n") + "\n").utf8), format: .auto, member: nil, unit: nil,
                                              dryRun: false, now: importTime)
        #expect(summary.afterNow.map(\.place) == ["record 2"], "oldest first: the 2099 set is the second row")
        #expect(summary.recordsAdded == 1)
        #expect(try Self.weights(store, "Ana") == [100])
    }
}
