import Foundation

/// The `:` commands accepted at any prompt.
enum Command: String, CaseIterable {
    case help
    case user
    case group
    case leave
    case history
    case users
    case exercises
    case unit
    case rest
    case undo
    case edit
    case note
    case date
    case calendar
    case `repeat`
    case start
    case chart
    case plates
    case weigh
    case prs
    case stats
    case search
    case today
    case go
    case `private`
    case quit

    /// How it is typed, the first column of `:help`.
    var usage: String {
        switch self {
        case .help: ":help"
        case .user: ":user [NAME]"
        case .group: ":group [+]NAMES"
        case .leave: ":leave"
        case .history: ":history [NAME|all] [N]"
        case .users: ":users"
        case .exercises: ":exercises"
        case .unit: ":unit kg|lb"
        case .rest: ":rest [2:30|off|default]"
        case .undo: ":undo"
        case .edit: ":edit [#ID]"
        case .note: ":note"
        case .date: ":date DAY"
        case .calendar: ":calendar [YYYY-MM]"
        case .repeat: ":repeat [last|DAY]"
        case .start: ":start [NAME]"
        case .chart: ":chart [EXERCISE]"
        case .plates: ":plates W [BAR]"
        case .weigh: ":weigh W"
        case .prs: ":prs [EXERCISE]"
        case .stats: ":stats"
        case .search: ":search WORDS"
        case .today: ":today"
        case .go: ":go"
        case .private: ":private on|off"
        case .quit: ":quit"
        }
    }

    /// What it does, the second column of `:help`; in a kiosk `:quit` is the admin's.
    func about(kiosk: Bool) -> String {
        switch self {
        case .help: "this list"
        case .user: "switch member (Tab completes)"
        case .group: "share the rack: the turn passes on after each save"
        case .leave: "leave the group; the others go on"
        case .history: "last N records, grouped by day"
        case .users: "everybody who has logged"
        case .exercises: "known exercises"
        case .unit: "weight unit until your turn ends"
        case .rest: "your rest after this lift, counted down in the prompt"
        case .undo: "remove the last set saved here"
        case .edit: "change a set (default: your last one)"
        case .note: "add a note to the day (end with . or Ctrl-D)"
        case .date: "log to a past day: yesterday, YYYY-MM-DD, -N, today"
        case .calendar: "your month, training days marked"
        case .repeat: "do a past session again"
        case .start: "follow a routine (no name lists them)"
        case .chart: "your progress drawn (e1RM, reps, hold, distance; body)"
        case .plates: "plates a side for W on the bar (20 kg / 45 lb)"
        case .weigh: "keep your body weight"
        case .prs: "your personal records (e1RM by Epley)"
        case .stats: "your streak, sessions, sets and volume"
        case .search: "your days whose notes, lifts or routines have them"
        case .today: "your program's next workout, loads to the plates"
        case .go: "walk it: warm-ups, then each set; Enter takes the load"
        case .private: "keep off the gym's board, or back on it"
        case .quit: kiosk ? "the admin closes the terminal (PIN)" : "leave"
        }
    }

    /// The commands of `:help`, descriptions in one column whatever the usage's length.
    static func help(kiosk: Bool) -> [String] {
        let width = allCases.map(\.usage.count).max() ?? 0
        return allCases.map { $0.usage.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.about(kiosk: kiosk) }
    }

    /// Whether the command takes an argument (completion then adds a space).
    var takesArgument: Bool {
        switch self {
        case .user, .group, .history, .unit, .rest, .edit, .date, .calendar, .repeat, .start, .chart, .plates, .weigh, .prs, .search, .private: true
        case .help, .leave, .users, .exercises, .undo, .note, .stats, .today, .go, .quit: false
        }
    }
}
