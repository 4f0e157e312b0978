/// The numbers of one record. A weight set is weight × reps × series; the
/// other kinds use the same three fields where they mean something and add
/// their own:
/// - `bodyweight`: `weight` is the load added to body weight (a belt), or the
///   assistance when `assisted` (a band); zero is body weight alone.
/// - `time`: `duration` × `series`; `weight` 0, `reps` 1.
/// - `distance`: `distance` in `duration`; `weight` 0, `reps` 1, `series` 1.
///   Another app's export may give a distance with no time (a carry, a ride
///   logged by distance alone): then `duration` is `nil`, and the set has no pace.
/// Any kind may carry an RPE (`effort`).
public struct SetValues: Sendable, Hashable, Codable {
    public var weight: Weight
    public var reps: Int
    public var series: Int
    /// What the numbers measure; `.weight` for every set before kinds existed.
    public var measure: ExerciseKind
    /// A bodyweight set whose `weight` is assistance (`BW − 20 kg`).
    public var assisted: Bool
    /// A timed set's hold, or a distance set's time.
    public var duration: SetDuration?
    /// A distance set's distance, in the unit it was typed in.
    public var distance: Distance?
    /// How hard it was (RPE 6–10 by halves), when the member said.
    public var effort: Effort?

    public init(weight: Weight, reps: Int, series: Int, measure: ExerciseKind = .weight, assisted: Bool = false,
                duration: SetDuration? = nil, distance: Distance? = nil, effort: Effort? = nil) {
        self.weight = weight
        self.reps = reps
        self.series = series
        self.measure = measure
        self.assisted = assisted
        self.duration = duration
        self.distance = distance
        self.effort = effort
    }

    /// A bodyweight set: `load` in hundredths of `unit`, negative for assistance.
    public static func bodyweight(load hundredths: Int, unit: WeightUnit, reps: Int, series: Int, effort: Effort? = nil) -> SetValues {
        SetValues(weight: Weight(hundredths: abs(hundredths), unit: unit), reps: reps, series: series,
                  measure: .bodyweight, assisted: hundredths < 0, effort: effort)
    }

    /// A timed set: a hold of `duration`, `series` times.
    public static func timed(_ duration: SetDuration, series: Int, unit: WeightUnit = .kg, effort: Effort? = nil) -> SetValues {
        SetValues(weight: Weight(hundredths: 0, unit: unit), reps: 1, series: series, measure: .time, duration: duration, effort: effort)
    }

    /// A distance set: `distance` in `duration`.
    public static func covered(_ distance: Distance, in duration: SetDuration, unit: WeightUnit = .kg, effort: Effort? = nil) -> SetValues {
        SetValues(weight: Weight(hundredths: 0, unit: unit), reps: 1, series: 1, measure: .distance,
                  duration: duration, distance: distance, effort: effort)
    }

    /// The added load of a bodyweight set in hundredths: negative for assistance.
    public var signedLoadHundredths: Int { assisted ? -weight.hundredths : weight.hundredths }

    /// The numbers make a set of their kind: a time set has its duration, a
    /// distance set its distance and time, and only bodyweight sets are assisted.
    public var isWellFormed: Bool {
        switch measure {
        case .weight: duration == nil && distance == nil && !assisted
        case .bodyweight: duration == nil && distance == nil
        case .time: duration != nil && distance == nil && !assisted
        case .distance: distance != nil && !assisted
        }
    }

    /// `62.5 kg × 8 × 3`, `BW + 10 kg × 8 × 3`, `1:30 × 3`, `2 000 m in 7:45`, with ` @8` when rated.
    public var description: String {
        let rated = effort.map { " \($0.description)" } ?? ""
        switch measure {
        case .weight: return "\(weight.description) × \(reps) × \(series)\(rated)"
        case .bodyweight: return "\(AddedLoad.describe(signedLoadHundredths, unit: weight.unit)) × \(reps) × \(series)\(rated)"
        case .time: return "\(duration?.description ?? "?") × \(series)\(rated)"
        case .distance: return "\(distance?.description ?? "?")\(duration.map { " in \($0.description)" } ?? "")\(rated)"
        }
    }

    /// The one-line entry form: `62.5x8x3`, `bw+10x8x3`, `1:30x3`,
    /// `2000m 7:45`, with `@8` when rated (unit suffix only when not kg).
    public var compact: String {
        let unit = weight.unit == .kg ? "" : weight.unit.rawValue
        let rated = effort.map(\.description) ?? ""
        switch measure {
        case .weight:
            return "\(weight.number)\(unit)x\(reps)x\(series)\(rated)"
        case .bodyweight:
            let load = weight.hundredths == 0 ? "bw" : "bw\(assisted ? "-" : "+")\(weight.number)\(unit)"
            return "\(load)x\(reps)x\(series)\(rated)"
        case .time:
            return "\(duration?.description ?? "0:00")x\(series)\(rated)"
        case .distance:
            let typed = distance.map { "\($0.number.filter { $0 != " " })\($0.unit.rawValue)" } ?? "0m"
            return "\(typed)\(duration.map { " \($0.description)" } ?? "")\(rated)"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case weight, reps, series, measure, assisted, duration, distance, effort
    }

    /// Values written before kinds existed have only weight, reps and series.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        weight = try container.decode(Weight.self, forKey: .weight)
        reps = try container.decode(Int.self, forKey: .reps)
        series = try container.decode(Int.self, forKey: .series)
        measure = try container.decodeIfPresent(ExerciseKind.self, forKey: .measure) ?? .weight
        assisted = try container.decodeIfPresent(Bool.self, forKey: .assisted) ?? false
        duration = try container.decodeIfPresent(SetDuration.self, forKey: .duration)
        distance = try container.decodeIfPresent(Distance.self, forKey: .distance)
        effort = try container.decodeIfPresent(Effort.self, forKey: .effort)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weight, forKey: .weight)
        try container.encode(reps, forKey: .reps)
        try container.encode(series, forKey: .series)
        if measure != .weight { try container.encode(measure, forKey: .measure) }
        if assisted { try container.encode(assisted, forKey: .assisted) }
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encodeIfPresent(distance, forKey: .distance)
        try container.encodeIfPresent(effort, forKey: .effort)
    }
}
