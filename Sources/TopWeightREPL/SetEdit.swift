import TopWeightCore
import TopWeightText

/// A saved set being changed (`:edit`): a machine of its own in the flow's
/// state. Its values so far and the prompt at, the exercise then the
/// prompts of the set's kind (`time`, `series` for a hold); each event
/// returns what the flow must do (`Action`), and the edit never reads or
/// writes the logbook itself.
struct SetEdit: Equatable {
    var target: WorkoutRecord
    var exercise: String
    var draft: Draft
    /// The prompt at: `.exercise`, then the set's numbers; `nil` once all are answered.
    var step: Step? = .exercise

    init(_ target: WorkoutRecord) {
        self.target = target
        exercise = target.exercise
        // Its RPE stays unless another is typed.
        draft = Draft(last: target.values, keepEffort: true)
    }

    /// What the flow does after an event of the edit.
    enum Action: Equatable {
        /// The edit goes on at its prompt (`step`).
        case ask
        /// The edit goes on at the same prompt, told this first.
        case refuse(String)
        /// `:help` here: the edit's keys, at the same prompt.
        case help(String)
        /// Whether the exercise typed is known is for the session to find (`Event.editedExercise`).
        case checkExercise(String)
        /// Every prompt answered: the change, for the session to make; the edit is over.
        case commit(WorkoutRecord, exercise: String, values: SetValues)
        /// The edit is over, the set as it was, with why.
        case cancel(String)
        /// The edit is over with nothing to change.
        case close
    }

    /// What the flow says as the edit opens.
    var opening: String {
        "Editing \(target.number)  \(Lines.summary(target)). Enter keeps a value, < goes back, Ctrl-C leaves it as it was."
    }

    /// One answer: the exercise, then the prompts of the set's kind again,
    /// each with the set's own value as the default (steppers work, an
    /// `@RPE` after the last); after the last, the change. Ctrl-C or Ctrl-D
    /// leaves the set as it was.
    mutating func read(_ input: Flow.Input) -> Action {
        guard case .line(let line) = input else { return .cancel("Not edited; #\(target.id) is as it was.") }
        let text = line.trimmingWhitespace()
        if text == "<" {
            back()
            return .ask
        }
        if text.hasPrefix(":") {
            // A command here would act in the middle of the change (`:undo` on
            // the set being edited): `:help` tells the edit's keys, others wait.
            let word = text.dropFirst().prefix { !$0.isWhitespace }.lowercased()
            if !word.isEmpty, "help".hasPrefix(word) {
                return .help("Editing \(target.number): Enter keeps a value, + - and numbers change it, < goes back, Ctrl-C leaves it as it was.")
            }
            return .refuse(":\(TerminalText.safe(String(word.prefix(20)))) waits until the edit is done: Enter keeps each value, Ctrl-C leaves #\(target.id) as it was.")
        }
        guard !text.isEmpty else { return advance() }
        guard let step else { return .ask }
        if step == .exercise {
            switch NameRules.validate(text, kind: .exercise) {
            case .failure(let error): return .refuse(error.description)
            // A known exercise's name (stored or in the catalog), checked by the session.
            case .success(let name): return .checkExercise(name)
            }
        }
        if let problem = Flow.answer(text, at: step, into: &draft) { return .refuse(problem.description) }
        return advance()
    }

    /// The exercise the edit names, as the session found it (stored or in
    /// the catalog); an unknown one, or one of another kind, is asked again.
    mutating func exerciseFound(_ known: Exercise?, typed: String) -> Action {
        guard let known else {
            return .refuse(InputError("\(typed) is not a known exercise; log it once to add it, or Tab for names", example: "Bench Press").description)
        }
        // A hold's numbers make no lift of weights: the set moves only to an exercise of its kind.
        guard known.kind == draft.kind else {
            return .refuse(InputError("\(known.name) is a \(known.kind.rawValue) exercise and #\(target.id) a \(draft.kind.rawValue) set; choose one of its kind",
                                      example: exercise).description)
        }
        exercise = known.name
        return advance()
    }

    /// On to the prompt after `step`; after the last, the change.
    private mutating func advance() -> Action {
        step = step == .exercise ? Step.first(of: draft.kind) : step?.next(of: draft.kind)
        guard step == nil else { return .ask }
        guard let values = draft.values else { return .close }
        return .commit(target, exercise: exercise, values: values)
    }

    /// Where `<` goes: the prompt before, the exercise at most.
    private mutating func back() {
        guard let step, step != .exercise else { return }
        self.step = step.previous(of: draft.kind)
    }

    /// Tagged like a plan's prompts, so they can't pass for the next entry's.
    var prompt: String {
        "[Edit #\(target.id)] " + (step.map { $0 == .exercise ? "exercise [\(exercise)]: " : draft.prompt($0) } ?? "")
    }
}
