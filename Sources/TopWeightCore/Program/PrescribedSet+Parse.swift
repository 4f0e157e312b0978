extension PrescribedSet {
    /// Reads how a program writes sets, loads in `unit` when no unit is typed:
    /// one set `65%x5`, `85%x5+` (as many reps as possible, at least 5),
    /// `60kgx5`, `72.5%x3`; or several alike `5x5 @ 100%`, `3x8 @ 40kg`.
    /// The reason, with an example, when it doesn't read.
    public static func parseSets(_ raw: String, unit: WeightUnit) -> Result<[PrescribedSet], InputError> {
        let text = raw.filter { !$0.isWhitespace }.lowercased()
        let example = "65%x5, 85%x5+, 5x5@100% or 3x8@40kg"
        if let at = text.firstIndex(of: "@") {
            let counts = text[..<at].split(separator: "x", omittingEmptySubsequences: false)
            guard counts.count == 2, let series = Int(counts[0]), (1...20).contains(series) else {
                return .failure(InputError("sets at one load are written SERIESxREPS@LOAD", example: example))
            }
            return reps(counts[1], example: example).flatMap { reps in
                load(text[text.index(after: at)...], unit: unit, example: example).map { load in
                    Array(repeating: PrescribedSet(load: load, reps: reps.count, amrap: reps.amrap), count: series)
                }
            }
        }
        guard let cross = text.lastIndex(of: "x") else {
            return .failure(InputError("a set is written LOADxREPS", example: example))
        }
        return reps(text[text.index(after: cross)...], example: example).flatMap { reps in
            load(text[..<cross], unit: unit, example: example).map { [PrescribedSet(load: $0, reps: reps.count, amrap: reps.amrap)] }
        }
    }

    /// `5`, `5+`.
    private static func reps(_ text: Substring, example: String) -> Result<(count: Int, amrap: Bool), InputError> {
        let amrap = text.hasSuffix("+")
        let digits = amrap ? text.dropLast() : text
        guard digits.count <= 4, let count = Int(digits), Limits.reps.contains(count) else {
            return .failure(InputError("reps must be a whole number from 1 to 1000, with + for as many as possible", example: example))
        }
        return .success((count, amrap))
    }

    /// `65%`, `72.5%`, `60kg`, `135lb`, `60` (in `unit`).
    private static func load(_ text: Substring, unit: WeightUnit, example: String) -> Result<Load, InputError> {
        if text.hasSuffix("%") {
            guard let parsed = Decimal2.parse(text.dropLast()), let hundredths = parsed, hundredths % 10 == 0,
                  (10_00...150_00).contains(hundredths) else {
                return .failure(InputError("a share of the training max is from 10 % to 150 %, to a tenth", example: example))
            }
            return .success(.percent(hundredths / 10))
        }
        var number = text
        var typedUnit = unit
        if let split = NumberInput.splitUnit(text) {
            number = split.0
            typedUnit = split.1
        }
        guard let parsed = Decimal2.parse(number), let hundredths = parsed, hundredths <= typedUnit.maximumHundredths else {
            return .failure(InputError("a load is a share of the training max (65%) or a weight (60kg)", example: example))
        }
        guard hundredths > 0 else { return .failure(InputError("a fixed load is more than 0", example: example)) }
        return .success(.fixed(Weight(hundredths: hundredths, unit: typedUnit)))
    }
}
