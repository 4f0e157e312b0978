import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightTestSupport

/// `prs`, `chart`, `stats` and `history` over sets of every kind, run as scripts run them.
@Suite("Progress of every kind on the command line")
struct KindProgressCommandTests {
    /// Ana's pull-ups, planks and rows (saved through the engine: `add` takes weights), and a squat.
    static func seeded() throws -> Scratch {
        let scratch = try Scratch().made()
        let store: any Logbook = scratch.db.hasPrefix("postgres") ? try PostgresLogbook(url: scratch.db) : try WorkoutStore(path: scratch.db)
        let ana = try store.createUser(named: "Ana")
        let pullUp = try store.createExercise(named: "Pull-Up", category: nil, kind: .bodyweight)
        let plank = try store.createExercise(named: "Plank", category: nil, kind: .time)
        let row = try store.createExercise(named: "Row", category: nil, kind: .distance)
        let squat = try store.createExercise(named: "Back Squat", category: nil, kind: .weight)
        let start = try #require(ISO8601DateFormatter().date(from: "2020-03-10T18:00:00Z"))
        let sets: [(Exercise, SetValues)] = [
            (pullUp, .bodyweight(load: 1_000, unit: .kg, reps: 8, series: 3)),
            (pullUp, .bodyweight(load: -2_000, unit: .kg, reps: 12, series: 3)),
            (plank, .timed(SetDuration(seconds: 90), series: 3)),
            (plank, .timed(SetDuration(seconds: 105), series: 2)),
            (row, .covered(Distance(thousandths: 2_000_000, unit: .m), in: SetDuration(seconds: 465))),
            (row, .covered(Distance(thousandths: 5_000, unit: .km), in: SetDuration(seconds: 1_250))),
            (squat, SetValues(weight: Weight(value: 100, unit: .kg), reps: 5, series: 5)),
        ]
        for (index, (exercise, values)) in sets.enumerated() {
            let at = start.addingTimeInterval(Double(index) * 86_400)
            _ = try store.save(NewRecord(user: ana, exercise: exercise, values: values, performedAt: at, uid: RecordUID.make(at: at)), now: at)
        }
        return scratch
    }

    @Test("prs lists each kind's bests; JSON names the kinds with their units")
    func prs() throws {
        let scratch = try Self.seeded()
        let json = try Binary.run(["prs", "--format", "json"], db: scratch.db)
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let kinds = rows.map { "\($0["exercise"] ?? "") \($0["kind"] ?? "") \($0["value"] ?? "") \($0["unit"] ?? "")" }
        #expect(kinds == [
            "Back Squat heaviest 100 kg", "Back Squat e1rm 116.67 kg", "Back Squat reps 5 reps", "Back Squat volume 2500 kg",
            "Plank longestHold 105 s",
            "Pull-Up reps 8 reps", "Pull-Up addedLoad 10 kg",
            "Row longestDistance 5000 m", "Row fastestPace 232.5 s/km",
        ])
        let text = try Binary.run(["prs"], db: scratch.db)
        #expect(text.stdout.contains("\n            fastest pace      3:53 /km    2 000 m in 7:45  "), "\(text.stdout)")
    }

    @Test("chart: the exercise's kind picks the metric; --metric names one; a wrong one is named with the choices")
    func chart() throws {
        let scratch = try Self.seeded()
        func points(_ arguments: [String]) throws -> [String] {
            let run = try Binary.run(["chart", "--format", "json"] + arguments, db: scratch.db)
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
            return rows.map { "\($0["value"] ?? "") \($0["unit"] ?? "")\(($0["pr"] as? Bool) == true ? " PR" : "")" }
        }
        #expect(try points(["--exercise", "Plank"]) == ["90 s", "105 s PR"])
        #expect(try points(["--exercise", "Pull-Up"]) == ["8 reps"])
        #expect(try points(["--exercise", "Row"]) == ["2 km", "5 km PR"])
        #expect(try points(["--exercise", "Row", "--metric", "pace"]) == ["232.5 s/km", "250 s/km"])
        #expect(try points(["--exercise", "Back Squat", "--metric", "reps"]) == ["5 reps"])
        let wrong = try Binary.run(["chart", "--exercise", "Plank", "--metric", "speed"], db: scratch.db)
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("--metric takes e1rm, weight, volume, bodyweight, reps, duration, distance or pace"), "\(wrong.stderr)")
        let none = try Binary.run(["chart", "--exercise", "Plank", "--metric", "e1rm"], db: scratch.db)
        #expect(none.stdout == "No e1rm to draw for Plank by Ana: its sets measure something else (try --metric duration).\n")
    }

    @Test("stats count every kind's sets; volume counts the added load only, and says so; history shows each kind")
    func statsAndHistory() throws {
        let scratch = try Self.seeded()
        let stats = try Binary.run(["stats", "--format", "json"], db: scratch.db)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(object["totalVolume"] as? Double == 2_740)
        #expect((object["sets"] as? [String: Any])?["allTime"] as? Int == 18)
        let text = try Binary.run(["stats"], db: scratch.db)
        #expect(text.stdout.contains("Volume counts loads only: weights and added loads, not body weight, holds or distances.\n"))
        let history = try Binary.run(["history"], db: scratch.db)
        let lines = history.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") }
        #expect(lines.map { String($0.dropFirst(9)) } == [
            "#7  Ana  Back Squat      100 kg ×  5 × 5",
            "#6  Ana  Row               5 km in 20:50",
            "#5  Ana  Row            2 000 m in 7:45",
            "#4  Ana  Plank             1:45 × 2",
            "#3  Ana  Plank             1:30 × 3",
            "#2  Ana  Pull-Up     BW − 20 kg × 12 × 3",
            "#1  Ana  Pull-Up     BW + 10 kg ×  8 × 3",
        ])
    }
}
