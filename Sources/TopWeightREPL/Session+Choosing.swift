import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - Members and exercises chosen at the prompts

extension Session {
    /// Starts `member`'s turn; another member's ends first, with everything in
    /// it. In a kiosk, what was typed at the empty user prompt (by whoever it
    /// was) is forgotten too.
    func select(_ member: User) {
        let arriving = turn.user?.id != member.id
        defer { if arriving { sayToday(of: member) } }
        if let current = turn.user, current.id != member.id {
            reset()
        } else if turn.user == nil, settings.kiosk {
            source.forget()
        }
        turn.user = member
        turn.step = .exercise
    }

    /// The member with this name (`Event.memberFound`), or for a new name
    /// the members' names like it (`Event.newMember`).
    func findMember(_ name: String) -> Outcome {
        guard let found = attempt({ () throws(WorkoutsError) in try prompts.member(named: name) }) else { return .done }
        if let known = found { return .then(.memberFound(known)) }
        if let other = lookalike(of: name, kind: .user) { return .then(.lookalike(name, kind: .user, of: other)) }
        // As for exercises, from the names Tab knows (topped up with other terminals').
        return .then(.newMember(name, similar: SimilarNames.to(name, among: names.allMembers())))
    }

    /// The existing name `name` would pass for (`Аna` with a Cyrillic А next to `Ana`), if any.
    func lookalike(of name: String, kind: NameRules.Kind) -> String? {
        (attempt({ () throws(WorkoutsError) in try prompts.lookalike(of: name, kind: kind) }) ?? nil) ?? (kind == .exercise ? workouts.catalogLookalike(of: name) : nil)
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
}

extension Session {
    /// The rack's line for a member on a program, as they take the terminal:
    /// what today is, with its loads. Nothing for a member on none; a
    /// database problem here never stands in the way of logging.
    func sayToday(of member: User) {
        guard let found = try? workouts.today(of: member) else { return }
        // With no lift of the day walkable (no training max), :today says what it needs.
        say(ProgramText.headline(found.workout) + (found.workout.exercises.isEmpty ? " — :today says what it needs" : " — :go starts it"))
    }
}
