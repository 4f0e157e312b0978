import TopWeightCore
import TopWeightText

// MARK: - The modes a command opens: the calendar, the pager, a note

extension Flow {
    /// A mode begins: its first request, or what it says first.
    static func open(_ mode: Mode, in turn: inout Turn) -> [Effect] {
        turn.mode = mode
        switch mode {
        case .entry, .pin, .note: return []
        case .edit(let edit):
            return [.say("Editing \(edit.target.number)  \(Lines.summary(edit.target)). Enter keeps a value, < goes back, Ctrl-C leaves it as it was.")]
        case .pager(let pager): return fill(pager, in: &turn)
        case .calendar(let view): return [.drawMonth(view.member, view.month)]
        }
    }

    // MARK: The calendar

    /// A key under the month: another month, this one, a command line, or back.
    static func calendar(_ view: MonthView, _ event: Input, in turn: inout Turn, _ context: Context) -> [Effect] {
        var view = view
        turn.mode = .entry
        guard case .line(let key) = event else { return [] }
        if view.commandLine {
            // The rest of the line is a command, run as if typed at a prompt.
            return command(":" + key, in: &turn, context)
        }
        var effects: [Effect] = []
        switch key {
        case "left", "<", ",", "p", "right", ">", ".", "n":
            let back = ["left", "<", ",", "p"].contains(key)
            let next = view.month.adding(months: back ? -1 : 1)
            if next == view.month {
                // A key that moves nowhere (past 9999-12) leaves the month as it is.
                effects = [.warn("No month \(back ? "before" : "after") \(view.month).")]
                view.drawn += 1
            } else {
                view.month = next
                effects = [.drawMonth(view.member, next)]
            }
        case "t":
            view.month = LocalMonth(view.today)
            effects = [.drawMonth(view.member, view.month)]
        case ":":
            view.commandLine = true
        default:
            return []
        }
        turn.mode = .calendar(view)
        return effects
    }

    /// The month drawn in place of the last one (our own colour escapes, names
    /// made terminal-safe); a pipe sees it once.
    static func drawn(_ month: TrainingMonth, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard case .calendar(var view) = turn.mode else { return [] }
        let lines = CalendarText.render(month, today: view.today, firstWeekday: context.firstWeekday.value, style: context.style)
        let effects: [Effect] = (view.drawn > 0 ? [.erase(view.drawn)] : []) + [.show(lines)]
        view.drawn = lines.count
        turn.mode = context.interactive ? .calendar(view) : .entry
        return effects
    }

    // MARK: The pager

    /// The newest records of a member or of everybody. On a terminal a
    /// history longer than the screen is paged here, never by an external
    /// pager (one can start a shell); without one, the newest `limit` at once.
    /// At a kiosk a private member's sets show to that member's turn only:
    /// whether they are private is asked first (`hiding` is `nil` until then).
    static func history(of member: User?, limit: Int?, hiding: Set<String>?, in turn: inout Turn, _ context: Context) -> [Effect] {
        if context.kiosk, hiding == nil {
            guard let member else { return [.fetch(.privateMembers(except: turn.user?.id, limit: limit))] }
            if member.id != turn.user?.id { return [.fetch(.privateHistory(member, limit: limit))] }
        }
        let hiding = hiding ?? []
        guard let rows = context.rows else { return [.fetch(.history(member, limit: limit ?? context.pageSize, hiding: hiding))] }
        let feed = HistoryFeed(member: member?.id, limit: limit, hiding: hiding)
        return open(.pager(Pager(feed: feed, whose: member?.name ?? "everybody", height: max(rows - 1, 3))), in: &turn)
    }

    /// A key in the pager: Space or PgDn next, b or PgUp back, Down and Up a
    /// line, `/text` keeps the exercises matching it, q back to logging.
    static func page(_ pager: Pager, _ event: Input, in turn: inout Turn) -> [Effect] {
        var pager = pager
        turn.mode = .entry
        if pager.filtering {
            pager.filtering = false
            if case .line(let text) = event {
                pager.feed = HistoryFeed(member: pager.feed.member, limit: pager.feed.limit, filter: text.trimmingWhitespace(), hiding: pager.feed.hiding)
                pager.top = 0
                pager.shownEnd = 0
            }
        } else {
            guard case .line(let key) = event else { return [] }
            let lines = pager.feed.lines.count
            switch key {
            case " ", "pagedown", "f", "\r", "\n", "right":
                if pager.end >= lines, pager.feed.exhausted { return [] }
                pager.top = pager.end
            case "down", "j":
                // A line on; at the end it stays (only Space and q leave).
                if pager.end < lines || !pager.feed.exhausted { pager.top += 1 }
            case "b", "pageup", "left":
                pager.top = max(0, pager.top - pager.height)
                pager.shownEnd = pager.top
            case "up", "k":
                pager.top = max(0, pager.top - 1)
                pager.shownEnd = pager.top
            case "/":
                pager.filtering = true
                turn.mode = .pager(pager)
                return []
            case "q", "Q", "escape":
                return []
            default:
                break
            }
        }
        return fill(pager, in: &turn)
    }

    /// The screen asks for lines: the history is read on far enough for it.
    private static func fill(_ pager: Pager, in turn: inout Turn) -> [Effect] {
        var pager = pager
        pager.feed.startFill()
        return readOn(pager, in: &turn)
    }

    /// The next page of history, while the screen wants one; else the screen.
    private static func readOn(_ pager: Pager, in turn: inout Turn) -> [Effect] {
        turn.mode = .pager(pager)
        guard pager.feed.wants(lines: pager.needed) else { return filled(in: &turn) }
        return [.fetch(.historyPage(pager.feed.member, after: pager.feed.lastScanned))]
    }

    /// A page of history read (`Effect.readHistory`): taken in, and read on
    /// or shown.
    static func historyRead(_ records: [WorkoutRecord], more: Bool, notes: [LocalDay: String], keptOnly: Bool,
                            in turn: inout Turn, _ context: Context) -> [Effect] {
        guard case .pager(var pager) = turn.mode else { return [] }
        let member = pager.feed.member
        pager.feed.take(records, more: more, notes: notes) { historyLines($0, of: member, notes: $1, keptOnly: keptOnly, context) }
        return readOn(pager, in: &turn)
    }

    /// The feed read far enough: the lines not on the screen yet, or the end
    /// of the pager (nothing to show, or all of it fits one screen).
    private static func filled(in turn: inout Turn) -> [Effect] {
        guard case .pager(var pager) = turn.mode else { return [] }
        turn.mode = .entry
        let feed = pager.feed
        let lines = feed.lines
        var effects: [Effect] = []
        if lines.isEmpty {
            let whose = pager.whose == "everybody" ? "" : pager.whose + "'s "
            effects.append(.say(feed.filter.map { "No \(whose)records match /\($0)." } ?? "No records yet for \(pager.whose)."))
            if feed.filter == nil { return effects }
        }
        // Short enough for one screen, and nothing filtered: no pager at all.
        if pager.top == 0, feed.exhausted, lines.count <= pager.height, feed.filter == nil {
            return effects + [.show(lines)]
        }
        let end = pager.end
        effects.append(.show(Array(lines[min(max(pager.top, pager.shownEnd), end)..<end])))
        pager.shownEnd = end
        turn.mode = .pager(pager)
        return effects
    }

    // MARK: A note

    /// A line of the note; `.` alone or Ctrl-D adds it to the day, Ctrl-C drops it.
    static func note(_ draft: NoteDraft, _ event: Input, in turn: inout Turn) -> [Effect] {
        var draft = draft
        turn.mode = .entry
        switch event {
        case .line(let line) where line.trimmingWhitespace() != ".":
            draft.lines.append(line)
            turn.mode = .note(draft)
            return []
        case .line, .endOfInput:
            return [.addNote(draft.lines.joined(separator: "\n"), for: draft.member, on: draft.day)]
        case .interrupted:
            return [.warn("Note dropped; nothing saved.")]
        }
    }
}
