import TopWeightCatalog
import TopWeightCore
import TopWeightUseCases

/// The names Tab, short forms and one-line entries pick from, kept for the
/// whole session (every member's turn): the members', topped up with what
/// other terminals added at each look (one indexed query that usually
/// returns nothing), and the exercises of the set entry (`SetEntry`), which
/// Tab and the commands that read what was logged top up too.
final class Names {
    private let prompts: Prompts
    private let entry: SetEntry
    private var members = NameIndex()
    private var membersThrough: Int64 = 0

    init(prompts: Prompts, entry: SetEntry) {
        self.prompts = prompts
        self.entry = entry
    }

    /// Members with a word starting with `typed`, alphabetically.
    func members(matching typed: String) -> [String] {
        refreshMembers()
        return members.matching(typed)
    }

    /// Every member's name (for the similar ones after a miss).
    func allMembers() -> [String] {
        refreshMembers()
        return members.names
    }

    /// Exercises (stored and catalog) for `typed`, best first, as
    /// `ExerciseRanking` orders them for a member whose own are `own`.
    func exercises(for typed: String, own: [String], limit: Int = 1_000) -> [String] {
        _ = try? entry.lookAgain()
        return entry.ranked(typed, own: own, limit: limit)
    }

    /// The best stored exercise for `typed` (for the commands that read what was logged).
    func bestStored(_ typed: String, own: [String]) -> String? {
        _ = try? entry.lookAgain()
        return entry.bestStored(typed, own: own)
    }

    /// Adds the members other terminals (or this one) created since the last look.
    private func refreshMembers() {
        guard let added = try? prompts.names(of: .user, after: membersThrough), let newest = added.last else { return }
        for (_, name) in added { members.insert(name) }
        membersThrough = newest.id
    }
}
