/// The `:` commands accepted at any prompt.
enum Command: String, CaseIterable {
    case help
    case user
    case history
    case users
    case exercises
    case unit
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
    case quit

    /// One line of `:help` each.
    var summary: String {
        switch self {
        case .help: ":help                  this list"
        case .user: ":user [NAME]           switch member (Tab completes)"
        case .history: ":history [NAME|all] [N]  last N records, grouped by day"
        case .users: ":users                 everybody who has logged"
        case .exercises: ":exercises             known exercises"
        case .unit: ":unit kg|lb            weight unit for this entry on"
        case .undo: ":undo                  remove the last set saved here"
        case .edit: ":edit [#ID]            change a set (default: your last one)"
        case .note: ":note                  add a note to the day (end with . or Ctrl-D)"
        case .date: ":date yesterday|YYYY-MM-DD|-N|today  log to a past day"
        case .calendar: ":calendar [YYYY-MM]    your month, training days marked"
        case .repeat: ":repeat [last|YYYY-MM-DD]  do a past session again"
        case .start: ":start [NAME]          follow a routine (no name lists them)"
        case .chart: ":chart [EXERCISE] [weight|volume]  your progress drawn (e1RM); :chart body: body weight"
        case .plates: ":plates W [BAR]        plates a side for W on the bar (20 kg / 45 lb)"
        case .weigh: ":weigh W               keep your body weight"
        case .prs: ":prs [EXERCISE]        your personal records (e1RM by Epley)"
        case .stats: ":stats                 your streak, sessions, sets and volume"
        case .quit: ":quit                  leave"
        }
    }

    /// Whether the command takes an argument (completion then adds a space).
    var takesArgument: Bool {
        switch self {
        case .user, .history, .unit, .edit, .date, .calendar, .repeat, .start, .chart, .plates, .weigh, .prs: true
        case .help, .users, .exercises, .undo, .note, .stats, .quit: false
        }
    }
}
