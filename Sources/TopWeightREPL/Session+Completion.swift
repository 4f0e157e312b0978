import TopWeightCore
import TopWeightUseCases

// MARK: - Tab completion

extension Session {
    /// Whole-line candidates for what has been typed at the current prompt (see `Command.completions`).
    func completions(for typed: String) -> Completions {
        // Where members scan cards, no name is offered (`Flow.offersMemberNames`).
        let members: (String) -> [String] = Flow.offersMemberNames(context) ? names.members(matching:) : { _ in [] }
        return Command.completions(for: typed, at: turn.step, members: members, exercises: { self.exerciseCandidates(for: $0) },
                            routines: { ((try? self.uses.log.routines()) ?? []).map(\.routine.name) })
    }

    /// Exercises for `typed`, best first, for the member at the prompt.
    func exerciseCandidates(for typed: String, limit: Int = 1_000) -> [String] {
        names.exercises(for: typed, own: ownExercises(), limit: limit)
    }

    /// The stored exercise a command that reads what was logged (`:prs`,
    /// `:chart`) means by `typed`: the best stored one of the one ranking, the
    /// member's own first (`squat` is Front Squat for a member who logs it).
    /// Text that names nothing logged comes back as typed.
    func loggedExerciseName(_ typed: String) -> String {
        names.bestStored(typed, own: ownExercises()) ?? typed
    }

    /// The member's exercises, the most used of their recent sets first:
    /// read once a turn (with what their entries start from), and moved up
    /// as the member saves.
    func ownExercises() -> [String] {
        guard turn.user != nil else { return [] }
        if let known = turn.recentExercises { return known }
        let own = memberFacts()?.own ?? []
        turn.recentExercises = own
        return own
    }

    /// What the member's entries start from (`SetEntry.member`): read at
    /// their first entry or Tab, in one step, and kept for the turn.
    func memberFacts() -> SetEntry.Member? {
        guard let member = turn.user else { return nil }
        if let known = turn.memberFacts { return known }
        let read = try? entry.member(member)
        turn.memberFacts = read
        return read
    }
}

// MARK: - The exercise typed at its prompt

extension Session {
    /// The exercise typed at its prompt (`Event.resolved`), picked by the one
    /// rule (`SetEntry.name`): a one-line entry's name picks the best
    /// candidate of a kind its numbers make a set of (`row 2000m 7:45` is
    /// Rowing Machine, `row 60x8x3` Barbell Row); a short form or an alias
    /// picks as Tab does, and the full name is said when it is not what was
    /// typed. The exercise comes with the member's last numbers of it, so
    /// the flow needs no second trip. A name that matches nothing known
    /// asks before creating (`Event.newExercise`).
    func exercise(_ text: String, then line: SetLine?) -> Outcome {
        let name = entry.name(for: text, fitting: line?.fits ?? [], own: ownExercises()) ?? text
        return lookUp(name, then: line, typed: line == nil ? text : nil)
    }

    /// The exercise with this name: one this session knows (stored, or the
    /// catalog's, added as it is first saved), else one another terminal
    /// made since the last look, else a new name to confirm.
    private func lookUp(_ text: String, then line: SetLine?, typed: String?) -> Outcome {
        let name: String
        switch NameRules.validate(text, kind: .exercise) {
        case .failure(let error): return .then(.failed(error.description))
        case .success(let valid): name = valid
        }
        var found = entry.known(named: name)
        if found == nil {
            // Not a name this session knows: the only time it asks for other terminals' new ones.
            guard let looked = attempt({ () throws(WorkoutsError) in try entry.lookAgain() }) else { return .done }
            if looked { found = entry.known(named: name) }
        }
        guard let known = found else {
            if let other = lookalike(of: name, kind: .exercise) { return .then(.lookalike(name, kind: .exercise, of: other)) }
            return .then(.newExercise(name, similar: exerciseCandidates(for: String(name.prefix(3))), entry: line))
        }
        // A lift the database has no row for can't be made while its server is
        // away: said now, before its numbers are typed.
        if !known.isStored, let away = prompts.unreachable {
            return .then(.newExerciseWhileAway(away.message))
        }
        return .then(.resolved(known, entry: line, typed: typed, last: lastValues(of: known)))
    }

    /// The member's last numbers of a stored exercise, as the turn knows
    /// them or read now; a problem reading them is no numbers.
    private func lastValues(of exercise: Exercise) -> SetValues? {
        guard let member = turn.user, exercise.isStored else { return nil }
        if let known = turn.knownValues[exercise.id] { return known }
        return (try? entry.lastValues(of: member, for: exercise, known: memberFacts())) ?? nil
    }
}
