import Foundation
import TopWeightCore
import TopWeightText

// MARK: - `:` commands

extension Flow {
    /// A `:` command line at any prompt (or after `:` under the calendar): the
    /// commands that only change the turn are decided here; the others are a
    /// request to the session (`Effect.fetch`, `.findMember`).
    static func command(_ text: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        let body = text.dropFirst()
        let word = body.prefix { !$0.isWhitespace }.lowercased()
        let argument = body.dropFirst(word.count).trimmingWhitespace()
        let matches = Command.allCases.filter { $0.rawValue.hasPrefix(word) }
        let exact = matches.first { $0.rawValue == word }
        if exact == nil, matches.count > 1, !word.isEmpty {
            // As git does with an ambiguous abbreviation: name the candidates, run none.
            let names = matches.map { ":" + $0.rawValue }
            return [.warn(":\(word) could be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""); type more of it")]
        }
        guard !word.isEmpty, let command = exact ?? (matches.count == 1 ? matches[0] : nil) else {
            let shown = TerminalText.safe(String(text.prefix(20)))
            return [.warn("Unknown command \(shown); :help lists them (e.g. :history)")]
        }
        // A card's number is read after `:user` alone: never named back in a warning.
        if command != .user, context.cards.holdsCard(argument) { return [.warn(Door.cardElsewhere)] }
        switch command {
        case .help: return help(kiosk: context.kiosk)
        // `:user NAME` answers as the user prompt would; `:user` alone ends the turn.
        case .user: return argument.isEmpty ? endTurn(in: &turn, everyone: true, context) : who(argument, context)
        case .group: return group(argument, in: &turn, context)
        case .leave: return leave(in: &turn, context)
        case .unit: return unit(argument, in: &turn)
        case .date: return day(argument, in: &turn, context)
        case .plates: return plates(argument, at: turn.draft)
        case .undo: return undo(in: &turn)
        case .history: return history(argument, in: turn, context)
        case .edit: return edit(argument)
        // About the member's own training: the member first (`Event.member`).
        case .calendar, .note, .repeat, .chart, .weigh, .prs, .stats, .today, .go, .private, .rest: return [.findMember(command, argument)]
        case .start: return argument.isEmpty ? [.fetch(.routines)] : [.findMember(.start, argument)]
        // Only the log of the member whose turn it is: never the last member's, nor one named.
        case .search: return search(argument, of: turn.user, rows: context.rows)
        // Where members scan cards, no names listed, as Tab offers none (under `pin`, names are typed, and Tab offers them).
        case .users: return offersMemberNames(context) ? [.fetch(.members)] : [.say(Door.noMemberList)]
        case .exercises: return [.fetch(.exercises)]
        // In kiosk mode only the admin leaves, with the PIN.
        case .quit: return context.kiosk ? [.checkAdminPinSet(.quit)] : [.end(.quit)]
        }
    }

    /// `:search WORDS`: the turn's member's own days that hold them, as
    /// many as a screen shows whole (a day takes about three lines), else 10.
    private static func search(_ words: String, of member: User?, rows: Int?) -> [Effect] {
        guard let member else { return [.warn("Type your name first: :search looks through your own log.")] }
        guard !SearchWords.terms(in: words).isEmpty else {
            return [.warn(InputError("say what to look for: a word of a note, an exercise, a routine or a program", example: ":search squat").description)]
        }
        return [.fetch(.search(member, words, limit: rows.map { max(3, ($0 - 4) / 3) } ?? 10))]
    }

    private static func help(kiosk: Bool) -> [Effect] {
        [
            "Enter accepts the [default]; Tab completes names and commands.",
            "At weight, reps, series: + - (one step)  ++ -- (two)  +N -N (relative)  N (exact)",
            "Steps: 2.5 kg, 5 lb, 1 rep, 1 series. A unit may follow the weight: 135lb",
            "One line: 'bench 62.5x8x3' at exercise, '62.5x8x3' at weight.",
            "<  back one prompt   Ctrl-C  cancel the entry   Ctrl-D  end your turn",
        ].map(Effect.say) + Command.help(kiosk: kiosk).map(Effect.say)
    }

    /// `:unit kg|lb`: every entry of the turn in that unit, a logged
    /// exercise's default weight offered in it; `:unit` alone says which.
    private static func unit(_ argument: String, in turn: inout Turn) -> [Effect] {
        let change = ":unit kg or :unit lb sets one for your turn."
        guard !argument.isEmpty else {
            if turn.unitChosen {
                return [.say("Weights are in \(turn.unit.rawValue) until your turn ends. \(change)")]
            } else if turn.step.isNumber {
                return [.say("Weights are in \(turn.draft.unit.rawValue) for this entry (an exercise starts in the unit it was last logged in). \(change)")]
            }
            return [.say("Weights are in \(turn.unit.rawValue) for a new exercise; a logged one starts in the unit it was last logged in. \(change)")]
        }
        guard let chosen = WeightUnit(parsing: Substring(argument)) else {
            return [.warn(InputError("the unit must be kg or lb", example: ":unit lb").description)]
        }
        turn.unit = chosen
        turn.unitChosen = true
        var effects: [Effect] = []
        switch turn.step {
        // The weight is still to be typed: its default again, in the new unit.
        case .weight: if turn.exercise != nil { effects = defaults(then: nil, in: &turn) } else { turn.draft.unit = chosen }
        // A weight already typed keeps the unit it was typed in.
        case .reps, .series, .duration, .distance: break
        case .user, .exercise: turn.draft.unit = chosen
        }
        return effects + [.say("Weights in \(chosen.rawValue) until your turn ends.")]
    }

    /// `:history [NAME|all] [N]`: whose and how many (`Query.whoseHistory`).
    private static func history(_ argument: String, in turn: Turn, _ context: Context) -> [Effect] {
        var words = argument.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        var limit: Int?
        // A last word written as a number is the count, in range or not (it is no name).
        if let last = words.last, WholeNumber.isWritten(last) {
            switch WholeNumber.parse(last, "the number of records", in: 1...10_000, example: ":history all 50") {
            case .success(let count): limit = count
            case .failure(let error): return [.warn(error.description)]
            }
            words.removeLast()
        }
        // Where members see only their own, no other name is even looked up.
        if let refusal = historyRefusal(words.joined(separator: " "), in: turn, context) { return [.warn(refusal)] }
        return [.fetch(.whoseHistory(words.joined(separator: " "), limit: limit))]
    }

    /// `:edit [#ID]`: the set's number, or none for the one at hand (`Query.setToEdit`).
    private static func edit(_ argument: String) -> [Effect] {
        var text = Substring(argument)
        if text.hasPrefix("#") { text = text.dropFirst() }
        guard !text.isEmpty else { return [.fetch(.setToEdit(nil))] }
        guard let id = Int64(text), id > 0 else {
            return [.warn(InputError("say which set by its number", example: ":edit #42").description)]
        }
        return [.fetch(.setToEdit(id))]
    }

    /// `:undo`: the member's last set saved here in this turn, removed by the session (`Event.undone`).
    private static func undo(in turn: inout Turn) -> [Effect] {
        guard turn.user != nil, let last = turn.saved.last else {
            return [.warn("Nothing to undo: only your own sets saved here since you chose your name can be removed.")]
        }
        turn.knownValues = [:]
        return [.undo(last)]
    }

    /// The set undone (or found removed already): off the turn's list, the
    /// entry's defaults read again. At the exercise prompt, its exercise is
    /// offered no more unless the turn has another set of it: the member's
    /// last exercise logged is (an exercise's only set undone leaves it no default).
    static func undone(_ record: WorkoutRecord, removed: Bool, in turn: inout Turn) -> [Effect] {
        // Off the list only once the store answered: a busy database leaves it to undo again.
        if turn.saved.last?.id == record.id { turn.saved.removeLast() }
        // No rest after a set that is gone: the next prompt shows no countdown.
        if turn.rest?.after == record.id { turn.rest = nil }
        let key = NameRules.key(record.exercise)
        if turn.step == .exercise, turn.plan == nil, let chosen = turn.exercise, NameRules.key(chosen.name) == key,
           !turn.saved.contains(where: { NameRules.key($0.exercise) == key }) {
            turn.exercise = nil
        }
        let said: Effect = removed ? .say("Removed \(record.number)  \(Lines.summary(record))") : .warn("\(record.number) was already removed.")
        // The next entry starts from the set before it; an entry under way keeps what was typed.
        return [said] + (turn.exercise != nil && turn.step == .exercise ? defaults(then: nil, in: &turn) : [])
    }

    /// `:plates W [BAR]`: W in the entry's unit unless it names one; without
    /// W, the weight at hand. The session looks the plates up (`Query.plates`).
    private static func plates(_ argument: String, at draft: Draft) -> [Effect] {
        let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        let example = ":plates 102.5 or :plates 225lb 45lb"
        guard words.count <= 2 else {
            return [.warn(InputError("give the weight, and the bar's after it if it is not the usual one", example: example).description)]
        }
        let target: Weight
        if let first = words.first {
            switch TypedWeight.parse(first, unit: draft.unit) {
            case .success(let weight): target = weight
            case .failure(let error): return [.warn(InputError(error.reason, example: example).description)]
            }
        } else if draft.kind == .weight, let hundredths = draft.weight {
            target = Weight(hundredths: hundredths, unit: draft.unit)
        } else {
            return [.warn(InputError("give the weight on the bar", example: example).description)]
        }
        guard words.count == 2 else { return [.fetch(.plates(target, bar: nil))] }
        switch TypedWeight.parse(words[1], unit: target.unit) {
        case .success(let bar): return [.fetch(.plates(target, bar: bar))]
        case .failure(let error): return [.warn(InputError("the bar: " + error.reason, example: example).description)]
        }
    }

    /// `:date yesterday|YYYY-MM-DD|-N|today`: the day the turn's saves go to.
    private static func day(_ argument: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        let today = context.today
        let word = argument.lowercased()
        let example = ":date yesterday, :date 2026-11-19 or :date -2"
        guard !word.isEmpty else {
            return [.say(turn.day.map { "Saving to \(context.label(of: $0)); :date today goes back." } ?? "Saving to today. \(example) logs a past day.")]
        }
        let tooFar = InputError("a past day is at most 3650 days back", example: example)
        var chosen: LocalDay?
        if word == "today" {
            chosen = today
        } else if word == "yesterday" {
            chosen = today.adding(days: -1)
        } else if word.hasPrefix("-"), let days = Int(word.dropFirst()), word.dropFirst().allSatisfy(\.isNumber) {
            guard (0...3650).contains(days) else { return [.warn(tooFar.description)] }
            chosen = today.adding(days: -days)
        } else {
            chosen = LocalDay(parsing: word)
        }
        guard let day = chosen else {
            return [.warn(InputError("\(argument) is not a day", example: example).description)]
        }
        guard LatestTime.allows(day, now: context.now, calendar: context.grouping.calendar) else {
            return [.warn(InputError("\(day) is in the future; sets are logged on the day they happen", example: example).description)]
        }
        guard today.adding(days: -3650) <= day else { return [.warn(tooFar.description)] }
        // Another day, other numbers: what the turn saved on the last one is
        // not remembered as the default (the logbook's last set done is read).
        if (day == today ? nil : day) != turn.day { turn.knownValues = [:] }
        turn.day = day == today ? nil : day
        return [.say(turn.day.map { "Saving to \(context.label(of: $0)) until :date today or your turn ends." } ?? "Saving to today.")]
    }
}
