/// What was typed at a numeric prompt, before it meets the current value.
///
/// `""` keeps the default, `+` `-` `++` `--` step, `+N` `-N` move relative,
/// a plain number replaces. Weights may carry a unit: `135lb`, `+5 lb`.
public enum NumberInput: Sendable, Equatable {
    case keep
    case steps(Int)
    case relative(Int)
    case absolute(Int)

    /// Parses one numeric prompt's input. Values are in the field's scale
    /// (hundredths for weight). Returns the unit when one was typed.
    public static func parse(_ raw: String, field: NumericField) -> Result<(NumberInput, WeightUnit?), InputError> {
        var text = Substring(raw.trimmingWhitespace())
        var unit: WeightUnit?
        if field == .weight, let (rest, parsedUnit) = splitUnit(text) {
            text = rest
            unit = parsedUnit
            if text.isEmpty { return .success((.keep, unit)) }
        }
        switch text {
        case "": return .success((.keep, unit))
        case "+": return .success((.steps(1), unit))
        case "-": return .success((.steps(-1), unit))
        case "++": return .success((.steps(2), unit))
        case "--": return .success((.steps(-2), unit))
        default: break
        }
        var sign = 0
        if let first = text.first, first == "+" || first == "-" {
            sign = first == "+" ? 1 : -1
            text = text.dropFirst()
        }
        guard let value = parseMagnitude(text, field: field) else {
            return .failure(invalid(raw, field: field))
        }
        switch value {
        case .failure(let error): return .failure(error)
        case .success(let magnitude):
            if sign == 0 { return .success((.absolute(magnitude), unit)) }
            return .success((.relative(sign * magnitude), unit))
        }
    }

    /// Applies this input to the current value and checks the field's range.
    ///
    /// Steps and relative moves never go below the field's minimum; an absolute
    /// value outside the range is refused.
    public func apply(to current: Int?, field: NumericField, unit: WeightUnit) -> Result<Int, InputError> {
        let maximum = field.maximum(unit: unit)
        let result: Int
        switch self {
        case .keep:
            guard let current else {
                return .failure(InputError("\(field.rawValue) has no default yet; type a number", example: field.example))
            }
            result = current
        case .steps(let count):
            result = max(field.minimum, (current ?? 0) + count * field.step(unit: unit))
        case .relative(let delta):
            result = max(field.minimum, (current ?? 0) + delta)
        case .absolute(let value):
            result = value
        }
        guard result >= field.minimum, result <= maximum else {
            return .failure(Self.rangeError(field: field, unit: unit))
        }
        return .success(result)
    }

    // MARK: - Helpers

    static func rangeError(field: NumericField, unit: WeightUnit) -> InputError {
        let low = field.format(field.minimum)
        let high = field.format(field.maximum(unit: unit))
        switch field {
        case .weight:
            return InputError("weight must be from \(low) to \(high) \(unit.rawValue)", example: field.example)
        case .reps, .series:
            return InputError("\(field.rawValue) must be a whole number from \(low) to \(high)", example: field.example)
        }
    }

    static func invalid(_ raw: String, field: NumericField) -> InputError {
        switch field {
        case .weight:
            InputError("weight must be a number, a step (+ - ++ --) or +N/-N", example: "62.5, +, -5, 135lb")
        case .reps, .series:
            InputError("\(field.rawValue) must be a whole number, a step (+ - ++ --) or +N/-N", example: field.example)
        }
    }

    private static func parseMagnitude(_ text: Substring, field: NumericField) -> Result<Int, InputError>? {
        guard let parsed = Decimal2.parse(text) else { return nil }
        guard let hundredths = parsed else {
            return .failure(InputError("\(field.rawValue) takes at most two decimals", example: field.example))
        }
        if field == .weight { return .success(hundredths) }
        guard hundredths % 100 == 0 else {
            return .failure(InputError("\(field.rawValue) must be a whole number", example: field.example))
        }
        return .success(hundredths / 100)
    }

    /// Splits a trailing `kg` / `lb` (with or without a space) off a weight.
    static func splitUnit(_ text: Substring) -> (Substring, WeightUnit)? {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)].isLetter {
            end = text.index(before: end)
        }
        guard end < text.endIndex, let unit = WeightUnit(parsing: text[end...]) else { return nil }
        return (Substring(text[..<end].trimmingWhitespace()), unit)
    }
}

extension StringProtocol {
    /// The text without leading and trailing Unicode whitespace.
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
