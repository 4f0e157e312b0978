import TopWeightCore

/// The prompts of the flow. After the exercise, its kind says which follow:
/// weight, reps, series (the weight is the load added for a bodyweight
/// exercise: `added kg [0]:`); time, series for a hold; distance, time for a
/// row or a run.
public enum Step: String, Sendable, Equatable {
    case user
    case exercise
    case weight
    case reps
    case series
    /// `time [1:00]:`: a hold's length, or the time a distance took.
    case duration
    /// `distance m [2000]:`
    case distance

    /// The numeric prompts of a set of `kind`, in order.
    static func numbers(of kind: ExerciseKind) -> [Step] {
        switch kind {
        case .weight, .bodyweight: [.weight, .reps, .series]
        case .time: [.duration, .series]
        case .distance: [.distance, .duration]
        }
    }

    /// The first numeric prompt of a set of `kind`.
    static func first(of kind: ExerciseKind) -> Step { numbers(of: kind)[0] }

    /// The prompt after this one for a set of `kind`; `nil` after the last (the save).
    func next(of kind: ExerciseKind) -> Step? {
        let steps = Step.numbers(of: kind)
        guard let index = steps.firstIndex(of: self), index + 1 < steps.count else { return nil }
        return steps[index + 1]
    }

    /// Where `<` goes from here, for a set of `kind`.
    func previous(of kind: ExerciseKind) -> Step {
        switch self {
        case .user, .exercise: return .user
        default:
            let steps = Step.numbers(of: kind)
            guard let index = steps.firstIndex(of: self), index > 0 else { return .exercise }
            return steps[index - 1]
        }
    }

    /// Whether this is one of a set's numeric prompts.
    var isNumber: Bool { self != .user && self != .exercise }
}
