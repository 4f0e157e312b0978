import TopWeightCore

/// The numbers of the entry being typed; each starts as the member's last
/// value for the exercise and changes as prompts are answered.
struct Draft: Equatable {
    var weight: Int?
    var unit: WeightUnit
    var reps: Int?
    var series: Int?

    init(unit: WeightUnit) {
        self.unit = unit
    }

    /// The numbers of `last`; with a unit the member chose (`:unit`), its
    /// weight offered in that unit instead of the one it was logged in.
    init(last: SetValues, in chosen: WeightUnit? = nil) {
        let weight = chosen.map { last.weight.offered(in: $0) } ?? last.weight
        self.weight = weight.hundredths
        unit = weight.unit
        reps = last.reps
        series = last.series
    }

    func value(of field: NumericField) -> Int? {
        switch field {
        case .weight: weight
        case .reps: reps
        case .series: series
        }
    }

    mutating func set(_ field: NumericField, _ value: Int) {
        switch field {
        case .weight: weight = value
        case .reps: reps = value
        case .series: series = value
        }
    }

    /// The complete set, once every number is known.
    var values: SetValues? {
        guard let weight, let reps, let series else { return nil }
        return SetValues(weight: Weight(hundredths: weight, unit: unit), reps: reps, series: series)
    }
}
