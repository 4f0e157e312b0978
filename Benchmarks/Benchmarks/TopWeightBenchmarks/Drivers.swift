import Foundation
import LineEditor
import TopWeightCatalog
import TopWeightCore
import TopWeightREPL
import TopWeightStore

/// Lines typed by the benchmark instead of a person. When the queue is
/// empty it answers end of input, which (not being a terminal) makes
/// `Session.run()` return: one `run()` is one burst of typing.
final class ScriptedSource: LineSource {
    private var lines: [String] = []
    private var next = 0
    /// The prompt of the latest read and the completion offered with it.
    private(set) var prompt = ""
    private(set) var complete: ((String) -> [String])?

    var isInteractive: Bool { false }

    /// Queues `lines`; call before the measured part, so the measured part allocates nothing for them.
    func type(_ lines: [String]) {
        self.lines = lines
        next = 0
    }

    func readLine(prompt: String, complete: ((String) -> [String])?) -> LineEvent {
        self.prompt = prompt
        self.complete = complete
        guard next < lines.count else { return .endOfInput }
        defer { next += 1 }
        return .line(lines[next])
    }

    func readKey(prompt: String) -> LineEvent { .line("n") }
    func clearHistory() {}
    func setIdleTimeout(_ seconds: Double?) {}
}

/// Keeps the last line said, so a benchmark can check it really saved.
final class LastLineConsole: Console {
    private(set) var said = ""
    private(set) var warned = ""

    func say(_ line: String) { said = line }
    func warn(_ line: String) { warned = line }
}

/// A logger session on a scratch database, one keystroke burst at a time.
final class SessionDriver {
    let store: WorkoutStore
    let source = ScriptedSource()
    let console = LastLineConsole()
    let session: Session

    /// Opens `path`, creates a member and an exercise and saves a first set
    /// with explicit numbers, so that from then on Enter repeats it.
    init(path: String, options: WorkoutStore.Options) throws {
        store = try WorkoutStore(path: path, options: options)
        _ = try store.createUser(named: "Ana")
        _ = try store.createExercise(named: "Bench Press", category: "barbell")
        session = Session(store: store, source: source, console: console, catalog: ExerciseCatalog(entries: []))
        source.type(["Ana", "Bench Press", "62.5", "8", "3"])
        _ = session.run()
        guard console.said.hasPrefix("Saved") else {
            throw Fixtures.FixtureError(message: "the first save did not happen: \(console.warned)")
        }
    }

    /// Enter at the exercise, weight and reps prompts: the next Enter saves.
    func moveToSeriesPrompt() {
        source.type(["", "", ""])
        _ = session.run()
    }

    /// Queues the Enter that saves.
    func prepareEnter() {
        source.type([""])
    }

    /// The Enter at the series prompt: validated entry, insert, the Saved
    /// line, and the next prompt.
    func pressEnter() {
        _ = session.run()
    }
}
