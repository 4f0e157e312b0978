/// The Workouts seed's weight reminder, for a member without a program:
/// after the same top weight on an exercise week after week, it is time to
/// go heavier, by the next step the gym's plates allow.
public enum WeightNudge {
    /// Weeks of the same top weight before the nudge, unless the gym says.
    public static let defaultWeeks = 3

    /// What the line under `Saved` says: the weight the member has topped
    /// at for `weeks` weeks, and the next load the plates make.
    public struct Suggestion: Sendable, Hashable {
        public var stuckAt: Weight
        public var weeks: Int
        public var next: Weight
    }

    /// The weight a member is stuck at, or `nil`: each of the last `weeks`
    /// seven-day spans ending `today` holds working sets of the exercise,
    /// and the heaviest of every span is `weight` (the set just saved).
    /// `sets` are the member's working sets of the exercise, any order.
    public static func stalled(at weight: Weight, sets: [(day: LocalDay, weight: Weight)], today: LocalDay, weeks: Int) -> Bool {
        guard weeks >= 2 else { return false }
        var tops = [Weight?](repeating: nil, count: weeks)
        for set in sets {
            let age = set.day.days(to: today)
            guard age >= 0 else { continue }
            let span = age / 7
            guard span < weeks else { continue }
            if let top = tops[span], kilograms(top) >= kilograms(set.weight) { continue }
            tops[span] = set.weight
        }
        return tops.allSatisfy { $0.map { $0.hundredths == weight.hundredths && $0.unit == weight.unit } ?? false }
    }

    /// The nudge for a member stuck at `weight` for `weeks` weeks: the next
    /// load `plates` make on `bar`; `nil` when the plates run out.
    public static func suggestion(stuckAt weight: Weight, weeks: Int, plates: PlateSet, bar: Weight) -> Suggestion? {
        nextStep(after: weight, plates: plates, bar: bar).map { Suggestion(stuckAt: weight, weeks: weeks, next: $0) }
    }

    /// The lightest load over `weight` that `plates` make on `bar`; `nil` when the plates run out.
    public static func nextStep(after weight: Weight, plates: PlateSet, bar: Weight) -> Weight? {
        guard plates.unit == weight.unit else {
            return Weight(hundredths: weight.hundredths + weight.unit.stepHundredths, unit: weight.unit)
        }
        let barWeight = bar.offered(in: weight.unit)
        switch PlateSolver.solve(target: weight.hundredths + 1, bar: barWeight.hundredths, plates: plates) {
        case .exact(let load): return load.total
        case .nearest(_, let above): return above?.total
        case .lighterThanBar: return barWeight
        }
    }

    private static func kilograms(_ weight: Weight) -> Double {
        weight.unit == .kg ? weight.value : weight.value * 0.45359237
    }
}
