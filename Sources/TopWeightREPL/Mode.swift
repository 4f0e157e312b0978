import TopWeightCore

/// What the member's keys are for: the prompts of an entry (`Turn.step`,
/// with a question between two of them), or a mode a command opened. Each
/// mode is a small machine of its own held in the turn, and the flow
/// (`Flow.transition`) steps it; it ends with the turn, so the idle timeout
/// or another member never finds one open.
enum Mode {
    /// user → exercise → weight → reps → series.
    case entry
    /// `:edit`: the set's exercise, weight, reps and series asked again.
    case edit(SetEdit)
    /// The admin PIN at a kiosk, before `:edit` changes a set the turn did
    /// not save, or `:private off` puts a private member back on the board;
    /// `asking` is the prompt.
    case pin(Flow.PinUse, asking: String)
    /// `:note`: lines until `.` alone or Ctrl-D.
    case note(NoteDraft)
    /// `:history` a screen at a time.
    case pager(Pager)
    /// `:calendar` on a terminal.
    case calendar(MonthView)
}

/// How the session reads the next input.
enum Read: Equatable {
    /// The entry's prompt (its default read from the logbook), or the question showing.
    case entry
    /// A line; `completes` says what Tab offers.
    case line(String, completes: Completing)
    /// A line without echo.
    case secret(String)
    /// One key for a pager or the calendar.
    case pagerKey(String)

    enum Completing: Equatable {
        case nothing
        /// What the entry's prompt offers (`Session.completions(for:)`).
        case atPrompt
        /// Commands typed after a `:` already shown.
        case commandWord
    }
}

extension Mode {
    /// How the session reads in this mode.
    var read: Read {
        switch self {
        case .entry: .entry
        case .edit(let edit): .line(edit.prompt, completes: edit.step == .exercise ? .atPrompt : .nothing)
        case .pin(_, let asking): .secret(TerminalText.safe(asking) + " Admin PIN: ")
        case .note: .line("note> ", completes: .nothing)
        case .pager(let pager): pager.filtering ? .line("/", completes: .nothing) : .pagerKey(pager.status)
        case .calendar(let view):
            view.commandLine
                ? .line(":", completes: .commandWord)
                : .pagerKey("-- ← → or < > another month · t this month · : a command · any other key: back ")
        }
    }
}

/// A saved set being changed (`:edit`): its values so far and the prompt at,
/// the exercise then the prompts of the set's kind (`time`, `series` for a hold).
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

    /// The prompt after `step`, `nil` after the last.
    mutating func advance() {
        step = step == .exercise ? Step.first(of: draft.kind) : step?.next(of: draft.kind)
    }

    /// Where `<` goes: the prompt before, the exercise at most.
    mutating func back() {
        guard let step, step != .exercise else { return }
        self.step = step.previous(of: draft.kind)
    }

    /// Tagged like a plan's prompts, so they can't pass for the next entry's.
    var prompt: String {
        "[Edit #\(target.id)] " + (step.map { $0 == .exercise ? "exercise [\(exercise)]: " : draft.prompt($0) } ?? "")
    }
}

/// The lines of a `:note` being written.
struct NoteDraft: Equatable {
    var member: User
    var day: LocalDay
    var lines: [String] = []
}

/// The month on the screen (`:calendar`).
struct MonthView: Equatable {
    var member: User
    var month: LocalMonth
    var today: LocalDay
    /// Lines of the month on the screen, taken back when another is drawn.
    var drawn = 0
    /// `:` was typed: the rest of the line is a command.
    var commandLine = false
}

/// History on a screen (`:history`), read on as it moves.
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
}
