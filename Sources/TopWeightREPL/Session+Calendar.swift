import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - The month (`:calendar [YYYY-MM]`)

extension Session {
    /// The member's month as a grid, redrawn in place; on a terminal
    /// Left/Right (or `<` `>`) move a month, `t` comes back to this one, `:`
    /// starts a command line, any other key returns.
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
        // Lines of the month on the screen, taken back when another is drawn.
        var drawn = 0
        while true {
            do {
                let shown = try log.month(month, of: member)
                // Rendered terminal-safe, with our own colour escapes: printed as is.
                let lines = CalendarText.render(shown, today: today, firstWeekday: settings.firstWeekday, style: settings.textStyle)
                if drawn > 0 { source.eraseLines(drawn) }
                lines.forEach(console.say)
                drawn = lines.count
            } catch {
                warn(error.description)
                return nil
            }
            guard source.isInteractive else { return nil }
            // A key that moves nowhere (past 9999-12) leaves the month as it is.
            var next: LocalMonth?
            while next == nil {
                switch source.readPagerKey(prompt: "-- ← → or < > another month · t this month · : a command · any other key: back ") {
                case .line(let key):
                    switch key {
                    case "left", "<", ",", "p":
                        next = month.adding(months: -1)
                        if next == month {
                            warn("No month before \(month).")
                            next = nil
                            drawn += 1
                        }
                    case "right", ">", ".", "n":
                        next = month.adding(months: 1)
                        if next == month {
                            warn("No month after \(month).")
                            next = nil
                            drawn += 1
                        }
                    case "t": next = LocalMonth(today)
                    case ":":
                        // The rest of the line is a command, run as if typed at a prompt.
                        switch source.readLine(prompt: ":", complete: { [weak self] in
                            Completions((self?.completions(for: ":" + $0).names ?? []).map { String($0.dropFirst()) })
                        }) {
                        case .line(let text): return run(command: ":" + text)
                        case .terminated: return .terminated
                        case .timedOut:
                            idleResetFromModal()
                            return nil
                        case .interrupted, .endOfInput: return nil
                        }
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
            if let next { month = next }
        }
    }
}
