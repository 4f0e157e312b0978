import Foundation
import Testing
import TopWeightCore

/// A day written in a test, `day("2026-11-03")`; a typo fails the test.
public func day(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> LocalDay {
    LocalDay(checked: text, sourceLocation: sourceLocation)
}

extension LocalDay {
    /// A day written in a test, `2026-11-03`. A typo fails the test and gives
    /// 1970-01-01, so the test goes on to report what else it finds.
    public init(checked text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let day = LocalDay(parsing: text) else {
            Issue.record("not a day: \(text)", sourceLocation: sourceLocation)
            self = LocalDay(Date(timeIntervalSince1970: 0), in: Calendar(identifier: .gregorian))
            return
        }
        self = day
    }
}
