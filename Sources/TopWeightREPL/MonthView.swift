import TopWeightCore

/// The month on the screen (`:calendar`): a machine of its own in the
/// flow's state. A key asks for another month (`Action.draw`), the month
/// read comes back drawn (`drawn`), and the lines of the last one are taken
/// back before the next is shown.
struct MonthView: Equatable {
    var member: User
    var month: LocalMonth
    var today: LocalDay
    /// Lines of the month on the screen, taken back when another is drawn.
    var drawn = 0
    /// `:` was typed: the rest of the line is a command.
    var commandLine = false

    /// What the flow does after an event of the calendar.
    enum Action: Equatable {
        /// The next key (or the command's line).
        case wait
        /// Reads the member's month, to draw it (`Event.monthDrawn`).
        case draw(User, LocalMonth)
        /// A key that moves nowhere: said, and the month stays.
        case refuse(String)
        /// The line after `:`, run as if typed at a prompt; the calendar is over.
        case command(String)
        /// Lines on the screen to take back first, and the month's; `done`
        /// when nobody is at the keys to move it.
        case show(erasing: Int, [String], done: Bool)
        /// The calendar is over.
        case close
    }

    /// The first month: read to be drawn.
    func open() -> Action {
        .draw(member, month)
    }

    /// A key under the month: another month, this one, a command line, or back.
    mutating func read(_ input: Flow.Input) -> Action {
        guard case .line(let key) = input else { return .close }
        if commandLine {
            // The rest of the line is a command, run as if typed at a prompt.
            return .command(":" + key)
        }
        switch key {
        case "left", "<", ",", "p", "right", ">", ".", "n":
            let back = ["left", "<", ",", "p"].contains(key)
            let next = month.adding(months: back ? -1 : 1)
            guard next != month else {
                // A key that moves nowhere (past 9999-12) leaves the month as it is.
                drawn += 1
                return .refuse("No month \(back ? "before" : "after") \(month).")
            }
            month = next
        case "t":
            month = LocalMonth(today)
        case ":":
            commandLine = true
            return .wait
        default:
            return .close
        }
        return .draw(member, month)
    }

    /// The month read and rendered (`lines`): drawn in place of the last
    /// one; `interactive` keeps it on the screen for the next key.
    mutating func drawn(_ lines: [String], interactive: Bool) -> Action {
        let erasing = drawn
        drawn = lines.count
        return .show(erasing: erasing, lines, done: !interactive)
    }
}
