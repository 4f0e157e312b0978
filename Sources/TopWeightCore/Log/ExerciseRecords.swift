import Foundation

/// One of a member's personal bests on an exercise, and the set that made it.
public struct PersonalBest: Sendable, Hashable {
    public var kind: RecordKind
    /// The best: a weight, an estimate or a volume in `unit`, or a count of reps.
    public var value: Double
    /// `kg` or `lb` (the set's own unit, as entered), `reps`, `s` (a hold),
    /// `m` (a distance, whatever unit it was typed in) or `s/km` (a pace).
    public var unit: String
    public var record: WorkoutRecord
}

/// A member's personal bests on one exercise, gathered set by set (in any
/// order): the heaviest weight, the best e1RM by a formula, the most reps in
/// a set and the most volume in one entry. Warm-ups never count. Weights are
/// compared in kilograms; each best keeps its own set's unit. Of equal sets
/// the first one done holds the record.
///
/// Each set counts for the bests of its own kind: a weight set for the four
/// above; an unassisted bodyweight set for the most reps and the heaviest
/// added load (more than body weight alone); a timed set for the longest
/// hold; a distance set for the longest distance (in metres) and the fastest
/// pace (seconds per km, over any distance).
public struct ExerciseRecords: Sendable, Hashable {
    public var exercise: String
    public var formula: OneRepMaxFormula
    public private(set) var heaviest: PersonalBest?
    public private(set) var estimate: PersonalBest?
    public private(set) var mostReps: PersonalBest?
    public private(set) var volume: PersonalBest?
    /// Bodyweight sets: the most reps (unassisted), the heaviest added load.
    public private(set) var mostRepsUnassisted: PersonalBest?
    public private(set) var addedLoad: PersonalBest?
    public private(set) var longestHold: PersonalBest?
    public private(set) var longestDistance: PersonalBest?
    public private(set) var fastestPace: PersonalBest?
    /// Working sets the formula gives no estimate for (Brzycki above 12 reps).
    public private(set) var withoutEstimate = 0

    public init(exercise: String, formula: OneRepMaxFormula) {
        self.exercise = exercise
        self.formula = formula
    }

    /// The bests in the order they are listed: heaviest, e1rm, reps, volume,
    /// then the other kinds' (most reps, added load, hold, distance, pace).
    public var bests: [PersonalBest] {
        [heaviest, estimate, mostReps, volume, mostRepsUnassisted, addedLoad, longestHold, longestDistance, fastestPace]
            .compactMap { $0 }
    }

    /// Why there is no e1RM, when the formula refused every working set.
    public var estimateRefusal: String? {
        guard estimate == nil, withoutEstimate > 0 else { return nil }
        let sets = withoutEstimate == 1 ? "the only set has" : "all \(withoutEstimate) sets have"
        return "no \(formula.name) e1RM: \(sets) more than \(formula.maximumReps ?? 0) reps"
    }

    /// Takes one set into account.
    public mutating func add(_ record: WorkoutRecord) {
        guard record.kind != .warmup, record.deletedAt == nil else { return }
        let values = record.values
        switch values.measure {
        case .weight: break
        case .bodyweight:
            guard !values.assisted else { return }
            let reps = PersonalBest(kind: .reps, value: Double(values.reps), unit: "reps", record: record)
            if better(reps, than: mostRepsUnassisted) { mostRepsUnassisted = reps }
            guard values.weight.hundredths > 0 else { return }
            let load = PersonalBest(kind: .addedLoad, value: values.weight.value, unit: values.weight.unit.rawValue, record: record)
            if better(load, than: addedLoad) { addedLoad = load }
            return
        case .time:
            guard let duration = values.duration else { return }
            let hold = PersonalBest(kind: .longestHold, value: Double(duration.seconds), unit: "s", record: record)
            if better(hold, than: longestHold) { longestHold = hold }
            return
        case .distance:
            guard let distance = values.distance, let duration = values.duration else { return }
            let longest = PersonalBest(kind: .longestDistance, value: distance.metres, unit: "m", record: record)
            if better(longest, than: longestDistance) { longestDistance = longest }
            let pace = PersonalBest(kind: .fastestPace, value: distance.pace(over: duration), unit: "s/km", record: record)
            if better(pace, than: fastestPace) { fastestPace = pace }
            return
        }
        let unit = values.weight.unit.rawValue
        let heaviest = PersonalBest(kind: .heaviest, value: values.weight.value, unit: unit, record: record)
        if better(heaviest, than: self.heaviest) { self.heaviest = heaviest }
        if let value = formula.estimate(of: values.weight, reps: values.reps) {
            let estimate = PersonalBest(kind: .e1rm, value: value.value, unit: unit, record: record)
            if better(estimate, than: self.estimate) { self.estimate = estimate }
        } else {
            withoutEstimate += 1
        }
        let reps = PersonalBest(kind: .reps, value: Double(values.reps), unit: "reps", record: record)
        if better(reps, than: mostReps) { mostReps = reps }
        let entryVolume = Double(values.weight.hundredths * values.reps * values.series) / 100
        let volume = PersonalBest(kind: .volume, value: entryVolume, unit: unit, record: record)
        if better(volume, than: self.volume) { self.volume = volume }
    }

    /// Whether `candidate` scores higher than `current`, or the same and was done first.
    private func better(_ candidate: PersonalBest, than current: PersonalBest?) -> Bool {
        guard let current else { return true }
        let new = score(of: candidate)
        let old = score(of: current)
        return new > old || (new == old && Self.earlier(candidate.record, than: current.record))
    }

    /// What a best is compared by, in kilograms to the hundredth; of equal
    /// reps, the heavier set.
    private func score(of best: PersonalBest) -> (Int, Int) {
        let values = best.record.values
        let kilograms = values.weight.kilograms
        switch best.kind {
        case .heaviest: return (Self.hundredths(kilograms), 0)
        case .e1rm: return (formula.centikilograms(of: values.weight, reps: values.reps) ?? 0, 0)
        case .reps: return (values.reps, Self.hundredths(kilograms))
        case .volume: return (Self.hundredths(kilograms * Double(values.reps * values.series)), 0)
        case .addedLoad: return (Self.hundredths(kilograms), values.reps)
        case .longestHold: return (values.duration?.seconds ?? 0, 0)
        case .longestDistance: return (values.distance.map(PersonalRecord.millimetres) ?? 0, 0)
        case .fastestPace:
            // Less time per km is better; of equal paces, the longer distance.
            return (-PersonalRecord.centiseconds(best.value), values.distance.map(PersonalRecord.millimetres) ?? 0)
        }
    }

    private static func earlier(_ one: WorkoutRecord, than other: WorkoutRecord) -> Bool {
        (one.performedAt, one.id) < (other.performedAt, other.id)
    }

    private static func hundredths(_ kilograms: Double) -> Int {
        Int((kilograms * 100).rounded())
    }
}
