import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - Changing a saved set (`:edit [#ID]`)

extension Session {
    /// Asks exercise, weight, reps and series again, each with the set's own
    /// value as the default (steppers work), then changes the set in place:
    /// same id, `editedAt` stamped. In a kiosk a member edits only their own
    /// sets; another's needs the admin PIN.
    func edit(_ argument: String) -> Ending? {
        guard let target = editTarget(argument) else { return nil }
        if settings.kiosk, user.map({ NameRules.key($0.name) != NameRules.key(target.user) }) ?? true {
            // Without a PIN there is no admin to ask: a prompt would let any answer through.
            guard let pinIsSet = attempt({ () throws(LogbookError) in try store.adminPinIsSet() }) else { return nil }
            guard pinIsSet else {
                warn("#\(target.id) is \(target.user)'s set; at a shared terminal you can change only your own.")
                return nil
            }
            switch source.readSecret(prompt: "#\(target.id) is \(TerminalText.safe(target.user))'s set. Admin PIN: ") {
            case .line(let pin):
                guard admitted(pin, otherwise: "#\(target.id) is as it was.") else { return nil }
            case .terminated: return .terminated
            case .timedOut:
                idleResetFromModal()
                return nil
            case .interrupted, .endOfInput:
                warn("Not edited.")
                return nil
            }
        }
        say("Editing #\(target.id)  \(Lines.summary(target)). Enter keeps a value, < goes back, Ctrl-C leaves it as it was.")
        var exerciseName = target.exercise
        var draft = Draft(last: target.values)
        var field = 0
        while field < 4 {
            // Tagged like a plan's prompts, so they can't pass for the next entry's.
            let prompt = "[Edit #\(target.id)] " + {
                switch field {
                case 0: "exercise [\(exerciseName)]: "
                case 1: "weight \(draft.unit.rawValue) [\(Decimal2.format(draft.weight ?? 0))]: "
                case 2: "reps [\(draft.reps ?? 0)]: "
                default: "series [\(draft.series ?? 0)]: "
                }
            }()
            let event = source.readLine(prompt: prompt, complete: field == 0 ? { [weak self] in self?.completions(for: $0) ?? [] } : nil)
            let text: String
            switch event {
            case .line(let line): text = line.trimmingWhitespace()
            case .terminated: return .terminated
            case .timedOut:
                idleResetFromModal()
                return nil
            case .interrupted, .endOfInput:
                warn("Not edited; #\(target.id) is as it was.")
                return nil
            }
            if text == "<" {
                field = max(0, field - 1)
                continue
            }
            // A command here would act in the middle of the change (`:undo` on
            // the set being edited): `:help` tells the edit's keys, others wait.
            if text.hasPrefix(":") {
                let word = text.dropFirst().prefix { !$0.isWhitespace }.lowercased()
                if !word.isEmpty, "help".hasPrefix(word) {
                    say("Editing #\(target.id): Enter keeps a value, + - and numbers change it, < goes back, Ctrl-C leaves it as it was.")
                } else {
                    warn(":\(TerminalText.safe(String(word.prefix(20)))) waits until the edit is done: Enter keeps each value, Ctrl-C leaves #\(target.id) as it was.")
                }
                continue
            }
            if text.isEmpty {
                field += 1
                continue
            }
            if field == 0 {
                guard let name = editedExercise(text) else { continue }
                exerciseName = name
                field += 1
                continue
            }
            let numeric: NumericField = field == 1 ? .weight : field == 2 ? .reps : .series
            switch NumberInput.parse(text, field: numeric) {
            case .failure(let error):
                warn(error)
            case .success(let (input, typedUnit)):
                let unit = typedUnit ?? draft.unit
                switch input.apply(to: draft.value(of: numeric), field: numeric, unit: unit) {
                case .failure(let error): warn(error)
                case .success(let value):
                    draft.unit = unit
                    draft.set(numeric, value)
                    field += 1
                }
            }
        }
        guard let values = draft.values else { return nil }
        do {
            let changedExercise = NameRules.key(exerciseName) == NameRules.key(target.exercise)
                ? nil : try workouts.exercise(named: exerciseName)
            let (before, after) = try log.edit(id: target.id, exercise: changedExercise, weight: values.weight,
                                               reps: values.reps, series: values.series, now: settings.now())
            knownValues = [:]
            if let index = turn.saved.firstIndex(where: { $0.id == after.id }) { turn.saved[index] = after }
            say(Lines.edited(before, after))
            if exercise != nil, turn.plan == nil { loadDefaults() }
        } catch {
            warn(error.description)
        }
        return nil
    }

    /// The set `:edit` means: `#ID`, else this turn's last save, else the member's newest.
    private func editTarget(_ argument: String) -> WorkoutRecord? {
        var text = Substring(argument)
        if text.hasPrefix("#") { text = text.dropFirst() }
        if !text.isEmpty {
            guard let id = Int64(text), id > 0 else {
                warn(InputError("say which set by its number", example: ":edit #42"))
                return nil
            }
            guard let found = attempt({ () throws(LogbookError) in try store.record(id: id) }) else { return nil }
            guard let record = found, record.deletedAt == nil else {
                warn("No set #\(id)\(found?.deletedAt != nil ? " (it was deleted)" : ""); :history shows the numbers.")
                return nil
            }
            return record
        }
        if let last = turn.saved.last { return (attempt({ () throws(LogbookError) in try store.record(id: last.id) }) ?? nil) ?? last }
        guard let member = user ?? (settings.kiosk ? nil : defaultUser()) else {
            warn("Type your name first, or say which set: :edit #42")
            return nil
        }
        var query = HistoryQuery(userID: member.id)
        query.limit = 1
        guard let newest = attempt({ () throws(LogbookError) in try store.history(query) })?.first else {
            warn("\(member.name) has no sets to edit yet.")
            return nil
        }
        return newest
    }

    /// A known exercise's name (stored or in the catalog), or `nil` after saying why.
    private func editedExercise(_ text: String) -> String? {
        switch NameRules.validate(text, kind: .exercise) {
        case .failure(let error):
            warn(error)
            return nil
        case .success(let name):
            do {
                guard let known = try workouts.knownExercise(named: name, now: settings.now()) else {
                    warn(InputError("\(name) is not a known exercise; log it once to add it, or Tab for names", example: "Bench Press"))
                    return nil
                }
                return known.name
            } catch {
                warn(error.description)
                return nil
            }
        }
    }

    /// The idle timeout inside a command's own prompts: the same reset as at any prompt.
    func idleResetFromModal() {
        reset()
        warn("Idle for a while: back to the start. Type your name to log a set.")
    }
}
