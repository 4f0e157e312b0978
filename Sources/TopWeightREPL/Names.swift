import TopWeightCatalog
import TopWeightCore
import TopWeightUseCases

/// The names Tab, short forms and one-line entries pick from, kept for the
/// whole session (every member's turn) and topped up with what other
/// terminals added since the last look: one indexed query that usually
/// returns nothing.
final class Names {
    private let prompts: Prompts
    private let catalog: ExerciseCatalog
    private var members = NameIndex()
    /// Every exercise name (the catalog's and this database's) in the one
    /// order Tab, one-line entries and the exercise prompt share; built at
    /// the first short name or Tab, not before the first prompt.
    private lazy var exercises = ExerciseRanking(catalog: catalog.rankingNames)
    private var indexedThrough: [NameRules.Kind: Int64] = [:]
    /// Exercises resolved once, by name key: a one-line entry needs no lookup.
    var resolved: [String: Exercise] = [:]

    init(prompts: Prompts, catalog: ExerciseCatalog) {
        self.prompts = prompts
        self.catalog = catalog
    }

    /// Members with a word starting with `typed`, alphabetically.
    func members(matching typed: String) -> [String] {
        refresh(.user)
        return members.matching(typed)
    }

    /// Every member's name (for the similar ones after a miss).
    func allMembers() -> [String] {
        refresh(.user)
        return members.names
    }

    /// Exercises (stored and catalog) for `typed`, best first, as
    /// `ExerciseRanking` orders them for a member whose own are `own`.
    func exercises(for typed: String, own: [String], limit: Int = 1_000) -> [String] {
        refresh(.exercise)
        return exercises.ranked(typed, own: own, limit: limit)
    }

    /// The exercise a short form stands for (`squat` → Back Squat, or Front
    /// Squat for a member who logs it), `nil` when it matches nothing known.
    func bestExercise(for typed: String, own: [String]) -> String? {
        refresh(.exercise)
        return exercises.best(typed, own: own)
    }

    /// The best stored exercise for `typed` (for the commands that read what was logged).
    func bestStored(_ typed: String, own: [String]) -> String? {
        refresh(.exercise)
        return exercises.bestStored(typed, own: own)
    }

    /// Adds the names other terminals (or this one) created since the last look.
    private func refresh(_ kind: NameRules.Kind) {
        let after = indexedThrough[kind] ?? 0
        guard let added = try? prompts.names(of: kind, after: after), let newest = added.last else { return }
        for (_, name) in added {
            if kind == .user { members.insert(name) } else { exercises.addStored(name) }
        }
        indexedThrough[kind] = newest.id
    }
}
