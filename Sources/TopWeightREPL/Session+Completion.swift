import TopWeightCore

// MARK: - Tab completion

extension Session {
    /// Whole-line candidates for what has been typed at the current prompt.
    func completions(for typed: String) -> [String] {
        if typed.hasPrefix(":") { return commandCompletions(for: typed) }
        switch step {
        case .user: return (try? store.userNames(withPrefix: typed.trimmingWhitespace())) ?? []
        case .exercise: return exerciseCandidates(for: typed.trimmingWhitespace())
        case .weight, .reps, .series: return []
        }
    }

    /// Database exercises and catalog entries starting with `prefix`, alphabetically, once each.
    func exerciseCandidates(for prefix: String) -> [String] {
        let stored = (try? store.exerciseNames(withPrefix: prefix)) ?? []
        var seen = Set(stored.map(NameRules.key))
        var names = stored
        for name in catalog.names(withPrefix: prefix) where seen.insert(NameRules.key(name)).inserted {
            names.append(name)
        }
        return names.sorted { NameRules.key($0) < NameRules.key($1) }
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
            var names = (try? store.userNames(withPrefix: argument)) ?? []
            if word == "history", "all".hasPrefix(argument.lowercased()) { names.insert("all", at: 0) }
            return names.map { head + $0 }
        case "unit":
            return WeightUnit.allCases.map(\.rawValue).filter { $0.hasPrefix(argument.lowercased()) }.map { head + $0 }
        default:
            return []
        }
    }
}
