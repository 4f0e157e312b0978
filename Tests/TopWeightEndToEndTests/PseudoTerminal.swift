import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program on a real pseudo-terminal, types into it and reads its screen output.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    private(set) var output = ""
    private var bytes: [UInt8] = []

    enum Failure: Error, CustomStringConvertible {
        case spawn
        case timeout(waitingFor: String, screen: String)

        var description: String {
            switch self {
            case .spawn: "could not start the program on a pseudo-terminal"
            case .timeout(let text, let screen): "timed out waiting for \(text.debugDescription); output so far:\n\(screen)"
            }
        }
    }

    /// `size`: the terminal's rows and columns (30 × 100 unless a test needs another).
    init(executable: String, arguments: [String], environment: [String: String], size: (rows: UInt16, columns: UInt16) = (30, 100)) throws {
        // Everything the child needs is built before fork: after it, only exec.
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var window = winsize(ws_row: size.rows, ws_col: size.columns, ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        let pid = forkpty(&master, nil, nil, &window)
        if pid == 0 {
            // The keyboard's signals at their defaults, as a login shell leaves
            // them: the test runner may ignore or block some, and exec keeps that.
            for keyboardSignal in [SIGINT, SIGQUIT, SIGTSTP] { signal(keyboardSignal, SIG_DFL) }
            var none = sigset_t()
            sigemptyset(&none)
            sigprocmask(SIG_SETMASK, &none, nil)
            execve(executable, argv, envp)
            _exit(127)
        }
        guard pid > 0 else { throw Failure.spawn }
        self.pid = pid
        self.master = master
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    /// Types `text` as keystrokes.
    func type(_ text: String) {
        type(bytes: Array(text.utf8))
    }

    /// Types raw bytes, for keys no `String` holds (an 8-bit meta key is a lone 0xF8).
    func type(bytes: [UInt8]) {
        var data = bytes
        _ = data.withUnsafeMutableBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The terminal's current settings (on Linux the master reports the slave's).
    var settings: termios {
        var settings = termios()
        tcgetattr(master, &settings)
        return settings
    }

    /// Opens the terminal's other side (`/dev/pts/N`), as the program sees it.
    /// Glibc's module exports neither ptsname nor TIOCGPTN: _IOR('T', 0x30,
    /// unsigned int) is 0x80045430 on x86_64 and arm64.
    func openSlave() -> Int32 {
        var number: UInt32 = 0
        guard ioctl(master, UInt(0x8004_5430), &number) == 0 else { return -1 }
        return open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    }

    /// Waits `seconds` while still reading what the program writes.
    func settle(_ seconds: Double) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline { pump(milliseconds: 50) }
    }

    /// Reads output until `text` appears at or after byte offset `start`, or
    /// fails after `timeout` seconds. Returns the offset just past it.
    @discardableResult
    func waitFor(_ text: String, after start: Int = 0, timeout: Double = 20) throws -> Int {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        let needle = Array(text.utf8)
        while true {
            if let found = Self.find(needle, in: bytes, from: start) { return found + needle.count }
            guard ContinuousClock.now < deadline else {
                throw Failure.timeout(waitingFor: text, screen: output + "\n[program: \(processState)]")
            }
            pump(milliseconds: 100)
        }
    }

    /// What the kernel says the program is doing (state and wait channel), for failures.
    var processState: String {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "gone"
        let channel = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "?"
        let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
        return "state \(state), waiting in \(channel)"
    }

    /// The byte offset of everything read so far, to wait for what comes next.
    var mark: Int {
        pump(milliseconds: 0)
        return bytes.count
    }

    /// The output after byte offset `start`.
    func text(after start: Int) -> String {
        String(decoding: bytes[min(start, bytes.count)...], as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }

    /// Waits for the program to exit and returns its exit status (-1 if killed or still running).
    func waitForExit(timeout: Double = 20) -> Int32 {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            pump(milliseconds: 50)
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                let exited = status & 0x7F == 0
                return exited ? (status >> 8) & 0xFF : -1
            }
        }
        return -1
    }

    private func pump(milliseconds: Int32) {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        bytes.append(contentsOf: buffer[0..<count])
        output = String(decoding: bytes, as: UTF8.self)
    }
}

extension PseudoTerminal {
    /// What the terminal suites run the binary with: the database, an xterm,
    /// a UTF-8 locale, UTC and a plain PATH; `extra` set over it.
    static func environment(db: String, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "TOPWEIGHT_DB": db, "TERM": "xterm", "HOME": FileManager.default.temporaryDirectory.path,
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "PATH": "/usr/bin:/bin",
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }
}
