/// Where a member is in their program, and their training maxes: what the
/// database keeps per member (one truth for every terminal).
public struct ProgramProgress: Sendable, Hashable, Codable {
    /// 0-based positions in the program.
    public var week: Int
    public var day: Int
    /// Cycles finished (5/3/1's four weeks, a 5×5's two days).
    public var cycle: Int
    /// Per exercise (by name key): the training max, in the member's unit.
    public var trainingMaxes: [String: Weight]
    /// Per exercise (by name key): days in a row with a set missed.
    public var misses: [String: Int]

    public init(week: Int = 0, day: Int = 0, cycle: Int = 0, trainingMaxes: [String: Weight] = [:], misses: [String: Int] = [:]) {
        self.week = week
        self.day = day
        self.cycle = cycle
        self.trainingMaxes = trainingMaxes
        self.misses = misses
    }

    /// A start with these training maxes, keyed as names are compared.
    public static func start(maxes: [String: Weight]) -> ProgramProgress {
        ProgramProgress(trainingMaxes: Dictionary(maxes.map { (NameRules.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first }))
    }

    public func trainingMax(for exercise: String) -> Weight? {
        trainingMaxes[NameRules.key(exercise)]
    }

    /// The training max a member's e1RM gives under `rules`, to the unit's stepper step below.
    public static func trainingMax(fromEstimate estimate: Weight, rules: Program.Rules) -> Weight {
        let raw = estimate.hundredths * rules.trainingMaxPermille / 1000
        let step = estimate.unit.stepHundredths
        return Weight(hundredths: raw / step * step, unit: estimate.unit)
    }

    /// The day after this one, once it is done: `completed` says, per
    /// exercise of the day, whether every prescribed set was done (reps at
    /// least as prescribed). Success adds the rule's step; a miss counts, and
    /// enough misses in a row take the deload off; the end of the last week
    /// starts a new cycle with every training max raised.
    public func advanced(after completed: [String: Bool], in program: Program) -> ProgramProgress {
        var next = self
        guard program.weeks.indices.contains(week), program.weeks[week].days.indices.contains(day) else {
            next.week = 0
            next.day = 0
            return next
        }
        let thisWeek = program.weeks[week]
        if !thisWeek.deload {
            for prescription in thisWeek.days[day].exercises {
                let key = NameRules.key(prescription.exercise)
                guard let done = completed.first(where: { NameRules.key($0.key) == key })?.value,
                      let max = next.trainingMaxes[key] else { continue }
                if done {
                    next.misses[key] = nil
                    next.trainingMaxes[key] = Self.add(program.rules.addOnSuccess, for: key, to: max, unit: program.rules.unit)
                } else {
                    let missed = (next.misses[key] ?? 0) + 1
                    if let limit = program.rules.deloadAfterMisses, missed >= limit {
                        next.trainingMaxes[key] = Self.deload(max, permille: program.rules.deloadPermille)
                        next.misses[key] = nil
                    } else {
                        next.misses[key] = missed
                    }
                }
            }
        }
        next.day += 1
        if next.day >= thisWeek.days.count {
            next.day = 0
            next.week += 1
        }
        if next.week >= program.weeks.count {
            next.week = 0
            next.cycle += 1
            for (key, max) in next.trainingMaxes {
                next.trainingMaxes[key] = Self.add(program.rules.addEachCycle, for: key, to: max, unit: program.rules.unit)
            }
        }
        return next
    }

    /// `max` plus the step `steps` names for the exercise, in `max`'s unit.
    static func add(_ steps: [String: Int], for key: String, to max: Weight, unit: WeightUnit) -> Weight {
        guard let step = steps.first(where: { NameRules.key($0.key) == key })?.value, step != 0 else { return max }
        let inUnit = Weight(hundredths: step, unit: unit).offered(in: max.unit)
        return bounded(Weight(hundredths: max.hundredths + inUnit.hundredths, unit: max.unit))
    }

    /// `max` less `permille` of it, to the nearest stepper step (ties down).
    static func deload(_ max: Weight, permille: Int) -> Weight {
        let lowered = max.hundredths - max.hundredths * permille / 1000
        let step = max.unit.stepHundredths
        let steps = lowered / step + (lowered % step * 2 > step ? 1 : 0)
        return bounded(Weight(hundredths: steps * step, unit: max.unit))
    }

    /// A training max stays a load: at least one stepper step, at most the
    /// heaviest weight accepted (whatever rule a stored program holds).
    static func bounded(_ max: Weight) -> Weight {
        Weight(hundredths: Swift.min(Swift.max(max.hundredths, max.unit.stepHundredths), max.unit.maximumHundredths), unit: max.unit)
    }
}
