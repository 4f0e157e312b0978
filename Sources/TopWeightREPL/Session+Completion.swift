import TopWeightCore

// MARK: - Tab completion

extension Session {
    /// Whole-line candidates for what has been typed at the current prompt:
    /// exercises ranked (the first Tab puts the best in), the rest as listed.
    func completions(for typed: String) -> Completions {
        if typed.hasPrefix(":") {
            // An exercise after :chart or :prs completes as at the exercise prompt.
            let ranked = [":chart ", ":prs "].contains { typed.lowercased().hasPrefix($0) }
            let candidates = Command.completions(for: typed, members: names.members(matching:), exercises: { self.exerciseCandidates(for: $0) },
                                                 routines: { ((try? self.log.routines()) ?? []).map(\.routine.name) })
            return Completions(candidates, bestFirst: ranked)
        }
        switch turn.step {
        case .user: return Completions(names.members(matching: typed))
        case .exercise: return Completions(exerciseCandidates(for: typed), bestFirst: true)
        case .weight, .reps, .series: return []
        }
    }

    /// Exercises for `typed`, best first, for the member at the prompt.
    func exerciseCandidates(for typed: String, limit: Int = 1_000) -> [String] {
        names.exercises(for: typed, own: ownExercises(), limit: limit)
    }

    /// The exercise a short form stands for, `nil` when it matches nothing known.
    func bestExercise(for typed: String) -> String? {
        names.bestExercise(for: typed, own: ownExercises())
    }

    /// The member's exercises, the most used of their recent sets first:
    /// read once a turn, and moved up as the member saves.
    func ownExercises() -> [String] {
        guard let member = turn.user else { return [] }
        if let known = turn.recentExercises { return known }
        let read = ((try? prompts.recentExercises(of: member, limit: 20)) ?? []).map(\.name)
        turn.recentExercises = read
        return read
    }
}
