import Foundation
import TopWeightCore

/// Numbers as other apps write them: `62.5`, `35.0`, `13.0` reps, float noise
/// such as `149.99999999999997`, a decimal comma (`62,5`) from a semicolon
/// file. Anything else is refused rather than guessed at (`1,000`, `1e3`,
/// `NaN`, `0x10`).
enum SourceValues {
    /// The decimal written in `text` (surrounding spaces ignored), `nil` when it is none.
    static func decimal(_ text: some StringProtocol) -> Double? {
        var digits = ""
        var separator: Character?
        var fractionDigits = 0
        var sawDigit = false
        var negative = false
        for (offset, character) in text.trimmingCharacters(in: .whitespaces).enumerated() {
            switch character {
            case "0"..."9":
                digits.append(character)
                sawDigit = true
                if separator != nil { fractionDigits += 1 }
            case "." where separator == nil, "," where separator == nil:
                separator = character
                digits.append(".")
            case "-" where offset == 0:
                negative = true
            default:
                return nil
            }
        }
        guard sawDigit else { return nil }
        // `1,000` is a thousand to some and one to others: neither is guessed.
        if separator == ",", fractionDigits == 3 { return nil }
        guard let value = Double(digits), value.isFinite else { return nil }
        return negative ? -value : value
    }

    /// A weight in hundredths (the store keeps two decimals): float noise
    /// such as `149.99999999999997` or a float32 `76.80000305175781` is read
    /// as what was meant; a genuinely finer weight (`22.6796`) is rounded and
    /// said so (`exact` false).
    static func hundredths(_ value: Double) -> (hundredths: Int, exact: Bool) {
        let rounded = (value * 100).rounded()
        let noise = max(abs(value), 1) * 1e-6
        return (Int(rounded), abs(value - rounded / 100) <= noise)
    }

    /// A whole number of reps: `8`, `13.0`; `nil` for `8.5` or text.
    static func whole(_ text: some StringProtocol) -> Int? {
        guard let value = decimal(text), value >= 0, value <= 1_000_000, value == value.rounded() else { return nil }
        return Int(value)
    }

    /// A field's text as a message quotes it: at most 40 characters.
    static func shown(_ text: some StringProtocol) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 40 ? String(trimmed.prefix(39)) + "…" : trimmed
    }

    /// True when a distance, a time in seconds or a `0:05:00` duration is there and not zero.
    static func isNonZero(_ text: some StringProtocol) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return false }
        if let value = decimal(trimmed) { return value != 0 }
        // `0:05:00`, `1h 3m`, `55s`: any non-zero digit is some time.
        return trimmed.contains { $0.isASCII && $0.isNumber && $0 != "0" }
    }
}
