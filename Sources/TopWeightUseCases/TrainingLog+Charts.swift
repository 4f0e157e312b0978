import Foundation
import TopWeightCore

// MARK: - Progress charts (`topweight chart`, `:chart`)

extension TrainingLog {
    /// A member's progress on one exercise, a point a day: the best e1RM, the
    /// heaviest set, the volume, the most reps, the longest hold or distance,
    /// or the fastest pace (see `ProgressSeries.sets`), from `since` on.
    public func chart(_ metric: ChartMetric, exercise: Exercise, of member: User, since: LocalDay?,
                      formula: OneRepMaxFormula = .epley) throws(WorkoutsError) -> ProgressSeries {
        // Every day, not only the window's: a PR beats the whole history.
        let query = HistoryQuery(userID: member.id, exerciseID: exercise.id)
        var records: [WorkoutRecord] = []
        try attempt { () throws(LogbookError) in
            try recording.forEachRecord(query) { record in
                if record.kind != .warmup { records.append(record) }
            }
        }
        return ProgressSeries.sets(records, metric: metric, formula: formula, since: since, calendar: calendar)
    }

    /// A member's body weight, a point a day (the day's last measurement), from `since` on.
    public func bodyWeightChart(of member: User, since: LocalDay?) throws(WorkoutsError) -> ProgressSeries {
        ProgressSeries.bodyWeights(try bodyWeights(of: member, since: since, limit: nil), calendar: calendar)
    }
}
