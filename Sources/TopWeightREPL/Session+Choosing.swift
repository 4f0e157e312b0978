import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - Members and exercises chosen at the prompts

extension Session {
    /// The exercise typed at its prompt (`Event.resolved`): a one-line
    /// entry's name picks by the one ranking (`bench 62.5x8x3` is Bench Press,
    /// `squat 100x5x5` Back Squat, or Front Squat for a member who logs it),
    /// the best candidate of a kind the numbers make a set of first (`row
    /// 2000m 7:45` is Rowing Machine, `row 60x8x3` Barbell Row); a
    /// short form or an alias picks as Tab does, and the full name is said
    /// when it is not what was typed. A name that matches nothing known asks
    /// before creating (`Event.newExercise`).
    func exercise(_ text: String, then entry: SetLine?) -> Outcome {
        if let entry {
            // The full name of an exercise this session already used: no need to
            // ask the database for other terminals' new names (on a server that
            // was a second round trip per save).
            if let known = names.resolved[NameRules.key(text)] { return .then(.resolved(known, entry: entry, typed: nil)) }
            return lookUp(bestExercise(for: text, fitting: entry.fits) ?? text, then: entry)
        }
        // A full name this session already used needs no ranking (and no look at other terminals' names).
        let name = names.resolved[NameRules.key(text)] != nil ? text : bestExercise(for: text) ?? text
        return lookUp(name, then: nil, typed: text)
    }

    /// The exercise with this name; a catalog name is added as it is used.
    private func lookUp(_ text: String, then entry: SetLine?, typed: String? = nil) -> Outcome {
        let name: String
        switch NameRules.validate(text, kind: .exercise) {
        case .failure(let error): return .then(.failed(error.description))
        case .success(let valid): name = valid
        }
        if let known = names.resolved[NameRules.key(name)] { return .then(.resolved(known, entry: entry, typed: typed)) }
        guard let found = attempt({ () throws(WorkoutsError) in try workouts.chosenExercise(named: name) }) else { return .done }
        // A lift the database has no row for can't be made while its server is
        // away: said now, before its numbers are typed.
        if !(found?.isStored ?? false), let away = workouts.logbook.serverAway {
            return .then(.failed(TerminalText.safe(Lines.newNameWhileAway(away.message))))
        }
        guard let known = found else {
            if let other = lookalike(of: name, kind: .exercise) { return .then(.lookalike(name, kind: .exercise, of: other)) }
            return .then(.newExercise(name, similar: exerciseCandidates(for: String(name.prefix(3))), entry: entry))
        }
        if known.isStored { names.resolved[NameRules.key(name)] = known }
        return .then(.resolved(known, entry: entry, typed: typed))
    }

    /// The existing name `name` would pass for (`Аna` with a Cyrillic А next to `Ana`), if any.
    func lookalike(of name: String, kind: NameRules.Kind) -> String? {
        (attempt({ () throws(WorkoutsError) in try prompts.lookalike(of: name, kind: kind) }) ?? nil) ?? (kind == .exercise ? workouts.catalogLookalike(of: name) : nil)
    }

    /// The result of a use case, or `nil` once its one-line problem is kept
    /// for the flow to say (`Session.problems`).
    func attempt<T>(_ body: () throws(WorkoutsError) -> T) -> T? {
        do {
            return try body()
        } catch {
            problems.append(error.description)
            return nil
        }
    }
}
