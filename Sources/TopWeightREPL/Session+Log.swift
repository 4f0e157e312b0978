import Foundation
import TopWeightCore
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
