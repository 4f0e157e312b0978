import TopWeightCore

// MARK: - The numbers of a set, at its prompts or on one line

extension Flow {
    /// An answer at one of the set's prompts: a stepper, a number, a time or
    /// a distance (an `@8` after the last one), or at the first a whole set of
    /// the kind (`62.5x8x3`, `bw+10x8x3`, `1:30x3`, `2000m 7:45`). The next
    /// prompt, or a save; a wrong answer says why and the prompt is asked again.
    static func number(_ typed: String, in turn: inout Turn) -> [Effect] {
        let step = turn.step
        let kind = turn.draft.kind
        // A whole set typed apart at the first prompt (`62.5 8 3`, `1:30 3`), as `add` takes it.
        let text = step == Step.first(of: kind) ? SetLine.joinedNumbers(typed) ?? typed : typed
        if step == Step.first(of: kind), isWholeSet(text, of: kind) {
            switch KindedEntry.parse(text, kind: kind, distanceUnit: turn.draft.shownDistanceUnit) {
            case .failure(let error): return [.warn(error.description)]
            case .success(let entry): return apply(entry, to: &turn)
            }
        }
        var draft = turn.draft
        if let problem = answer(text, at: step, into: &draft) { return [.warn(problem.description)] }
        turn.draft = draft
        guard let next = step.next(of: kind) else { return save(in: &turn) }
        turn.step = next
        return []
    }

    /// Whether `text` at the first prompt of `kind` is a whole set rather than its first number.
    static func isWholeSet(_ text: String, of kind: ExerciseKind) -> Bool {
        let body = text.prefix { $0 != "@" }
        switch kind {
        // `5 mi` is one distance; `5km 25:00` a distance and its time.
        case .distance: return body.trimmingWhitespace().contains(where: \.isWhitespace) && Distance.parse(body, unit: .m) == nil
        case .time: return body.contains(where: OneLineEntry.isSeparator)
        case .weight, .bodyweight:
            guard let first = body.first, first.isASCII && (first.isNumber || first == "." || first == ",")
                || kind == .bodyweight && body.lowercased().hasPrefix("bw") else { return false }
            return body.contains(where: OneLineEntry.isSeparator)
        }
    }

    /// One prompt's answer taken into `draft` (the one parser behind the
    /// entry's prompts and `:edit`'s), or why not; `draft` is left as it
    /// was then. An `@RPE` may end the last prompt's answer only.
    static func answer(_ raw: String, at step: Step, into draft: inout Draft) -> InputError? {
        var text = raw.trimmingWhitespace()
        var effort: Effort?
        if let (rest, parsed) = Effort.split(text) {
            let steps = Step.numbers(of: draft.kind)
            guard step == steps.last else {
                let last = steps.last.map { draft.prompt($0).prefix { $0 != " " && $0 != "[" } } ?? "series"
                return InputError("an RPE goes after the last answer, the \(last)", example: step == .distance ? "7:45@8" : "3@8")
            }
            switch parsed {
            case .failure(let error): return error
            case .success(let value): effort = value
            }
            text = rest
        }
        var next = draft
        switch step {
        case .weight where draft.kind == .bodyweight:
            switch AddedLoad.read(text, current: draft.weight, unit: draft.unit) {
            case .failure(let error): return error
            case .success(let (value, unit)):
                next.weight = value
                next.unit = unit
            }
        case .weight, .reps, .series:
            let field: NumericField = step == .weight ? .weight : step == .reps ? .reps : .series
            switch NumberInput.read(text, field: field, current: draft.value(of: field), unit: draft.unit) {
            case .failure(let error): return error
            case .success(let (value, unit)):
                next.unit = unit
                next.set(field, value)
            }
        case .duration:
            switch SetDuration.input(text).flatMap({ SetDuration.apply($0, to: draft.duration) }) {
            case .failure(let error): return error
            case .success(let duration): next.duration = duration
            }
        case .distance:
            switch Distance.read(text, current: draft.distance, unit: draft.shownDistanceUnit) {
            case .failure(let error): return error
            case .success(let distance):
                next.distance = distance
                next.distanceUnit = distance.unit
            }
        case .user, .exercise:
            return nil
        }
        if let effort { next.effort = effort }
        draft = next
        return nil
    }

    /// A one-line entry's numbers, read in the kind of the exercise chosen:
    /// taken, or why they make no set of it (at the exercise prompt again).
    static func apply(_ line: SetLine, to turn: inout Turn) -> [Effect] {
        switch line.entry(for: turn.draft.kind, distanceUnit: turn.draft.shownDistanceUnit) {
        case .failure(let error):
            turn.step = .exercise
            let name = turn.exercise.map { "\($0.name) is a \($0.kind.rawValue) exercise: " } ?? ""
            return [.warn(name + error.description)]
        case .success(let entry):
            return apply(entry, to: &turn)
        }
    }

    /// The numbers of a whole set over the defaults: a save when the set is
    /// complete, else the first prompt still missing a number.
    static func apply(_ entry: KindedEntry, to turn: inout Turn) -> [Effect] {
        turn.draft.take(entry)
        guard let missing = turn.draft.missing else { return save(in: &turn) }
        turn.step = missing
        return []
    }
}
