/// The prompts of the flow, in order.
public enum Step: String, Sendable, Equatable {
    case user
    case exercise
    case weight
    case reps
    case series

    /// Where `<` goes from here.
    var previous: Step {
        switch self {
        case .user, .exercise: .user
        case .weight: .exercise
        case .reps: .weight
        case .series: .reps
        }
    }
}
