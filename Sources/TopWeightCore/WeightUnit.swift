/// The unit a weight was entered in. Records keep the unit they were typed in;
/// nothing is ever converted behind the member's back.
public enum WeightUnit: String, Sendable, Codable, CaseIterable, Hashable {
    case kg
    case lb

    /// One stepper step (`+` / `-`) in this unit, in hundredths.
    public var stepHundredths: Int {
        switch self {
        case .kg: 250
        case .lb: 500
        }
    }

    /// The heaviest weight accepted in this unit, in hundredths (well above any
    /// world record, well below an obvious typo such as 5 000 kg).
    public var maximumHundredths: Int {
        switch self {
        case .kg: 1_000_00
        case .lb: 2_200_00
        }
    }

    /// Parses `kg`, `kgs`, `lb`, `lbs` in any case.
    public init?(parsing text: Substring) {
        switch text.lowercased() {
        case "kg", "kgs": self = .kg
        case "lb", "lbs": self = .lb
        default: return nil
        }
    }
}
