import TopWeightCore
import TopWeightText

// MARK: - The modes a command opens, each a machine of its own

/// Each mode's events go to its own machine (`SetEdit`, `AdminPin`,
/// `NoteDraft`, `Pager`, `MonthView`); what it returns is its own action,
/// which the flow turns here into the turn's next mode and the session's
/// effects, as postgres-nio's connection state machine turns its extended
/// query's actions into its own.
extension Flow {
    /// A mode begins: its first request, or what it says first.
    static func open(_ mode: Mode, in turn: inout Turn, _ context: Context) -> [Effect] {
        turn.mode = mode
        switch mode {
        case .entry, .pin, .identify, .note: return []
        case .edit(let edit): return [.say(edit.opening)]
        case .pager(var pager):
            let action = pager.open()
            return follow(action, of: pager, in: &turn)
        case .calendar(let view): return follow(view.open(), of: view, in: &turn, context)
        }
    }

    /// What was read, given to the machine of the mode the turn is in.
    static func mode(_ input: Input, in turn: inout Turn, _ context: Context) -> [Effect] {
        // A card's number read by a mode that shows what is typed (an edit, a
        // note, the pager's filter, the calendar's `:`): off the screen, not read.
        if case .line(let raw) = input, turn.mode.echoes, context.cards.holdsCard(raw) {
            return (context.interactive ? [.eraseTyped(raw)] : []) + [.warn(Door.cardElsewhere)]
        }
        switch turn.mode {
        case .entry: return entry(input, in: &turn, context)
        case .edit(var edit):
            let action = edit.read(input)
            return follow(action, of: edit, in: &turn)
        case .pin(let pin):
            turn.mode = .entry
            switch pin.read(input) {
            case .check(let typed, let use): return [.admit(typed, use)]
            case .refuse(let unchanged): return [.warn(unchanged)]
            }
        case .identify(var pin):
            let action = pin.read(input)
            return follow(action, of: pin, in: &turn, context)
        case .note(var draft):
            let action = draft.read(input)
            turn.mode = .entry
            switch action {
            case .wait:
                turn.mode = .note(draft)
                return []
            case .add(let text, let member, let day): return [.addNote(text, for: member, on: day)]
            case .drop: return [.warn("Note dropped; nothing saved.")]
            }
        case .pager(var pager):
            let action = pager.read(input)
            return follow(action, of: pager, in: &turn)
        case .calendar(var view):
            let action = view.read(input)
            return follow(action, of: view, in: &turn, context)
        }
    }

    // MARK: The calendar

    /// The month read (`Effect.drawMonth`), rendered with our own colour
    /// escapes and names made terminal-safe, for the calendar to draw; a
    /// pipe sees it once.
    static func monthDrawn(_ month: TrainingMonth, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard case .calendar(var view) = turn.mode else { return [] }
        let lines = CalendarText.render(month, today: view.today, firstWeekday: context.firstWeekday.value, style: context.style)
        let action = view.drawn(lines, interactive: context.interactive)
        return follow(action, of: view, in: &turn, context)
    }

    /// What the calendar's action comes to.
    private static func follow(_ action: MonthView.Action, of view: MonthView, in turn: inout Turn, _ context: Context) -> [Effect] {
        turn.mode = .calendar(view)
        switch action {
        case .wait: return []
        case .draw(let member, let month): return [.drawMonth(member, month)]
        case .refuse(let why): return [.warn(why)]
        case .show(let erasing, let lines, let done):
            if done { turn.mode = .entry }
            return (erasing > 0 ? [.erase(erasing)] : []) + [.show(lines)]
        case .command(let line):
            turn.mode = .entry
            return command(line, in: &turn, context)
        case .close:
            turn.mode = .entry
            return []
        }
    }

    // MARK: The pager

    /// The newest records of a member or of everybody. On a terminal a
    /// history longer than the screen is paged here, never by an external
    /// pager (one can start a shell); without one, the newest `limit` at once.
    /// At a kiosk a private member's sets show to that member's turn only:
    /// whether they are private is asked first (`hiding` is `nil` until then),
    /// unless a coach may see them (`Turn.seesPrivate`).
    static func history(of member: User?, limit: Int?, hiding: Set<String>?, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard turn.mayView(member, context) else { return [.warn(turn.user == nil ? Door.identifyFirst : Door.ownOnly)] }
        if context.kiosk, hiding == nil, !turn.seesPrivate(context) {
            guard let member else { return [.fetch(.privateMembers(except: turn.user?.id, limit: limit))] }
            if member.id != turn.user?.id { return [.fetch(.privateHistory(member, limit: limit))] }
        }
        let hiding = hiding ?? []
        guard let rows = context.rows else { return [.fetch(.history(member, limit: limit ?? context.pageSize, hiding: hiding))] }
        let feed = HistoryFeed(member: member?.id, limit: limit, hiding: hiding)
        return open(.pager(Pager(feed: feed, whose: member?.name ?? "everybody", height: max(rows - 1, 3))), in: &turn, context)
    }

    /// A page of history read (`Query.historyPage`), for the pager: its
    /// lines drawn as `:history` draws them.
    static func historyRead(_ records: [WorkoutRecord], more: Bool, notes: [LocalDay: String], keptOnly: Bool, coaches: [Int64: String] = [:],
                            in turn: inout Turn, _ context: Context) -> [Effect] {
        guard case .pager(var pager) = turn.mode else { return [] }
        let member = pager.feed.member
        let action = pager.pageRead(records, more: more, notes: notes) { historyLines($0, of: member, notes: $1, keptOnly: keptOnly, coaches: coaches, context) }
        return follow(action, of: pager, in: &turn)
    }

    /// What the pager's action comes to.
    private static func follow(_ action: Pager.Action, of pager: Pager, in turn: inout Turn) -> [Effect] {
        turn.mode = .pager(pager)
        switch action {
        case .wait: return []
        case .read(let member, let after): return [.fetch(.historyPage(member, after: after))]
        case .show(let said, let lines, let done):
            if done { turn.mode = .entry }
            return (said.map { [.say($0)] } ?? []) + (lines.map { [.show($0)] } ?? [])
        case .close:
            turn.mode = .entry
            return []
        }
    }

    // MARK: An edit

    /// The exercise an edit names, as the session found it (`Effect.checkEditedExercise`).
    static func editedExercise(_ known: Exercise?, typed: String, in turn: inout Turn) -> [Effect] {
        guard case .edit(var edit) = turn.mode else { return [] }
        let action = edit.exerciseFound(known, typed: typed)
        return follow(action, of: edit, in: &turn)
    }

    /// What the edit's action comes to.
    private static func follow(_ action: SetEdit.Action, of edit: SetEdit, in turn: inout Turn) -> [Effect] {
        turn.mode = .edit(edit)
        switch action {
        case .ask: return []
        case .refuse(let why): return [.warn(why)]
        case .help(let keys): return [.say(keys)]
        case .checkExercise(let name): return [.checkEditedExercise(name)]
        case .commit(let target, let exercise, let values):
            turn.mode = .entry
            return [.commitEdit(target, exercise: exercise, values: values)]
        case .cancel(let why):
            turn.mode = .entry
            return [.warn(why)]
        case .close:
            turn.mode = .entry
            return []
        }
    }
}
