import TopWeightCore

/// What the member's keys are for: the prompts of an entry (`Turn.step`,
/// with a question between two of them), or a mode a command opened. Each
/// mode is a machine of its own held in the turn (as postgres-nio's
/// connection state machine holds its extended query's): its events return
/// its own actions, which the flow (`Flow.transition`) turns into effects;
/// no mode reads or writes the logbook. A mode ends with the turn, so the
/// idle timeout or another member never finds one open.
enum Mode {
    /// user → exercise → weight → reps → series.
    case entry
    /// `:edit`: the set's exercise, weight, reps and series asked again.
    case edit(SetEdit)
    /// The admin PIN at a kiosk, before `:edit` changes a set the turn did
    /// not save, or `:private off` puts a private member back on the board.
    case pin(AdminPin)
    /// A member's own PIN after their name, or a new one chosen (`MemberPin`).
    case identify(MemberPin)
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
        case .pin(let pin): .secret(TerminalText.safe(pin.asking) + " Admin PIN: ")
        case .identify(let pin): .secret(pin.prompt)
        case .note: .line("note> ", completes: .nothing)
        case .pager(let pager): pager.filtering ? .line("/", completes: .nothing) : .pagerKey(pager.status)
        case .calendar(let view):
            view.commandLine
                ? .line(":", completes: .commandWord)
                : .pagerKey("-- ← → or < > another month · t this month · : a command · any other key: back ")
        }
    }
}

/// The lines of a `:note` being written: a machine of its own in the
/// flow's state, until `.` alone or Ctrl-D adds them to the day.
struct NoteDraft: Equatable {
    var member: User
    var day: LocalDay
    var lines: [String] = []

    /// What the flow does after a line of the note.
    enum Action: Equatable {
        /// The next line.
        case wait
        /// The note is done: its text, for the session to add to the member's day.
        case add(String, for: User, on: LocalDay)
        /// Ctrl-C: the note is dropped.
        case drop
    }

    /// A line of the note; `.` alone or Ctrl-D adds it to the day, Ctrl-C drops it.
    mutating func read(_ input: Flow.Input) -> Action {
        switch input {
        case .line(let line) where line.trimmingWhitespace() != ".":
            lines.append(line)
            return .wait
        case .line, .endOfInput:
            return .add(lines.joined(separator: "\n"), for: member, on: day)
        case .interrupted:
            return .drop
        }
    }
}

/// The admin PIN asked at a kiosk (`asking` leads the prompt), before
/// `:edit` changes a set the turn did not save, or `:private off` puts a
/// private member back on the board: one line, checked by the session.
struct AdminPin: Equatable {
    var use: Flow.PinUse
    var asking: String

    /// What the flow does with the line read.
    enum Action: Equatable {
        /// The PIN typed, for the session to check (`Event.admitted`).
        case check(String, Flow.PinUse)
        /// No PIN given: what stays as it was.
        case refuse(String)
    }

    /// The PIN typed; Ctrl-C or Ctrl-D leaves everything as it was.
    func read(_ input: Flow.Input) -> Action {
        guard case .line(let pin) = input else { return .refuse(Flow.unchanged(use)) }
        return .check(pin, use)
    }
}

extension Mode {
    /// Whether the terminal shows what is typed in this mode, besides the
    /// entry's prompts (which take a card off the screen themselves): a
    /// secret's prompts (PINs) echo nothing.
    var echoes: Bool {
        switch self {
        case .edit, .note, .pager, .calendar: true
        case .entry, .pin, .identify: false
        }
    }
}
