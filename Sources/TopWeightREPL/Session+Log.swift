import Foundation
import TopWeightCore
import TopWeightUseCases

// MARK: - The day saves go to

extension Session {
    /// `now` moved to the `:date` day (see `Turn.performedAt`).
    func performedAt(_ now: Date) -> Date { turn.performedAt(now, in: grouping.calendar) }
}
