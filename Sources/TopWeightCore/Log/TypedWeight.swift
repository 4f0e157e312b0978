/// A weight typed as one word, for commands that take a weight and nothing
/// else (`:plates 100`, `:weigh 154lb`, `topweight body add 70,5`): a plain
/// number in `unit`, or a number with its own unit. No steps.
public enum TypedWeight {
    /// A weight on the bar (`:plates`, `topweight plates`): read, then held to
    /// the range every lifted weight has (`NumericField.weight`'s).
    public static func parse(_ text: String, unit: WeightUnit) -> Result<Weight, InputError> {
        read(text, unit: unit).flatMap { weight in
            (0...weight.unit.maximumHundredths).contains(weight.hundredths)
                ? .success(weight) : .failure(NumberInput.rangeError(field: .weight, unit: weight.unit))
        }
    }

    /// The weight `text` names, in its own unit or else in `unit`, with no
    /// range of its own: the caller holds it to the one its number has (a
    /// body weight's is not a barbell's), so each number is checked once.
    /// A minus sign is read, to be refused by that range.
    public static func read(_ text: String, unit: WeightUnit) -> Result<Weight, InputError> {
        let example = unit == .kg ? "82.5 or 180lb" : "180 or 82.5kg"
        var number = Substring(text.trimmingWhitespace())
        var chosen = unit
        if let (rest, typed) = NumberInput.splitUnit(number) {
            number = rest
            chosen = typed
        }
        let negative = number.first == "-"
        if negative { number = number.dropFirst() }
        guard let parsed = Decimal2.parse(number) else {
            return .failure(InputError("the weight must be a number, with kg or lb after it if you like", example: example))
        }
        guard let hundredths = parsed else {
            return .failure(InputError("the weight takes at most two decimals", example: example))
        }
        return .success(Weight(hundredths: negative ? -hundredths : hundredths, unit: chosen))
    }
}
