import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - The month (`:calendar [YYYY-MM]`)

extension Session {
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
