import TopWeightCore

// MARK: - What is checked before a name is looked up or a set saved

extension Flow {
    /// The entry complete: saved, unless a number is far outside what the
    /// member does (`UnusualEntry`), which is asked about once first at a
    /// terminal (piped input is saved as it says).
    static func save(in turn: inout Turn) -> [Effect] {
        guard turn.attended, let values = turn.draft.values, values != turn.confirmed, let chosen = turn.exercise else { return [.save] }
        let planned = turn.plan.flatMap { $0.isCurrent(chosen.name) ? $0.current?.values : nil }
        let known = (turn.reach[chosen.id] ?? []) + [planned, turn.knownValues[chosen.id]].compactMap { $0 }
        guard let odd = UnusualEntry.check(values, against: known, exercise: chosen.name) else { return [.save] }
        let step: Step = switch odd.field {
        case .weight: .weight
        case .reps: .reps
        case .series: .series
        }
        turn.question = .unusual(TerminalText.safe(odd.sentence), at: step)
        return []
    }

    /// The answer to a question: a new member or exercise created or not,
    /// the admin's PIN checked, an unusual entry saved as it is (yes) or
    /// back at the prompt of the odd number, the others kept (no).
    static func answered(_ question: Question, _ reply: Question.Reply, in turn: inout Turn) -> [Effect] {
        switch question {
        case .newMember(let name):
            return reply == .yes ? [.createMember(name)] : [.warn("Not created. Tab completes known names.")]
        case .newExercise(let name, let entry):
            return reply == .yes ? [.createExercise(name, then: entry)] : [.warn("Not created. Tab completes known exercises.")]
        case .adminPin:
            guard case .pin(let typed) = reply else { return [] }
            return [.admit(typed, .quit)]
        case .unusual(_, let step):
            if reply == .yes {
                turn.confirmed = turn.draft.values
                return [.save]
            }
            turn.step = step
            return [.warn("Not saved: type the \(step.rawValue) again; Ctrl-C drops the entry.")]
        }
    }

    /// The member's set of an exercise, read or saved: part of the range
    /// the turn checks entries against (a few per exercise: no repeats).
    static func reached(_ values: SetValues, of exercise: Int64, in turn: inout Turn) {
        guard !(turn.reach[exercise] ?? []).contains(values) else { return }
        turn.reach[exercise, default: []].append(values)
    }

    /// Whether a line typed where a name goes is a set instead
    /// (`bench 60x5x5`, `60x5x5`, `bench 60 8 3`, `plank 1:30x3`).
    static func isSet(_ text: String) -> Bool {
        SetLine.split(text) != nil || SetLine.isSetWord(text) || SetLine.spaced(text) != nil
            || OneLineEntry.parseWithExercise(text) != nil
    }
}
