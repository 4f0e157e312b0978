import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - The month (`:calendar [YYYY-MM]`)

extension Session {
    /// The member's month as a grid; on a terminal Left/Right (or `<` `>`)
    /// move a month, `t` comes back to this one, any other key returns.
    func showCalendar(_ argument: String) -> Ending? {
        guard let member = memberForLog(":calendar") else { return nil }
        let today = log.day(of: settings.now())
        var month = LocalMonth(currentDay)
        if !argument.isEmpty {
            guard let parsed = LocalMonth(parsing: argument) else {
                warn(InputError("\(argument) is not a month", example: ":calendar 2026-11"))
                return nil
            }
            month = parsed
        }
        while true {
            do {
                let shown = try log.month(month, of: member)
                // Rendered terminal-safe, with our own colour escapes: printed as is.
                CalendarText.render(shown, today: today, firstWeekday: settings.firstWeekday, style: settings.textStyle)
                    .forEach(console.say)
            } catch {
                warn(error.description)
                return nil
            }
            guard source.isInteractive else { return nil }
            switch source.readPagerKey(prompt: "-- ← → or < > another month · t this month · any other key: back ") {
            case .line(let key):
                switch key {
                case "left", "<", ",", "p": month = month.adding(months: -1)
                case "right", ">", ".", "n": month = month.adding(months: 1)
                case "t": month = LocalMonth(today)
                default: return nil
                }
            case .terminated: return .terminated
            case .timedOut:
                idleResetFromModal()
                return nil
            case .interrupted, .endOfInput:
                return nil
            }
        }
    }
}
