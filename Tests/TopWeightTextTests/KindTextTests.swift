import Foundation
import Testing
import TopWeightCore
import TopWeightText

private func bw(_ hundredths: Int, _ reps: Int, _ series: Int = 3) -> SetValues {
    .bodyweight(load: hundredths, unit: .kg, reps: reps, series: series)
}
private func hold(_ seconds: Int, _ series: Int = 3) -> SetValues { .timed(SetDuration(seconds: seconds), series: series) }
private func run(_ thousandths: Int, _ unit: DistanceUnit, _ seconds: Int) -> SetValues {
    .covered(Distance(thousandths: thousandths, unit: unit), in: SetDuration(seconds: seconds))
}

/// How sets of every kind read in history, the PR line and `prs`.
@Suite("Text of every kind of set")
struct KindTextTests {
    // Sun 16 Nov 2025, 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_763_294_400)

    static func record(_ id: Int64, _ exercise: String, _ values: SetValues, hoursAgo: Double) -> WorkoutRecord {
        WorkoutRecord(id: id, user: "Ana", exercise: exercise, values: values, performedAt: now.addingTimeInterval(-hoursAgo * 3_600))
    }

    static func grouping() throws -> HistoryGrouping {
        HistoryGrouping(timeZone: try #require(TimeZone(identifier: "UTC")))
    }

    @Test("history rows: each kind as its own, the first numbers aligned, reps aligned, @RPE after")
    func history() throws {
        var rated = SetValues(weight: Weight(hundredths: 10_000, unit: .kg), reps: 5, series: 3)
        rated.effort = Effort(rpe: 8)
        var ratedHold = hold(90)
        ratedHold.effort = Effort(rpe: 8.5)
        let records = [
            Self.record(6, "Bench Press", rated, hoursAgo: 1),
            Self.record(5, "Pull-up", bw(1_000, 8), hoursAgo: 2),
            Self.record(4, "Pull-up", bw(-2_000, 12), hoursAgo: 3),
            Self.record(3, "Dip", bw(0, 12), hoursAgo: 4),
            Self.record(2, "Plank", ratedHold, hoursAgo: 5),
            Self.record(1, "Row", run(2_000_000, .m, 465), hoursAgo: 6),
        ]
        let lines = HistoryText.render(records, grouping: try Self.grouping(), now: Self.now, showUser: false)
        #expect(lines == [
            "Today",
            "  11:00  #6  Bench Press      100 kg ×  5 × 3 @8",
            "  10:00  #5  Pull-up      BW + 10 kg ×  8 × 3",
            "  09:00  #4  Pull-up      BW − 20 kg × 12 × 3",
            "  08:00  #3  Dip                  BW × 12 × 3",
            "  07:00  #2  Plank              1:30 × 3 @8.5",
            "  06:00  #1  Row             2 000 m in 7:45",
        ])
    }

    @Test("history of weight sets alone reads as before")
    func weightsAsBefore() throws {
        let records = [
            Self.record(2, "Bench Press", SetValues(weight: Weight(hundredths: 6_250, unit: .kg), reps: 8, series: 3), hoursAgo: 1),
            Self.record(1, "Squat", SetValues(weight: Weight(hundredths: 10_000, unit: .kg), reps: 12, series: 5), hoursAgo: 2),
        ]
        #expect(HistoryText.render(records, grouping: try Self.grouping(), now: Self.now, showUser: false) == [
            "Today",
            "  11:00  #2  Bench Press  62.5 kg ×  8 × 3",
            "  10:00  #1  Squat         100 kg × 12 × 5",
        ])
    }

    @Test("the PR line names each kind's record")
    func recordLine() {
        func line(_ values: SetValues, _ bests: ExerciseBests) -> String? {
            ProgressText.recordLine(exercise: "X", PersonalRecord.beaten(by: values, kind: nil, bests: bests))
        }
        let pullUps = ExerciseBests(mostRepsUnassisted: KindBest(id: 1, values: bw(500, 10)), addedLoad: KindBest(id: 2, values: bw(1_000, 5)))
        #expect(line(bw(1_500, 11), pullUps) == "New PR on X: 11 reps at BW + 15 kg (was 10 at BW + 5 kg) · added load BW + 15 kg (was BW + 10 kg)")
        #expect(line(bw(-1_000, 20), pullUps) == nil)
        #expect(line(hold(105), ExerciseBests(longestHold: KindBest(id: 1, values: hold(90)))) == "New PR on X: longest hold 1:45 (was 1:30)")
        let row = ExerciseBests(longestDistance: KindBest(id: 1, values: run(5_000_000, .m, 1_250)),
                                fastestPace: KindBest(id: 2, values: run(6_000, .km, 1_800)))
        #expect(line(run(6_000, .km, 1_740), row)
            == "New PR on X: longest distance 6 km (was 5 000 m) · fastest pace 4:50 /km over 6 km (was 5:00 /km over 6 km)")
        // Paces the same to the second (231.5 and 232 s/km): shown to the tenth.
        let close = ExerciseBests(fastestPace: KindBest(id: 2, values: run(2_000_000, .m, 464)))
        #expect(line(run(2_000_000, .m, 463), close) == "New PR on X: fastest pace 3:51.5 /km over 2 000 m (was 3:52.0 /km over 2 000 m)")
        #expect(line(run(2_000_000, .m, 462), close) == "New PR on X: fastest pace 3:51 /km over 2 000 m (was 3:52 /km over 2 000 m)")
    }

    @Test("prs: a row per best of each kind, in its own words; JSON with each kind's value and unit")
    func prs() throws {
        var records = ExerciseRecords(exercise: "Row", formula: .epley)
        records.add(Self.record(1, "Row", run(2_000_000, .m, 465), hoursAgo: 2))
        records.add(Self.record(2, "Row", run(5_000, .km, 1_250), hoursAgo: 1))
        var pullUps = ExerciseRecords(exercise: "Pull-up", formula: .epley)
        pullUps.add(Self.record(3, "Pull-up", bw(0, 12), hoursAgo: 3))
        pullUps.add(Self.record(4, "Pull-up", bw(1_000, 6), hoursAgo: 2))
        var plank = ExerciseRecords(exercise: "Plank", formula: .epley)
        plank.add(Self.record(5, "Plank", hold(90), hoursAgo: 1))
        let list = [plank, pullUps, records]
        #expect(ProgressText.records(list, grouping: try Self.grouping(), now: Self.now) == [
            "Exercise  Record            Best        Set                 Day",
            "Plank     longest hold      1:30        1:30 × 3            Sun 16 Nov  #5",
            "Pull-up   most reps         12 reps     BW × 12 × 3         Sun 16 Nov  #3",
            "          added load        BW + 10 kg  BW + 10 kg × 6 × 3  Sun 16 Nov  #4",
            "Row       longest distance  5 km        5 km in 20:50       Sun 16 Nov  #2",
            "          fastest pace      3:53 /km    2 000 m in 7:45     Sun 16 Nov  #1",
        ])
        let json = ProgressText.recordsJSON(list, timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(json == [
            #"{"exercise":"Plank","kind":"longestHold","value":90,"unit":"s","performedAt":"2025-11-16T11:00:00+00:00","recordId":5,"weight":0,"weightUnit":"kg","reps":1,"series":3,"measure":"time","seconds":90}"#,
            #"{"exercise":"Pull-up","kind":"reps","value":12,"unit":"reps","performedAt":"2025-11-16T09:00:00+00:00","recordId":3,"weight":0,"weightUnit":"kg","reps":12,"series":3,"measure":"bodyweight"}"#,
            #"{"exercise":"Pull-up","kind":"addedLoad","value":10,"unit":"kg","performedAt":"2025-11-16T10:00:00+00:00","recordId":4,"weight":10,"weightUnit":"kg","reps":6,"series":3,"measure":"bodyweight"}"#,
            #"{"exercise":"Row","kind":"longestDistance","value":5000,"unit":"m","performedAt":"2025-11-16T11:00:00+00:00","recordId":2,"weight":0,"weightUnit":"kg","reps":1,"series":1,"measure":"distance","seconds":1250,"distance":5,"distanceUnit":"km"}"#,
            #"{"exercise":"Row","kind":"fastestPace","value":232.5,"unit":"s/km","performedAt":"2025-11-16T10:00:00+00:00","recordId":1,"weight":0,"weightUnit":"kg","reps":1,"series":1,"measure":"distance","seconds":465,"distance":2000,"distanceUnit":"m"}"#,
        ])
    }
}
