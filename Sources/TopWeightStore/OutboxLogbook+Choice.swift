import Foundation
import TopWeightCore

// MARK: - What choosing an exercise reads, through the outbox

extension OutboxLogbook {
    /// The server's answer, learned. While it is away: the exercises this
    /// terminal heard of and the member's exercises as `recentExercises`
    /// finds them, with no numbers and `coversAll` false, so the prompts ask
    /// `lastValues` (kept sets, then the cache) for the one chosen. Sets kept
    /// for the member give their exercises' numbers as `lastValues` does.
    public func choiceFacts(of user: User?, exercisesAfter id: Int64) throws(LogbookError) -> ChoiceFacts {
        var facts = try read({ () throws(LogbookError) in try server.choiceFacts(of: user, exercisesAfter: id) }, learn: { found in
            found.exercises.forEach(names.learn)
            found.recent.forEach(names.learn)
            // The numbers, without making each the member's newest exercise
            // here; their order is the server's ranking, kept apart.
            if let user {
                for exercise in found.recent { names.learn(user, did: exercise, values: found.lastValues[exercise.id], now: .distantPast) }
                names.rank(user, found.recent, complete: true)
            }
        }) { () throws(LogbookError) -> ChoiceFacts? in
            let known = names.names(of: .exercise, after: id, outbox: cacheFile).compactMap { names.exercise(key: NameRules.key($0.name), outbox: cacheFile) }
            let recent = try user.map { user throws(LogbookError) in try recentExercises(of: user, limit: ChoiceFacts.window) } ?? []
            return ChoiceFacts(exercises: known, recent: recent, coversAll: false, readNudgeWeeks: false)
        } away: { _ in ChoiceFacts(exercises: [], coversAll: false, readNudgeWeeks: false) }
        guard let user else { return facts }
        var seen = Set<Int64>()
        for exercise in try keptSetsIfAny().filter({ $0.record.user.id == user.id }).map(\.record.exercise) where seen.insert(exercise.id).inserted {
            facts.lastValues[exercise.id] = try lastValues(of: user, for: exercise)
        }
        return facts
    }
}
