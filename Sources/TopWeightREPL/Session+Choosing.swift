import TopWeightCore
import TopWeightUseCases

// MARK: - Members and exercises chosen at the prompts

extension Session {
    /// The existing name `name` would pass for (`Аna` with a Cyrillic А next to `Ana`), if any.
    func lookalike(of name: String, kind: NameRules.Kind) -> String? {
        (attempt({ () throws(WorkoutsError) in try prompts.lookalike(of: name, kind: kind) }) ?? nil) ?? (kind == .exercise ? uses.workouts.catalogLookalike(of: name) : nil)
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
