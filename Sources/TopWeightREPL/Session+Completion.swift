import TopWeightCore

// MARK: - Tab completion

extension Session {
    /// Whole-line candidates for what has been typed at the current prompt.
    func completions(for typed: String) -> [String] {
        if typed.hasPrefix(":") { return commandCompletions(for: typed) }
        switch step {
        case .user: return userCandidates(for: typed)
        case .exercise: return exerciseCandidates(for: typed)
        case .weight, .reps, .series: return []
        }
    }

    /// Members with a word starting with `typed`, alphabetically.
    func userCandidates(for typed: String) -> [String] {
        refreshNames(.user)
        return userIndex.matching(typed)
    }

    /// Exercises (stored and catalog) with a word starting with `typed`: the
    /// member's own recent ones first, newest first, then the rest alphabetically.
    func exerciseCandidates(for typed: String) -> [String] {
        refreshNames(.exercise)
        let matches = exerciseIndex.matching(typed)
        guard let member = user, matches.count > 1 else { return matches }
        if recentExercises == nil {
            recentExercises = ((try? store.recentExercises(of: member, limit: 20)) ?? []).map(\.name)
        }
        let recent = recentExercises ?? []
        guard !recent.isEmpty else { return matches }
        let matchKeys = Set(matches.map(NameRules.key))
        let first = recent.filter { matchKeys.contains(NameRules.key($0)) }
        let firstKeys = Set(first.map(NameRules.key))
        return first + matches.filter { !firstKeys.contains(NameRules.key($0)) }
    }

    /// Adds the names other terminals (or this one) created since the last look:
    /// one indexed query that usually returns nothing.
    func refreshNames(_ kind: NameRules.Kind) {
        let after = indexedThrough[kind] ?? 0
        guard let added = try? store.names(of: kind, after: after), let newest = added.last else { return }
        for (_, name) in added {
            if kind == .user { userIndex.insert(name) } else { exerciseIndex.insert(name) }
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
