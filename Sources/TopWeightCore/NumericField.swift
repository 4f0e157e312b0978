/// The three numeric prompts of an entry.
public enum NumericField: String, Sendable, CaseIterable {
    case weight
    case reps
    case series

    /// Smallest accepted value, in the field's own scale (hundredths for weight).
    public var minimum: Int {
        switch self {
        case .weight: 0
        case .reps: Limits.reps.lowerBound
        case .series: Limits.series.lowerBound
        }
    }

    /// Largest accepted value, in the field's own scale.
    public func maximum(unit: WeightUnit) -> Int {
        switch self {
        case .weight: unit.maximumHundredths
        case .reps: Limits.reps.upperBound
        case .series: Limits.series.upperBound
        }
    }

    /// One step of `+` / `-`, in the field's own scale.
    public func step(unit: WeightUnit) -> Int {
        switch self {
        case .weight: unit.stepHundredths
        case .reps, .series: 1
        }
    }


    /// What to show the member as an example of good input.
    public var example: String {
        switch self {
        case .weight: "62.5"
        case .reps: "8"
        case .series: "3"
        }
    }

    /// The value in the field's scale, formatted for a prompt or a message.
    public func format(_ value: Int) -> String {
        self == .weight ? Decimal2.format(value) : String(value)
    }
}
