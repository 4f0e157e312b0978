/// The unit a distance was typed in; kept as typed, like a weight's.
public enum DistanceUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case m
    case km
    case mi

    /// Metres in one of this unit (a mile is 1 609.344 m).
    public var metres: Double {
        switch self {
        case .m: 1
        case .km: 1000
        case .mi: 1609.344
        }
    }

    /// One stepper step (`+` / `-`) at a distance prompt, in thousandths.
    public var stepThousandths: Int {
        switch self {
        case .m: 100_000
        case .km: 500
        case .mi: 250
        }
    }

    /// Reads `m`, `km`, `mi` and their spelled-out forms, in any case.
    public init?(parsing text: some StringProtocol) {
        switch text.lowercased() {
        case "m", "meter", "meters", "metre", "metres": self = .m
        case "km", "kms", "kilometer", "kilometers", "kilometre", "kilometres": self = .km
        case "mi", "mile", "miles": self = .mi
        default: return nil
        }
    }
}

/// A distance exactly as typed: a decimal with at most three fraction digits
/// (42.195 km) and its unit. `5km` stays 5 km; nothing is converted.
public struct Distance: Sendable, Hashable, Codable, CustomStringConvertible {
    public var thousandths: Int
    public var unit: DistanceUnit

    public init(thousandths: Int, unit: DistanceUnit) {
        self.thousandths = thousandths
        self.unit = unit
    }

    /// From a stored value, to the nearest thousandth.
    public init(value: Double, unit: DistanceUnit) {
        self.init(thousandths: Int((value * 1000).rounded()), unit: unit)
    }

    public var value: Double { Double(thousandths) / 1000 }
    public var metres: Double { value * unit.metres }

    /// Up to 1 000 km (or the same in metres and miles): a longer "set" is a typo.
    public static func isInRange(_ thousandths: Int, unit: DistanceUnit) -> Bool {
        thousandths > 0 && Double(thousandths) / 1000 * unit.metres <= 1_000_000
    }

    /// The number alone: `2 000`, `5`, `42.195`, `3.1` (thousands grouped with a space).
    public var number: String {
        let whole = thousandths / 1000
        var fraction = String(thousandths % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        var digits = String(whole)
        var grouped = ""
        while digits.count > 3 {
            grouped = " " + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        grouped = digits + grouped
        return fraction.isEmpty ? grouped : "\(grouped).\(fraction)"
    }

    /// `2 000 m`, `5 km`, `3.1 mi`.
    public var description: String { "\(number) \(unit.rawValue)" }

    /// Reads `2000m`, `2000 m`, `5km`, `3.1 mi`, `42.195km`; a number with no
    /// unit is in `unit`. `nil` when the text is no distance; the reason when
    /// it is one, wrongly written or out of range.
    public static func parse(_ raw: some StringProtocol, unit defaultUnit: DistanceUnit?) -> Result<Distance, InputError>? {
        let text = Substring(raw.filter { !$0.isSpace })
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        let unitText = text.dropFirst(number.count)
        guard !number.isEmpty else { return nil }
        let unit: DistanceUnit
        if unitText.isEmpty {
            guard let defaultUnit else { return nil }
            unit = defaultUnit
        } else {
            guard let typed = DistanceUnit(parsing: unitText) else { return nil }
            unit = typed
        }
        guard let thousandths = parseThousandths(number) else { return nil }
        guard let thousandths else {
            return .failure(InputError("a distance takes at most three decimals", example: "42.195km"))
        }
        guard isInRange(thousandths, unit: unit) else {
            return .failure(InputError("a distance must be more than 0 and at most 1 000 km", example: "2000m, 5km"))
        }
        return .success(Distance(thousandths: thousandths, unit: unit))
    }

    /// `2000`, `3.1`, `3,1` in thousandths. Outer `nil`: not a decimal;
    /// inner `nil`: more than three fraction digits.
    static func parseThousandths(_ text: Substring) -> Int?? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
        guard (1...2).contains(parts.count), !parts[0].isEmpty || parts.count == 2,
              parts.allSatisfy({ $0.count <= 9 }) else { return nil }
        let whole = parts[0].isEmpty ? 0 : Int(parts[0])
        guard let whole else { return nil }
        guard parts.count == 2 else { return .some(whole * 1000) }
        let fraction = parts[1]
        guard !fraction.isEmpty, let digits = Int(fraction) else { return nil }
        if fraction.count > 3 {
            return fraction.dropFirst(3).allSatisfy({ $0 == "0" }) ? .some(whole * 1000 + digits / pow10(fraction.count - 3)) : .some(nil)
        }
        return .some(whole * 1000 + digits * pow10(3 - fraction.count))
    }

    private static func pow10(_ n: Int) -> Int { (0..<n).reduce(1) { value, _ in value * 10 } }

    /// Seconds per kilometre over `duration`, for the fastest-pace PR.
    public func pace(over duration: SetDuration) -> Double {
        Double(duration.seconds) / (metres / 1000)
    }
}
