import TopWeightCore

extension Command {
    /// Whole-line candidates for what has been typed at a prompt (`step`) or
    /// as a `:` command line: exercises ranked (the first Tab puts the best
    /// in), the rest as listed.
    static func completions(for typed: String, at step: Step, members: (String) -> [String], exercises: (String) -> [String],
                            routines: () -> [String]) -> Completions {
        guard typed.hasPrefix(":") else {
            switch step {
            case .user: return Completions(members(typed))
            case .exercise: return Completions(exercises(typed), bestFirst: true)
            case .weight, .reps, .series, .duration, .distance: return []
            }
        }
        // An exercise after :chart or :prs completes as at the exercise prompt.
        let ranked = [":chart ", ":prs "].contains { typed.lowercased().hasPrefix($0) }
        return Completions(completions(for: typed, members: members, exercises: exercises, routines: routines), bestFirst: ranked)
    }

    /// Whole-line candidates for a `:` command line typed so far: the
    /// command's name, then its argument (members, exercises ranked, routines,
    /// units, days), from the lists the session reads.
    static func completions(for typed: String, members: (String) -> [String], exercises: (String) -> [String],
                            routines: () -> [String]) -> [String] {
        let body = typed.dropFirst()
        guard let space = body.firstIndex(where: { $0.isWhitespace }) else {
            let word = body.lowercased()
            return allCases.filter { $0.rawValue.hasPrefix(word) }
                .map { ":" + $0.rawValue + ($0.takesArgument ? " " : "") }
        }
        let word = body[..<space].lowercased()
        let argument = body[space...].trimmingWhitespace()
        let head = ":" + word + " "
        switch word {
        case "user", "history":
            var names = members(argument)
            if word == "history", "all".hasPrefix(argument.lowercased()) { names.insert("all", at: 0) }
            return names.map { head + $0 }
        case "unit":
            return WeightUnit.allCases.map(\.rawValue).filter { $0.hasPrefix(argument.lowercased()) }.map { head + $0 }
        case "start":
            let key = NameRules.key(argument)
            return routines().filter { NameRules.key($0).hasPrefix(key) }.map { head + $0 }
        case "chart", "prs":
            return exercises(argument).map { head + $0 }
        case "repeat":
            return ["last"].filter { $0.hasPrefix(argument.lowercased()) }.map { head + $0 }
        case "private":
            return ["on", "off"].filter { $0.hasPrefix(argument.lowercased()) }.map { head + $0 }
        case "date":
            return ["today", "yesterday"].filter { $0.hasPrefix(argument.lowercased()) }.map { head + $0 }
        default:
            return []
        }
    }
}
