import TopWeightCore

// MARK: - Tab completion

extension Session {
    /// Whole-line candidates for what has been typed at the current prompt:
    /// exercises ranked (the first Tab puts the best in), the rest as listed.
    func completions(for typed: String) -> Completions {
        if typed.hasPrefix(":") {
            // An exercise after :chart or :prs completes as at the exercise prompt.
            let ranked = [":chart ", ":prs "].contains { typed.lowercased().hasPrefix($0) }
            return Completions(commandCompletions(for: typed), bestFirst: ranked)
        }
        switch step {
        case .user: return Completions(userCandidates(for: typed))
        case .exercise: return Completions(exerciseCandidates(for: typed), bestFirst: true)
        case .weight, .reps, .series: return []
        }
    }

    /// Members with a word starting with `typed`, alphabetically.
    func userCandidates(for typed: String) -> [String] {
        refreshNames(.user)
        return userIndex.matching(typed)
    }

    /// Exercises (stored and catalog) for `typed`, best first, as
    /// `ExerciseRanking` orders them for the member at the prompt.
    func exerciseCandidates(for typed: String, limit: Int = 1_000) -> [String] {
        refreshNames(.exercise)
        return exerciseNames.ranked(typed, own: ownExercises(), limit: limit)
    }

    /// The exercise a short form stands for (`squat` → Back Squat, or Front
    /// Squat for a member who logs it), `nil` when it matches nothing known.
    func bestExercise(for typed: String) -> String? {
        refreshNames(.exercise)
        return exerciseNames.best(typed, own: ownExercises())
    }

    /// The member's exercises, the most used of their recent sets first:
    /// read once a turn, and moved up as the member saves.
    func ownExercises() -> [String] {
        guard let member = user else { return [] }
        if let known = recentExercises { return known }
        let read = ((try? prompts.recentExercises(of: member, limit: 20)) ?? []).map(\.name)
        recentExercises = read
        return read
    }

    /// Adds the names other terminals (or this one) created since the last look:
    /// one indexed query that usually returns nothing.
    func refreshNames(_ kind: NameRules.Kind) {
        let after = indexedThrough[kind] ?? 0
        guard let added = try? prompts.names(of: kind, after: after), let newest = added.last else { return }
        for (_, name) in added {
            if kind == .user { userIndex.insert(name) } else { exerciseNames.addStored(name) }
        }
        indexedThrough[kind] = newest.id
    }

    private func commandCompletions(for typed: String) -> [String] {
        let body = typed.dropFirst()
        guard let space = body.firstIndex(where: { $0.isWhitespace }) else {
            let word = body.lowercased()
            return Command.allCases.filter { $0.rawValue.hasPrefix(word) }
                .map { ":" + $0.rawValue + ($0.takesArgument ? " " : "") }
        }
        let word = body[..<space].lowercased()
        let argument = body[space...].trimmingWhitespace()
        let head = ":" + word + " "
        switch word {
        case "user", "history":
            var names = userCandidates(for: argument)
            if word == "history", "all".hasPrefix(argument.lowercased()) { names.insert("all", at: 0) }
            return names.map { head + $0 }
        case "unit":
            return WeightUnit.allCases.map(\.rawValue).filter { $0.hasPrefix(argument.lowercased()) }.map { head + $0 }
        case "start":
            let key = NameRules.key(argument)
            let names = ((try? log.routines()) ?? []).map(\.routine.name)
            return names.filter { NameRules.key($0).hasPrefix(key) }.map { head + $0 }
        case "chart", "prs":
            return exerciseCandidates(for: argument).map { head + $0 }
        case "repeat":
            return ["last"].filter { $0.hasPrefix(argument.lowercased()) }.map { head + $0 }
        case "date":
            return ["today", "yesterday"].filter { $0.hasPrefix(argument.lowercased()) }.map { head + $0 }
        default:
            return []
        }
    }
}
