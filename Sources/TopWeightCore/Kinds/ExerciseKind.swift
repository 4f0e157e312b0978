/// What an exercise's sets measure. Every exercise has one; `weight` is the
/// default and what every set was before kinds existed.
public enum ExerciseKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Weight × reps × series.
    case weight
    /// Reps × series at body weight, with an optional added load (a belt) or
    /// assistance (a band, a machine): `BW`, `BW + 10 kg`, `BW − 20 kg`.
    case bodyweight
    /// A hold or timed set × series: a plank, a dead hang.
    case time
    /// A distance in a time: a row, a run.
    case distance

    /// Reads `weight`, `bodyweight` (`bw`), `time` (`timed`, `hold`) or
    /// `distance` (`cardio`), in any case; `nil` for anything else.
    public init?(parsing text: some StringProtocol) {
        switch text.lowercased() {
        case "weight", "weighted", "weights": self = .weight
        case "bodyweight", "bw", "body-weight", "body weight": self = .bodyweight
        case "time", "timed", "hold", "duration": self = .time
        case "distance", "cardio": self = .distance
        default: return nil
        }
    }

    /// The kinds as a person types them, for a message: `weight, bodyweight, time or distance`.
    public static let choices = "weight, bodyweight, time or distance"
}
