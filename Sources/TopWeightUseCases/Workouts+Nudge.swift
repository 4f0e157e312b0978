import Foundation
import TopWeightCore

// MARK: - The weight nudge (a member without a program)

extension Workouts {
    /// Weeks of the same top weight before the nudge: the gym's setting, else `WeightNudge.defaultWeeks`; 0 is off.
    public func nudgeWeeks() throws(WorkoutsError) -> Int {
        Self.nudgeWeeks(stored: try attempt { () throws(LogbookError) in try roles.gym.gymSetting(.nudgeWeeks) })
    }

    /// The weeks a stored setting says (`nil`: never set), else the default.
    public static func nudgeWeeks(stored: String?) -> Int {
        guard let stored, let weeks = Int(stored), (0...52).contains(weeks) else { return WeightNudge.defaultWeeks }
        return weeks
    }

    /// Stores the nudge's weeks (0 turns it off; `nil` goes back to the default).
    public func setNudgeWeeks(_ weeks: Int?) throws(WorkoutsError) {
        if let weeks, !(0...52).contains(weeks) { throw .invalid("the nudge's weeks are 0 (off) to 52") }
        try attempt { () throws(LogbookError) in try roles.gym.setGymSetting(.nudgeWeeks, to: weeks.map(String.init)) }
    }

    /// The next load to try, when the set just saved (`record`, id `id`)
    /// is the member's first working set of the exercise today and its
    /// weight has been their top weight every week of the last N (so the
    /// line shows once a day, not on every set); `nil` otherwise, and for a
    /// member on a program (the program moves them on), a warm-up, or a set
    /// of another kind than weight.
    /// `nudge(after:…)` on the set's own day in `calendar`, for the front
    /// ends: a problem reading it is no nudge, never a failed save. `weeks`,
    /// when the caller read the setting already (`SetEntry.member`).
    public func nudgeAfterSaving(_ record: NewRecord, id: Int64, calendar: Calendar, weeks: Int? = nil) -> WeightNudge.Suggestion? {
        let day = LocalDay(record.performedAt, in: calendar)
        return (try? nudge(after: record, id: id, dayStart: day.start(in: calendar), today: day, calendar: calendar, weeks: weeks)) ?? nil
    }

    public func nudge(after record: NewRecord, id: Int64, dayStart: Date, today: LocalDay,
                      calendar: Calendar, weeks known: Int? = nil) throws(WorkoutsError) -> WeightNudge.Suggestion? {
        guard record.kind != .warmup, record.values.measure == .weight, record.values.weight.hundredths > 0 else { return nil }
        var weeks = known ?? 0
        if known == nil { weeks = try nudgeWeeks() }
        guard weeks >= 2 else { return nil }
        let since = calendar.date(byAdding: .day, value: -(weeks * 7 - 1), to: dayStart) ?? dayStart
        let sets = try attempt { () throws(LogbookError) in
            try roles.recording.history(HistoryQuery(userID: record.user.id, exerciseID: record.exercise.id, since: since))
        }.filter { $0.kind != .warmup && $0.values.measure == .weight }
        // Once a day: an earlier working set today means it was said (or wasn't due).
        guard !sets.contains(where: { $0.id != id && $0.performedAt >= dayStart }) else { return nil }
        let days = sets.map { (day: LocalDay($0.performedAt, in: calendar), weight: $0.values.weight) }
        // The program's question last: most sets are no stall, and then it costs no read.
        guard WeightNudge.stalled(at: record.values.weight, sets: days, today: today, weeks: weeks),
              try assignment(of: record.user) == nil else { return nil }
        let unit = record.values.weight.unit
        return WeightNudge.suggestion(stuckAt: record.values.weight, weeks: weeks, plates: try plateSet(unit), bar: PlateSet.standardBar(unit))
    }
}
