import TopWeightCore
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
/// the source they belong to is libedit's client data (`EL_CLIENTDATA`).
public final class TerminalLineSource: LineSource {
    enum Limits {
        static let secretLength = 256
    }

    private(set) var editLine: OpaquePointer!
    private let history: OpaquePointer
    var reader = ByteReader(fd: STDIN_FILENO)
    var prompt: UnsafeMutablePointer<CChar>?
    /// The prompt as the flow gave it, made terminal-safe; libedit shows it
    /// fitted to the terminal's width (`fittedPrompt`, see `PromptFit`).
    var shownPrompt = "" {
        didSet { refitPrompt() }
    }
    private(set) var fittedPrompt = ""

    /// The prompt fitted again to the terminal's width as it is now.
    func refitPrompt() {
        fittedPrompt = PromptFit.fit(shownPrompt, columns: Completion.terminalSize().columns)
        free(prompt)
        prompt = strdup(fittedPrompt)
    }
    var completer: ((String) -> Completions)?
    /// What a prompt that counts down shows now, asked between keys (`readLine(prompt:complete:ticking:)`).
    var ticker: (() -> PromptTick?)?
    /// When the last key came (or the line began), on the monotonic clock:
    /// the idle timeout counts from it across the prompt's redraws.
    var lastKeyAt: Int64 = 0
    /// The line the last Tab put a best candidate in, and the others it had:
    /// a second Tab on that same line lists them.
    var lastOffer: (line: String, others: [String])?
    /// Why the last read stopped, when libedit only says "no line".
    private var stop: ByteReader.Outcome?
    /// The terminal's settings at start, put back at the end.
    private var original = termios()
    /// The settings between prompts: no end-of-file character, no flow control.
    private var ours = termios()


    public var isInteractive: Bool { true }

    /// Why the line editor could not be set up on a terminal (a key binding
    /// libedit refused), for the caller to report; `nil` when all went well.
    nonisolated(unsafe) public private(set) static var setupProblem: String?

    /// Opens libedit on the process's terminal; `nil` when standard input is
    /// not one, or when libedit refused part of the set-up (`setupProblem`).
    public init?() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        // Without a locale libedit reads bytes, not characters, and drops non-ASCII.
        // A locale the system lacks (setlocale fails) or one that is not UTF-8
        // leaves libedit unable to decode a prompt holding `Zoë`: it crashed on
        // it. Names are UTF-8 whatever the locale, so characters are read as UTF-8.
        if setlocale(LC_ALL, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        guard let history = history_init() else { return nil }
        self.history = history
        tcgetattr(STDIN_FILENO, &original)
        // libedit starts on the terminal as it is (as it always did): it learns
        // the changes below from the cooked mode it finds at the first prompt.
        editLine = nil
        do {
            editLine = try makeEditLine()
        } catch {
            Self.setupProblem = error.message
            return nil
        }
        // Between two prompts the terminal is in cooked mode, where a typed-ahead
        // Ctrl-D would be eaten as end-of-file by the kernel. Make it a plain byte
        // so libedit always sees it (its emacs map still ends input on an empty line).
        var settings = original
        withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(VEOF)] = 0 }
        // No XON/XOFF flow control: Ctrl-S would freeze the screen, and a
        // program writing to a stopped terminal blocks, past resets and signals.
        settings.c_iflag &= ~tcflag_t(IXON | IXOFF | IXANY)
        ours = settings
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        // Output stopped by a Ctrl-S typed before we started resumes now.
        tcflow(STDIN_FILENO, TCOON)
        tw_history_set_size(history, 200)
        tw_history_set_unique(history, 1)
    }

    struct SetupError: Error {
        var message: String
    }

    /// A fresh libedit instance with our prompt, reader, completion and the
    /// whole keymap. A new member gets a new one: libedit keeps more than the
    /// history between lines (the kill buffer, the line parked by Up), and a
    /// fresh instance keeps none of it.
    private func makeEditLine() throws(SetupError) -> OpaquePointer {
        guard let editLine = el_init("topweight", tw_stdin(), tw_stdout(), tw_stderr()) else {
            throw SetupError(message: "libedit could not start on this terminal")
        }
        tw_el_set_history(editLine, history)
        tw_el_set_editor(editLine, "emacs")
        tw_el_set_signal(editLine, 0)
        tw_el_set_prompt(editLine, Self.promptCallback)
        tw_el_set_getc(editLine, Self.getcCallback)
        tw_el_add_function(editLine, "tw-complete", "Complete the current word", Self.completeCallback)
        tw_el_add_function(editLine, "tw-redraw", "Redraw the prompt in place", Self.redrawCallback)
        // Every single-key slot explicitly (see Keymap): nothing of libedit's
        // own map is left that reaches its command mode or an editor. A slot
        // libedit refuses would keep its default: then we do not start.
        for (key, function) in Keymap.bindings where tw_el_bind(editLine, Keymap.bindingName(key), function) != 0 {
            el_end(editLine)
            throw SetupError(message: "libedit refused to bind key \(key) to \(function); not starting with its default keymap")
        }
        // Unretained: the source owns the EditLine and ends it in `deinit`,
        // so libedit never calls back into a source that is gone, and the
        // source is freed (putting the terminal back) when the REPL lets go.
        tw_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        return editLine
    }

    /// The source an `EditLine` belongs to, from inside a libedit callback.
    static func source(of editLine: OpaquePointer?) -> TerminalLineSource? {
        guard let editLine, let data = tw_el_clientdata(editLine) else { return nil }
        return Unmanaged<TerminalLineSource>.fromOpaque(data).takeUnretainedValue()
    }

    deinit {
        if let editLine { el_end(editLine) }
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
        history_end(history)
        free(prompt)
    }

    public func setIdleTimeout(_ seconds: Double?) {
        reader.timeoutMilliseconds = seconds.map { Int32(min($0 * 1000, Double(Int32.max))) } ?? -1
    }

    /// Forgets what the previous member typed: the line history, and every
    /// line libedit keeps (the kill buffer, the line parked by Up), by starting
    /// a new libedit instance. Keys already typed are kept for the new one:
    /// ending libedit discards unread input (`TCSAFLUSH`).
    public func forget() {
        tw_history_clear(history)
        // Key at a time for a moment, so that a line typed ahead but not yet
        // ended by Enter is readable too, and taken before libedit discards it.
        var keys = ours
        keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &keys)
        reader.takeWaitingInput()
        el_end(editLine)
        // A new libedit starts, like the first, on the terminal's own settings
        // and learns ours at its first prompt: started on ours, it now and
        // then lost a Ctrl-D typed ahead (seen in the pseudo-terminal tests).
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &ours) }
        do {
            editLine = try makeEditLine()
        } catch {
            // Keep going with the old settings' terminal: the next read fails
            // cleanly and the session ends like a vanished terminal.
            Self.setupProblem = error.message
            editLine = nil
        }
    }

    /// Clears the screen with the terminal's own `cl` capability; a terminal
    /// without one gets enough blank lines to scroll the old ones away.
    public func clearScreen() {
        if let editLine, let capability = tw_el_capability(editLine, "cl").map({ String(cString: $0) }), !capability.isEmpty {
            // And the scrollback (xterm's E3, which the Linux console and tmux
            // honour too; others ignore it): scrolling up shows nobody's sets.
            write(Self.withoutPadding(capability) + "\u{1B}[3J")
        } else {
            write(String(repeating: "\n", count: Completion.terminalSize().rows))
        }
    }

    /// Up `count` lines, clearing each in place (ANSI, as every terminal
    /// this runs on takes; `NO_COLOR` is about colour, not about moving).
    /// Line by line, never "clear to the end of the screen": from the top
    /// row that is a whole screen's clear, which tmux (`scroll-on-clear`)
    /// first scrolls into its history, the cleared lines readable there.
    public func eraseLines(_ count: Int) {
        guard count > 0 else { return }
        write("\r\u{1B}[2K" + String(repeating: "\u{1B}[1A\u{1B}[2K", count: count))
    }

    /// A termcap string without its `$<N>` padding delays.
    static func withoutPadding(_ capability: String) -> String {
        var out = ""
        var rest = Substring(capability)
        while let start = rest.range(of: "$<") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { return out }
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }

    public func readLine(prompt text: String, complete: ((String) -> Completions)?) -> LineEvent {
        readLine(prompt: text, complete: complete, ticking: nil)
    }

    public func readLine(prompt text: String, complete: ((String) -> Completions)?, ticking: (() -> PromptTick?)?) -> LineEvent {
        ticker = ticking
        lastKeyAt = Self.monotonicMilliseconds()
        defer { ticker = nil }
        // Prompts show names from the logbook: made terminal-safe here, at the edge.
        shownPrompt = TerminalText.safe(text)
        completer = complete
        lastOffer = nil
        stop = nil
        var count: Int32 = 0
        guard let editLine else { return finish(.terminated) }
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
        RawKeys.withoutEcho(fd: STDIN_FILENO) {
            // Keys that came before the question (the rest of a pasted block,
            // its `y` included) are no answer to it.
            reader.dropWaitingInput(settling: 0)
            // The prompt goes out only once echo is off: keys typed as soon as
            // it shows must not be echoed by the kernel.
            write(TerminalText.safe(text))
            switch reader.nextScalar() {
            case .success(let scalar):
                // The rest of a line typed or pasted at the question is no
                // answer to the next prompt: it goes with this key.
                defer { reader.dropWaitingInput(settling: Self.escapeSequenceMilliseconds) }
                if scalar == "\u{04}" { return finish(.endOfInput) }
                let shown = scalar.properties.isWhitespace || NameRules.isForbidden(scalar)
                    || NameRules.isInvisible(scalar) ? "" : String(Character(scalar))
                write(shown + "\n")
                return .line(String(Character(scalar)))
            case .failure(let outcome):
                return finish(Self.terminalStop(outcome))
            }
        }
    }

    public var screenRows: Int? { Completion.terminalSize().rows }

    public var screenColumns: Int? { Completion.terminalSize().columns }

    public var redrawsPrompt: Bool { true }

    /// One key without echo; arrows and Page Up/Down (read whole, so the rest
    /// of their sequence is never taken for keys) come back by name.
    public func readPagerKey(prompt text: String) -> LineEvent {
        RawKeys.withoutEcho(fd: STDIN_FILENO) {
            write(TerminalText.safe(text))
            defer { write("\r\u{1B}[K") }
            switch reader.nextScalar() {
            case .success("\u{04}"):
                return .line("q")
            case .success("\u{1B}"):
                return .line(readSequence())
            case .success(let scalar):
                return .line(String(Character(scalar)))
            case .failure(let outcome):
                return finish(Self.terminalStop(outcome))
            }
        }
    }

    /// The rest of an escape sequence, named: `left`, `right`, `up`, `down`,
    /// `pageup`, `pagedown`, or `escape` for anything else (read to its end and dropped).
    private func readSequence() -> String {
        var bytes: [UInt8] = []
        while bytes.count < 8, case .byte(let byte) = reader.next(timeout: 30) {
            bytes.append(byte)
            // A sequence ends with a letter or `~` after its introducer.
            if bytes.count >= 2, (0x40...0x7E).contains(byte) { break }
            if bytes.count == 1, byte != UInt8(ascii: "["), byte != UInt8(ascii: "O") { break }
        }
        switch bytes {
        case Array("[D".utf8), Array("OD".utf8): return "left"
        case Array("[C".utf8), Array("OC".utf8): return "right"
        case Array("[A".utf8), Array("OA".utf8): return "up"
        case Array("[B".utf8), Array("OB".utf8): return "down"
        case Array("[5~".utf8): return "pageup"
        case Array("[6~".utf8): return "pagedown"
        default: return "escape"
        }
    }

    public func readSecret(prompt text: String) -> LineEvent {
        let event = RawKeys.readSecret(reader: reader, prompt: TerminalText.safe(text), output: STDOUT_FILENO)
        switch event {
        case .line: return event
        case .endOfInput: return finish(.endOfInput)
        case .interrupted: return finish(.interrupted)
        case .timedOut: return finish(.timedOut)
        case .terminated: return finish(.terminated)
        }
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

    /// Through the same stream libedit writes to, so the order holds; nothing
    /// is written once the program is ending.
    func write(_ text: String) {
        guard Signals.terminationSignal == 0 else { return }
        fputs(text, tw_stdout())
        fflush(tw_stdout())
    }

    // MARK: - libedit callbacks

    private static let promptCallback: tw_prompt_fn = {
        if let prompt = TerminalLineSource.source(of: $0)?.prompt { return prompt }
        return nil
    }

    /// Keys of one escape sequence arrive in one write; this is how long to
    /// wait for the next one before taking Esc as a key of its own.
    static let escapeSequenceMilliseconds: Int32 = 50

    private static let getcCallback: tw_getc_fn = { editLine, character in
        guard let source = TerminalLineSource.source(of: editLine), let character else { return -1 }
        while true {
            let scalar: Unicode.Scalar
            switch source.nextKey() {
            case .key(let read): scalar = read
            case .redraw:
                character.pointee = wchar_t(Keymap.redrawKey)
                return 1
            case .stop(let outcome):
                source.stop = TerminalLineSource.terminalStop(outcome)
                return -1
            }
            var interruption: ByteReader.Outcome?
            let passed = KeyFilter.filter(scalar) {
                switch source.reader.nextScalar(timeout: escapeSequenceMilliseconds) {
                case .success(let next): return next
                case .failure(.timedOut): return nil
                case .failure(let outcome):
                    interruption = outcome
                    return nil
                }
            }
            if let interruption {
                source.stop = TerminalLineSource.terminalStop(interruption)
                return -1
            }
            if let passed {
                character.pointee = wchar_t(bitPattern: passed.value)
                return 1
            }
        }
    }
}
