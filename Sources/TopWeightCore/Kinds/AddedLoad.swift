/// The load on top of body weight for a bodyweight exercise, in hundredths
/// of its unit: positive is added (a belt), negative is assistance (a band),
/// zero is body weight alone. Typed `bw`, `bw+10`, `bw-20`, `bw+22.5lb`, or
/// at the `added kg [0]:` prompt as a plain number; shown `BW`, `BW + 10 kg`,
/// `BW − 20 kg`.
public enum AddedLoad {
    /// `BW`, `BW + 10 kg`, `BW − 20 kg` (a true minus sign).
    public static func describe(_ hundredths: Int, unit: WeightUnit) -> String {
        if hundredths == 0 { return "BW" }
        let sign = hundredths > 0 ? "+" : "\u{2212}"
        return "BW \(sign) \(Decimal2.format(abs(hundredths))) \(unit.rawValue)"
    }

    /// The largest load either way: as heavy as the unit's heaviest weight.
    public static func isInRange(_ hundredths: Int, unit: WeightUnit) -> Bool {
        abs(hundredths) <= unit.maximumHundredths
    }

    /// Reads a `bw` form: `bw` → 0, `bw+10` → +10, `bw-20kg` → −20 in kg.
    /// `nil` when the text doesn't start with `bw`; the reason when the rest
    /// is wrong (`bw+`, `bw10`).
    public static func parse(_ raw: some StringProtocol) -> Result<(hundredths: Int, unit: WeightUnit?), InputError>? {
        let text = Substring(raw.filter { !$0.isSpace })
        guard text.count >= 2, text.prefix(2).lowercased() == "bw" else { return nil }
        var rest = text.dropFirst(2)
        if rest.isEmpty { return .success((0, nil)) }
        guard let sign = rest.first, sign == "+" || sign == "-" || sign == "\u{2212}" else {
            return .failure(InputError("after bw comes + or − and a load", example: "bw+10, bw-20"))
        }
        rest = rest.dropFirst()
        var unit: WeightUnit?
        if let split = NumberInput.splitUnit(rest) {
            rest = split.0
            unit = split.1
        }
        guard let parsed = Decimal2.parse(rest) else {
            return .failure(InputError("after bw\(sign) comes a load", example: "bw\(sign == "+" ? "+" : "-")10"))
        }
        guard let magnitude = parsed else {
            return .failure(InputError("a load takes at most two decimals", example: "bw+10"))
        }
        let hundredths = sign == "+" ? magnitude : -magnitude
        guard isInRange(hundredths, unit: unit ?? .kg) else {
            return .failure(InputError("an added load must be at most \(Decimal2.format((unit ?? .kg).maximumHundredths)) \((unit ?? .kg).rawValue) either way", example: "bw+10"))
        }
        return .success((hundredths, unit))
    }
}
