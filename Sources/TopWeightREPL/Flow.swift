import Foundation
import TopWeightCore
import TopWeightText

/// The quick-record flow's decisions, as a pure function: given the member's
/// turn and what one read produced, the next turn and what the session must
/// do. No logbook, no terminal: the `Session` reads input, runs this, and
/// carries out the effects (the imperative shell around a functional core).
enum Flow {
    /// One step of the flow: what was read, at whatever prompt or mode.
    static func transition(_ turn: consuming Turn, _ event: LineEvent, _ context: Context) -> (Turn, [Effect]) {
        transition(turn, .input(event), context)
    }

    /// One step of the flow. A signal and the idle timeout are handled here,
    /// once, whatever the mode or question: the one ends the session, the
    /// other the member's turn (never taken for an answer).
    ///
    /// The turn is taken, not borrowed: the caller hands over its only copy,
    /// so the undo list grows in place. Borrowed, every save copied the whole
    /// list (the caller's copy still held it): 2 000 piped saves took 17 %
    /// longer.
    static func transition(_ turn: consuming Turn, _ event: Event, _ context: Context) -> (Turn, [Effect]) {
        let effects = transition(&turn, event, context)
        return (turn, effects)
    }

    /// The same step on the caller's turn, in place: the session's. A turn
    /// is about 1.4 kB, and handing it over and back (a new one left in its
    /// place, the old one moved out and the next one moved in) copied it
    /// several times an event, three events an Enter.
    static func transition(_ turn: inout Turn, _ event: Event, _ context: Context) -> [Effect] {
        let effects: [Effect]
        turn.attended = context.interactive
        // A name of `:group` not found (refused, or not created): the group is made of those found.
        let found = turn.group.finding && turn.question == nil && event.isInput ? groupFound(in: &turn, context) : []
        switch event {
        case .input(.terminated):
            turn.question = nil
            turn.mode = .entry
            effects = [.end(.terminated)]
        case .input(.timedOut):
            // A new member who walked away from choosing their PIN: their row goes too.
            let abandoned = if case .identify(let pin) = turn.mode { unmade(pin) } else { [Effect]() }
            turn.question = nil
            turn.mode = .entry
            effects = reset(&turn, context) + [.warn("Idle for a while: back to the start. Type your name to log a set.")] + abandoned
        case .input(.line(let line)):
            effects = mode(.line(line), in: &turn, context)
        case .input(.interrupted):
            effects = mode(.interrupted, in: &turn, context)
        case .input(.endOfInput):
            effects = mode(.endOfInput, in: &turn, context)
        case .monthDrawn(let month):
            effects = monthDrawn(month, in: &turn, context)
        case .historyRead(let records, let more, let notes, let keptOnly, let coaches):
            effects = historyRead(records, more: more, notes: notes, keptOnly: keptOnly, coaches: coaches, in: &turn, context)
        case .editedExercise(let known, let typed):
            effects = editedExercise(known, typed: typed, in: &turn)
        case .historyOf(let member, let limit, let hiding):
            effects = history(of: member, limit: limit, hiding: hiding, in: &turn, context)
        case .tick:
            effects = tick(in: &turn, context)
        case .fetched(.restTimes(let member, let times)):
            effects = restTimes(times, of: member, in: &turn)
        case .fetched(.restKept(let member, let chosen, let seconds)):
            effects = restKept(seconds, of: chosen, for: member, in: &turn)
        case .fetched(.headline(let today, let member)) where turn.group.isActive || turn.group.finding:
            // Two members on programs at one rack: whose line is whose.
            effects = [.say(TerminalText.safe(member.name) + ": " + headline(today))]
        case .fetched(.coachNotes(let notes, let member, let toMember, let today)) where turn.group.isActive || turn.group.finding:
            // At a shared rack, whose note it is, and whose program line follows it.
            let lead = toMember ? member.name + " — " : "For \(member.name), not shown to them yet — "
            effects = notes.map { .say(TerminalText.safe(lead + $0.line)) }
                + (today.map { [.say(TerminalText.safe(member.name) + ": " + headline($0))] } ?? [])
        case .fetched(let answer):
            effects = answered(answer, context)
        case .failed(let problem):
            turn.mode = .entry
            effects = [.warn(problem)]
        case .problem(let problem):
            effects = [.warn(problem)]
        case .historyKeptPrivate(let member):
            turn.mode = .entry
            effects = [.warn("\(member.name) keeps their sets private.")]
        case .resolved(let chosen, let entry, let typed, let last):
            turn.exercise = chosen
            turn.step = Step.first(of: chosen.kind)
            let renamed = typed.map { NameRules.key(chosen.name) != NameRules.collapsedKey($0) } ?? false
            let said: [Effect] = renamed ? [.say("→ \(chosen.name)")] : []
            // The numbers came with the exercise: taken as `.lastValues` takes them, unless the plan or the turn has its own.
            if turn.user != nil, chosen.isStored, turn.knownValues[chosen.id] == nil, turn.plan?.isCurrent(chosen.name) != true {
                effects = said + defaults(last, then: entry, in: &turn)
            } else {
                effects = said + defaults(then: entry, in: &turn)
            }
        case .lookalike(let name, let kind, let other):
            let noun = kind == .user ? "member" : "exercise"
            effects = [.warn(InputError("\(name) looks like the existing \(noun) \(other) but is spelt with other letters; type that name or a clearly different one",
                                        example: other).description)] + (turn.group.finding ? findNext(in: &turn, context) : [])
        case .lastValues(let values, let entry):
            effects = defaults(values, then: entry, in: &turn)
        case .saved(let record, let records, let now, let nudge):
            effects = saved(record, records: records, at: now, nudge: nudge, in: &turn, context)
        case .saveFailed(let entry, let problem):
            // Nothing was half-written; the numbers stay, Enter at the last prompt retries.
            turn.pending = entry
            turn.step = Step.numbers(of: turn.draft.kind).last ?? .series
            effects = [.warn(problem ?? Lines.unreachable)]
        case .exerciseNotMade(let problem, let away):
            // While the server is away Enter can't make a new lift: back to the
            // exercise (any the gym has logged saves now); else Enter retries.
            turn.step = away ? .exercise : Step.numbers(of: turn.draft.kind).last ?? .series
            effects = [.warn(problem)]
        case .newExerciseWhileAway(let problem):
            turn.mode = .entry
            effects = [.warn(Lines.newNameWhileAway(problem))]
        case .repeating(let session, let steps, let member):
            effects = repeating(session, steps: steps, for: member, in: &turn, context)
        case .following(let routine, let steps, let member):
            effects = following(routine, steps: steps, for: member, in: &turn, context)
        case .going(let day, let member):
            effects = going(day, for: member, in: &turn, context)
        case .plannedExercise(let chosen):
            effects = planned(chosen, in: &turn)
        case .plannedFailed(let problem):
            effects = plannedFailed(problem, in: &turn, context)
        case .routineNotNoted(let problem):
            turn.plan?.routineNoted = false
            effects = [.warn(problem)]
        case .newExercise(let name, let similar, let entry):
            effects = newExercise(name, similar: similar, then: entry, in: &turn)
        case .memberFound(let member):
            effects = arrive(member, by: .name, nil, in: &turn, context)
        case .memberCreated(let member):
            effects = [.say("Welcome, \(member.name).")] + arrive(member, by: .created, MemberAccess(), in: &turn, context)
        case .arrived(let member, let proof, let access):
            effects = arrive(member, by: proof, access, in: &turn, context)
        case .coached(let member, let isPrivate):
            effects = coach(takes: member, isPrivate: isPrivate, in: &turn, context)
        case .unknownCard(let wait):
            effects = [.warn(Door.unknownCard)] + (wait > 0 ? [.warn(Door.cardsWait(wait))] : [])
        case .cardWait(let left):
            effects = [.warn(Door.stillWaiting(left))]
        case .pinRefused(let why):
            effects = refused(why, in: &turn, context)
        case .enrolling(let member, let code):
            effects = enrolling(member, code: code, in: &turn, context)
        case .newMember(let name, let similar):
            effects = newMember(name, similar: similar, in: &turn, context)
        case .editTarget(let target):
            effects = editing(target, in: &turn, context)
        case .editFound(let found, let id, let member):
            effects = editFound(found, id: id, member: member, in: &turn, context)
        case .adminPinSet(let isSet, let use):
            effects = adminPinSet(isSet, for: use, in: &turn, context)
        case .admitted(let use, let refusal):
            effects = admitted(use, refusal: refusal, in: &turn, context)
        case .edited(let before, let after):
            effects = edited(before, after, in: &turn)
        case .member(let member, let command, let argument):
            effects = self.member(member, for: command, argument, in: &turn, context)
        case .undone(let record, let removed):
            effects = undone(record, removed: removed, in: &turn)
        }
        return found.isEmpty ? effects : found + effects
    }

    /// At the prompts of an entry (or the question between two).
    static func entry(_ event: Input, in turn: inout Turn, _ context: Context) -> [Effect] {
        if let question = turn.question {
            let reply = question.read(event)
            // Neither yes nor no: the same question again.
            if reply == .unclear { return [.warn(YesNo.reminder)] }
            turn.question = nil
            // A name of `:group` not to be created: on to the next.
            let next = turn.group.finding && reply != .yes ? findNext(in: &turn, context) : []
            return answered(question, reply, in: &turn) + next
        }
        switch event {
        case .interrupted:
            guard turn.step != .user else { return [] }
            // The entry goes, the member stays at the exercise prompt. Walking
            // a plan, the entry cancelled is the plan's: on to its next one
            // (back at its start, Ctrl-C would only bring the same entry back).
            let cancelled = Effect.warn("Cancelled; nothing saved.")
            if turn.plan != nil { return [cancelled] + skip(in: &turn, only: true, context) }
            turn.step = .exercise
            return [cancelled] + defaults(then: nil, in: &turn)
        case .endOfInput:
            if !context.interactive { return [.end(.endOfInput)] }
            // A member chosen (whatever the prompt) means Ctrl-D ends their turn.
            guard turn.step == .user, turn.user == nil else { return endTurn(in: &turn, context) }
            if context.kiosk {
                return [.warn("This is a shared terminal: it stays open. Type your name to log a set.")]
            }
            return [.end(.endOfInput)]
        case .line(let raw):
            return answer(raw, in: &turn, context)
        }
    }

    /// A line typed at the current prompt; a card's number in it is taken off the screen first.
    private static func answer(_ raw: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        hidingCard(raw, at: turn.step, context) + read(raw, in: &turn, context)
    }

    /// What the line typed at the current prompt comes to.
    private static func read(_ raw: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        if raw.unicodeScalars.count > Limits.lineLength {
            return [.warn("That line is too long (\(raw.unicodeScalars.count) characters; at most \(Limits.lineLength)).")]
        }
        let text = raw.trimmingWhitespace()
        if text.hasPrefix(":") { return command(text, in: &turn, context) }
        if turn.step != .user, context.cards.holdsCard(text) { return [.warn(Door.cardElsewhere)] }
        if text.lowercased() == "skip", turn.step != .user {
            return turn.plan == nil ? [.warn("Nothing to skip: skip moves on during :repeat, :start or :go.")] : skip(in: &turn, context)
        }
        if text == "<" {
            switch turn.step {
            case .user: return [.warn("Already at the first prompt.")]
            // Back to the user prompt is the end of this member's turn, with
            // everything in it: nobody inherits them there.
            case .exercise: return endTurn(in: &turn, context)
            case .weight, .reps, .series, .duration, .distance:
                turn.step = turn.step.previous(of: turn.draft.kind)
                return []
            }
        }
        switch turn.step {
        case .user:
            // `Ana+Bo`: a group at the rack.
            if text.contains("+"), Group.names(in: text).count > 1 { return group(text, in: &turn, context) }
            guard text.isEmpty else { return who(text, context) }
            guard let shown = turn.shownUser else {
                return [.warn(InputError("type your name to start; Tab completes known names", example: "Ana").description)]
            }
            return select(shown, in: &turn, context)
        case .exercise:
            return exercise(text, in: &turn)
        case .weight, .reps, .series, .duration, .distance:
            return number(text, in: &turn)
        }
    }

    /// A member's name typed (at the user prompt, or after `:user`), checked
    /// before the session looks it up.
    static func member(named text: String) -> [Effect] {
        // `bench 60x5x5` typed before a name: never offered as a new member.
        if isSet(text) {
            return [.warn(InputError("\(text) is a set, not a name: your name first, then the set at the exercise prompt", example: "Ana").description)]
        }
        switch NameRules.validate(text, kind: .user) {
        case .failure(let error): return [.warn(error.description)]
        case .success(let name): return [.fetch(.member(named: name))]
        }
    }

    /// A name no exercise has: refused when it holds the set's numbers (`Bench
    /// 100x5` typed as a name), else the question, the names like it first.
    private static func newExercise(_ name: String, similar: [String], then entry: SetLine?, in turn: inout Turn) -> [Effect] {
        if let problem = OneLineEntry.setInName(name, exercise: turn.shownExercise?.name ?? "Bench Press") {
            return [.warn(problem.description)]
        }
        turn.question = .newExercise(name, then: entry)
        return similar.isEmpty ? [] : [.warn("Not a known exercise. Similar: \(similar.prefix(5).joined(separator: ", "))")]
    }

    /// An answer at the exercise prompt: a name, a one-line entry of any
    /// kind (`bench 62.5x8x3`, `plank 1:30x3`, `row 2000m 7:45`), or "" for
    /// the one shown. Numbers that make no set of any kind are refused here,
    /// before a name is looked for.
    private static func exercise(_ text: String, in turn: inout Turn) -> [Effect] {
        guard turn.user != nil else {
            turn.step = .user
            return []
        }
        if text.isEmpty {
            guard let chosen = turn.shownExercise else {
                return [.warn(InputError("type an exercise; Tab completes, the catalog included", example: "Bench Press").description)]
            }
            turn.exercise = chosen
            turn.step = Step.first(of: chosen.kind)
            return defaults(then: nil, in: &turn)
        }
        // The numbers typed apart (`bench 60 8 3`) are read as `add` reads them.
        if let line = SetLine.read(text) {
            guard !line.fits.isEmpty else {
                if case .failure(let error) = line.entry(for: line.shape) { return [.warn(error.description)] }
                return []
            }
            return [.resolveExercise(line.exercise, then: line)]
        }
        // Numbers of a weight set, wrongly written (`bench 62.5x8x3x2`): why, rather than a name.
        if case .failure(let error)? = OneLineEntry.parseWithExercise(text) { return [.warn(error.description)] }
        return [.resolveExercise(text, then: nil)]
    }

    /// The set stored: said, with the records it beat and the weight nudge;
    /// the numbers are remembered (the next prompt needs no query) and the
    /// plan moves on.
    private static func saved(_ record: WorkoutRecord, records: [PersonalRecord], at now: Date, nudge: WeightNudge.Suggestion?,
                              in turn: inout Turn, _ context: Context) -> [Effect] {
        turn.pending = nil
        turn.confirmed = nil
        turn.saved.append(record)
        turn.step = .exercise
        guard let chosen = turn.exercise else { return [.say(Lines.saved(record))] }
        if let values = turn.draft.values { turn.knownValues[chosen.id] = values }
        reached(record.values, of: chosen.id, in: &turn)
        turn.recentExercises = turn.recentExercises.map { [chosen.name] + $0.filter { NameRules.key($0) != NameRules.key(chosen.name) } }
        // The step's rest is the plan's step that was saved, before the walk moves on.
        let step = turn.plan.flatMap { $0.isCurrent(chosen.name) ? $0.current : nil }
        startRest(after: record, of: chosen, planned: step?.rest, at: now, in: &turn, context)
        var effects: [Effect] = [.say(Lines.saved(record))]
        if let coach = turn.coach { effects.append(.noteCoach(coach, record)) }
        if let superset = step?.superset { effects.append(.markSuperset(record, superset)) }
        if let line = ProgressText.recordLine(exercise: chosen.name, records) { effects.append(.say(line)) }
        if let nudge {
            effects.append(.say(ProgramText.nudge(exercise: chosen.name, stuckAt: nudge.stuckAt, weeks: nudge.weeks, next: nudge.next)))
        }
        // In a group the next member's turn comes first: the walk goes on when this member's comes back.
        let grouped = turn.group.isActive
        return effects + planSaved(chosen, series: record.values.series, values: record.values, at: now, walkOn: !grouped, in: &turn, context)
            + passTurn(in: &turn, context)
    }

    /// The numbers the chosen exercise starts from (walking a plan, the
    /// plan's; else the member's last set of it, known or read by the
    /// session: `Event.lastValues`), then a one-line entry's numbers.
    static func defaults(then entry: SetLine?, in turn: inout Turn) -> [Effect] {
        let chosenUnit = turn.unitChosen ? turn.unit : nil
        let kind = turn.exercise?.kind ?? .weight
        if let chosen = turn.exercise, let planned = turn.plan?.current, turn.plan?.isCurrent(chosen.name) == true {
            turn.draft = planned.values.map { Draft(last: $0, in: chosenUnit, kind: kind) } ?? Draft(unit: turn.unit, kind: kind)
            // A "+" set's reps are what the member did: none offered, so Enter can't pass the least for them.
            if planned.amrap { turn.draft.reps = nil }
        } else if turn.user != nil, let chosen = turn.exercise, chosen.isStored {
            guard let known = turn.knownValues[chosen.id] else { return [.loadDefaults(then: entry)] }
            turn.draft = Draft(last: known, in: chosenUnit, kind: kind)
        } else {
            turn.draft = Draft(unit: turn.unit, kind: kind)
        }
        return entry.map { apply($0, to: &turn) } ?? []
    }

    /// The member's last set of the exercise, read: what the entry starts from.
    private static func defaults(_ values: SetValues?, then entry: SetLine?, in turn: inout Turn) -> [Effect] {
        let kind = turn.exercise?.kind ?? .weight
        if let values, let chosen = turn.exercise {
            turn.knownValues[chosen.id] = values
            reached(values, of: chosen.id, in: &turn)
            turn.draft = Draft(last: values, in: turn.unitChosen ? turn.unit : nil, kind: kind)
        } else {
            turn.draft = Draft(unit: turn.unit, kind: kind)
        }
        return entry.map { apply($0, to: &turn) } ?? []
    }
}
