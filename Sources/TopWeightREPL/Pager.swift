import TopWeightCore

/// History on a screen (`:history`), read on as it moves: a machine of its
/// own in the flow's state. A key moves the screen; the history it needs is
/// asked for a page at a time (`Action.read`), and what was read comes
/// back as an event (`pageRead`): the pager itself reads nothing.
struct Pager {
    var feed: HistoryFeed
    var whose: String
    /// Lines a screen holds (less the status line).
    var height: Int
    var top = 0
    /// The first line not on the screen yet: Down prints one line, not the page again.
    var shownEnd = 0
    /// `/` was typed: the next line is the filter.
    var filtering = false

    /// What the flow does after an event of the pager.
    enum Action: Equatable {
        /// The next key (or the filter's line).
        case wait
        /// Reads the next page of history: the member's (`nil`: everybody's)
        /// records older than `after` (`Event.historyRead`).
        case read(Int64?, after: WorkoutRecord?)
        /// What is said (`nil`: nothing) and the lines not on the screen yet
        /// (`nil`: none to print); `done` ends the pager.
        case show(said: String?, lines: [String]?, done: Bool)
        /// The pager is over.
        case close
    }

    /// The lines a fill must reach to show this screen (and know if more follow).
    var needed: Int { top + height + 1 }

    var end: Int { min(top + height, feed.lines.count) }

    var status: String {
        let lines = feed.lines
        let total = feed.exhausted ? "\(lines.count)" : "\(lines.count)+"
        let filter = feed.filter.map { " /\($0)" } ?? ""
        let shown = lines.isEmpty ? "nothing" : "\(top + 1)–\(end) of \(total)"
        return "-- \(shown)\(filter) -- Space next · b back · /text filter · q done "
    }

    /// The first screen: its history read.
    mutating func open() -> Action {
        fill()
    }

    /// A key: Space or PgDn next, b or PgUp back, Down and Up a line,
    /// `/text` keeps the exercises matching it, q back to logging.
    mutating func read(_ input: Flow.Input) -> Action {
        if filtering {
            filtering = false
            if case .line(let text) = input {
                feed = HistoryFeed(member: feed.member, limit: feed.limit, filter: text.trimmingWhitespace(), hiding: feed.hiding)
                top = 0
                shownEnd = 0
            }
            return fill()
        }
        guard case .line(let key) = input else { return .close }
        let lines = feed.lines.count
        switch key {
        case " ", "pagedown", "f", "\r", "\n", "right":
            if end >= lines, feed.exhausted { return .close }
            top = end
        case "down", "j":
            // A line on; at the end it stays (only Space and q leave).
            if end < lines || !feed.exhausted { top += 1 }
        case "b", "pageup", "left":
            top = max(0, top - height)
            shownEnd = top
        case "up", "k":
            top = max(0, top - 1)
            shownEnd = top
        case "/":
            filtering = true
            return .wait
        case "q", "Q", "escape":
            return .close
        default:
            break
        }
        return fill()
    }

    /// A page read (`Action.read`), taken in; `render` draws the history's
    /// lines. Then the next page, or the screen.
    mutating func pageRead(_ records: [WorkoutRecord], more: Bool, notes: [LocalDay: String],
                           render: ([WorkoutRecord], [LocalDay: String]) -> [String]) -> Action {
        feed.take(records, more: more, notes: notes, render: render)
        return readOn()
    }

    /// The screen asks for lines: the history is read on far enough for it.
    private mutating func fill() -> Action {
        feed.startFill()
        return readOn()
    }

    private mutating func readOn() -> Action {
        feed.wants(lines: needed) ? .read(feed.member, after: feed.lastScanned) : screen()
    }

    /// The feed read far enough: the lines not on the screen yet, or the end
    /// of the pager (nothing to show, or all of it fits one screen).
    private mutating func screen() -> Action {
        let lines = feed.lines
        var said: String?
        if lines.isEmpty {
            let owner = whose == "everybody" ? "" : whose + "'s "
            said = feed.filter.map { "No \(owner)records match /\($0)." } ?? "No records yet for \(whose)."
            if feed.filter == nil { return .show(said: said, lines: nil, done: true) }
        }
        // Short enough for one screen, and nothing filtered: no pager at all.
        if top == 0, feed.exhausted, lines.count <= height, feed.filter == nil {
            return .show(said: said, lines: lines, done: true)
        }
        let shown = Array(lines[min(max(top, shownEnd), end)..<end])
        shownEnd = end
        return .show(said: said, lines: shown, done: false)
    }
}
