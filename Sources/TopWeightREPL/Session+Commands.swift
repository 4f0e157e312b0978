import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases


// MARK: - `:` commands

extension Session {
    func run(command text: String) -> Outcome {
        let body = text.dropFirst()
        let word = body.prefix { !$0.isWhitespace }.lowercased()
        let argument = body.dropFirst(word.count).trimmingWhitespace()
        let matches = Command.allCases.filter { $0.rawValue.hasPrefix(word) }
        let exact = matches.first { $0.rawValue == word }
        if exact == nil, matches.count > 1, !word.isEmpty {
            // As git does with an ambiguous abbreviation: name the candidates, run none.
            let names = matches.map { ":" + $0.rawValue }
            warn(":\(word) could be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""); type more of it")
            return .done
        }
        guard !word.isEmpty, let command = exact ?? (matches.count == 1 ? matches[0] : nil)
        else {
            let shown = TerminalText.safe(String(text.prefix(20)))
            warn("Unknown command \(shown); :help lists them (e.g. :history)")
            return .done
        }
        switch command {
        case .help: showHelp()
        case .user: switchUser(argument)
        case .history: return showHistory(argument)
        case .users: listUsers()
        case .exercises: listExercises()
        case .unit: changeUnit(argument)
        case .undo: undo()
        case .edit: return edit(argument)
        case .note: return writeNote()
        case .date: changeDay(argument)
        case .calendar: return showCalendar(argument)
        case .repeat: repeatSession(argument)
        case .start: startRoutine(argument)
        case .chart: showChart(argument)
        case .plates: showPlates(argument)
        case .weigh: weigh(argument)
        case .prs: showRecords(argument)
        case .stats: showStats()
        case .quit:
            if !settings.kiosk { return .ended(.quit) }
            askForAdminPin()
        }
        return .done
    }

    /// In kiosk mode only the admin leaves, with the PIN; without a PIN only a signal stops it.
    ///
    /// Wrong PINs count in the database, shared with every terminal and the
    /// command line; a wrong and a locked attempt take the same time.
    private func askForAdminPin() {
        do {
            guard try prompts.adminPinIsSet() else {
                // The admin's command is the admin's business: members are not shown it.
                warn("This is a shared terminal: it stays open. Ctrl-D ends your turn.")
                return
            }
        } catch {
            warn(error.description)
            return
        }
        question = .adminPin
    }

    /// Whether `pin` is the admin's; says why not otherwise, then `otherwise`
    /// (what stays as it was: the terminal at `:quit`, the set at `:edit`).
    func admitted(_ pin: String, otherwise: String) -> Bool {
        do {
            return try workouts.admit(pin: pin, now: settings.now())
        } catch {
            // The command line's "wrong admin PIN; …", said to a member as "Wrong PIN. …".
            func sentence(_ text: some StringProtocol) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }
            let reason = error.description
            var told = sentence(reason)
            if reason.hasPrefix("wrong admin PIN") {
                let wait = reason.dropFirst("wrong admin PIN".count).drop { $0 == ";" || $0 == " " }
                told = "Wrong PIN." + (wait.isEmpty ? "" : " " + sentence(wait))
            }
            warn(told + " " + otherwise)
            return false
        }
    }

    private func showHelp() {
        say("Enter accepts the [default]; Tab completes names and commands.")
        say("At weight, reps, series: + - (one step)  ++ -- (two)  +N -N (relative)  N (exact)")
        say("Steps: 2.5 kg, 5 lb, 1 rep, 1 series. A unit may follow the weight: 135lb")
        say("One line: 'bench 62.5x8x3' at exercise, '62.5x8x3' at weight.")
        say("<  back one prompt   Ctrl-C  cancel the entry   Ctrl-D  end your turn")
        Command.help(kiosk: settings.kiosk).forEach(say)
    }

    private func switchUser(_ argument: String) {
        if argument.isEmpty {
            endTurn()
            return
        }
        if let member = resolveUser(argument) { selectUser(member) }
    }

    private func listUsers() {
        guard let summaries = attempt({ () throws(WorkoutsError) in try prompts.members() }) else { return }
        guard !summaries.isEmpty else {
            say("No members yet. Type a name at the user prompt to add one.")
            return
        }
        Lines.members(summaries, grouping: grouping, now: settings.now()).forEach(console.say)
    }

    private func listExercises() {
        do {
            let rows = try workouts.exerciseRows(includeCatalog: false)
            Lines.exercises(rows).forEach(console.say)
            let more = try workouts.exerciseRows(includeCatalog: true).count - rows.count
            say("\(rows.isEmpty ? "No exercises used yet; " : "")\(more) more in the catalog: Tab at the exercise prompt shows them.")
        } catch {
            warn(error.description)
        }
    }

    /// `:unit kg|lb`: every entry of the turn in that unit, a logged
    /// exercise's default weight offered in it; `:unit` alone says which.
    private func changeUnit(_ argument: String) {
        let change = ":unit kg or :unit lb sets one for your turn."
        guard !argument.isEmpty else {
            if turn.unitChosen {
                say("Weights are in \(unit.rawValue) until your turn ends. \(change)")
            } else if [.weight, .reps, .series].contains(step) {
                say("Weights are in \(draft.unit.rawValue) for this entry (an exercise starts in the unit it was last logged in). \(change)")
            } else {
                say("Weights are in \(unit.rawValue) for a new exercise; a logged one starts in the unit it was last logged in. \(change)")
            }
            return
        }
        guard let chosen = WeightUnit(parsing: Substring(argument)) else {
            warn(InputError("the unit must be kg or lb", example: ":unit lb"))
            return
        }
        unit = chosen
        turn.unitChosen = true
        switch step {
        // The weight is still to be typed: its default again, in the new unit.
        case .weight: if exercise != nil { loadDefaults() } else { draft.unit = chosen }
        // A weight already typed keeps the unit it was typed in.
        case .reps, .series: break
        case .user, .exercise: draft.unit = chosen
        }
        say("Weights in \(chosen.rawValue) until your turn ends.")
    }

    private func undo() {
        guard user != nil, let last = turn.saved.last else {
            warn("Nothing to undo: only your own sets saved here since you chose your name can be removed.")
            return
        }
        do {
            knownValues = [:]
            let removed = try prompts.undo(id: last.id, now: settings.now())
            // Off the list only once the store answered: a busy database leaves it to undo again.
            turn.saved.removeLast()
            if removed {
                say("Removed #\(last.id)  \(Lines.summary(last))")
            } else {
                warn("#\(last.id) was already removed.")
            }
            if exercise != nil { loadDefaults() }
        } catch {
            warn(error.description)
        }
    }

}
