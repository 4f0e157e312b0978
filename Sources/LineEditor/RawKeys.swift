import TopWeightCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys one at a time without echo: one-key answers and secrets (the admin PIN),
/// for the logger and the command line alike.
public enum RawKeys {
    static let secretLength = 256

    /// Runs `body` with the terminal on `fd` in key-at-a-time mode without
    /// echo, and puts the previous settings back on every way out.
    static func withoutEcho<T>(fd: Int32, _ body: () -> T) -> T {
        var saved = termios()
        tcgetattr(fd, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(fd, TCSANOW, &quiet)
        defer { tcsetattr(fd, TCSANOW, &saved) }
        return body()
    }

    /// Reads a secret from the terminal on standard input without echoing it:
    /// Enter ends it, Backspace edits it, Ctrl-C (with `Signals` installed)
    /// and Ctrl-D give up. The prompt goes to `output`.
    public static func readSecret(prompt: String, output: Int32) -> LineEvent {
        readSecret(reader: ByteReader(fd: STDIN_FILENO), prompt: prompt, output: output)
    }

    static func readSecret(reader: ByteReader, prompt: String, output: Int32) -> LineEvent {
        withoutEcho(fd: reader.fd) {
            // The prompt goes out only once echo is off: keys typed as soon as
            // it shows must not be echoed by the kernel.
            write(prompt, to: output)
            var secret = String.UnicodeScalarView()
            while true {
                switch reader.nextScalar() {
                case .success("\r"), .success("\n"):
                    write("\n", to: output)
                    return .line(String(secret))
                case .success("\u{7F}"), .success("\u{08}"):
                    if !secret.isEmpty { secret.removeLast() }
                case .success("\u{04}"):
                    return .endOfInput
                case .success(let scalar):
                    if secret.count < secretLength { secret.append(scalar) }
                case .failure(let outcome):
                    switch TerminalLineSource.terminalStop(outcome) {
                    case .interrupted: return .interrupted
                    case .timedOut: return .timedOut
                    case .terminated: return .terminated
                    case .endOfInput, .byte: return .endOfInput
                    }
                }
            }
        }
    }

    /// Writes all of `text` to `fd`, giving up when the program is ending
    /// (a stopped or vanished terminal must not hold up SIGTERM).
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            // Checked before every write, not only after an interrupted one: a
            // terminal stopped by its Hold key blocks a write, SIGTERM breaks it
            // (EINTR, or a short count), and nothing more is written after that.
            while offset < buffer.count, Signals.terminationSignal == 0 {
                let written = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
