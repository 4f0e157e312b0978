import TopWeightCore

/// Feeds a session a fixed list of events, as a terminal or a pipe would.
public final class ScriptedLineSource: LineSource {
    private var events: [LineEvent]
    public let isInteractive: Bool
    public private(set) var prompts: [String] = []
    public private(set) var historyClears = 0
    public private(set) var idleTimeout: Double?
    /// Texts to press Tab after at every prompt, and what each prompt offered for them.
    public var probes: [String] = []
    public private(set) var completionLog: [(prompt: String, offered: [String: [String]])] = []

    /// What Tab offered for `typed` at the first prompt starting with
    /// `promptPrefix`, the tag that leads a member's prompts (`[Ana] `) left aside.
    public func offered(_ typed: String, at promptPrefix: String) -> [String]? {
        completionLog.first { Self.untagged($0.prompt).hasPrefix(promptPrefix) }?.offered[typed]
    }

    /// A prompt without the `[Ana · …] ` tag that leads a member's prompts.
    public static func untagged(_ prompt: String) -> String {
        guard prompt.hasPrefix("["), let end = prompt.range(of: "] ") else { return prompt }
        return String(prompt[end.upperBound...])
    }

    public init(_ events: [LineEvent], interactive: Bool = true) {
        self.events = events
        isInteractive = interactive
    }

    public convenience init(lines: [String], interactive: Bool = true) {
        self.init(lines.map(LineEvent.line), interactive: interactive)
    }

    public func readLine(prompt: String, complete: ((String) -> Completions)?) -> LineEvent {
        prompts.append(prompt)
        var offered: [String: [String]] = [:]
        for typed in probes { offered[typed] = complete?(typed).names }
        completionLog.append((prompt, offered))
        return nextEvent()
    }

    public func readKey(prompt: String) -> LineEvent {
        prompts.append(prompt)
        return nextEvent()
    }

    /// Lines on the pretend screen: set it to page history as a terminal would.
    public var screenRows: Int?
    /// Columns on the pretend screen: what a chart fits.
    public var screenColumns: Int?

    public func readPagerKey(prompt: String) -> LineEvent {
        prompts.append(prompt)
        return nextEvent()
    }

    /// After the script: Ctrl-D twice (ends a turn, then the session), then the
    /// terminal is gone, so even a kiosk that ignores Ctrl-D stops.
    private func nextEvent() -> LineEvent {
        interludes.removeValue(forKey: handedOut)?()
        handedOut += 1
        if !events.isEmpty { return events.removeFirst() }
        endsAfterScript += 1
        return endsAfterScript <= 2 ? .endOfInput : .terminated
    }

    private var endsAfterScript = 0
    private var handedOut = 0

    /// What happens elsewhere meanwhile (the desk, another terminal): each
    /// run once, just before the event at its index in the script is read.
    public var interludes: [Int: () -> Void] = [:]

    public func forget() { historyClears += 1 }

    public private(set) var screenClears = 0
    public func clearScreen() { screenClears += 1 }

    /// How many lines each `eraseLines` took back, in order.
    public private(set) var erased: [Int] = []
    public func eraseLines(_ count: Int) { erased.append(count) }

    public func setIdleTimeout(_ seconds: Double?) { idleTimeout = seconds }

    public var remaining: Int { events.count }
}

/// Collects what the session says, split by stream.
public final class RecordingConsole: Console {
    public private(set) var said: [String] = []
    public private(set) var warned: [String] = []

    public init() {}

    public func say(_ line: String) { said.append(line) }
    public func warn(_ line: String) { warned.append(line) }

    public var all: [String] { said + warned }
}
