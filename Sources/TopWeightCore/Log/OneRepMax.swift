/// An estimated one-rep max (e1RM) from a set's weight and reps.
public enum OneRepMaxFormula: String, Sendable, CaseIterable, Hashable {
    /// weight × (1 + reps / 30); the default.
    case epley
    /// weight × 36 / (37 − reps); only up to 12 reps, where it is meant to hold.
    case brzycki

    /// The most reps the formula is used for (`nil`: no limit).
    public var maximumReps: Int? {
        switch self {
        case .epley: nil
        case .brzycki: 12
        }
    }

    /// The estimate in the weight's own unit, or `nil` when the formula does
    /// not apply to that many reps. One rep is the weight itself.
    public func estimate(weight: Double, reps: Int) -> Double? {
        guard reps >= 1, weight >= 0 else { return nil }
        if let maximumReps, reps > maximumReps { return nil }
        if reps == 1 { return weight }
        switch self {
        case .epley: return weight * (1 + Double(reps) / 30)
        case .brzycki: return weight * 36 / Double(37 - reps)
        }
    }
}

extension Weight {
    /// The weight in kilograms (pounds converted: 1 lb = 0.45359237 kg), for comparing across units.
    public var kilograms: Double {
        unit == .kg ? value : value * 0.45359237
    }
}
