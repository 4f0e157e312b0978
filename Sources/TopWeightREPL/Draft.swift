import TopWeightCore

/// The numbers of the entry being typed, in the kind of the exercise; each
/// starts as the member's last value for the exercise (or a sensible default
/// of the kind) and changes as prompts are answered.
struct Draft: Equatable {
    var kind: ExerciseKind = .weight
    /// A weight in hundredths; for a bodyweight set the load added, negative for assistance.
    var weight: Int?
    var unit: WeightUnit
    var reps: Int?
    var series: Int?
    var duration: SetDuration?
    var distance: Distance?
    /// What a bare distance is in, before one is known (`distance m`).
    var distanceUnit: DistanceUnit = .m
    /// The RPE said after the last answer (never taken from an earlier set).
    var effort: Effort?

    init(unit: WeightUnit, kind: ExerciseKind = .weight) {
        self.unit = unit
        self.kind = kind
        switch kind {
        case .weight: break
        case .bodyweight: weight = 0
        case .time: duration = SetDuration(seconds: 60)
        case .distance: distance = Distance(thousandths: 2_000_000, unit: .m)
        }
    }

    /// The numbers of `last`, as a set of `kind` (its own when not given);
    /// with a unit the member chose (`:unit`), a weight offered in that unit
    /// instead of the one it was logged in. Numbers of another kind (the
    /// exercise's kind changed since) give way to the kind's defaults.
    init(last: SetValues, in chosen: WeightUnit? = nil, kind: ExerciseKind? = nil, keepEffort: Bool = false) {
        let kind = kind ?? last.measure
        let weight = chosen.map { last.weight.offered(in: $0) } ?? last.weight
        self.init(unit: weight.unit, kind: kind)
        if keepEffort { effort = last.effort }
        // A routine's step (or a set from before the exercise had its kind)
        // in weight × reps × series: for a bodyweight lift, the weight is the load added.
        if kind == .bodyweight, last.measure == .weight {
            self.weight = weight.hundredths
            reps = last.reps
            series = last.series
            return
        }
        guard last.measure == kind else { return }
        switch kind {
        case .weight:
            self.weight = weight.hundredths
            reps = last.reps
            series = last.series
        case .bodyweight:
            self.weight = last.assisted ? -weight.hundredths : weight.hundredths
            reps = last.reps
            series = last.series
        case .time:
            duration = last.duration ?? duration
            series = last.series
        case .distance:
            duration = last.duration
            distance = last.distance ?? distance
            distanceUnit = last.distance?.unit ?? .m
        }
    }

    /// The unit a bare distance is in at the prompt: the one offered.
    var shownDistanceUnit: DistanceUnit { distance?.unit ?? distanceUnit }

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

    /// A one-line entry's numbers over the draft's: what was not typed stays.
    mutating func take(_ entry: KindedEntry) {
        if let load = entry.loadHundredths { weight = load }
        if let unit = entry.unit { self.unit = unit }
        if let reps = entry.reps { self.reps = reps }
        if let series = entry.series { self.series = series }
        if let duration = entry.duration { self.duration = duration }
        if let distance = entry.distance { self.distance = distance }
        if let effort = entry.effort { self.effort = effort }
    }

    /// The complete set, once every number of its kind is known.
    var values: SetValues? {
        switch kind {
        case .weight:
            guard let weight, let reps, let series else { return nil }
            return SetValues(weight: Weight(hundredths: weight, unit: unit), reps: reps, series: series, effort: effort)
        case .bodyweight:
            guard let weight, let reps, let series else { return nil }
            return .bodyweight(load: weight, unit: unit, reps: reps, series: series, effort: effort)
        case .time:
            guard let duration, let series else { return nil }
            return .timed(duration, series: series, unit: unit, effort: effort)
        case .distance:
            guard let distance, let duration else { return nil }
            return .covered(distance, in: duration, unit: unit, effort: effort)
        }
    }

    /// The first of the kind's prompts whose number is missing, `nil` when the set is whole.
    var missing: Step? {
        Step.numbers(of: kind).first { step in
            switch step {
            case .weight: weight == nil
            case .reps: reps == nil
            case .series: series == nil
            case .duration: duration == nil
            case .distance: distance == nil
            case .user, .exercise: false
            }
        }
    }

    /// The prompt of a numeric step with its default in brackets: `weight kg [62.5]: `,
    /// `added kg [0]: `, `time [1:00]: `, `distance m [2000]: `, `series [3]: `.
    func prompt(_ step: Step) -> String {
        // An RPE already said (a one-line `100x5@8`, or the set `:edit` changes) shows on the last prompt.
        if let effort, step == Step.numbers(of: kind).last {
            var plain = self
            plain.effort = nil
            let shown = plain.prompt(step)
            if shown.hasSuffix("]: ") { return String(shown.dropLast(3)) + " \(effort.description)]: " }
            return String(shown.dropLast(2)) + " [\(effort.description)]: "
        }
        return switch step {
        case .weight where kind == .bodyweight: Turn.labelled("added \(unit.rawValue)", weight.map(AddedLoad.plain))
        case .weight: Turn.labelled("weight \(unit.rawValue)", weight.map(Decimal2.format))
        case .reps: Turn.labelled("reps", reps.map { String($0) })
        case .series: Turn.labelled("series", series.map { String($0) })
        case .duration: Turn.labelled("time", duration?.description)
        case .distance: Turn.labelled("distance \(shownDistanceUnit.rawValue)", distance?.plainNumber)
        case .user, .exercise: ""
        }
    }
}
