import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal flags set by handlers and read by the line sources.
///
/// Handlers are installed without `SA_RESTART`, so a blocked `read` returns
/// `EINTR` and the reader can look at the flags: Ctrl-C cancels an entry,
/// SIGTERM and SIGHUP end the program cleanly.
public enum Signals {
    static let interrupt = Atomic<Bool>(false)
    static let termination = Atomic<Int32>(0)
    /// The terminal changed size (SIGWINCH): the line editor learns the new width before its next redraw.
    static let resized = Atomic<Bool>(false)
    /// Write end of a pipe the handlers poke, so a reader blocked in `poll`
    /// wakes even when the signal arrived just before it started waiting.
    static let wakeWriter = Atomic<Int32>(-1)
    static let wakeReader = Atomic<Int32>(-1)

    /// Installs the handlers. `catchInterrupt` is for terminals; piped runs keep
    /// the default SIGINT and SIGQUIT. `kiosk` ignores Ctrl-Z too, so nobody reaches a shell.
    public static func install(catchInterrupt: Bool, kiosk: Bool) {
        if wakeWriter.load(ordering: .relaxed) < 0 {
            var fds: [Int32] = [-1, -1]
            if pipe(&fds) == 0 {
                for fd in fds {
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                }
                wakeReader.store(fds[0], ordering: .relaxed)
                wakeWriter.store(fds[1], ordering: .relaxed)
            }
        }
        // A parent (a test runner, a service manager) may have blocked these.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        if catchInterrupt {
            set(SIGINT, handler: { _ in
                Signals.interrupt.store(true, ordering: .relaxed)
                Signals.wake()
            })
            // Restarted: a resize must not cut short a write or a read elsewhere;
            // the wake pipe ends a wait for a key all the same.
            install(SIGWINCH, { _ in
                Signals.resized.store(true, ordering: .relaxed)
                Signals.wake()
            }, flags: SA_RESTART)
        }
        set(SIGTERM, handler: { signal in
            Signals.termination.store(signal, ordering: .relaxed)
            Signals.wake()
        })
        set(SIGHUP, handler: { signal in
            Signals.termination.store(signal, ordering: .relaxed)
            Signals.wake()
        })
        if kiosk {
            ignore(SIGTSTP)
        }
        if kiosk || catchInterrupt {
            // Ctrl-\ at a terminal: nothing, kiosk or not (its default is a
            // core dump, and Swift's crash reporter took over the screen).
            ignore(SIGQUIT)
        }
        // A closed terminal must not kill us half-way through a write.
        ignore(SIGPIPE)
    }

    /// Async-signal-safe: one byte into the wake pipe.
    static func wake() {
        var byte: UInt8 = 1
        let fd = wakeWriter.load(ordering: .relaxed)
        if fd >= 0 { _ = write(fd, &byte, 1) }
    }

    /// Empties the wake pipe after its bytes have done their job.
    static func drainWake() {
        let fd = wakeReader.load(ordering: .relaxed)
        guard fd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// True once, after Ctrl-C.
    public static func takeInterrupt() -> Bool {
        interrupt.exchange(false, ordering: .relaxed)
    }

    /// True once after the terminal changed size.
    static func takeResize() -> Bool {
        resized.exchange(false, ordering: .relaxed)
    }

    /// The terminating signal received, or 0.
    public static var terminationSignal: Int32 {
        termination.load(ordering: .relaxed)
    }

    private static func set(_ signal: Int32, handler: @convention(c) (Int32) -> Void) {
        install(signal, handler)
    }

    private static func ignore(_ signal: Int32) {
        install(signal, SIG_IGN)
    }

    /// `sigaction` with an empty mask and no flags unless told (no `SA_RESTART`:
    /// a read must return so the signal is seen).
    private static func install(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?, flags: Int32 = 0) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(signal, &action, nil)
    }
}
