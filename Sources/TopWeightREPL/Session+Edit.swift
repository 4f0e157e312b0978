import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - Changing a saved set (`:edit [#ID]`)

extension Session {
    /// The set `:edit` changes, found (`Event.editTarget`; see `Flow.edit`).
    func edit(_ id: Int64?) -> Outcome {
        editTarget(id).map { .then(.editTarget($0)) } ?? .done
    }

    /// The change, once every value was answered (see `Flow.edit`).
    func commitEdit(_ target: WorkoutRecord, exercise exerciseName: String, values: SetValues) -> Outcome {
        do {
            let changedExercise = NameRules.key(exerciseName) == NameRules.key(target.exercise)
                ? nil : try workouts.exercise(named: exerciseName)
            let (before, after) = try log.edit(id: target.id, exercise: changedExercise, weight: values.weight,
                                               reps: values.reps, series: values.series, now: settings.now())
            return .then(.edited(before, after))
        } catch {
            warn(error.description)
            return .done
        }
    }

    /// The set `:edit` means: `#ID`, else this turn's last save, else the member's newest.
    private func editTarget(_ id: Int64?) -> WorkoutRecord? {
        if let id {
            guard let found = attempt({ () throws(WorkoutsError) in try workouts.record(id: id) }) else { return nil }
            guard let record = found, record.deletedAt == nil else {
                warn("No set #\(id)\(found?.deletedAt != nil ? " (it was deleted)" : ""); :history shows the numbers.")
                return nil
            }
            return record
        }
        if let last = turn.saved.last { return (attempt({ () throws(WorkoutsError) in try workouts.record(id: last.id) }) ?? nil) ?? last }
        guard let member = turn.user ?? (settings.kiosk ? nil : defaultUser()) else {
            warn("Type your name first, or say which set: :edit #42")
            return nil
        }
        guard let newest = attempt({ () throws(WorkoutsError) in try prompts.newestSet(of: member) }) ?? nil else {
            warn("\(member.name) has no sets to edit yet.")
            return nil
        }
        return newest
    }

    /// A known exercise's name (stored or in the catalog), or `nil` after saying why.
    func knownExercise(_ name: String) -> String? {
        do {
            guard let known = try workouts.knownExercise(named: name, now: settings.now()) else {
                warn(InputError("\(name) is not a known exercise; log it once to add it, or Tab for names", example: "Bench Press"))
                return nil
            }
            return known.name
        } catch {
            warn(error.description)
            return nil
        }
    }
}
