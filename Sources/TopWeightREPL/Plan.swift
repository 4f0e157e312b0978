import TopWeightCore

/// A walk through planned sets, one exercise after another: `:repeat` (a
/// past session), `:start` (a routine) or `:go` (a program's day, a set or
/// sets alike at a time, warm-ups first). Enter takes the numbers offered,
/// `skip` moves on; it belongs to the member's turn and ends with it. A
/// machine of its own in the flow's state: its events (a save, `skip`,
/// Ctrl-C, an exercise not to be had) return what the flow does next
/// (`Action`), and it reads nothing itself.
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
    /// `:go`: which day of the program it is (`week 2 day 1`), noted beside the routine.
    var programDay: String?

    var current: PlannedSet? { index < steps.count ? steps[index] : nil }

    /// `Upper 2/5`
    /// `Upper 2/5`, and a superset's place (`Upper 2/6 A2`).
    var progress: String { "\(title) \(min(index + 1, steps.count))/\(steps.count)" + (current?.superset.map { " " + $0 } ?? "") }

    /// What the flow does after an event of the walk.
    enum Action: Equatable {
        /// Takes up the exercise the plan is at, once the session found it (`Event.plannedExercise`).
        case find(String)
        /// Every exercise saved or skipped: the summary said, and for `:go`
        /// with work done the program whose day is finished.
        case finish(String, program: ProgramAssignment?)
    }

    /// The exercise the plan is at, or the end of the walk.
    func next() -> Action {
        if let planned = current { return .find(planned.exercise) }
        var line = "Done: \(summary), \(saved) saved"
        if !skipped.isEmpty { line += ", \(skipped.count) skipped (\(skipped.joined(separator: ", ")))" }
        guard let program else { return .finish(line + ".", program: nil) }
        // Nothing of the day's work done (every set skipped): it stays for next time.
        guard workDone > 0 else { return .finish(line + "; no work set done, so \(summary) stays for next time.", program: nil) }
        return .finish(line + ".", program: program)
    }

    /// `skip` at one of the plan's entries: on to the next, nothing saved
    /// for this one; at a warm-up, past the rest of that exercise's warm-ups.
    /// Ctrl-C (`only`) cancels this one entry, a warm-up too, as the walk's
    /// first line says. `nil` past the end.
    mutating func skip(only: Bool) -> Action? {
        guard let current else { return nil }
        index += 1
        if only {
            skipped.append(current.mark == .warmup ? "\(current.exercise) warm-up" : current.exercise)
        } else if current.mark == .warmup {
            while let next = self.current, next.mark == .warmup, next.exercise == current.exercise { index += 1 }
            skipped.append("\(current.exercise) warm-ups")
        } else {
            skipped.append(current.exercise)
        }
        return next()
    }

    /// The exercise the plan is at can't be had: what is said (with the
    /// session's `problem`), and on to the next. `nil` past the end.
    mutating func failed(_ problem: String) -> (said: String, then: Action)? {
        guard let planned = current else { return nil }
        skipped.append(planned.exercise)
        index += 1
        return ("\(planned.exercise): \(problem); skipped.", next())
    }

    /// A set of `exercise` saved: the routine to note with the day's first
    /// save, and the walk moves on when it was the plan's exercise; a
    /// program's sets alike saved fewer than offered (2 of `series [5]`)
    /// leave the rest to walk. In a routine's superset the numbers saved
    /// (`values`) are what the lift's later rounds offer: a load changed in
    /// round 2 is round 3's.
    mutating func saved(_ exercise: String, series: Int, values: SetValues? = nil) -> (noting: String?, then: Action) {
        var noting: String?
        if let routine, !routineNoted {
            // Noted unless the session says it failed (`Event.routineNotNoted`): the next save tries again.
            routineNoted = true
            noting = routine
        }
        if let current, isCurrent(exercise) {
            if program == nil, let values, let superset = current.superset {
                carry(values, after: index, of: current.exercise, in: superset)
            }
            saved += 1
            if current.mark == nil { workDone += 1 }
            if program != nil, let offered = current.values?.series, series < offered {
                steps[index].values?.series = offered - series
            } else {
                index += 1
            }
        }
        return (noting, next())
    }

    /// The later rounds of `exercise` in `superset` offer `values`, each keeping its own series.
    private mutating func carry(_ values: SetValues, after place: Int, of exercise: String, in superset: String) {
        let key = NameRules.key(exercise)
        for later in steps.indices where later > place && steps[later].superset == superset && NameRules.key(steps[later].exercise) == key {
            var offered = values
            offered.series = steps[later].values?.series ?? values.series
            steps[later].values = offered
        }
    }

    /// What is said as the walk takes up `chosen`, its exercise: the numbers
    /// offered, a program's set as `:today` shows it (`warm-up 40 kg × 5`,
    /// `100 kg × 5 × 5 sets`, `125 kg × 3+`).
    func offer(_ chosen: Exercise) -> String? {
        guard let planned = current else { return nil }
        var numbers = planned.values.map { " \($0.description)" } ?? " (type the numbers)"
        if program != nil, let values = planned.values {
            numbers = (planned.mark == .warmup ? " warm-up " : " ") + "\(values.weight.description) × \(values.reps)"
                + (planned.amrap ? "+: as many reps as you can, then type them" : values.series > 1 ? " × \(values.series) sets" : "")
        }
        return "\(progress): \(chosen.name)\(numbers)"
    }

    /// Whether `exercise` is the one the plan is at.
    func isCurrent(_ exercise: String) -> Bool {
        current.map { NameRules.key($0.exercise) == NameRules.key(exercise) } ?? false
    }
}
