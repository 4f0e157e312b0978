import TopWeightCore

// MARK: - Tab completion

extension Session {
    /// Whole-line candidates for what has been typed at the current prompt (see `Command.completions`).
    func completions(for typed: String) -> Completions {
        Command.completions(for: typed, at: turn.step, members: names.members(matching:), exercises: { self.exerciseCandidates(for: $0) },
                            routines: { ((try? self.log.routines()) ?? []).map(\.routine.name) })
    }

    /// Exercises for `typed`, best first, for the member at the prompt.
    func exerciseCandidates(for typed: String, limit: Int = 1_000) -> [String] {
        names.exercises(for: typed, own: ownExercises(), limit: limit)
    }

    /// The exercise a short form stands for, `nil` when it matches nothing known.
    func bestExercise(for typed: String) -> String? {
        names.bestExercise(for: typed, own: ownExercises())
    }

    /// The exercise a short form stands for among those of `kinds` (what a
    /// one-line entry's numbers make a set of): the best candidate of one of
    /// them, else the best of all; `nil` when it matches nothing known.
    func bestExercise(for typed: String, fitting kinds: [ExerciseKind]) -> String? {
        let candidates = names.exercises(for: typed, own: ownExercises(), limit: 40)
        guard let best = candidates.first else { return nil }
        if kinds.isEmpty || kinds.contains(kind(of: best)) { return best }
        return candidates.dropFirst().first { kinds.contains(kind(of: $0)) } ?? best
    }

    /// The kind of a known exercise's sets: its own when stored (kept for
    /// the session, like a name resolved), else the catalog's.
    func kind(of name: String) -> ExerciseKind {
        if let known = names.resolved[NameRules.key(name)] { return known.kind }
        guard let found = (try? workouts.chosenExercise(named: name)) ?? nil else { return .weight }
        if found.isStored { names.resolved[NameRules.key(name)] = found }
        return found.kind
    }

    /// The stored exercise a command that reads what was logged (`:prs`,
    /// `:chart`) means by `typed`: the best stored one of the one ranking, the
    /// member's own first (`squat` is Front Squat for a member who logs it).
    /// Text that names nothing logged comes back as typed.
    func loggedExerciseName(_ typed: String) -> String {
        names.bestStored(typed, own: ownExercises()) ?? typed
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
