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
    func forget() {}
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

/// The whole logger as a process: 2 000 one-line saves piped into the real
/// `topweight` binary (process start included), or the same inserts piped
/// into the `sqlite3` shell, each into a fresh file with the same schema.
final class PipedRun {
    static let saves = 2_000

    /// `topweight` from `$TOPWEIGHT_BIN`, else the main package's release build
    /// (`Scripts/bench` builds it first).
    static var topweight: String {
        if let path = ProcessInfo.processInfo.environment["TOPWEIGHT_BIN"], !path.isEmpty { return path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../.build/release/topweight").standardizedFileURL.path
    }

    static let loggerInput: Data = {
        var text = "Ana\ny\n"
        for _ in 0..<saves { text += "Bench Press 60x5x5\n" }
        return Data(text.utf8)
    }()

    static let shellInput: Data = {
        var text = "PRAGMA journal_mode=WAL;\nPRAGMA synchronous=NORMAL;\nPRAGMA busy_timeout=10000;\n"
        for index in 0..<saves {
            let at = 1_795_284_000_000 + index
            text += "INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt) VALUES (1, 1, 60.0, 'kg', 5, 5, \(at), \(at));\n"
        }
        return Data(text.utf8)
    }()

    let path: String

    init(name: String) {
        path = "\(Fixtures.directory)/piped-\(name)-\(ProcessInfo.processInfo.processIdentifier).sqlite"
    }

    /// A fresh file; for the shell, with the logger's schema, member and exercise.
    func prepare(forShell: Bool) throws {
        Fixtures.remove(path)
        if forShell {
            let store = try WorkoutStore(path: path)
            _ = try store.createUser(named: "Ana")
            _ = try store.createExercise(named: "Bench Press", category: "barbell")
        }
    }

    /// Runs `executable` with `arguments` and `input` piped in; returns its exit status.
    func run(_ executable: String, _ arguments: [String], input: Data) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try pipe.fileHandleForWriting.write(contentsOf: input)
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func count() throws -> Int {
        try WorkoutStore(path: path).recordCount()
    }
}
