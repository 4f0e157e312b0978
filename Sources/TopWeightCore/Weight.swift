/// A weight as entered: an exact decimal with at most two fraction digits, and its unit.
///
/// Kept as whole hundredths so that steppers and round trips never drift
/// (60 + 2.5 is exactly 62.5, and 135 lb reads back as 135 lb).
public struct Weight: Sendable, Hashable, Codable {
    public var hundredths: Int
    public var unit: WeightUnit

    public init(hundredths: Int, unit: WeightUnit) {
        self.hundredths = hundredths
        self.unit = unit
    }

    /// The value as a `Double`, for storage and JSON.
    public var value: Double { Double(hundredths) / 100 }

    /// Creates a weight from a stored `Double`, rounding to hundredths.
    public init(value: Double, unit: WeightUnit) {
        self.init(hundredths: Int((value * 100).rounded()), unit: unit)
    }

    /// This weight in `unit` (1 lb = 0.45359237 kg), to the nearest stepper
    /// step of that unit (2.5 kg, 5 lb): a default to offer, loadable with
    /// plates, never a record's value (records keep what was typed).
    public func offered(in unit: WeightUnit) -> Weight {
        guard unit != self.unit else { return self }
        let value = unit == .kg ? self.value * 0.45359237 : self.value / 0.45359237
        let step = Double(unit.stepHundredths) / 100
        return Weight(hundredths: Int((value / step).rounded()) * unit.stepHundredths, unit: unit)
    }

    /// The number alone, shortest form: `62.5`, `135`, `0.25`.
    public var number: String { Decimal2.format(hundredths) }

    /// The number with its unit: `62.5 kg`.
    public var description: String { "\(number) \(unit.rawValue)" }
}

/// Formatting and parsing of non-negative decimals with at most two fraction digits.
public enum Decimal2 {
    /// Formats hundredths without trailing zeros: 6250 → "62.5", 13500 → "135".
    public static func format(_ hundredths: Int) -> String {
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Parses `62`, `62.5`, `62,5`, `.5`, `0.25` into hundredths.
    ///
    /// Only ASCII digits and one decimal separator are accepted, so `1e309`,
    /// `NaN`, `inf` and `0x10` are refused instead of being read as something else.
    public static func parse(_ text: Substring) -> Int?? {
        // Outer nil: not a decimal at all. Inner nil: a decimal with too many fraction digits.
        var whole = 0
        var fraction = 0
        var fractionDigits = 0
        var seenSeparator = false
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                let digit = Int(byte - UInt8(ascii: "0"))
                if seenSeparator {
                    fractionDigits += 1
                    if fractionDigits <= 2 { fraction = fraction * 10 + digit }
                    else if digit != 0 { return .some(nil) }
                } else {
                    // Saturate instead of overflowing; validation refuses it later.
                    whole = whole > 1_000_000_000 ? whole : whole * 10 + digit
                }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                if seenSeparator { return nil }
                seenSeparator = true
            default:
                return nil
            }
        }
        guard digits > 0 else { return nil }
        if fractionDigits == 1 { fraction *= 10 }
        return .some(whole * 100 + fraction)
    }
}
