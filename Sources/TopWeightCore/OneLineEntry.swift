/// The power user's form: `bench 62.5x8x3` at the exercise prompt, `62.5x8x3` at the weight prompt.
public struct OneLineEntry: Sendable, Equatable {
    /// The exercise name typed before the numbers, if any.
    public var exercise: String?
    /// Weight in hundredths; the unit is `nil` when none was typed.
    public var weightHundredths: Int
    public var unit: WeightUnit?
    public var reps: Int
    /// `nil` when only `WEIGHTxREPS` was typed (the weight prompt allows it).
    public var series: Int?

    public init(exercise: String?, weightHundredths: Int, unit: WeightUnit?, reps: Int, series: Int?) {
        self.exercise = exercise
        self.weightHundredths = weightHundredths
        self.unit = unit
        self.reps = reps
        self.series = series
    }

    /// Recognises `NAME WEIGHTxREPSxSERIES`. Returns `nil` when the line is not
    /// of that shape (it is then an exercise name), or an error when the numbers
    /// are there but wrong.
    public static func parseWithExercise(_ line: String) -> Result<OneLineEntry, InputError>? {
        let text = collapsingSeparators(line)
        guard let space = text.lastIndex(where: { $0 == " " }) else { return nil }
        let name = text[..<space].trimmingWhitespace()
        let numbers = text[text.index(after: space)...]
        guard !name.isEmpty, looksLikeNumbers(numbers), numbers.split(whereSeparator: isSeparator).count >= 3 else {
            return nil
        }
        return parseNumbers(numbers, requireSeries: true).map {
            var entry = $0
            entry.exercise = name
            return entry
        }
    }

    /// Recognises `WEIGHTxREPS` or `WEIGHTxREPSxSERIES` at the weight prompt.
    /// Returns `nil` when the line has no `x` (it is then a plain weight).
    public static func parseNumbersOnly(_ line: String) -> Result<OneLineEntry, InputError>? {
        let text = Substring(collapsingSeparators(line))
        guard text.contains(where: isSeparator), looksLikeNumbers(text) else { return nil }
        return parseNumbers(text, requireSeries: false)
    }

    /// Why text typed where a new exercise's name goes is a set rather than
    /// a name (`55x5x5`, `62.5 kg`), or a name with a weight stuck to it
    /// (`bench 135`), or a set of another kind (`1:30x3`, `bwx12x3`, `80x8x3@8`):
    /// such text is never offered as a new exercise. `nil`
    /// for a name (`Bicep 21s`, `5/3/1 Press` stay names).
    /// `exercise` names the lift in the example (the prompt's default, say).
    public static func setInName(_ text: String, exercise: String = "Bench Press") -> InputError? {
        let words = collapsingSeparators(text).split(separator: " ")
        guard let last = words.last else { return nil }
        // `-60x5x5`: a load is never below nothing (an assisted set is `bw-20`).
        if last.first == "-", last.count > 1, isNumbersWord(last.dropFirst()) {
            let unsigned = last.dropFirst()
            let parts = unsigned.split(whereSeparator: isSeparator).count
            let set = parts >= 3 ? String(unsigned) : parts == 2 ? "\(unsigned)x3" : "\(unsigned)x5x3"
            let name = words.count == 1 ? exercise : words.dropLast().joined(separator: " ")
            return InputError("\(last) has a negative weight: a weight is 0 or more, and an assisted set is bw-20x6x2", example: "\(name) \(set)")
        }
        // `3@8`, `@8`, `100x5x3@8`: numbers rated after an `@` are a set's too.
        let bare = last.prefix { $0 != "@" }
        let rating = last.dropFirst(bare.count)
        // Only a number after the `@` is a rating: `@SUM(A1)` or `@home` stay names.
        let rated = rating.count > 1 && rating.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        guard isNumbersWord(last) || SetLine.isSetWord(String(last)) || rated && (bare.isEmpty || isNumbersWord(bare)) else { return nil }
        // The example is a whole set that saves: a lone weight gets reps and
        // series, weight × reps its series (never the very text typed).
        let parts = bare.split(whereSeparator: isSeparator).count
        let set = bare.isEmpty ? "100x5x3\(rating)"
            : !isNumbersWord(bare) || parts >= 3 ? String(last)
            : parts == 2 ? "\(bare)x3\(rating)" : "\(bare)x5x3\(rating)"
        if words.count == 1 {
            return InputError("\(last) is a set, not an exercise: name the exercise first", example: "\(exercise) \(set)")
        }
        let name = words.dropLast().joined(separator: " ")
        return InputError("a name can't end in a number (\(last) looks like a weight); a set is the name, then weight×reps×series",
                          example: "\(name) \(set)")
    }

    /// A weight or a set: digits with a decimal mark, `x` between numbers,
    /// and a unit at the end of a number (`135`, `62.5kg`, `55x5x5`).
    static func isNumbersWord(_ word: Substring) -> Bool {
        let parts = word.split(whereSeparator: isSeparator)
        guard !parts.isEmpty, parts.count <= 3, !(word.first.map(isSeparator) ?? true) else { return false }
        return parts.allSatisfy { part in
            var number = part
            if let unitStart = part.firstIndex(where: { $0.isLetter }) {
                guard WeightUnit(parsing: part[unitStart...]) != nil else { return false }
                number = part[..<unitStart]
            }
            let digits = number.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
            return (1...2).contains(digits.count) && digits.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        }
    }

    // MARK: - Helpers

    public static func isSeparator(_ character: Character) -> Bool {
        character == "x" || character == "X" || character == "×" || character == "*"
    }

    /// True when the token is made of digits, separators, decimal marks and a unit.
    static func looksLikeNumbers(_ token: Substring) -> Bool {
        guard let first = token.first, first.isASCII, first.isNumber || first == "." || first == "," else {
            return false
        }
        return token.allSatisfy { isSeparator($0) || $0.isASCII && ($0.isNumber || $0.isLetter || $0 == "." || $0 == ",") }
    }

    /// Removes spaces around separators and collapses runs of whitespace:
    /// `bench  62.5 x 8 x 3` → `bench 62.5x8x3`. Only numbers are glued, so the
    /// words of `Box Squat` or `Cable Xover` stay apart.
    static func collapsingSeparators(_ line: String) -> String {
        var out = ""
        // The last word of `out` so far: the words glued since its last space.
        var lastWord = ""
        for word in line.split(whereSeparator: { $0.isSpace }) {
            let glue = looksLikeNumbers(Substring(lastWord))
                && (lastWord.last.map(isSeparator) == true || word.first.map(isSeparator) == true)
                || (word.allSatisfy { $0.isLetter } && WeightUnit(parsing: word) != nil && out.last?.isNumber == true)
            if !out.isEmpty && !glue {
                out.append(" ")
                lastWord = ""
            }
            out.append(contentsOf: word)
            lastWord.append(contentsOf: word)
        }
        return out
    }

    static func parseNumbers(_ text: Substring, requireSeries: Bool) -> Result<OneLineEntry, InputError> {
        let example = "62.5x8x3"
        let parts = text.split(whereSeparator: isSeparator)
        guard parts.count == 3 || (!requireSeries && parts.count == 2) else {
            return .failure(InputError("write weight, reps and series as WEIGHTxREPSxSERIES", example: example))
        }
        let weight: (NumberInput, WeightUnit?)
        switch NumberInput.parse(String(parts[0]), field: .weight) {
        case .success(let parsed): weight = parsed
        case .failure(let error): return .failure(error)
        }
        guard case .absolute(let hundredths) = weight.0 else {
            return .failure(InputError("the weight must be a plain number here", example: example))
        }
        let unit = weight.1 ?? .kg
        guard hundredths <= unit.maximumHundredths else {
            return .failure(NumberInput.rangeError(field: .weight, unit: unit))
        }
        var counts: [Int] = []
        for (part, field) in zip(parts.dropFirst(), [NumericField.reps, .series]) {
            guard case .success(let (input, _)) = NumberInput.parse(String(part), field: field),
                  case .absolute(let value) = input
            else {
                return .failure(InputError("\(field.rawValue) must be a whole number", example: example))
            }
            guard value >= field.minimum, value <= field.maximum(unit: unit) else {
                return .failure(NumberInput.rangeError(field: field, unit: unit))
            }
            counts.append(value)
        }
        return .success(OneLineEntry(
            exercise: nil, weightHundredths: hundredths, unit: weight.1,
            reps: counts[0], series: counts.count > 1 ? counts[1] : nil
        ))
    }
}
