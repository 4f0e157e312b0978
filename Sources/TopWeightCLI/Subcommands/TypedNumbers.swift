import TopWeightCore

/// The numbers of one set as `add` is given them (words, or the logger's one
/// line), read in the kind of the exercise they are for.
struct TypedNumbers {
    /// The words, `--` and a separate `@RPE` taken out.
    var words: [String]
    /// `--rpe`, or an `@RPE` that ended the words.
    var effort: Effort?
    var unit: WeightUnit?

    init(_ raw: [String], rpe: String?, unit: WeightUnit?) throws {
        // argument-parser hands the `--` that ends the options over with the values.
        var words = raw.filter { $0 != "--" }
        self.unit = unit
        if let last = words.last, let (rest, parsed) = Effort.split(last) {
            effort = try parsed.mapError { Failure.input($0) }.get()
            if rest.isEmpty { words.removeLast() } else { words[words.count - 1] = rest }
        }
        if let rpe {
            let given = try Effort.parse(rpe.hasPrefix("@") ? String(rpe.dropFirst()) : rpe).mapError { Failure.input($0) }.get()
            guard effort == nil || effort == given else { throw Failure.input("the RPE is given twice (\(effort?.description ?? "") and --rpe \(rpe)); give it once") }
            effort = given
        }
        self.words = words
    }

    /// The kinds the numbers make a whole set of.
    var fits: [ExerciseKind] {
        ExerciseKind.allCases.filter { (try? values(as: $0)) != nil }
    }

    /// The kind the numbers look written for, whose reason a refusal gives.
    var likelyKind: ExerciseKind {
        if words.count == 3 && !words.contains(where: { $0.lowercased().hasPrefix("bw") }) { return .weight }
        return SetLine(exercise: "", numbers: words.joined(separator: words.count == 2 && words[1].contains(":") && !words[0].contains(":") && words[0].last?.isLetter == true ? " " : "x")).shape
    }

    /// The set as one of `kind`, or why not (naming the exercise when given).
    func values(as kind: ExerciseKind, exercise: String? = nil) throws -> SetValues {
        do {
            return try read(as: kind)
        } catch let error as Failure {
            guard let exercise, case .input(let message) = error else { throw error }
            throw Failure.input("\(exercise) is a \(kind.rawValue) exercise: \(message)")
        }
    }

    /// The set as separate words: `62.5 8 3`, `1:30 3`.
    private static func words(of kind: ExerciseKind) -> String {
        switch kind {
        case .weight: "62.5 8 3"
        case .bodyweight: "bw+10 8 3"
        case .time: "1:30 3"
        case .distance: "5km 25:00"
        }
    }

    private func read(as kind: ExerciseKind) throws -> SetValues {
        let wanted = switch kind {
        case .weight: "the weight, the reps and the series"
        case .bodyweight: "the load added (bw, bw+10, bw-20 or a number), the reps and the series"
        case .time: "the time and the series"
        case .distance: "the distance and the time"
        }
        let whole = InputError("give \(wanted) (\(words.count) given)", example: "\(KindedEntry.example(kind)) or \(Self.words(of: kind))")
        // Three words of a weight set, each read as before (`-60` is a weight out of range, not a step).
        if words.count == 3, kind == .weight || kind == .bodyweight {
            let reps = try AddCommand.number(words[1], field: .reps)
            let series = try AddCommand.number(words[2], field: .series)
            if kind == .bodyweight, let added = AddedLoad.parse(words[0]) {
                let (load, typedUnit) = try added.mapError { Failure.input($0) }.get()
                return .bodyweight(load: load, unit: typedUnit ?? unit ?? .kg, reps: reps, series: series, effort: effort)
            }
            let weight = try AddCommand.weight(words[0], unit: unit ?? .kg)
            if kind == .bodyweight { return .bodyweight(load: weight.hundredths, unit: weight.unit, reps: reps, series: series, effort: effort) }
            return SetValues(weight: weight, reps: reps, series: series, effort: effort)
        }
        guard (1...2).contains(words.count) else { throw Failure.input(whole) }
        let text = words.joined(separator: kind == .distance ? " " : "x")
        let entry = try KindedEntry.parse(text, kind: kind).mapError { Failure.input($0) }.get()
        let effort = entry.effort ?? self.effort
        switch kind {
        case .weight, .bodyweight:
            guard let load = entry.loadHundredths, let reps = entry.reps, let series = entry.series else { throw Failure.input(whole) }
            let unit = entry.unit ?? unit ?? .kg
            if kind == .bodyweight { return .bodyweight(load: load, unit: unit, reps: reps, series: series, effort: effort) }
            return SetValues(weight: Weight(hundredths: load, unit: unit), reps: reps, series: series, effort: effort)
        case .time:
            guard let duration = entry.duration, let series = entry.series else { throw Failure.input(whole) }
            return .timed(duration, series: series, unit: unit ?? .kg, effort: effort)
        case .distance:
            guard let distance = entry.distance, let duration = entry.duration else { throw Failure.input(whole) }
            return .covered(distance, in: duration, unit: unit ?? .kg, effort: effort)
        }
    }
}
