/// The `:` commands accepted at any prompt.
enum Command: String, CaseIterable {
    case help
    case user
    case history
    case users
    case exercises
    case unit
    case undo
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
        case .quit: ":quit                  leave"
        }
    }

    /// Whether the command takes an argument (completion then adds a space).
    var takesArgument: Bool {
        switch self {
        case .user, .history, .unit: true
        case .help, .users, .exercises, .undo, .quit: false
        }
    }
}
