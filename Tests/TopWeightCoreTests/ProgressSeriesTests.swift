import Foundation
import Testing
import TopWeightCore

@Suite("Progress series and chart scales")
struct ProgressSeriesTests {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }

    /// 2026-03-01 00:00 UTC plus `day` days and `hour` hours.
    static func at(day: Int, hour: Int = 18) -> Date {
        Date(timeIntervalSince1970: 1_772_323_200 + TimeInterval(day * 86_400 + hour * 3_600))
    }

    static func set(_ weight: Double, _ unit: WeightUnit = .kg, reps: Int, series: Int = 1, day: Int, hour: Int = 18,
                    kind: SetKind? = nil, id: Int64) -> WorkoutRecord {
        WorkoutRecord(id: id, user: "Ana", exercise: "Back Squat",
                      values: SetValues(weight: Weight(value: weight, unit: unit), reps: reps, series: series),
                      performedAt: at(day: day, hour: hour), kind: kind)
    }

    /// (day, value, PR) of each point.
    static func table(_ series: ProgressSeries) -> [String] {
        series.points.map { "\($0.day) \(Decimal2.format(Int(($0.value * 100).rounded())))\($0.isRecord ? " PR" : "")" }
    }

    static let sets = [
        set(60, reps: 10, day: 0, hour: 17, kind: .warmup, id: 1),   // a warm-up: never counts
        set(100, reps: 5, day: 0, id: 2),
        set(95, reps: 8, day: 0, id: 3),
        set(100, reps: 5, day: 2, id: 4),                             // a tie: no PR
        set(225, .lb, reps: 3, day: 4, id: 5),                        // 102.06 kg: heavier across units
        set(102.5, reps: 1, day: 6, id: 6),
        set(200, reps: 10, day: 6, hour: 8, kind: .warmup, id: 7),   // heaviest of all, but a warm-up
        set(80, reps: 15, series: 3, day: 8, id: 8),
    ]

    @Test("a window (--since) shows only its days, but a PR must beat the whole history, not only what is drawn")
    func windowKeepsHistory() {
        let sets = [
            Self.set(200, reps: 3, day: 0, id: 1),    // the best, before the window
            Self.set(160, reps: 3, day: 10, id: 2),
            Self.set(170, reps: 3, day: 12, id: 3),
            Self.set(205, reps: 3, day: 14, id: 4),   // beats everything: a PR
        ]
        let series = ProgressSeries.sets(sets, metric: .weight, since: LocalDay(year: 2026, month: 3, day: 12), calendar: Self.utc)
        #expect(Self.table(series) == ["2026-03-13 170", "2026-03-15 205 PR"])
        let whole = ProgressSeries.sets(sets, metric: .weight, calendar: Self.utc)
        #expect(Self.table(whole) == ["2026-03-01 200", "2026-03-11 160", "2026-03-13 170", "2026-03-15 205 PR"])
    }

    @Test("weight: the day's heaviest working set, in the newest set's unit; ties are no PR, warm-ups never count")
    func weight() {
        let series = ProgressSeries.sets(Self.sets, metric: .weight, calendar: Self.utc)
        #expect(series.unit == .kg)
        #expect(Self.table(series) == [
            "2026-03-01 100", "2026-03-03 100", "2026-03-05 102.06 PR", "2026-03-07 102.5 PR", "2026-03-09 80",
        ])
    }

    @Test("e1RM by Epley: the day's best estimate; one rep is the weight itself")
    func epley() {
        let series = ProgressSeries.sets(Self.sets, metric: .e1rm, formula: .epley, calendar: Self.utc)
        // 95 × (1 + 8/30) = 120.33 beats 100 × (1 + 5/30) = 116.67; 225 lb × 1.1 = 247.5 lb = 112.26 kg; 80 × 1.5 = 120.
        #expect(Self.table(series) == [
            "2026-03-01 120.33", "2026-03-03 116.67", "2026-03-05 112.26", "2026-03-07 102.5", "2026-03-09 120",
        ])
    }

    @Test("e1RM by Brzycki leaves out sets above 12 reps: a day with only those has no point")
    func brzycki() {
        let series = ProgressSeries.sets(Self.sets, metric: .e1rm, formula: .brzycki, calendar: Self.utc)
        // 95 × 36 / 29 = 117.93; 100 × 36 / 32 = 112.5; 225 lb × 36 / 34 = 238.24 lb = 108.06 kg.
        #expect(Self.table(series) == ["2026-03-01 117.93", "2026-03-03 112.5", "2026-03-05 108.06", "2026-03-07 102.5"])
    }

    @Test("volume: the day's weight × reps × series added up, always in kg")
    func volume() {
        var sets = Self.sets
        sets.append(Self.set(135, .lb, reps: 10, series: 2, day: 9, id: 9))  // newest, in lb: volume stays in kg
        let series = ProgressSeries.sets(sets, metric: .volume, calendar: Self.utc)
        #expect(series.unit == .kg)
        // 500 + 760; 500; 225 lb × 3 = 306.17 kg; 102.5; 3600; 135 lb × 20 = 1224.7 kg.
        #expect(Self.table(series) == [
            "2026-03-01 1260", "2026-03-03 500", "2026-03-05 306.17", "2026-03-07 102.5", "2026-03-09 3600 PR", "2026-03-10 1224.7",
        ])
    }

    @Test("weights follow the unit of the newest working set: a member who moved to pounds sees pounds")
    func newestUnit() {
        let sets = [Self.set(100, reps: 5, day: 0, id: 1), Self.set(225, .lb, reps: 5, day: 1, id: 2),
                    Self.set(300, .lb, reps: 1, day: 2, kind: .warmup, id: 3)]
        let series = ProgressSeries.sets(sets, metric: .weight, calendar: Self.utc)
        #expect(series.unit == .lb)
        #expect(Self.table(series) == ["2026-03-01 220.46", "2026-03-02 225 PR"])
    }

    @Test("days are local days: 23:30 and 00:30 in Auckland are two days that are one in UTC")
    func localDays() throws {
        var auckland = Calendar(identifier: .gregorian)
        auckland.timeZone = try #require(TimeZone(identifier: "Pacific/Auckland"))
        // 10:30 and 11:30 UTC on 2026-03-01 are 23:30 on the 1st and 00:30 on the 2nd in Auckland (UTC+13).
        let sets = [Self.set(100, reps: 5, day: 0, hour: 10, id: 1).with(minutes: 30),
                    Self.set(110, reps: 5, day: 0, hour: 11, id: 2).with(minutes: 30)]
        #expect(Self.table(ProgressSeries.sets(sets, metric: .weight, calendar: Self.utc)) == ["2026-03-01 110"])
        #expect(Self.table(ProgressSeries.sets(sets, metric: .weight, calendar: auckland)) == ["2026-03-01 100", "2026-03-02 110 PR"])
    }

    @Test("body weight: the day's last measurement, in the newest one's unit, and never a PR")
    func bodyWeight() {
        func measured(_ weight: Double, _ unit: WeightUnit, day: Int, hour: Int, id: Int64) -> BodyWeight {
            BodyWeight(id: id, uid: "u\(id)", user: "Ana", weight: Weight(value: weight, unit: unit), measuredAt: Self.at(day: day, hour: hour))
        }
        let series = ProgressSeries.bodyWeights([
            measured(71, .kg, day: 1, hour: 20, id: 3), measured(70, .kg, day: 0, hour: 7, id: 1),
            measured(72, .kg, day: 1, hour: 7, id: 2), measured(160, .lb, day: 3, hour: 7, id: 4),
        ], calendar: Self.utc)
        #expect(series.unit == .lb)
        #expect(Self.table(series) == ["2026-03-01 154.32", "2026-03-02 156.53", "2026-03-04 160"])
        #expect(ProgressSeries.sets(Self.sets, metric: .bodyweight, calendar: Self.utc).points.isEmpty)
    }

    @Test("nothing to chart: no sets, or warm-ups only")
    func empty() {
        #expect(ProgressSeries.sets([], metric: .e1rm, calendar: Self.utc).points.isEmpty)
        #expect(ProgressSeries.sets([Self.sets[0]], metric: .weight, calendar: Self.utc).points.isEmpty)
        #expect(ProgressSeries.bodyWeights([], calendar: Self.utc).points.isEmpty)
    }

    // MARK: - Scale

    /// Lowest and highest value, and the bounds and step worked out by hand.
    @Test("round bounds that waste the least room, with 2 to 6 steps, about 4", arguments: [
        (76.0, 122.5, 75.0, 125.0, 25.0),
        (0, 100, 0, 100, 25),
        (60, 62.5, 60, 62.5, 0.5),
        (100, 100, 95, 105, 2.5),          // flat: room around it
        (0, 0, 0, 0.5, 0.1),                // flat at zero: never below zero
        (480, 1575, 400, 1600, 200),
        (70.2, 71.9, 70, 72, 0.5),
        (1, 9_999, 0, 10_000, 2_500),
        (-3, 7, -4, 8, 2),
        (154.32, 160, 154, 160, 2),
    ] as [(Double, Double, Double, Double, Double)])
    func scale(minimum: Double, maximum: Double, low: Double, high: Double, step: Double) {
        let scale = ChartScale(minimum: minimum, maximum: maximum)
        #expect(abs(scale.low - low) < 1e-9 && abs(scale.high - high) < 1e-9 && abs(scale.step - step) < 1e-9,
                "\(scale.low)…\(scale.high) by \(scale.step)")
        #expect(scale.low <= minimum && scale.high >= maximum)
        #expect((2...6).contains(scale.steps))
    }

    /// Steps, height asked, rows given.
    @Test("rows: every label on a row of its own, evenly apart", arguments: [
        (2, 10, 11), (3, 10, 10), (4, 10, 9), (5, 10, 11), (6, 10, 13), (4, 3, 5), (2, 1, 3),
    ])
    func rows(steps: Int, height: Int, rows: Int) {
        let scale = ChartScale(low: 0, high: Double(steps), step: 1)
        #expect(scale.rows(near: height) == rows)
        #expect((rows - 1) % steps == 0)
    }

    @Test("each label's value falls on its own row, the lowest on the bottom one, the highest on the top one", arguments: [1, 4])
    func labelsOnTheirRows(dotsPerRow: Int) {
        for (minimum, maximum) in [(76.0, 122.5), (0.0, 100.0), (480.0, 1575.0), (60.0, 62.5)] {
            let scale = ChartScale(minimum: minimum, maximum: maximum)
            let rows = scale.rows(near: 10)
            let apart = (rows - 1) / scale.steps
            for (index, tick) in scale.ticks.enumerated() {
                #expect(scale.level(of: tick, rows: rows, dotsPerRow: dotsPerRow) / dotsPerRow == index * apart)
            }
            #expect(scale.level(of: minimum - 1_000, rows: rows, dotsPerRow: dotsPerRow) == 0)
            #expect(scale.level(of: maximum + 1_000, rows: rows, dotsPerRow: dotsPerRow) == rows * dotsPerRow - 1)
        }
    }
}

private extension WorkoutRecord {
    func with(minutes: Int) -> WorkoutRecord {
        var record = self
        record.performedAt = performedAt.addingTimeInterval(TimeInterval(minutes * 60))
        return record
    }
}
