import Foundation
import Synchronization
import Testing
import TopWeightCore
#if canImport(Glibc)
import Glibc
#endif

extension Tag {
    /// Tests that take tens of seconds: random kills, many writers at once.
    @Tag static var slow: Self
}

/// `topweight` with pipes on standard input, output and error, whose output is
/// read while it runs, so a test can wait for `Saved` lines and kill it at any moment.
///
/// Spawned with `posix_spawn`: every pipe end is close-on-exec, so a child started
/// by a test running in parallel cannot inherit this child's stdin and keep it open.
final class PipedChild: Sendable {
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "exited with \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Everything one of the child's output pipes delivered, collected by a thread.
    final class Stream: Sendable {
        private let state = Mutex<(bytes: [UInt8], closed: Bool)>(([], false))

        fileprivate func collect(from fd: Int32) {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    state.withLock { $0.bytes.append(contentsOf: buffer[0..<count]) }
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(fd)
            state.withLock { $0.closed = true }
        }

        var text: String {
            state.withLock { String(decoding: $0.bytes, as: UTF8.self) }
        }

        var isClosed: Bool { state.withLock { $0.closed } }

        /// The lines that arrived whole, with their newline; a line cut short
        /// by a kill was never printed and is not among them.
        var completeLines: [Substring] {
            let text = self.text
            guard let lastNewline = text.lastIndex(of: "\n") else { return [] }
            return text[..<lastNewline].split(separator: "\n", omittingEmptySubsequences: false)
        }

        /// How many whole lines so far begin with `prefix`.
        func count(linesStartingWith prefix: String) -> Int {
            completeLines.reduce(0) { $0 + ($1.hasPrefix(prefix) ? 1 : 0) }
        }
    }

    let pid: pid_t
    let stdout = Stream()
    let stderr = Stream()
    private let input: Mutex<Int32>
    private let ending = Mutex<Ending?>(nil)

    /// Starts `topweight arguments` on the database `db`, with `extra` in its
    /// environment; `executable` runs something else (e.g. `runuser … topweight`).
    init(_ arguments: [String] = [], db: String, environment extra: [String: String] = [:], executable: String = Binary.url.path) throws {
        var environment = ProcessInfo.processInfo.environment
        for key in ["TOPWEIGHT_DB", "TOPWEIGHT_DURABLE", "TOPWEIGHT_BUSY_TIMEOUT"] { environment.removeValue(forKey: key) }
        environment["TOPWEIGHT_DB"] = db
        environment["TZ"] = "UTC"
        for (key, value) in extra { environment[key] = value }

        var stdinPipe: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        // Glibc's module does not export pipe2, so close-on-exec is set right after
        // pipe(): a fork elsewhere in the test process in between could still
        // inherit an end, which is why no test here relies on end-of-file alone
        // to stop a child (its input ends with :quit, or it is killed).
        guard Self.makePipe(&stdinPipe), Self.makePipe(&stdoutPipe), Self.makePipe(&stderrPipe) else {
            throw SpawnError(errno: errno)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy, so only these three reach the child.
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], STDERR_FILENO)

        // The child starts with default signal actions and nothing blocked,
        // whatever the test runner set up for itself.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGHUP, SIGINT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(stdinPipe[0])
        close(stdoutPipe[1])
        close(stderrPipe[1])
        guard status == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            close(stderrPipe[0])
            throw SpawnError(errno: status)
        }
        self.pid = pid
        input = Mutex(stdinPipe[1])
        let (stdout, stderr) = (self.stdout, self.stderr)
        let (outFD, errFD) = (stdoutPipe[0], stderrPipe[0])
        Thread { stdout.collect(from: outFD) }.start()
        Thread { stderr.collect(from: errFD) }.start()
    }

    /// Runs to the end with `input` on stdin; for short commands.
    static func run(_ arguments: [String], db: String, input: String = "", environment extra: [String: String] = [:],
                    executable: String = Binary.url.path) throws -> (ending: Ending, stdout: String, stderr: String) {
        let child = try PipedChild(arguments, db: db, environment: extra, executable: executable)
        child.send(input)
        child.closeInput()
        let ending = child.wait()
        return (ending, child.stdout.text, child.stderr.text)
    }

    deinit {
        if ending.withLock({ $0 }) == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        closeInput()
    }

    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    struct SpawnError: Error, CustomStringConvertible {
        var errno: Int32
        var description: String { "could not start topweight: \(String(cString: strerror(errno)))" }
    }

    /// Writes `text` to the child's standard input. Returns false when the
    /// child is gone (EPIPE): the test process ignores SIGPIPE for this.
    @discardableResult
    func send(_ text: String) -> Bool {
        PipedChild.ignoreBrokenPipes
        return input.withLock { fd in
            guard fd >= 0 else { return false }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                bytes = bytes.dropFirst(written)
            }
            return true
        }
    }

    /// Ends the child's input: the REPL then finishes and exits.
    func closeInput() {
        input.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
    }

    /// Sends `signal` to the child.
    func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the child to end, then for both its output pipes to be drained.
    @discardableResult
    func wait() -> Ending {
        reap(blocking: true) ?? .exited(-1)
    }

    /// How the child ended, or nil while it runs; drains its output once it ended.
    func ended() -> Ending? {
        reap(blocking: false)
    }

    private func reap(blocking: Bool) -> Ending? {
        if let known = ending.withLock({ $0 }) { return known }
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if reaped == pid { break }
            if reaped == 0 { return nil }
            if errno != EINTR { return nil }
        }
        let result: Ending = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
        ending.withLock { $0 = result }
        closeInput()
        while !stdout.isClosed || !stderr.isClosed { usleep(200) }
        return result
    }

    /// Waits until at least `count` whole lines starting with `prefix` arrived on
    /// stdout, or the child's stdout closed, or `timeout` seconds passed.
    @discardableResult
    func waitFor(lines count: Int, startingWith prefix: String = "Saved #", timeout: Double = 30) -> Int {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while true {
            let seen = stdout.count(linesStartingWith: prefix)
            if seen >= count || stdout.isClosed || ContinuousClock.now >= deadline { return seen }
            usleep(200)
        }
    }

    /// A killed child's reader must see EPIPE, not die of SIGPIPE.
    private static let ignoreBrokenPipes: Void = {
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
    }()
}

/// One `Saved #ID  USER · EXERCISE · W UNIT × R reps × S series` line (`1 rep`), taken apart.
struct SavedLine: Equatable, CustomStringConvertible {
    var id: Int64
    var user: String
    var exercise: String
    var weight: String
    var unit: String
    var reps: Int
    var series: Int

    init?(_ line: Substring) {
        guard line.hasPrefix("Saved #") else { return nil }
        let head = line.dropFirst("Saved #".count)
        guard let gap = head.range(of: "  "), let id = Int64(head[..<gap.lowerBound]) else { return nil }
        let parts = head[gap.upperBound...].components(separatedBy: " · ")
        guard parts.count == 3 else { return nil }
        let numbers = parts[2].components(separatedBy: " × ")
        guard numbers.count == 3 else { return nil }
        let weight = numbers[0].split(separator: " ")
        // `8 reps`, and `1 rep` for one.
        let repsWords = numbers[1].split(separator: " ")
        guard weight.count == 2, repsWords.count == 2, repsWords[1] == (repsWords[0] == "1" ? "rep" : "reps"),
              numbers[2].hasSuffix(" series"),
              // Thousands apart by a narrow no-break space, as every count is written.
              let reps = Int(repsWords[0].replacingOccurrences(of: "\u{202F}", with: "")),
              let series = Int(numbers[2].dropLast(" series".count))
        else { return nil }
        self.id = id
        user = parts[0]
        exercise = parts[1]
        self.weight = String(weight[0])
        unit = String(weight[1])
        self.reps = reps
        self.series = series
    }

    var numbers: SetNumbers {
        SetNumbers(hundredths: Int(((Double(weight) ?? -1) * 100).rounded()), unit: unit, reps: reps, series: series)
    }

    var description: String { "#\(id) \(user) · \(exercise) · \(weight) \(unit) × \(reps) × \(series)" }
}

/// Weight (in hundredths), unit, reps and series: what a line typed and what a row holds.
struct SetNumbers: Hashable, CustomStringConvertible {
    var hundredths: Int
    var unit: String
    var reps: Int
    var series: Int

    /// The one-line entry for these numbers, e.g. `Bench Press 62.5x8x3`.
    func line(exercise: String) -> String {
        "\(exercise) \(Decimal2.format(hundredths))\(unit == "kg" ? "" : unit)x\(reps)x\(series)"
    }

    var description: String { "\(Double(hundredths) / 100) \(unit) × \(reps) × \(series)" }
}

/// A small seeded generator, so a failing random run can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Milliseconds since 1970, as the store writes `performedAt` and `createdAt`.
func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
}
