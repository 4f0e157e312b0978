import Foundation
import TopWeightCore

// MARK: - Body weight (`topweight body`, `:weigh`)

extension TrainingLog {
    /// The lightest and heaviest body weight taken, in kilograms: outside it
    /// is a typo (7 for 70) more likely than a member.
    public static let bodyWeightRange = 20.0...400.0

    /// Keeps one measurement of the member's body weight, taken at
    /// `measuredAt`, which may not be after now (`LatestTime`).
    @discardableResult
    public func weigh(_ weight: Weight, member: User, at measuredAt: Date, now: Date) throws(WorkoutsError) -> BodyWeight {
        guard Self.bodyWeightRange.contains(weight.kilograms) else {
            throw .invalid("a body weight is from 20 to 400 kg (45 to 880 lb), not \(weight.description)")
        }
        guard LatestTime.allows(measuredAt, now: now) else {
            throw .invalid("that time is in the future; weigh in once it happened")
        }
        let uid = RecordUID.make(at: now)
        let id = try attempt { () throws(LogbookError) in
            try diary.saveBodyWeight(userID: member.id, weight: weight, at: measuredAt, uid: uid, now: now)
        }
        return BodyWeight(id: id, uid: uid, user: member.name, weight: weight, measuredAt: measuredAt)
    }

    /// The member's measurements from the start of `since` on, newest first, at most `limit`.
    public func bodyWeights(of member: User, since: LocalDay?, limit: Int?) throws(WorkoutsError) -> [BodyWeight] {
        if let limit, limit <= 0 { return [] }
        return try attempt { () throws(LogbookError) in
            try diary.bodyWeights(userID: member.id, since: since.map { $0.start(in: calendar) }, limit: limit)
        }
    }
}
