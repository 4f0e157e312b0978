import Glibc
import NIOCore
import Synchronization

// A call to the server passes between two threads: the caller's (the
// logger's, blocking) and the connection's event loop. Each pass that finds
// the other thread asleep has to wake it, and on this machine a wake-up
// costs about what the server spends on a save. During a run of calls (a
// member logging set after set, sets piped in) both sides watch for a short
// while instead of sleeping: the caller for its answer, the loop for the
// next call. Watching yields the core between looks, so the server's own
// processes still get it. See docs/PERFORMANCE.md (issue 35).

/// A call's answer, handed from the loop to the thread that waits for it;
/// the first answer given is kept (the call's own, or its timer's).
final class Answer<T: Sendable>: Sendable {
    private let kept = Mutex<Result<T, any Error>?>(nil)
    private let given = Atomic<Bool>(false)

    /// Keeps `result` unless an answer came first.
    func give(_ result: Result<T, any Error>) {
        let first = kept.withLock { kept -> Bool in
            guard kept == nil else { return false }
            kept = result
            return true
        }
        if first { given.store(true, ordering: .releasing) }
    }

    /// The answer, if it comes within `span` (looking again and again,
    /// yielding the core between looks); nil when it has not come by then,
    /// and the caller sleeps on the call's future instead.
    func awaited(for span: Duration) -> Result<T, any Error>? {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: span)
        while !given.load(ordering: .acquiring) {
            if clock.now >= end { return nil }
            sched_yield()
        }
        return kept.withLock { $0 }
    }
}

/// The loop's side: after a call's answer, the loop's thread watches for
/// `span` for the next call of the same link and runs it when it is handed
/// over, so the caller need not wake the loop (`EventLoop.execute`).
final class Relay: Sendable {
    private struct State {
        /// The loop whose thread is watching, if one is.
        var watcher: ObjectIdentifier?
        var work: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())
    let span: Duration

    init(span: Duration) { self.span = span }

    /// Hands `work` to `loop`'s thread if it is watching (true), else
    /// leaves it to the caller (false).
    func offer(_ work: @escaping @Sendable () -> Void, to loop: any EventLoop) -> Bool {
        state.withLock { state in
            guard state.watcher == ObjectIdentifier(loop), state.work == nil else { return false }
            state.work = work
            return true
        }
    }

    /// True while a loop's thread watches.
    var isWatching: Bool { state.withLock { $0.watcher != nil } }

    /// On `loop`'s thread: watches for offered work until it comes (and runs
    /// it) or `span` has passed.
    func watch(on loop: any EventLoop) {
        guard span > .zero else { return }
        state.withLock { $0.watcher = ObjectIdentifier(loop) }
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: span)
        while true {
            let (work, over) = state.withLock { state -> ((@Sendable () -> Void)?, Bool) in
                let work = state.work
                let over = work != nil || clock.now >= end
                if over {
                    state.work = nil
                    state.watcher = nil
                }
                return (work, over)
            }
            if let work { work() }
            if over { return }
            sched_yield()
        }
    }
}
