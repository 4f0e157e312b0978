import CEditLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A person at a terminal, through libedit: emacs key bindings, in-memory
/// history, Tab completion, Ctrl-C that cancels instead of killing.
///
/// libedit calls back into plain C function pointers that cannot capture, so
/// the state they need lives in the one `TerminalLineSource.active` instance.
public final class TerminalLineSource: LineSource {
    enum Limits {
        static let secretLength = 256
    }

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private var reader = ByteReader(fd: STDIN_FILENO)
    private var prompt: UnsafeMutablePointer<CChar>?
    private var completer: ((String) -> [String])?
    /// Why the last read stopped, when libedit only says "no line".
    private var stop: ByteReader.Outcome?
    /// The terminal's settings at start, put back at the end.
    private var original = termios()

    /// Weak, so the source is freed when the REPL lets go of it and `deinit`
    /// puts the terminal's settings back (`VEOF` included) on every way out.
    nonisolated(unsafe) private static weak var active: TerminalLineSource?

    public var isInteractive: Bool { true }

    /// Opens libedit on the process's terminal; `nil` when standard input is not one.
    public init?() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        // Without a locale libedit reads bytes, not characters, and drops non-ASCII.
        setlocale(LC_ALL, "")
        guard let editLine = el_init("topweight", tw_stdin(), tw_stdout(), tw_stderr()), let history = history_init() else {
            return nil
        }
        self.editLine = editLine
        self.history = history
        // Between two prompts the terminal is in cooked mode, where a typed-ahead
        // Ctrl-D would be eaten as end-of-file by the kernel. Make it a plain byte
        // so libedit always sees it (its emacs map still ends input on an empty line).
        tcgetattr(STDIN_FILENO, &original)
        var settings = original
        withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(VEOF)] = 0 }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        tw_history_set_size(history, 200)
        tw_history_set_unique(history, 1)
        tw_el_set_history(editLine, history)
        tw_el_set_editor(editLine, "emacs")
        tw_el_set_signal(editLine, 0)
        tw_el_set_prompt(editLine, Self.promptCallback)
        tw_el_set_getc(editLine, Self.getcCallback)
        tw_el_add_function(editLine, "tw-complete", "Complete the current word", Self.completeCallback)
        tw_el_bind(editLine, "^I", "tw-complete")
        Self.active = self
    }

    deinit {
        el_end(editLine)
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
        history_end(history)
        free(prompt)
        if Self.active === self { Self.active = nil }
    }

    public func setIdleTimeout(_ seconds: Double?) {
        reader.timeoutMilliseconds = seconds.map { Int32(min($0 * 1000, Double(Int32.max))) } ?? -1
    }

    public func clearHistory() {
        tw_history_clear(history)
    }

    public func readLine(prompt text: String, complete: ((String) -> [String])?) -> LineEvent {
        free(prompt)
        prompt = strdup(text)
        completer = complete
        stop = nil
        Self.active = self
        var count: Int32 = 0
        let line = el_gets(editLine, &count)
        completer = nil
        guard let line, count > 0 else {
            return finish(stop ?? .endOfInput)
        }
        var value = String(cString: line)
        while value.last == "\n" || value.last == "\r" || value.last == "\r\n" { value.removeLast() }
        if !value.allSatisfy({ $0 == " " }) { tw_history_enter(history, value) }
        return .line(value)
    }

    public func readKey(prompt text: String) -> LineEvent {
        let saved = keysWithoutEcho()
        defer { withUnsafePointer(to: saved) { _ = tcsetattr(STDIN_FILENO, TCSANOW, $0) } }
        // The prompt goes out only once echo is off: keys typed as soon as it
        // shows must not be echoed by the kernel.
        write(text)
        switch reader.nextScalar() {
        case .success(let scalar):
            if scalar == "\u{04}" { return finish(.endOfInput) }
            let shown = scalar.properties.isWhitespace || scalar.value < 0x20 ? "" : String(Character(scalar))
            write(shown + "\n")
            return .line(String(Character(scalar)))
        case .failure(let outcome):
            return finish(Self.terminalStop(outcome))
        }
    }

    public func readSecret(prompt text: String) -> LineEvent {
        let saved = keysWithoutEcho()
        defer { withUnsafePointer(to: saved) { _ = tcsetattr(STDIN_FILENO, TCSANOW, $0) } }
        // The prompt goes out only once echo is off: keys typed as soon as it
        // shows must not be echoed by the kernel.
        write(text)
        var secret = String.UnicodeScalarView()
        while true {
            switch reader.nextScalar() {
            case .success("\r"), .success("\n"):
                write("\n")
                return .line(String(secret))
            case .success("\u{7F}"), .success("\u{08}"):
                if !secret.isEmpty { secret.removeLast() }
            case .success("\u{04}"):
                return finish(.endOfInput)
            case .success(let scalar):
                if secret.count < Limits.secretLength { secret.append(scalar) }
            case .failure(let outcome):
                return finish(Self.terminalStop(outcome))
            }
        }
    }

    /// Switches the terminal to key-at-a-time without echo and returns the
    /// settings to put back.
    private func keysWithoutEcho() -> termios {
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        return saved
    }

    /// Ctrl-D reaches libedit as a key (the kernel's end-of-file character is
    /// off), so end of input from the device itself means the terminal is gone:
    /// treat it like SIGHUP rather than as a member's Ctrl-D, which a kiosk
    /// would ignore for ever.
    static func terminalStop(_ outcome: ByteReader.Outcome) -> ByteReader.Outcome {
        outcome == .endOfInput ? .terminated : outcome
    }

    private func finish(_ outcome: ByteReader.Outcome) -> LineEvent {
        switch outcome {
        case .interrupted:
            write("^C\n")
            return .interrupted
        case .timedOut:
            write("\n")
            return .timedOut
        case .terminated:
            write("\n")
            return .terminated
        case .endOfInput, .byte:
            write("\n")
            return .endOfInput
        }
    }

    private func write(_ text: String) {
        fputs(text, tw_stdout())
        fflush(tw_stdout())
    }

    // MARK: - libedit callbacks

    private static let promptCallback: tw_prompt_fn = { _ in
        if let prompt = TerminalLineSource.active?.prompt { return prompt }
        return nil
    }

    private static let getcCallback: tw_getc_fn = { _, character in
        guard let source = TerminalLineSource.active, let character else { return -1 }
        switch source.reader.nextScalar() {
        case .success(let scalar):
            character.pointee = wchar_t(bitPattern: scalar.value)
            return 1
        case .failure(let outcome):
            source.stop = TerminalLineSource.terminalStop(outcome)
            return -1
        }
    }

    private static let completeCallback: tw_command_fn = { editLine, _ in
        guard let editLine, let source = TerminalLineSource.active, let complete = source.completer,
              let info = el_line(editLine)
        else { return UInt8(CC_ERROR) }
        let start = UnsafeRawPointer(info.pointee.buffer)
        let cursor = UnsafeRawPointer(info.pointee.cursor)
        guard let start, let cursor else { return UInt8(CC_ERROR) }
        let typed = String(decoding: UnsafeRawBufferPointer(start: start, count: cursor - start), as: UTF8.self)
        let candidates = complete(typed)
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let replacement = candidates.count == 1 ? candidates[0] : Completion.commonPrefix(candidates)
        if replacement.unicodeScalars.count >= typed.unicodeScalars.count, replacement != typed,
           candidates.count == 1 || replacement.count > typed.count || replacement.lowercased() == typed.lowercased() {
            el_deletestr(editLine, Int32(typed.unicodeScalars.count))
            el_insertstr(editLine, replacement)
            if candidates.count == 1 || replacement.count > typed.count { return UInt8(CC_REFRESH) }
        }
        // Nothing more in common: list the choices under the line, as shells do.
        source.write("\n" + Completion.columns(candidates, width: Completion.terminalWidth()) + "\n")
        return UInt8(CC_REDISPLAY)
    }
}
