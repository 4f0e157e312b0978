import Foundation

/// What a progress chart follows.
public enum ChartMetric: String, Sendable, CaseIterable, Hashable {
    /// The day's best estimated one-rep max (warm-ups left out).
    case e1rm
    /// The day's heaviest working set.
    case weight
    /// The day's weight × reps × series for the exercise, in kilograms.
    case volume
    /// The member's body weight: the day's last measurement.
    case bodyweight
    /// The day's most reps in one set (weight sets, and bodyweight sets unassisted).
    case reps
    /// The day's longest hold (timed sets), in seconds.
    case duration
    /// The day's longest distance (distance sets), in the unit of the newest one.
    case distance
    /// The day's fastest pace (distance sets), in seconds per km: less is better.
    case pace

    /// What a chart of an exercise of `kind` follows when no metric is named:
    /// e1RM for weights, reps for bodyweight, the hold for time, the distance for distance.
    public static func defaultMetric(for kind: ExerciseKind) -> ChartMetric {
        switch kind {
        case .weight: .e1rm
        case .bodyweight: .reps
        case .time: .duration
        case .distance: .distance
        }
    }

    /// Whether a lower value is the better one (a pace).
    public var lowerIsBetter: Bool { self == .pace }
}

/// One point a day of a member's progress, oldest first: what `chart` draws
/// and prints as JSON. Built here, from rows already read, so the same
/// numbers reach the terminal and other tools.
public struct ProgressSeries: Sendable, Hashable {
    public struct Point: Sendable, Hashable {
        public var day: LocalDay
        /// In the series' unit, rounded to hundredths.
        public var value: Double
        /// Beats every earlier day (the first day has nothing to beat; body weight has no records).
        public var isRecord: Bool
    }

    public var metric: ChartMetric
    public var unit: WeightUnit
    /// The values' unit as shown: `kg`, `lb`, `reps`, `s`, `m`, `km`, `mi` or `s/km`.
    public var unitName: String
    public var points: [Point]

    public init(metric: ChartMetric, unit: WeightUnit, points: [Point], unitName: String? = nil) {
        self.metric = metric
        self.unit = unit
        self.unitName = unitName ?? unit.rawValue
        self.points = points
    }

    /// The series of a member's sets of one exercise, in any order.
    ///
    /// Warm-ups never count; deleted sets are not expected here (history
    /// leaves them out). Weights and e1RMs are in the unit of the newest
    /// working set (pounds and kilograms converted, nothing stored changes);
    /// volume is always in kilograms and counts loads only (`volumeKilograms`).
    /// Weight and e1RM read weight sets; reps weight sets and unassisted
    /// bodyweight sets; duration timed sets (seconds); distance and pace
    /// distance sets (distance in the unit of the newest one, pace in
    /// seconds per km, where a lower day is the record). A set the formula does not cover
    /// (Brzycki above 12 reps) gives no e1RM; a day with none has no point.
    /// `.bodyweight` reads measurements, not sets: see `bodyWeights`.
    ///
    /// With `since`, only the days from then on are drawn, but a day is
    /// marked as a PR against every earlier day of `records`: give them all,
    /// or September's sets would pass for PRs under July's best.
    public static func sets(_ records: [WorkoutRecord], metric: ChartMetric, formula: OneRepMaxFormula = .epley,
                            since: LocalDay? = nil, calendar: Calendar) -> ProgressSeries {
        let working = records.filter { $0.kind != .warmup }
        let newest = working.max { ($0.performedAt, $0.id) < ($1.performedAt, $1.id) }
        let unit: WeightUnit = metric == .volume ? .kg : newest?.values.weight.unit ?? .kg
        guard metric != .bodyweight else { return ProgressSeries(metric: metric, unit: unit, points: []) }
        let newestDistance = working.filter { $0.values.distance != nil }.max { ($0.performedAt, $0.id) < ($1.performedAt, $1.id) }
        let distanceUnit = newestDistance?.values.distance?.unit ?? .m
        var byDay: [LocalDay: Double] = [:]
        func keep(_ value: Double, on day: LocalDay) {
            byDay[day] = metric.lowerIsBetter ? min(byDay[day] ?? .infinity, value) : max(byDay[day] ?? -.infinity, value)
        }
        for record in working {
            let values = record.values
            let day = LocalDay(record.performedAt, in: calendar)
            switch metric {
            case .weight:
                // Loads lifted: a weight set's (a bodyweight set's added load is not the same lift).
                guard values.measure == .weight else { continue }
                keep(converted(values.weight, to: unit), on: day)
            case .e1rm:
                guard values.measure == .weight,
                      let estimate = formula.estimate(weight: converted(values.weight, to: unit), reps: values.reps) else { continue }
                keep(estimate, on: day)
            case .volume:
                guard values.countsLoad else { continue }
                byDay[day, default: 0] += values.volumeKilograms
            case .reps:
                guard values.measure == .weight || (values.measure == .bodyweight && !values.assisted) else { continue }
                keep(Double(values.reps), on: day)
            case .duration:
                guard values.measure == .time, let duration = values.duration else { continue }
                keep(Double(duration.seconds), on: day)
            case .distance:
                guard let distance = values.distance else { continue }
                keep(distance.metres / distanceUnit.metres, on: day)
            case .pace:
                guard let distance = values.distance, let duration = values.duration else { continue }
                keep(distance.pace(over: duration), on: day)
            case .bodyweight:
                continue
            }
        }
        let points = marked(byDay, records: true, lowerIsBetter: metric.lowerIsBetter).filter { point in since.map { point.day >= $0 } ?? true }
        return ProgressSeries(metric: metric, unit: unit, points: points, unitName: unitName(of: metric, weights: unit, distances: distanceUnit))
    }

    /// The unit a metric's values are in.
    private static func unitName(of metric: ChartMetric, weights: WeightUnit, distances: DistanceUnit) -> String {
        switch metric {
        case .e1rm, .weight, .volume, .bodyweight: weights.rawValue
        case .reps: "reps"
        case .duration: "s"
        case .distance: distances.rawValue
        case .pace: "s/km"
        }
    }

    /// A member's body weight, one point a day (that day's last measurement),
    /// in the unit of the newest measurement.
    public static func bodyWeights(_ measurements: [BodyWeight], calendar: Calendar) -> ProgressSeries {
        let ordered = measurements.sorted { ($0.measuredAt, $0.id) < ($1.measuredAt, $1.id) }
        let unit = ordered.last?.weight.unit ?? .kg
        var byDay: [LocalDay: Double] = [:]
        for measurement in ordered {
            byDay[LocalDay(measurement.measuredAt, in: calendar)] = converted(measurement.weight, to: unit)
        }
        return ProgressSeries(metric: .bodyweight, unit: unit, points: marked(byDay, records: false))
    }

    /// Days in order, values to the hundredth, each marked when it beats every earlier one.
    private static func marked(_ byDay: [LocalDay: Double], records: Bool, lowerIsBetter: Bool = false) -> [Point] {
        var best: Double?
        return byDay.keys.sorted().compactMap { day in
            guard let raw = byDay[day], raw.isFinite else { return nil }
            let value = (raw * 100).rounded() / 100
            let isRecord = records && best.map { lowerIsBetter ? value < $0 : value > $0 } == true
            best = lowerIsBetter ? min(best ?? value, value) : max(best ?? value, value)
            return Point(day: day, value: value, isRecord: isRecord)
        }
    }

    /// A weight in `unit` (1 lb = 0.45359237 kg), for comparing across units.
    public static func converted(_ weight: Weight, to unit: WeightUnit) -> Double {
        if weight.unit == unit { return weight.value }
        return unit == .kg ? weight.kilograms : weight.kilograms / 0.45359237
    }
}
