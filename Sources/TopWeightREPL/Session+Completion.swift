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
        // Each name's key is computed once: computing it inside the sort's
        // comparator made Tab cost milliseconds at 10 000 exercises.
        var keyed = ((try? store.exerciseNames(withPrefix: prefix)) ?? []).map { (key: NameRules.key($0), name: $0) }
        var seen = Set(keyed.map(\.key))
        for name in catalog.names(withPrefix: prefix) {
            let key = NameRules.key(name)
            if seen.insert(key).inserted { keyed.append((key, name)) }
        }
        return keyed.sorted { $0.key < $1.key }.map(\.name)
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
