import Foundation

// MARK: - The days before today and today, read apart

extension BoardWindow {
    /// The same ranges up to today's start: what a save today leaves as it was.
    public var beforeToday: BoardWindow {
        var past = self
        past.tomorrowStart = todayStart
        return past
    }

    /// Today alone: every range from today's start (each begins on or before it).
    public var todayOnly: BoardWindow {
        var today = self
        today.weekStart = todayStart
        today.monthStart = todayStart
        today.strengthSince = todayStart
        today.streaksSince = todayStart
        return today
    }
}

extension BoardFacts {
    /// The facts of a whole window from those of its days before today
    /// (`beforeToday`) and of today (`todayOnly`): today's lifters, sets and
    /// body weights, the higher of each best, the week's volume added up,
    /// and the days trained of both.
    public static func joining(past: BoardFacts, today: BoardFacts) -> BoardFacts {
        var facts = today
        facts.monthBests = higher(past.monthBests, today.monthBests)
        facts.strengthBests = higher(past.strengthBests, today.strengthBests)
        var volume = past.weekVolume
        var at: [String: Int] = [:]
        for (index, row) in volume.enumerated() { at[row.user] = index }
        for added in today.weekVolume {
            if let index = at[added.user] {
                volume[index].kilograms += added.kilograms
                volume[index].sets += added.sets
            } else {
                at[added.user] = volume.count
                volume.append(added)
            }
        }
        facts.weekVolume = volume
        // Days before today and today's: none is in both.
        facts.activeDays = past.activeDays + today.activeDays
        return facts
    }

    private static func higher(_ past: [LiftBest], _ today: [LiftBest]) -> [LiftBest] {
        struct Key: Hashable {
            let user: String
            let lift: String
        }
        var bests = past
        var at: [Key: Int] = [:]
        for (index, best) in bests.enumerated() { at[Key(user: best.user, lift: best.lift)] = index }
        for best in today {
            if let index = at[Key(user: best.user, lift: best.lift)] {
                bests[index].kilograms = max(bests[index].kilograms, best.kilograms)
            } else {
                at[Key(user: best.user, lift: best.lift)] = bests.count
                bests.append(best)
            }
        }
        return bests
    }
}
