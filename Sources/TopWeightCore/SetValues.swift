/// The numbers of one record: weight × reps × series.
public struct SetValues: Sendable, Hashable, Codable {
    public var weight: Weight
    public var reps: Int
    public var series: Int

    public init(weight: Weight, reps: Int, series: Int) {
        self.weight = weight
        self.reps = reps
        self.series = series
    }

    /// `62.5 kg × 8 × 3`
    public var description: String { "\(weight.description) × \(reps) × \(series)" }

    /// `62.5x8x3`, the one-line entry form (unit suffix only when not kg).
    public var compact: String {
        let unit = weight.unit == .kg ? "" : weight.unit.rawValue
        return "\(weight.number)\(unit)x\(reps)x\(series)"
    }
}
