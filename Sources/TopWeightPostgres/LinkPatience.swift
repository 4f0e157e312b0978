import NIOCore
import PostgresNIO
import Synchronization

/// How long a link's bounded call (a save) waits for a server that answers,
/// learned from how long the answers to those calls take: the round trip of
/// the network and the server's own time, as the median of the last eight
/// (the lower of the middle two), so one answer held up by a stalled
/// machine doesn't stretch the waits after it; the link's pace moves it
/// once more than half of them have. The other calls' answers (the schema check at
/// start, a member's history, a report) only stand in until the first
/// bounded call is answered: a slow read says nothing of how long a save
/// takes, and one answered late on a loaded machine made a cut link hold
/// the next save for a second.
///
/// A save waits three such round trips and a tenth of a second more, never
/// less than its own bound (`PostgresLogbook.Options.saveBound`, 300 ms) and
/// never more than a second: a link of 20 ms waits 300 ms, one of 100 ms
/// 400 ms, one of 150 ms 550 ms, and a server that takes 200 ms a save
/// while a report runs 700 ms. A link that is cut answers nothing, so its
/// save is kept after that wait, about half a second on a slow link; a
/// server that answers late is still taken as there (`PostgresLink`).
final class LinkPatience: Sendable {
    /// The last bounded answers' times (at most `kept`), oldest first, and
    /// the latest stand-in from the other calls until the first of them.
    private let heard = Mutex<(bounded: [Duration], standIn: Duration?)>(([], nil))

    /// The longest any save waits, however slow the answers have been.
    static let ceiling: Duration = .seconds(1)
    static let margin: Duration = .milliseconds(100)
    /// How many bounded answers the median is taken over.
    static let kept = 8

    /// One answer's time, from the call sent to its answer; `bounded` when
    /// the call had a wait of its own (a save, a kept set sent). An answer
    /// slower than the ceiling says nothing a save could wait for (a query
    /// held through a partition, a report) and is left out.
    func answered(after took: Duration, bounded: Bool) {
        guard took <= Self.ceiling else { return }
        heard.withLock { heard in
            if bounded {
                heard.bounded.append(took)
                if heard.bounded.count > Self.kept { heard.bounded.removeFirst() }
            } else if heard.bounded.isEmpty {
                heard.standIn = heard.standIn.map { $0 + (took - $0) / 8 } ?? took
            }
        }
    }

    /// The time of an answer as the link's pace: the median of the bounded
    /// answers, else the stand-in; `nil` before the first answer.
    var roundTrip: Duration? {
        heard.withLock { heard in
            guard !heard.bounded.isEmpty else { return heard.standIn }
            return heard.bounded.sorted()[(heard.bounded.count - 1) / 2]
        }
    }

    /// How long a call bounded by `bound` waits on this link.
    func wait(_ bound: TimeAmount) -> TimeAmount {
        let floor = Duration.nanoseconds(bound.nanoseconds)
        guard let trip = roundTrip else { return bound }
        let wanted = min(Self.ceiling, trip * 3 + Self.margin)
        return wanted > floor ? .nanoseconds(Int64(wanted / .nanoseconds(1))) : bound
    }
}

/// A connect under way, kept by the link past the call that began it: the
/// call that gave up waiting (a save, at its bound) leaves it to finish
/// within the link's own timeout, and the next call takes the connection
/// it opens instead of starting again, so a connect that takes longer than
/// a save may wait (several round trips on a slow link) still ends up
/// connected.
final class PendingConnect: Sendable {
    let future: EventLoopFuture<PostgresConnection>
    private let finished = Atomic<Bool>(false)

    init(_ future: EventLoopFuture<PostgresConnection>) {
        self.future = future
        future.whenComplete { _ in self.finished.store(true, ordering: .releasing) }
    }

    /// True once the connect opened a connection or failed.
    var isFinished: Bool { finished.load(ordering: .acquiring) }

    /// True when it finished and has nothing to give: it failed, or the
    /// connection it opened closed while no call took it. A new connect is due.
    var isUseless: Bool {
        guard isFinished else { return false }
        return (try? future.wait())?.isClosed ?? true
    }
}
