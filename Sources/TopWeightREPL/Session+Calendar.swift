import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - The month (`:calendar [YYYY-MM]`)

extension Session {
    /// The member's month as a grid, redrawn in place; on a terminal
    /// Left/Right (or `<` `>`) move a month, `t` comes back to this one, `:`
    /// starts a command line, any other key returns (see `Flow.calendar`).
    func showCalendar(_ argument: String) -> Outcome {
        guard let member = memberForLog(":calendar") else { return .done }
        var month = LocalMonth(currentDay)
        if !argument.isEmpty {
            guard let parsed = LocalMonth(parsing: argument) else {
                warn(InputError("\(argument) is not a month", example: ":calendar 2026-11"))
                return .done
            }
            month = parsed
        }
        return .then(.opened(.calendar(MonthView(member: member, month: month, today: log.day(of: settings.now())))))
    }

    /// The calendar's month, rendered terminal-safe with our own colour escapes.
    func drawMonth() -> Outcome {
        guard case .calendar(let view) = turn.mode else { return .done }
        do {
            let shown = try log.month(view.month, of: view.member)
            return .then(.monthDrawn(CalendarText.render(shown, today: view.today, firstWeekday: settings.firstWeekday, style: settings.textStyle)))
        } catch {
            return .then(.failed(error.description))
        }
    }
}
