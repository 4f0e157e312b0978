import Foundation
import TopWeightCore

/// Progress a member can see, written once for the logger and the command
/// line: the personal records a save just set, every exercise's bests, and
/// the stats header. Days are local days in `calendar`'s time zone
/// (injected, like the clock); weeks run Monday to Sunday.
public struct TrainingProgress: Sendable {
    public let logbook: any Logbook
    public let calendar: Calendar

    public init(logbook: any Logbook, timeZone: TimeZone) {
        self.logbook = logbook
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    // MARK: - Personal records

    /// The records the set saved as `id` beat among the member's other live
    /// working sets of that exercise: none for a warm-up, nor for the first
    /// set of an exercise. A few index look-ups, whatever the log's size.
    public func recordsSet(by entry: NewRecord, savedAs id: Int64) throws(WorkoutsError) -> [PersonalRecord] {
        guard entry.kind != .warmup else { return [] }
        let bests = try attempt { () throws(LogbookError) in
            try logbook.bests(userID: entry.user.id, exerciseID: entry.exercise.id, excluding: id, atLeast: entry.values.weight)
        }
        return PersonalRecord.beaten(by: entry.values, kind: entry.kind, bests: bests)
    }

    /// The member's bests on each exercise they trained (or on `exercise`
    /// only), by exercise name; e1RM by `formula`.
    public func personalRecords(of member: User, exercise: Exercise? = nil, formula: OneRepMaxFormula = .epley) throws(WorkoutsError) -> [ExerciseRecords] {
        var byExercise: [String: ExerciseRecords] = [:]
        try attempt { () throws(LogbookError) in
            try logbook.forEachRecord(HistoryQuery(userID: member.id, exerciseID: exercise?.id)) { record in
                let key = NameRules.key(record.exercise)
                byExercise[key, default: ExerciseRecords(exercise: record.exercise, formula: formula)].add(record)
            }
        }
        return byExercise.sorted { $0.key < $1.key }.map(\.value).filter { !$0.bests.isEmpty }
    }

    // MARK: - Stats

    /// The stats header of the member, seen at `now`.
    public func stats(of member: User, now: Date) throws(WorkoutsError) -> TrainingStats {
        let zone = offsets(through: now)
        let days = try attempt { () throws(LogbookError) in try logbook.dayTotals(userID: member.id, zone: zone) }
        let exercises = try attempt { () throws(LogbookError) in try logbook.exerciseTotals(userID: member.id) }
        return TrainingStats(days: days, exercises: exercises, today: LocalDay(now, in: calendar))
    }

    /// The time zone's offsets over the years a gym's log can span: 50 years
    /// back (sets older than that take the oldest offset) to two days ahead.
    public func offsets(through now: Date) -> ZoneOffsets {
        ZoneOffsets(calendar.timeZone, from: now.addingTimeInterval(-50 * 365.25 * 86_400), through: now.addingTimeInterval(2 * 86_400))
    }

    @discardableResult
    private func attempt<T>(_ body: () throws(LogbookError) -> T) throws(WorkoutsError) -> T {
        do {
            return try body()
        } catch {
            throw .storage(error)
        }
    }
}
