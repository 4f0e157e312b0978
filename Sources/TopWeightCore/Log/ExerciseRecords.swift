import Foundation

/// One of a member's personal bests on an exercise, and the set that made it.
public struct PersonalBest: Sendable, Hashable {
    public var kind: RecordKind
    /// The best: a weight, an estimate or a volume in `unit`, or a count of reps.
    public var value: Double
    /// `kg` or `lb` (the set's own unit, as entered), or `reps`.
    public var unit: String
    public var record: WorkoutRecord
}

/// A member's personal bests on one exercise, gathered set by set (in any
/// order): the heaviest weight, the best e1RM by a formula, the most reps in
/// a set and the most volume in one entry. Warm-ups never count. Weights are
/// compared in kilograms; each best keeps its own set's unit. Of equal sets
/// the first one done holds the record.
public struct ExerciseRecords: Sendable, Hashable {
    public var exercise: String
    public var formula: OneRepMaxFormula
    public private(set) var heaviest: PersonalBest?
    public private(set) var estimate: PersonalBest?
    public private(set) var mostReps: PersonalBest?
    public private(set) var volume: PersonalBest?
    /// Working sets the formula gives no estimate for (Brzycki above 12 reps).
    public private(set) var withoutEstimate = 0

    public init(exercise: String, formula: OneRepMaxFormula) {
        self.exercise = exercise
        self.formula = formula
    }

    /// The bests in the order they are listed: heaviest, e1rm, reps, volume.
    public var bests: [PersonalBest] {
        [heaviest, estimate, mostReps, volume].compactMap { $0 }
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
        }
    }

    private static func earlier(_ one: WorkoutRecord, than other: WorkoutRecord) -> Bool {
        (one.performedAt, one.id) < (other.performedAt, other.id)
    }

    private static func hundredths(_ kilograms: Double) -> Int {
        Int((kilograms * 100).rounded())
    }
}
