import Foundation

/// What a member's sets add up to: their bests of an exercise and their
/// totals by day and by exercise (`prs`, `stats`, a program's weights).
public protocol TrainingTotals: AnyObject, Sendable {
    /// The member's best live working weight sets of one exercise (warm-ups,
    /// deleted sets and sets of other kinds left out), leaving out the record
    /// `excluding` (the set just saved): the heaviest, the best Epley e1RM,
    /// and the most reps among sets at least `atLeast` heavy. Weights compare
    /// in kilograms. Found through indexes: it runs on every save.
    func bests(userID: Int64, exerciseID: Int64, excluding: Int64?, atLeast: Weight) throws(LogbookError) -> ExerciseBests
    /// The member's live sets by local day (`zone` tells the days), oldest first.
    func dayTotals(userID: Int64, zone: ZoneOffsets) throws(LogbookError) -> [DayTotals]
    /// The member's live sets by exercise, by name.
    func exerciseTotals(userID: Int64) throws(LogbookError) -> [ExerciseTotals]
    /// What the rule (`RecordBook`) needs of the time before `start` to judge
    /// the live working sets done from `start` until `end` (of `userID`
    /// alone, when given) as a replay of each member's whole history would:
    /// for each member and exercise with such a set, the live working sets
    /// done before `start` that held its bests then (of the weight sets, the
    /// heaviest at each rep count that no heavier set with more reps
    /// outdoes; every set of the other kinds), and one such set at least
    /// when there is any, so that a first is a first. Any order. Found
    /// through `recordBest` and the indexes on member and exercise, not by
    /// reading anybody's history.
    func standingBests(start: Date, end: Date, userID: Int64?) throws(LogbookError) -> [WorkoutRecord]
    /// Every member's live sets (of `userID` alone, when given) done from
    /// `since` until `until`, by member and local day (`zone` tells the
    /// days): one `DayVolume` each, its loads summed as whole numbers (as
    /// `DayVolume.add` sums them), by member, oldest day first. What the
    /// coach's report needs of the weeks around its period, read as sums.
    func dayVolumes(since: Date, until: Date, userID: Int64?, zone: ZoneOffsets) throws(LogbookError) -> [MemberDayVolume]
}
