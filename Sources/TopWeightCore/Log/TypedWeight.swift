/// A weight typed as one word, for commands that take a weight and nothing
/// else (`:plates 100`, `:weigh 154lb`, `topweight body add 70,5`): a plain
/// number in `unit`, or a number with its own unit. No steps, no signs.
public enum TypedWeight {
    public static func parse(_ text: String, unit: WeightUnit) -> Result<Weight, InputError> {
        let example = unit == .kg ? "82.5 or 180lb" : "180 or 82.5kg"
        var number = Substring(text.trimmingWhitespace())
        var chosen = unit
        if let (rest, typed) = NumberInput.splitUnit(number) {
            number = rest
            chosen = typed
        }
        guard let parsed = Decimal2.parse(number) else {
            return .failure(InputError("the weight must be a number, with kg or lb after it if you like", example: example))
        }
        guard let hundredths = parsed else {
            return .failure(InputError("the weight takes at most two decimals", example: example))
        }
        guard hundredths <= chosen.maximumHundredths else {
            return .failure(InputError("the weight must be at most \(Decimal2.format(chosen.maximumHundredths)) \(chosen.rawValue)", example: example))
        }
        return .success(Weight(hundredths: hundredths, unit: chosen))
    }
}
