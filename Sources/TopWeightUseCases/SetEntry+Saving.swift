import Foundation
import TopWeightCore

// MARK: - The save, assembled once for every front end

extension SetEntry {
    /// A set stored, and what it came to.
    public struct Saved: Sendable {
        /// What was sent (its exercise stored, its uid and time).
        public var entry: NewRecord
        public var record: WorkoutRecord
        /// The personal records it set.
        public var records: [PersonalRecord]
    }

    /// Why a set was not saved: its new exercise could not be made (nothing
    /// was written), or the set itself was refused or not stored (`entry`
    /// is what to send again, the same uid and time, so it is stored once).
    public enum SaveFailure: Error, Sendable {
        case exercise(WorkoutsError)
        case set(NewRecord, WorkoutsError)

        /// The one-line problem, whichever it was.
        public var problem: WorkoutsError {
            switch self {
            case .exercise(let problem), .set(_, let problem): problem
            }
        }
    }

    /// Saves `member`'s set of `values`: the exercise is made first when it
    /// has no row yet (a catalog lift or a new name, at its first set), and
    /// the set, dated `performedAt` and marked `kind`, is measured against
    /// the member's bests (`TrainingProgress.log`). `retrying` is a set whose
    /// save failed: when it is this same set, it is sent again as it was.
    public func save(_ values: SetValues, of member: User, _ exercise: Exercise, at performedAt: Date, kind: SetKind? = nil,
                     retrying pending: NewRecord? = nil, now: Date) throws(SaveFailure) -> Saved {
        let chosen: Exercise
        do {
            chosen = try workouts.stored(exercise, now: now)
        } catch {
            throw .exercise(error)
        }
        hear(chosen)
        var entry = NewRecord(user: member, exercise: chosen, values: values, performedAt: performedAt, kind: kind)
        if let pending, pending.user == member, pending.exercise == chosen, pending.values == values, pending.kind == kind { entry = pending }
        do {
            let (record, records) = try progress.log(entry, now: now)
            return Saved(entry: entry, record: record, records: records)
        } catch {
            throw .set(entry, error)
        }
    }

    /// The weight nudge after `saved` (`Workouts.nudgeAfterSaving`), with
    /// the gym's weeks when the member's read brought them.
    public func nudge(after saved: NewRecord, id: Int64, calendar: Calendar, weeks: Int?) -> WeightNudge.Suggestion? {
        workouts.nudgeAfterSaving(saved, id: id, calendar: calendar, weeks: weeks)
    }
}
