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

    /// What `typed` at a numeric prompt makes of `current`: the new value in
    /// range and the unit it is in (`135lb` names its own, else `unit`), or
    /// why not. The one parser behind the logger's prompts and `:edit`.
    public static func read(_ typed: String, field: NumericField, current: Int?, unit: WeightUnit) -> Result<(value: Int, unit: WeightUnit), InputError> {
        parse(typed, field: field).flatMap { input, typedUnit in
            let unit = typedUnit ?? unit
            return input.apply(to: current, field: field, unit: unit).map { (value: $0, unit: unit) }
        }
    }

    /// A plain number in range, as a command-line argument gives it: steps
    /// and moves mean nothing without a prompt (`-60` is a number, refused by
    /// the range). A weight may name its unit (`135lb`), else it is in `unit`.
    public static func plain(_ typed: String, field: NumericField, unit: WeightUnit) -> Result<(value: Int, unit: WeightUnit), InputError> {
        parse(typed, field: field).flatMap { input, typedUnit in
            let value: Int
            switch input {
            case .absolute(let number): value = number
            // A negative number is still a number: `-60` is refused by the range below.
            case .relative(let number) where number <= 0: value = number
            default: return .failure(InputError("\(field.rawValue) must be a plain number here", example: field.example))
            }
            let unit = typedUnit ?? unit
            return NumberInput.absolute(value).apply(to: nil, field: field, unit: unit).map { (value: $0, unit: unit) }
        }
    }

    /// Applies this input to the current value and checks the field's range.
    ///
    /// A step or relative move that would leave the range is refused with the
    /// reason (`-999` on 100 kg is not silently 0 kg); so is an absolute value
    /// outside it. The arithmetic never traps, whatever the current value.
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
            let (delta, overflow) = count.multipliedReportingOverflow(by: field.step(unit: unit))
            guard !overflow else { return .failure(Self.rangeError(field: field, unit: unit)) }
            return Self.move(current, by: delta, field: field, unit: unit)
        case .relative(let delta):
            return Self.move(current, by: delta, field: field, unit: unit)
        case .absolute(let value):
            result = value
        }
        guard result >= field.minimum, result <= maximum else {
            return .failure(Self.rangeError(field: field, unit: unit))
        }
        return .success(result)
    }

    /// `current + delta` (from nothing: from 0, or 1 for reps and series), or why not.
    private static func move(_ current: Int?, by delta: Int, field: NumericField, unit: WeightUnit) -> Result<Int, InputError> {
        let start = current ?? (delta < 0 ? field.minimum : 0)
        let (result, overflow) = start.addingReportingOverflow(delta)
        if !overflow, result >= field.minimum, result <= field.maximum(unit: unit) { return .success(result) }
        if !overflow, result < field.minimum {
            // `reps can't go below 1: 10 - 20 is -10 (e.g. -9)`: the sum, and the largest step down that fits.
            let low = field.format(field.minimum)
            let unitText = field == .weight ? " \(unit.rawValue)" : ""
            let room = start - field.minimum
            return .failure(InputError(
                "\(field.rawValue) can't go below \(low)\(unitText): \(field.format(start)) - \(field.format(Int(clamping: delta.magnitude))) is \(field.format(result))",
                example: room > 0 ? "-" + field.format(room) : field.format(field.minimum)
            ))
        }
        return .failure(rangeError(field: field, unit: unit))
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
        // Printable ASCII at both ends (nearly every line typed): nothing to
        // trim, and no character to walk. A character ending in such a byte
        // starts with a scalar that is no space.
        let printableEnds = utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
        }
        if printableEnds == true { return String(self) }
        guard let first = firstIndex(where: { !$0.isSpace }),
              let last = lastIndex(where: { !$0.isSpace })
        else { return "" }
        return String(self[first...last])
    }
}

extension Character {
    /// `isWhitespace`, answered for ASCII (almost everything typed) without
    /// looking Unicode's properties up: tab, line feed, vertical tab, form
    /// feed, carriage return (and CR LF) and space.
    @inlinable
    public var isSpace: Bool {
        if let byte = asciiValue { return byte == 0x20 || (0x09...0x0D).contains(byte) }
        return isWhitespace
    }

    /// `isASCII && isNumber`: 0 to 9, without looking Unicode's properties up.
    @inlinable
    public var isASCIIDigit: Bool {
        guard let byte = asciiValue else { return false }
        return (0x30...0x39).contains(byte)
    }
}
