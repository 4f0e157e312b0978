import Foundation
import Testing
import TopWeightCore

/// How many times a time zone was asked for, by the tests below.
private final class Asks: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func ask() -> TimeZone {
        lock.withLock { count += 1 }
        return TimeZone(secondsFromGMT: 3_600) ?? .gmt
    }
    var asked: Int { lock.withLock { count } }
}

/// The logger's start never makes a calendar or looks up the time zone:
/// either loads ICU's data (megabytes, most of a millisecond) that the first
/// prompt doesn't need. They are made once, the first time a day is asked for.
@Suite("Deferred start-up work")
struct DeferredTests {
    @Test("a deferred value is made the first time it is read, and once")
    func madeOnce() {
        let asks = Asks()
        let zone = Deferred { asks.ask() }
        #expect(asks.asked == 0)
        #expect(zone.value.secondsFromGMT() == 3_600)
        #expect(zone.value.secondsFromGMT() == 3_600)
        #expect(asks.asked == 1)
    }

    @Test("history grouping looks up its time zone only when it first groups a day")
    func grouping() {
        let asks = Asks()
        let grouping = HistoryGrouping(zone: { asks.ask() })
        #expect(asks.asked == 0)
        let now = Date(timeIntervalSince1970: 1_763_121_600)  // 2025-11-14T12:00:00Z
        #expect(grouping.label(for: now, now: now) == "Today")
        #expect(grouping.time(of: now) == "13:00")
        #expect(asks.asked == 1)
    }

    @Test("copies of a grouping share the one calendar")
    func copies() {
        let asks = Asks()
        let grouping = HistoryGrouping(zone: { asks.ask() })
        let copy = grouping
        #expect(copy.calendar.timeZone.secondsFromGMT() == 3_600)
        #expect(grouping.calendar.timeZone.secondsFromGMT() == 3_600)
        #expect(asks.asked == 1)
    }
}
