import TopWeightCore
import TopWeightText

// MARK: - Changing a saved set (`:edit [#ID]`)

extension Flow {
    /// The set to change, found: exercise, weight, reps and series asked
    /// again, then changed in place (same id, `editedAt` stamped). In a kiosk
    /// a member edits only the sets saved in their turn (`Turn.mayChange`);
    /// another's, or one from before the turn, needs the admin PIN.
    static func editing(_ target: WorkoutRecord, in turn: inout Turn, _ context: Context) -> [Effect] {
        if target.isKept {
            // Its number is the terminal's until the server has it: said before any prompt.
            return [.warn("\(target.number) was kept on this terminal while the server was away: :undo it and save it again, or edit it by its number in :history once the server has it.")]
        }
        if !turn.mayChange(target, kiosk: context.kiosk) {
            return [.checkAdminPinSet(.edit(target))]
        }
        return open(.edit(SetEdit(target)), in: &turn)
    }

    /// The set `:edit #ID` names, or the newest of the member at hand: opened, or why there is none.
    static func editFound(_ found: WorkoutRecord?, id: Int64?, member: User?, in turn: inout Turn, _ context: Context) -> [Effect] {
        if let id {
            guard let found, found.deletedAt == nil else {
                return [.warn("No set #\(id)\(found?.deletedAt != nil ? " (it was deleted)" : ""); :history shows the numbers.")]
            }
            return editing(found, in: &turn, context)
        }
        guard let member else { return [.warn("Type your name first, or say which set: :edit #42")] }
        guard let found else { return [.warn("\(member.name) has no sets to edit yet.")] }
        return editing(found, in: &turn, context)
    }

    /// Whether the admin PIN can be asked: without one there is no admin to
    /// ask (a prompt would let any answer through), and a kiosk stays open.
    static func adminPinSet(_ isSet: Bool, for use: PinUse, in turn: inout Turn) -> [Effect] {
        switch use {
        case .quit:
            // The admin's command is the admin's business: members are not shown it.
            guard isSet else { return [.warn("This is a shared terminal: it stays open. Ctrl-D ends your turn.")] }
            turn.question = .adminPin
            return []
        case .edit(let target):
            // The member's own set from before the turn, or another member's.
            let whose = turn.isOwn(target) ? "#\(target.id) was saved before this turn" : "#\(target.id) is \(target.user)'s set"
            guard isSet else {
                let own = turn.isOwn(target) ? "only the sets saved since you typed your name" : "only your own"
                return [.warn("\(whose); at a shared terminal you can change \(own).")]
            }
            return open(.pin(use, asking: whose + "."), in: &turn)
        case .publish(let member):
            guard isSet else { return [.warn("\(member.name) stays private: at a shared terminal only the admin puts a private member back on the board.")] }
            return open(.pin(use, asking: "Putting \(member.name) back on the board takes the admin."), in: &turn)
        }
    }

    /// The admin PIN typed at a kiosk: checked, else nothing changes.
    static func pin(for use: PinUse, _ event: Input, in turn: inout Turn) -> [Effect] {
        turn.mode = .entry
        guard case .line(let pin) = event else { return [.warn(unchanged(use))] }
        return [.admit(pin, use)]
    }

    /// What stays as it was when the PIN is not given.
    private static func unchanged(_ use: PinUse) -> String {
        switch use {
        case .quit: "This terminal stays open; Ctrl-D ends your turn."
        case .edit(let target): "#\(target.id) is as it was."
        case .publish(let member): "\(member.name) stays private."
        }
    }

    /// The admin PIN checked: the terminal closes, or the set opens for its
    /// change; refused, what stays as it was is said after why.
    static func admitted(_ use: PinUse, refusal: String?, in turn: inout Turn) -> [Effect] {
        if let reason = refusal { return [.warn(Flow.refusal(reason, otherwise: unchanged(use)))] }
        switch use {
        case .quit: return [.end(.quit)]
        case .edit(let target): return open(.edit(SetEdit(target)), in: &turn)
        case .publish(let member): return [.fetch(.privacy(member, false))]
        }
    }

    /// A refused PIN, said to a member: the command line's "wrong admin PIN;
    /// …" as "Wrong PIN. …", then what stays as it was.
    static func refusal(_ reason: String, otherwise: String) -> String {
        func sentence(_ text: some StringProtocol) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }
        var told = sentence(reason)
        if reason.hasPrefix("wrong admin PIN") {
            let wait = reason.dropFirst("wrong admin PIN".count).drop { $0 == ";" || $0 == " " }
            told = "Wrong PIN." + (wait.isEmpty ? "" : " " + sentence(wait))
        }
        return told + " " + otherwise
    }

    /// One answer while a set is changed: the exercise, then the prompts of
    /// the set's kind again, each with the set's own value as the default
    /// (steppers work, an `@RPE` after the last); after the last, the change.
    /// Ctrl-C or Ctrl-D leaves the set as it was.
    static func edit(_ edit: SetEdit, _ event: Input, in turn: inout Turn) -> [Effect] {
        var edit = edit
        turn.mode = .entry
        guard case .line(let line) = event else { return [.warn("Not edited; #\(edit.target.id) is as it was.")] }
        let text = line.trimmingWhitespace()
        var effects: [Effect] = []
        if text == "<" {
            edit.back()
        } else if text.hasPrefix(":") {
            // A command here would act in the middle of the change (`:undo` on
            // the set being edited): `:help` tells the edit's keys, others wait.
            let word = text.dropFirst().prefix { !$0.isWhitespace }.lowercased()
            if !word.isEmpty, "help".hasPrefix(word) {
                effects = [.say("Editing \(edit.target.number): Enter keeps a value, + - and numbers change it, < goes back, Ctrl-C leaves it as it was.")]
            } else {
                effects = [.warn(":\(TerminalText.safe(String(word.prefix(20)))) waits until the edit is done: Enter keeps each value, Ctrl-C leaves #\(edit.target.id) as it was.")]
            }
        } else if text.isEmpty {
            edit.advance()
        } else if edit.step == .exercise {
            switch NameRules.validate(text, kind: .exercise) {
            case .failure(let error): effects = [.warn(error.description)]
            // A known exercise's name (stored or in the catalog), checked by the session.
            case .success(let name): effects = [.checkEditedExercise(name)]
            }
        } else if let step = edit.step {
            if let problem = answer(text, at: step, into: &edit.draft) {
                effects = [.warn(problem.description)]
            } else {
                edit.advance()
            }
        }
        return effects + next(edit, in: &turn)
    }

    /// The exercise the edit names, as the session found it (stored or in the
    /// catalog); an unknown one is asked again.
    static func editedExercise(_ known: Exercise?, typed: String, in turn: inout Turn) -> [Effect] {
        guard let known else {
            return [.warn(InputError("\(typed) is not a known exercise; log it once to add it, or Tab for names", example: "Bench Press").description)]
        }
        guard case .edit(var edit) = turn.mode else { return [] }
        // A hold's numbers make no lift of weights: the set moves only to an exercise of its kind.
        guard known.kind == edit.draft.kind else {
            return [.warn(InputError("\(known.name) is a \(known.kind.rawValue) exercise and #\(edit.target.id) a \(edit.draft.kind.rawValue) set; choose one of its kind",
                                     example: edit.exercise).description)]
        }
        edit.exercise = known.name
        edit.advance()
        return next(edit, in: &turn)
    }

    /// The set changed: said; the turn's copy and the numbers it knew are
    /// replaced, and the entry's defaults read again.
    static func edited(_ before: WorkoutRecord, _ after: WorkoutRecord, in turn: inout Turn) -> [Effect] {
        turn.knownValues = [:]
        if let index = turn.saved.firstIndex(where: { $0.id == after.id }) { turn.saved[index] = after }
        let reload = turn.exercise != nil && turn.plan == nil ? defaults(then: nil, in: &turn) : []
        return [.say(Lines.edited(before, after))] + reload
    }

    /// The next prompt of the edit, or, after the series, the change itself.
    private static func next(_ edit: SetEdit, in turn: inout Turn) -> [Effect] {
        guard edit.step == nil else {
            turn.mode = .edit(edit)
            return []
        }
        turn.mode = .entry
        guard let values = edit.draft.values else { return [] }
        return [.commitEdit(edit.target, exercise: edit.exercise, values: values)]
    }
}
