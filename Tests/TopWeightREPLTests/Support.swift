import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightREPL
import TopWeightStore

/// Feeds a session a fixed list of events, as a terminal or a pipe would.
final class ScriptedLineSource: LineSource {
    private var events: [LineEvent]
    let isInteractive: Bool
    private(set) var prompts: [String] = []
    private(set) var historyClears = 0
    private(set) var idleTimeout: Double?
    /// Texts to press Tab after at every prompt, and what each prompt offered for them.
    var probes: [String] = []
    private(set) var completionLog: [(prompt: String, offered: [String: [String]])] = []

    /// What Tab offered for `typed` at the first prompt starting with `promptPrefix`.
    func offered(_ typed: String, at promptPrefix: String) -> [String]? {
        completionLog.first { $0.prompt.hasPrefix(promptPrefix) }?.offered[typed]
    }

    init(_ events: [LineEvent], interactive: Bool = true) {
        self.events = events
        isInteractive = interactive
    }

    convenience init(lines: [String], interactive: Bool = true) {
        self.init(lines.map(LineEvent.line), interactive: interactive)
    }

    func readLine(prompt: String, complete: ((String) -> [String])?) -> LineEvent {
        prompts.append(prompt)
        var offered: [String: [String]] = [:]
        for typed in probes { offered[typed] = complete?(typed) }
        completionLog.append((prompt, offered))
        return nextEvent()
    }

    func readKey(prompt: String) -> LineEvent {
        prompts.append(prompt)
        return nextEvent()
    }

    /// After the script: Ctrl-D twice (ends a turn, then the session), then the
    /// terminal is gone, so even a kiosk that ignores Ctrl-D stops.
    private func nextEvent() -> LineEvent {
        if !events.isEmpty { return events.removeFirst() }
        endsAfterScript += 1
        return endsAfterScript <= 2 ? .endOfInput : .terminated
    }

    private var endsAfterScript = 0

    func forget() { historyClears += 1 }

    private(set) var screenClears = 0
    func clearScreen() { screenClears += 1 }

    func setIdleTimeout(_ seconds: Double?) { idleTimeout = seconds }

    var remaining: Int { events.count }
}

/// Collects what the session says, split by stream.
final class RecordingConsole: Console {
    private(set) var said: [String] = []
    private(set) var warned: [String] = []

    func say(_ line: String) { said.append(line) }
    func warn(_ line: String) { warned.append(line) }

    var all: [String] { said + warned }
}

/// A store on a fresh temporary file, removed when the fixture goes away.
final class Fixture {
    let directory: URL
    let store: WorkoutStore
    let catalog = ExerciseCatalog(entries: [
        .init(name: "Bench Press", category: "barbell"),
        .init(name: "Back Squat", category: "barbell"),
        .init(name: "Deadlift", category: "barbell"),
    ])
    /// 2026-11-21 18:00 UTC, a Saturday.
    static let now = Date(timeIntervalSince1970: 1_795_284_000)

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("topweight-repl-\(UUID().uuidString)")
        store = try WorkoutStore(path: directory.appendingPathComponent("test.sqlite").path)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Runs a session over `source` and returns what it printed.
    @discardableResult
    func run(_ source: ScriptedLineSource, kiosk: Bool = false, configure: (inout Session.Settings) -> Void = { _ in })
        -> (console: RecordingConsole, ending: Session.Ending) {
        let console = RecordingConsole()
        var settings = Session.Settings()
        settings.timeZone = TimeZone(identifier: "UTC") ?? .current
        settings.now = { Fixture.now }
        settings.kiosk = kiosk
        configure(&settings)
        let session = Session(store: store, source: source, console: console, catalog: catalog, settings: settings)
        let ending = session.run()
        return (console, ending)
    }

    func records() throws -> [WorkoutRecord] {
        try store.history(HistoryQuery())
    }

    /// A member with one earlier set, so defaults exist.
    @discardableResult
    func seed(user: String = "Ana", exercise: String = "Bench Press", values: SetValues) throws -> (User, Exercise) {
        let member = try store.createUser(named: user)
        let chosen = try store.createExercise(named: exercise)
        _ = try store.save(NewRecord(user: member, exercise: chosen, values: values, performedAt: Fixture.now.addingTimeInterval(-86_400)))
        return (member, chosen)
    }
}

extension SetValues {
    static func kg(_ weight: Double, _ reps: Int, _ series: Int) -> SetValues {
        SetValues(weight: Weight(value: weight, unit: .kg), reps: reps, series: series)
    }
}
