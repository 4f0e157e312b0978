import Foundation
import TopWeightCore

/// Progress a member can see, written once for the logger and the command
/// line: the personal records a save just set, every exercise's bests, and
/// the stats header. Days are local days in `calendar`'s time zone
/// (injected, like the clock); weeks run Monday to Sunday.
public struct TrainingProgress: Sendable {
    /// Where a set is saved and the sets are read back.
    public let recording: any SetRecording
    /// The bests and totals the stats read.
    public let totals: any TrainingTotals
    /// Made, and the zone looked up, when a day is first asked for (see `Deferred`).
    private let made: Deferred<Calendar>
    public var calendar: Calendar { made.value }

    public init(logbook: any SetRecording & TrainingTotals, timeZone: TimeZone) {
        self.init(recording: logbook, totals: logbook, zone: { timeZone })
    }

    /// Progress whose zone is looked up when a day is first asked for (the logger's start needs none).
    public init(logbook: any SetRecording & TrainingTotals, zone timeZone: @escaping @Sendable () -> TimeZone) {
        self.init(recording: logbook, totals: logbook, zone: timeZone)
    }

    /// Progress over the roles `roles` gives.
    public init(_ roles: LogbookRoles, zone timeZone: @escaping @Sendable () -> TimeZone) {
        self.init(recording: roles.recording, totals: roles.totals, zone: timeZone)
    }

    public init(recording: any SetRecording, totals: any TrainingTotals, zone timeZone: @escaping @Sendable () -> TimeZone) {
        self.recording = recording
        self.totals = totals
        made = Deferred {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone()
            return calendar
        }
    }

    // MARK: - Personal records

    /// Saves the set (one dated after now is refused: `LatestTime`) and
    /// says which personal records it set among the
    /// member's other live working sets of that exercise: none for a
    /// warm-up, nor for the first set of an exercise. One step for the
    /// logbook (a few index look-ups in the save's transaction, one round
    /// trip to a server), whatever the log's size.
    public func log(_ entry: NewRecord, now: Date) throws(WorkoutsError) -> (record: WorkoutRecord, records: [PersonalRecord]) {
        guard LatestTime.allows(entry.performedAt, now: now) else {
            throw .invalid("that set is dated after now; a set is logged once it is done")
        }
        let (id, bests) = try attempt { () throws(LogbookError) in try recording.saveMeasured(entry, now: now) }
        // Uid and kind too: `add --format json` prints this record as history prints the stored one.
        let record = WorkoutRecord(id: id, user: entry.user.name, exercise: entry.exercise.name, values: entry.values,
                                   performedAt: entry.performedAt, uid: entry.uid, kind: entry.kind)
        // A set kept on the terminal while the server is away is measured
        // against nothing: its PRs are told by `prs` once it is sent.
        guard !record.isKept else { return (record, []) }
        return (record, PersonalRecord.beaten(by: entry.values, kind: entry.kind, bests: bests))
    }

    /// The member's bests on each exercise they trained (or on `exercise`
    /// only), by exercise name; e1RM by `formula`.
    public func personalRecords(of member: User, exercise: Exercise? = nil, formula: OneRepMaxFormula = .epley) throws(WorkoutsError) -> [ExerciseRecords] {
        var byExercise: [String: ExerciseRecords] = [:]
        try attempt { () throws(LogbookError) in
            try recording.forEachRecord(HistoryQuery(userID: member.id, exerciseID: exercise?.id)) { record in
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
        let days = try attempt { () throws(LogbookError) in try totals.dayTotals(userID: member.id, zone: zone) }
        let exercises = try attempt { () throws(LogbookError) in try totals.exerciseTotals(userID: member.id) }
        return TrainingStats(days: days, exercises: exercises, today: LocalDay(now, in: calendar))
    }

    /// The time zone's offsets over the years a gym's log can span: 50 years
    /// back (sets older than that take the oldest offset) to two days ahead.
    public func offsets(through now: Date) -> ZoneOffsets {
        ZoneOffsets(calendar.timeZone, from: now.addingTimeInterval(-50 * 365.25 * 86_400), through: now.addingTimeInterval(2 * 86_400))
    }
}
