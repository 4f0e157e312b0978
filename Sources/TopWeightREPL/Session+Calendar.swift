import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - The month (`:calendar [YYYY-MM]`)

extension Session {
    func showCalendar(_ argument: String) -> Ending? {
        guard let member = memberForLog(":calendar") else { return nil }
        var month = LocalMonth(currentDay)
        if !argument.isEmpty {
            guard let parsed = LocalMonth(parsing: argument) else {
                warn(InputError("\(argument) is not a month", example: ":calendar 2026-11"))
                return nil
            }
            month = parsed
        }
        do {
            let shown = try log.month(month, of: member)
            say("\(month): \(shown.sessions.map { String($0.day.day) }.joined(separator: " "))")
        } catch {
            warn(error.description)
        }
        return nil
    }
}
