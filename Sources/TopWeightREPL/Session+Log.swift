import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - The day saves go to, and following a plan (`:repeat`, `:start`)

extension Session {
    /// `now` moved to the `:date` day (see `Turn.performedAt`).
    func performedAt(_ now: Date) -> Date { turn.performedAt(now, in: grouping.calendar) }

    /// The exercise the plan is at: stored, the catalog's, or a new name;
    /// chosen, not stored, so a skipped step leaves no empty exercise behind.
    func plannedExercise() -> Outcome {
        guard let planned = turn.plan?.current else { return .done }
        return fetched(failing: Flow.Event.plannedFailed) { () throws(WorkoutsError) in
            if let known = try workouts.chosenExercise(named: planned.exercise) { return .plannedExercise(known) }
            try workouts.checkNewExerciseName(planned.exercise)
            return .plannedExercise(.unsaved(named: planned.exercise, category: nil))
        }
    }

    /// The start of the day saves go to (today, or the `:date` day): where `:go` counts sets from.
    var dayStart: Date { (turn.day ?? context.today).start(in: grouping.calendar) }

    /// `:go` walked to its end: the day finished as `today --done` does,
    /// refused if another terminal moved the program from `expected`.
    func finishDay(_ expected: ProgramAssignment) -> Outcome {
        guard let member = turn.user else { return .done }
        return fetched { () throws(WorkoutsError) in
            let day = try workouts.finishDay(of: member, since: dayStart, now: settings.now(), expected: expected)
            return .fetched(.dayFinished(ProgramText.finished(day.finished, completion: day.completion, before: day.before.progress,
                                                              after: day.after.progress, next: day.next, lifts: day.lifts)))
        }
    }

    /// The day's routine, noted with the plan's first save.
    func noteRoutine(_ routine: String, at now: Date) -> Outcome {
        guard let member = turn.user else { return .done }
        do {
            try log.markRoutine(routine, for: member, on: turn.day ?? context.today, now: now)
            return .done
        } catch {
            warn(error.description)
            return .then(.routineNotNoted)
        }
    }
}
