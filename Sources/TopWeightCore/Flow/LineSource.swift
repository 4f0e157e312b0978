/// What one read from a line source produced.
public enum LineEvent: Sendable, Equatable {
    /// A line, without its newline. Invalid UTF-8 arrives as U+FFFD.
    case line(String)
    /// Ctrl-C: drop what was being typed.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
    /// Nothing was typed for the idle timeout.
    case timedOut
    /// SIGTERM or SIGHUP: the program should end now.
    case terminated
}

/// What Tab offers for the text typed so far: whole-line replacements and
/// how the first Tab uses them.
public struct Completions: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// The candidates, best first when `bestFirst`, else in list order.
    public var names: [String]
    /// True: the first Tab puts the best candidate in whole and a second
    /// lists the others (exercises, ranked). False: Tab completes what the
    /// candidates have in common and lists them, as shells do (members,
    /// commands).
    public var bestFirst: Bool

    public init(_ names: [String], bestFirst: Bool = false) {
        self.names = names
        self.bestFirst = bestFirst
    }

    public init(arrayLiteral names: String...) {
        self.init(names)
    }
}

/// What a prompt that counts down shows now (a rest): asked about once a
/// second while its line is typed (`LineSource.readLine(prompt:complete:ticking:)`).
public struct PromptTick: Sendable, Equatable {
    /// The prompt to redraw in place, the line typed and the cursor kept.
    public var prompt: String
    /// Whether the terminal's bell rings with it (the rest is over).
    public var bell: Bool

    public init(prompt: String, bell: Bool = false) {
        self.prompt = prompt
        self.bell = bell
    }
}

/// Where the REPL's lines come from: a terminal through libedit, or piped text.
public protocol LineSource: AnyObject {
    /// True for a person at a terminal: prompts are drawn and Tab completes.
    var isInteractive: Bool { get }

    /// Reads one line after showing `prompt`; `complete` proposes whole-line
    /// replacements for the text typed so far.
    func readLine(prompt: String, complete: ((String) -> Completions)?) -> LineEvent

    /// The same, `ticking` asked about once a second while the line is typed:
    /// a new prompt is redrawn in place. Sources without a screen never ask.
    func readLine(prompt: String, complete: ((String) -> Completions)?, ticking: (() -> PromptTick?)?) -> LineEvent

    /// Reads a one-key answer (`y`/`n`); on a terminal whatever was typed or
    /// pasted after that key is dropped with it. Piped input answers with a line.
    func readKey(prompt: String) -> LineEvent

    /// Reads a line without echoing it (the admin PIN).
    func readSecret(prompt: String) -> LineEvent

    /// Forgets what was typed so far: the in-memory line history and the kill
    /// buffer (a new member must not see or yank the previous one's text).
    func forget()

    /// Clears the screen, where there is one.
    func clearScreen()

    /// Takes back the last `count` lines written, where there is a screen:
    /// what is drawn next (the calendar's next month) replaces them.
    func eraseLines(_ count: Int)

    /// Sets the idle timeout in seconds; `nil` waits forever.
    func setIdleTimeout(_ seconds: Double?)

    /// One key for a pager or the calendar: `.line` of the character, or of
    /// `left`, `right`, `up`, `down`, `pageup`, `pagedown` for those keys. Piped input
    /// answers with a line.
    func readPagerKey(prompt: String) -> LineEvent

    /// Lines on the screen, where there is one (`nil` for a pipe: never page).
    var screenRows: Int? { get }

    /// Columns on the screen, where there is one (`nil` for a pipe): what a chart fits.
    var screenColumns: Int? { get }

    /// Whether a prompt can be redrawn in place while its line is typed
    /// (`readLine(prompt:complete:ticking:)` asks `ticking`): a terminal's.
    var redrawsPrompt: Bool { get }
}

extension LineSource {
    /// Sources without a screen have no prompt to redraw.
    public func readLine(prompt: String, complete: ((String) -> Completions)?, ticking: (() -> PromptTick?)?) -> LineEvent {
        readLine(prompt: prompt, complete: complete)
    }

    /// Sources without a screen have nothing to clear.
    public func clearScreen() {}

    /// Nor lines to take back.
    public func eraseLines(_ count: Int) {}

    public func readPagerKey(prompt: String) -> LineEvent {
        readKey(prompt: prompt)
    }

    public var screenRows: Int? { nil }

    public var screenColumns: Int? { nil }

    public var redrawsPrompt: Bool { false }

    /// Sources that never echo (pipes, scripts) read secrets as plain lines.
    public func readSecret(prompt: String) -> LineEvent {
        readLine(prompt: prompt, complete: nil)
    }
}

/// Where the REPL writes: records and listings to one stream, reasons to another.
public protocol Console: AnyObject {
    /// A line of results: `Saved …`, history, listings.
    func say(_ line: String)
    /// A one-line reason something was refused, or a notice.
    func warn(_ line: String)
}

