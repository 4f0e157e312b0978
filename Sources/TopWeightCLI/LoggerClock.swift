import Foundation
import TopWeightCore

/// The logger's clock: the system's, or, with `TOPWEIGHT_NOW` set to an
/// ISO 8601 instant (`2026-11-03T10:00:00Z`), one that starts at that
/// instant and runs on at the system's pace, so a test or a demonstration
/// sees the day it chose (the 3rd of a month, not only whatever today is),
/// as `faketime` would give a whole process.
enum LoggerClock {
    static let variable = "TOPWEIGHT_NOW"

    /// The clock `TOPWEIGHT_NOW` asks for; `nil` when it is unset or empty.
    static func given(_ text: String?) throws -> (@Sendable () -> Date)? {
        guard let text, !text.isEmpty else { return nil }
        guard let start = ISO8601DateFormatter().date(from: text) else {
            throw Failure.input("\(variable)=\(TerminalText.safe(text)) is not an ISO 8601 instant such as 2026-11-03T10:00:00Z")
        }
        let began = ContinuousClock.now
        return { start.addingTimeInterval((ContinuousClock.now - began) / .seconds(1)) }
    }
}
