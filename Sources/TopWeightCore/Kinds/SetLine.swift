/// A whole set typed on one line after its exercise's name, of any kind:
/// `bench 62.5x8x3`, `squat 100x5x3@8`, `pull-up bw+10x8x3`, `dip bwx12x3`,
/// `plank 1:30x3`, `row 2000m 7:45`, `run 5km 25:00`. The name and the
/// numbers are split by the numbers' shape; the numbers are read once the
/// exercise, and so its kind, is known (`entry(for:distanceUnit:)`), and
/// meanwhile say which kinds they would make a set of (`fits`), so that a
/// short name picks a lift of the kind typed (`row 2000m 7:45` is Rowing
/// Machine, not Barbell Row).
public struct SetLine: Sendable, Hashable {
    /// The name before the numbers, as typed.
    public var exercise: String
    /// The numbers as typed: `62.5x8x3@8`, `2000m 7:45`.
    public var numbers: String
    /// The kinds the numbers read as, in the kinds' order: `100x5x3` fits
    /// weight and bodyweight (a load added), `1:30x3` fits time.
    public var fits: [ExerciseKind]
    /// The numbers as a weight set, when they read as one: `fits` read them
    /// so, and the save needs them again (`entry(for:)`), so they are read
    /// once. Kept with the numbers it was read from: a line whose numbers
    /// are changed reads them anew.
    private var weight: (numbers: String, entry: KindedEntry)?

    /// A line whose numbers are already read (`quick`).
    init(exercise: String, numbers: String, fits: [ExerciseKind], weight: KindedEntry?) {
        self.exercise = exercise
        self.numbers = numbers
        self.fits = fits
        self.weight = weight.map { (numbers, $0) }
    }

    public init(exercise: String, numbers: String) {
        self.exercise = exercise
        self.numbers = numbers
        // A distance set is two words (`2000m 7:45`): numbers with no space
        // in them are not read as one.
        // Numbers with no `b` in them have no `bw` load: they read as a
        // bodyweight set exactly when they read as a weight set.
        let spaced = numbers.contains { $0.isSpace }
        let bodyLoad = numbers.contains { $0 == "b" || $0 == "B" }
        var weight: KindedEntry?
        fits = ExerciseKind.allCases.filter { kind in
            switch kind {
            case .distance where !spaced: return false
            case .bodyweight where !bodyLoad: return weight != nil
            default: break
            }
            guard case .success(let read) = KindedEntry.parse(numbers, kind: kind) else { return false }
            if kind == .weight { weight = read }
            return true
        }
        self.weight = weight.map { (numbers, $0) }
    }

    // Equal by what was typed and what it fits: the weight read is theirs.
    public static func == (left: SetLine, right: SetLine) -> Bool {
        left.exercise == right.exercise && left.numbers == right.numbers && left.fits == right.fits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(exercise)
        hasher.combine(numbers)
        hasher.combine(fits)
    }

    /// Splits `NAME NUMBERS`; `nil` when the line doesn't end in a set (it
    /// is then a name). A weight set is whole here (`WEIGHTxREPSxSERIES`), so
    /// `bench 135` stays a name (refused as one: `OneLineEntry.setInName`).
    public static func split(_ line: String) -> SetLine? {
        var words = joinedUnits(OneLineEntry.collapsingSeparators(line).split(separator: " ").map(String.init))
        // `100x5x3 @8`: the RPE as a word of its own belongs to the set.
        if words.count >= 3, let last = words.last, last.hasPrefix("@") {
            words.removeLast()
            words[words.count - 1] += last
        }
        guard words.count >= 2, let last = words.last else { return nil }
        if words.count >= 3, isDistanceWord(words[words.count - 2]), isTimeWord(withoutEffort(last), alone: true) {
            let name = words.dropLast(2).joined(separator: " ")
            return SetLine(exercise: name, numbers: words.suffix(2).joined(separator: " "))
        }
        guard isSetWord(last) else { return nil }
        return SetLine(exercise: words.dropLast().joined(separator: " "), numbers: last)
    }

    /// Whether `word` (one word, an RPE may end it) is a set of some kind:
    /// `100x5x3`, `bwx12x3`, `bw+10x8`, `1:30x3`, `90s`.
    public static func isSetWord(_ word: String) -> Bool {
        let body = withoutEffort(word)
        if startsWithBW(body) { return body.dropFirst(2).contains(where: OneLineEntry.isSeparator) }
        if isTimeWord(body, alone: false) { return true }
        return OneLineEntry.isNumbersWord(Substring(body)) && body.split(whereSeparator: OneLineEntry.isSeparator).count == 3
    }

    /// The numbers read as a set of `kind` (a bare distance in `distanceUnit`),
    /// or the reason, with an example of that kind.
    /// Numbers well written for another kind (`1:30x3` for a bench press) are
    /// told the shape of this one, not a detail of the first number.
    public func entry(for kind: ExerciseKind, distanceUnit: DistanceUnit = .m) -> Result<KindedEntry, InputError> {
        if kind == .weight, let weight, weight.numbers == numbers { return .success(weight.entry) }
        let read = KindedEntry.parse(numbers, kind: kind, distanceUnit: distanceUnit)
        if case .failure = read, !fits.isEmpty {
            return .failure(InputError("a \(kind.rawValue) set is written \(KindedEntry.shape(kind))", example: KindedEntry.example(kind)))
        }
        return read
    }

    /// The kind the numbers are written as, whether or not they read: what a
    /// refusal is about when no kind fits (`plank 1:75x3` is a wrong time).
    public var shape: ExerciseKind {
        if let fit = fits.first { return fit }
        let body = Self.withoutEffort(numbers)
        if body.contains(" ") { return .distance }
        if Self.startsWithBW(body) { return .bodyweight }
        if Self.isTimeWord(body, alone: false) { return .time }
        return .weight
    }

    // MARK: - Helpers

    /// `2000 m` typed apart: one word, `2000m`.
    private static func joinedUnits(_ words: [String]) -> [String] {
        var out: [String] = []
        for word in words {
            if let previous = out.last, DistanceUnit(parsing: word) != nil, word.allSatisfy(\.isLetter),
               previous.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }), previous.first?.isNumber == true {
                out[out.count - 1] = previous + word
            } else {
                out.append(word)
            }
        }
        return out
    }

    /// `bw`, `BW`, `Bw` or `bW` first (`lowercased().hasPrefix("bw")`, without making the lowercase copy).
    static func startsWithBW(_ word: String) -> Bool {
        var characters = word.makeIterator()
        guard let first = characters.next(), first == "b" || first == "B", let second = characters.next() else { return false }
        return second == "w" || second == "W"
    }

    private static func withoutEffort(_ word: String) -> String {
        guard let at = word.firstIndex(of: "@") else { return word }
        return String(word[..<at])
    }

    /// `2000m`, `5km`, `3.1mi`: a number and its unit.
    private static func isDistanceWord(_ word: String) -> Bool {
        let digits = word.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        guard !digits.isEmpty, digits.first?.isNumber == true else { return false }
        return DistanceUnit(parsing: word.dropFirst(digits.count)) != nil
    }

    /// A duration with a colon or a unit (`1:30`, `90sx3`, `2mx3`), then at
    /// most `xSERIES` unless `alone`: a bare number is a weight's, not a time.
    private static func isTimeWord(_ word: String, alone: Bool) -> Bool {
        let parts = word.split(whereSeparator: OneLineEntry.isSeparator)
        guard let first = parts.first, parts.count <= (alone ? 1 : 2), !(word.first.map(OneLineEntry.isSeparator) ?? true) else { return false }
        guard first.contains(":") || first.contains(where: \.isLetter), SetDuration.parse(first) != nil else { return false }
        // `Bicep 21s` is a name: a time with a unit and no series stands only after a distance.
        guard alone || parts.count == 2 || first.contains(":") else { return false }
        return parts.dropFirst().allSatisfy { $0.allSatisfy { $0.isASCIIDigit } && !$0.isEmpty }
    }
}
