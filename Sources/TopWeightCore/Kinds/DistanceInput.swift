// MARK: - At a distance prompt

extension Distance {
    public static let example = "2000m"

    /// What `typed` at `distance m [2000]:` makes of `current`: `""` keeps it,
    /// `+` `-` `++` `--` step by the unit's step (100 m, 0.5 km, 0.25 mi),
    /// `+500` / `-1km` move it, a distance replaces it in the unit it names
    /// (a bare number is in `unit`, the one shown). Range-checked; the reason
    /// with an example when it can't be.
    public static func read(_ raw: String, current: Distance?, unit: DistanceUnit) -> Result<Distance, InputError> {
        let text = Substring(raw.trimmingWhitespace())
        let shown = current?.unit ?? unit
        let steps: Int? = switch text {
        case "+": 1
        case "-": -1
        case "++": 2
        case "--": -2
        default: nil
        }
        if text.isEmpty {
            guard let current else { return .failure(InputError("distance has no default yet; type one", example: "2000m, 5km")) }
            return .success(current)
        }
        if let steps { return checked((current?.thousandths ?? 0) + steps * shown.stepThousandths, shown) }
        var sign = 0
        var body = text
        if let first = text.first, first == "+" || first == "-" || first == "\u{2212}" {
            sign = first == "+" ? 1 : -1
            body = text.dropFirst()
        }
        guard let parsed = parse(body, unit: shown) else {
            return .failure(InputError("distance must be a number with m, km or mi, a step (+ - ++ --) or +N/-N", example: "2000m, 5km, +500"))
        }
        switch parsed {
        case .failure(let error): return .failure(error)
        case .success(let typed):
            if sign == 0 { return .success(typed) }
            // A move in another unit is made in the one shown: `+1km` on 2 000 m is 3 000 m.
            let delta = typed.unit == shown ? typed.thousandths : Int((typed.metres / shown.metres * 1000).rounded())
            return checked((current?.thousandths ?? 0) + sign * delta, shown)
        }
    }

    private static func checked(_ thousandths: Int, _ unit: DistanceUnit) -> Result<Distance, InputError> {
        guard isInRange(thousandths, unit: unit) else {
            return .failure(InputError("a distance must be more than 0 and at most 1 000 km", example: "2000m, 5km"))
        }
        return .success(Distance(thousandths: thousandths, unit: unit))
    }

    /// The number as a prompt offers it: `2000`, `5`, `42.195` (no grouping, so it reads back as typed).
    public var plainNumber: String { number.filter { $0 != " " } }
}
