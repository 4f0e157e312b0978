import Foundation
import TopWeightCore
import TopWeightUseCases

// MARK: - Changing a saved set (`:edit [#ID]`)

extension Session {
    /// The set `:edit` means: `#ID`, else this turn's last save (read again), else the member's newest (see `Flow.editFound`).
    func edit(_ id: Int64?) -> Outcome {
        if id == nil, let last = turn.saved.last {
            return .then(.editTarget((attempt({ () throws(WorkoutsError) in try workouts.record(id: last.id) }) ?? nil) ?? last))
        }
        return fetched { () throws(WorkoutsError) in
            if let id { return .editFound(try workouts.record(id: id), id: id, member: nil) }
            guard let member = turn.user ?? (settings.kiosk ? nil : defaultUser()) else { return .editFound(nil, id: nil, member: nil) }
            return .editFound(try prompts.newestSet(of: member), id: nil, member: member)
        }
    }

    /// The change, once every value was answered (see `Flow.edit`).
    func commitEdit(_ target: WorkoutRecord, exercise exerciseName: String, values: SetValues) -> Outcome {
        fetched { () throws(WorkoutsError) in
            let changedExercise = try NameRules.key(exerciseName) == NameRules.key(target.exercise) ? nil : workouts.exercise(named: exerciseName)
            let (before, after) = try log.edit(id: target.id, exercise: changedExercise, weight: values.weight,
                                               reps: values.reps, series: values.series, now: settings.now())
            return .edited(before, after)
        }
    }
}
