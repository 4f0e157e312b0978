import TopWeightCore
import TopWeightUseCases

// MARK: - Members and exercises chosen at the prompts

extension Session {
    // MARK: - Answers

    func answerUser(_ text: String) {
        if text.isEmpty {
            guard let member = turn.shownUser else {
                warn(InputError("type your name to start; Tab completes known names", example: "Ana"))
                return
            }
            select(member)
        } else if let member = resolveUser(text) {
            select(member)
        }
    }

    /// The exercise typed at its prompt: a one-line entry's name picks by the
    /// one ranking; a short form or an alias picks as Tab does, and the full
    /// name is said when it is not what was typed. `nil` after saying why, or
    /// when the question to create it is asked.
    func exercise(_ text: String, then entry: OneLineEntry?) -> Exercise? {
        if let entry { return resolveShortExercise(text, then: entry) }
        // A full name this session already used needs no ranking (and no look at other terminals' names).
        let name = names.resolved[NameRules.key(text)] != nil ? text : bestExercise(for: text) ?? text
        guard let chosen = resolveExercise(name) else { return nil }
        if NameRules.key(chosen.name) != NameRules.collapsedKey(text) {
            say("→ \(chosen.name)")
        }
        return chosen
    }

    // MARK: - Choosing

    /// Starts `member`'s turn; another member's ends first, with everything in
    /// it. In a kiosk, what was typed at the empty user prompt (by whoever it
    /// was) is forgotten too.
    func select(_ member: User) {
        if let current = turn.user, current.id != member.id {
            reset()
        } else if turn.user == nil, settings.kiosk {
            source.forget()
        }
        turn.user = member
        turn.step = .exercise
    }

    /// Starts the numbers from the member's last set of the exercise, or empty.
    func loadDefaults() {
        // Walking a plan, its exercise starts from the plan's numbers.
        let chosenUnit = turn.unitChosen ? turn.unit : nil
        if let chosen = turn.exercise, let planned = turn.plan?.current, turn.plan?.isCurrent(chosen.name) == true {
            turn.draft = planned.values.map { Draft(last: $0, in: chosenUnit) } ?? Draft(unit: turn.unit)
            return
        }
        if let member = turn.user, let chosen = turn.exercise, chosen.isStored,
           let last = turn.knownValues[chosen.id] ?? (try? prompts.lastValues(of: member, for: chosen)) ?? nil {
            turn.knownValues[chosen.id] = last
            turn.draft = Draft(last: last, in: chosenUnit)
        } else {
            turn.draft = Draft(unit: turn.unit)
        }
    }

    /// The user with this name; for a new name, the one-key question is asked
    /// next (`nil` now, the member is chosen when the answer is yes).
    func resolveUser(_ text: String) -> User? {
        guard let name = validName(text, kind: .user) else { return nil }
        guard let found = attempt({ () throws(WorkoutsError) in try prompts.member(named: name) }) else { return nil }
        if let known = found { return known }
        guard !refusedAsLookalike(name, kind: .user) else { return nil }
        // As for exercises, from the names Tab knows (topped up with other terminals').
        let similar = SimilarNames.to(name, among: names.allMembers())
        if !similar.isEmpty {
            warn("Not a known member. Similar: \(similar.joined(separator: ", "))")
        }
        turn.question = .newMember(name)
        return nil
    }

    /// The exercise with this name; a catalog name is added as it is used. For
    /// another new name the question is asked next, and `entry` (a one-line
    /// entry's numbers) is saved once the answer is yes.
    func resolveExercise(_ text: String, then entry: OneLineEntry? = nil) -> Exercise? {
        guard let name = validName(text, kind: .exercise) else { return nil }
        if let known = names.resolved[NameRules.key(name)] { return known }
        let found: Exercise?
        do {
            found = try workouts.chosenExercise(named: name)
        } catch {
            warn(error.description)
            return nil
        }
        if let known = found {
            if known.isStored { names.resolved[NameRules.key(name)] = known }
            return known
        }
        guard !refusedAsLookalike(name, kind: .exercise) else { return nil }
        if let problem = OneLineEntry.setInName(name, exercise: turn.shownExercise?.name ?? "Bench Press") {
            warn(problem)
            return nil
        }
        let similar = exerciseCandidates(for: String(name.prefix(3)))
        if !similar.isEmpty {
            warn("Not a known exercise. Similar: \(similar.prefix(5).joined(separator: ", "))")
        }
        turn.question = .newExercise(name, then: entry)
        return nil
    }

    /// The exercise a one-line entry names: the best candidate of the one
    /// ranking (`bench 62.5x8x3` is Bench Press, `squat 100x5x5` Back Squat,
    /// or Front Squat for a member who logs it); the `Saved` line names it in
    /// full. A name that matches nothing known asks before creating.
    func resolveShortExercise(_ text: String, then entry: OneLineEntry) -> Exercise? {
        // The full name of an exercise this session already used: no need to
        // ask the database for other terminals' new names (on a server that
        // was a second round trip per save).
        if let known = names.resolved[NameRules.key(text)] { return known }
        return resolveExercise(bestExercise(for: text) ?? text, then: entry)
    }

    /// True, after saying why, when `name` would pass for an existing one
    /// (`Аna` with a Cyrillic А next to `Ana`).
    func refusedAsLookalike(_ name: String, kind: NameRules.Kind) -> Bool {
        let stored = attempt({ () throws(WorkoutsError) in try prompts.lookalike(of: name, kind: kind) }) ?? nil
        guard let other = stored ?? (kind == .exercise ? workouts.catalogLookalike(of: name) : nil) else {
            return false
        }
        let noun = kind == .user ? "member" : "exercise"
        warn(InputError("\(name) looks like the existing \(noun) \(other) but is spelt with other letters; type that name or a clearly different one", example: other))
        return true
    }

    /// The result of a use case, or `nil` after showing its one-line problem.
    func attempt<T>(_ body: () throws(WorkoutsError) -> T) -> T? {
        do {
            return try body()
        } catch {
            warn(error.description)
            return nil
        }
    }

    /// The cleaned name, or `nil` after telling why it can't be one.
    func validName(_ text: String, kind: NameRules.Kind) -> String? {
        switch NameRules.validate(text, kind: kind) {
        case .failure(let error):
            warn(error)
            return nil
        case .success(let name):
            return name
        }
    }
}
