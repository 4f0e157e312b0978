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

    /// Installs the handlers. `catchInterrupt` is for terminals; piped runs keep
    /// the default SIGINT. `kiosk` ignores Ctrl-Z and Ctrl-\ so nobody reaches a shell.
    public static func install(catchInterrupt: Bool, kiosk: Bool) {
        if catchInterrupt { set(SIGINT, handler: { _ in Signals.interrupt.store(true, ordering: .relaxed) }) }
        set(SIGTERM, handler: { signal in Signals.termination.store(signal, ordering: .relaxed) })
        set(SIGHUP, handler: { signal in Signals.termination.store(signal, ordering: .relaxed) })
        if kiosk {
            ignore(SIGTSTP)
            ignore(SIGQUIT)
        }
        // A closed terminal must not kill us half-way through a write.
        ignore(SIGPIPE)
    }

    /// True once, after Ctrl-C.
    public static func takeInterrupt() -> Bool {
        interrupt.exchange(false, ordering: .relaxed)
    }

    /// The terminating signal received, or 0.
    public static var terminationSignal: Int32 {
        termination.load(ordering: .relaxed)
    }

    private static func set(_ signal: Int32, handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }

    private static func ignore(_ signal: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = SIG_IGN
        #else
        action.__sigaction_u.__sa_handler = SIG_IGN
        #endif
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
}
