import Foundation
import TopWeightCore

// MARK: - Plates (`topweight plates`, `:plates`, `topweight admin plates`)

extension Workouts {
    /// The gym's plate set for `unit`: the one an admin stored, else the
    /// standard one. A stored set that no longer reads (another tool wrote
    /// it) is reported, not guessed at.
    public func plateSet(_ unit: WeightUnit) throws(WorkoutsError) -> PlateSet {
        let stored = try attempt { () throws(LogbookError) in try roles.gym.gymSetting(.plates(unit)) }
        guard let stored else { return .standard(unit) }
        switch PlateSet.parse(stored, unit: unit) {
        case .success(let set): return set
        case .failure(let problem):
            throw .invalid("the gym's \(unit.rawValue) plate set does not read (\(problem.reason)); 'topweight admin plates --unit \(unit.rawValue) LIST' sets it again")
        }
    }

    /// Stores the gym's plate set for its unit; `nil` goes back to the standard set of `unit`.
    public func setPlateSet(_ set: PlateSet?, unit: WeightUnit) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try roles.gym.setGymSetting(.plates(unit), to: set?.description) }
    }

    /// What goes on `bar` (default: 20 kg or 45 lb) for `target`, from the
    /// gym's plates of the target's unit. The bar must be in that unit too.
    public func plates(for target: Weight, bar: Weight? = nil) throws(WorkoutsError) -> (answer: PlateAnswer, plates: PlateSet, bar: Weight) {
        let bar = bar ?? PlateSet.standardBar(target.unit)
        guard bar.unit == target.unit else {
            throw .invalid("the bar (\(bar.description)) and the weight (\(target.description)) must be in the same unit")
        }
        let set = try plateSet(target.unit)
        return (PlateSolver.solve(target: target.hundredths, bar: bar.hundredths, plates: set), set, bar)
    }
}
