/// The numbers of one set of any kind, as typed on one line after the
/// exercise's name (or at its first prompt): `100x5x3@8`, `bw+10x8x3`,
/// `bwx12x3`, `1:30x3`, `2000m 7:45`, `5km 25:00`. What is not typed is
/// `nil` and comes from the prompts' defaults.
public struct KindedEntry: Sendable, Equatable {
    /// A weight's load, or a bodyweight exercise's added load (negative: assistance), in hundredths.
    public var loadHundredths: Int?
    public var unit: WeightUnit?
    public var reps: Int?
    public var series: Int?
    public var duration: SetDuration?
    public var distance: Distance?
    public var effort: Effort?

    public init(loadHundredths: Int? = nil, unit: WeightUnit? = nil, reps: Int? = nil, series: Int? = nil,
                duration: SetDuration? = nil, distance: Distance? = nil, effort: Effort? = nil) {
        self.loadHundredths = loadHundredths
        self.unit = unit
        self.reps = reps
        self.series = series
        self.duration = duration
        self.distance = distance
        self.effort = effort
    }

    /// The example of a whole set of `kind`, for a message.
    public static func example(_ kind: ExerciseKind) -> String {
        switch kind {
        case .weight: "100x5x3"
        case .bodyweight: "bw+10x8x3"
        case .time: "1:30x3"
        case .distance: "2000m 7:45"
        }
    }

    /// Reads the numbers of a set of `kind`; `distanceUnit` is what a bare
    /// distance is in. The reason, with an example of the kind, when they don't read.
    public static func parse(_ raw: String, kind: ExerciseKind, distanceUnit: DistanceUnit = .m) -> Result<KindedEntry, InputError> {
        var text = raw.trimmingWhitespace()
        var entry = KindedEntry()
        if let (rest, effort) = Effort.split(text) {
            switch effort {
            case .failure(let error): return .failure(error)
            case .success(let value): entry.effort = value
            }
            text = rest
        }
        // Made only when the numbers don't read (`fits` reads them as every kind).
        var refusal: InputError { InputError("a \(kind.rawValue) set is written \(shape(kind))", example: example(kind)) }
        switch kind {
        case .weight, .bodyweight:
            let parts = text.filter { !$0.isSpace }.split(whereSeparator: OneLineEntry.isSeparator)
            guard (2...3).contains(parts.count) else { return .failure(refusal) }
            switch load(parts[0], kind: kind) {
            case .failure(let error): return .failure(error)
            case .success(let (hundredths, unit)):
                entry.loadHundredths = hundredths
                entry.unit = unit
            }
            switch wholeNumbers(parts.dropFirst(), names: [.reps, .series]) {
            case .failure(let error): return .failure(error)
            case .success(let numbers):
                entry.reps = numbers[0]
                entry.series = numbers.count > 1 ? numbers[1] : nil
            }
        case .time:
            let parts = text.filter { !$0.isSpace }.split(whereSeparator: OneLineEntry.isSeparator)
            guard (1...2).contains(parts.count), let parsed = SetDuration.parse(parts[0]) else { return .failure(refusal) }
            switch parsed {
            case .failure(let error): return .failure(error)
            case .success(let duration): entry.duration = duration
            }
            switch wholeNumbers(parts.dropFirst(), names: [.series]) {
            case .failure(let error): return .failure(error)
            case .success(let numbers): entry.series = numbers.first
            }
        case .distance:
            let words = text.split(whereSeparator: { $0.isSpace })
            guard words.count == 2, let distance = Distance.parse(words[0], unit: distanceUnit),
                  let duration = SetDuration.parse(words[1]) else { return .failure(refusal) }
            switch (distance, duration) {
            case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
            case (.success(let d), .success(let t)):
                entry.distance = d
                entry.duration = t
            }
        }
        return .success(entry)
    }

    /// How a set of `kind` is written, for a message.
    public static func shape(_ kind: ExerciseKind) -> String {
        switch kind {
        case .weight: "WEIGHTxREPSxSERIES"
        case .bodyweight: "bw[+LOAD]xREPSxSERIES"
        case .time: "TIMExSERIES"
        case .distance: "DISTANCE TIME"
        }
    }

    private static func load(_ text: Substring, kind: ExerciseKind) -> Result<(Int, WeightUnit?), InputError> {
        if kind == .bodyweight, let parsed = AddedLoad.parse(text) {
            return parsed.map { ($0.hundredths, $0.unit) }
        }
        switch NumberInput.parse(String(text), field: .weight) {
        case .failure(let error): return .failure(error)
        case .success(let (.absolute(hundredths), unit)):
            let limit = (unit ?? .kg).maximumHundredths
            guard hundredths <= limit else { return .failure(NumberInput.rangeError(field: .weight, unit: unit ?? .kg)) }
            return .success((hundredths, unit))
        case .success:
            return .failure(InputError("a set's load is a number", example: example(kind)))
        }
    }

    private static func wholeNumbers(_ parts: ArraySlice<Substring>, names: [NumericField]) -> Result<[Int], InputError> {
        var numbers: [Int] = []
        for (part, field) in zip(parts, names) {
            guard part.allSatisfy({ $0.isASCIIDigit }), part.count <= 6, let value = Int(part) else {
                return .failure(NumberInput.invalid(String(part), field: field))
            }
            guard value >= field.minimum, value <= field.maximum(unit: .kg) else {
                return .failure(NumberInput.rangeError(field: field, unit: .kg))
            }
            numbers.append(value)
        }
        return .success(numbers)
    }
}
