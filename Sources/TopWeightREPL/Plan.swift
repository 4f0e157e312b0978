import TopWeightCore

/// A walk through planned sets, one exercise after another: `:repeat` (a
/// past session), `:start` (a routine) or `:go` (a program's day, a set or
/// sets alike at a time, warm-ups first). Enter takes the numbers offered,
/// `skip` moves on; it belongs to the member's turn and ends with it.
struct Plan: Equatable {
    /// What the prompt shows: the routine's name, or `Repeat`.
    var title: String
    /// What the summary names: the routine, or `repeat of Fri 13 Nov`.
    var summary: String
    /// The routine the day follows (noted on the first save), if any.
    var routine: String?
    var steps: [PlannedSet]
    var index = 0
    var saved = 0
    var skipped: [String] = []
    /// Whether the day's routine was written already.
    var routineNoted = false
    /// `:go`: the member's program as the walk read it; its end finishes
    /// the day (unless another terminal moved it since).
    var program: ProgramAssignment?
    /// `:go`: work sets done, before the walk and in it; a day without one
    /// is not finished (it stays for next time).
    var workDone = 0

    var current: PlannedSet? { index < steps.count ? steps[index] : nil }

    /// `Upper 2/5`
    var progress: String { "\(title) \(min(index + 1, steps.count))/\(steps.count)" }

    /// Whether `exercise` is the one the plan is at.
    func isCurrent(_ exercise: String) -> Bool {
        current.map { NameRules.key($0.exercise) == NameRules.key(exercise) } ?? false
    }
}
