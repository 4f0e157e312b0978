// MARK: - At the `added kg [0]:` prompt

extension AddedLoad {
    /// What `typed` at `added kg [0]:` makes of `current` (signed hundredths):
    /// `bw`, `bw+10`, `bw-20` as written; a plain number is a load added;
    /// `""` keeps it; `+` `-` `++` `--` step by the unit's step and `+N` / `-N`
    /// move it, through zero into assistance. The unit is the one typed, else `unit`.
    public static func read(_ raw: String, current: Int?, unit: WeightUnit) -> Result<(value: Int, unit: WeightUnit), InputError> {
        if let parsed = parse(raw) {
            return parsed.map { (value: $0.hundredths, unit: $0.unit ?? unit) }
        }
        return NumberInput.parse(raw, field: .weight).flatMap { input, typedUnit in
            let unit = typedUnit ?? unit
            let value: Int
            switch input {
            case .keep:
                guard let current else { return .failure(InputError("the added load has no default yet; type one", example: "0, bw+10")) }
                value = current
            case .steps(let count): value = (current ?? 0) + count * unit.stepHundredths
            case .relative(let delta): value = (current ?? 0) + delta
            case .absolute(let load): value = load
            }
            guard isInRange(value, unit: unit) else {
                return .failure(InputError("an added load must be at most \(Decimal2.format(unit.maximumHundredths)) \(unit.rawValue) either way", example: "bw+10"))
            }
            return .success((value: value, unit: unit))
        }
    }

    /// As the prompt offers it: `0`, `10`, `-20`.
    public static func plain(_ hundredths: Int) -> String {
        hundredths < 0 ? "-" + Decimal2.format(-hundredths) : Decimal2.format(hundredths)
    }
}
