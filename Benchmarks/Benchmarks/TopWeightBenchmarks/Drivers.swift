import Foundation
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
    private(set) var complete: ((String) -> Completions)?

    var isInteractive: Bool { false }

    /// Queues `lines`; call before the measured part, so the measured part allocates nothing for them.
    func type(_ lines: [String]) {
        self.lines = lines
        next = 0
    }

    func readLine(prompt: String, complete: ((String) -> Completions)?) -> LineEvent {
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

    /// Copies the file at `fixture` to `path` once it is up to date and
    /// closed (its WAL checkpointed away), opens the copy and starts the
    /// member in the middle by record count on the exercise they trained
    /// most, with their last numbers, or `weight` instead of theirs.
    init(copyOf fixture: String, path: String, weight: String?) throws {
        // Migrated in place first (once), so the copy needs no migration.
        do { _ = try WorkoutStore(path: fixture) }
        guard !FileManager.default.fileExists(atPath: fixture + "-wal") else {
            throw Fixtures.FixtureError(message: "\(fixture) is open elsewhere; can't copy it")
        }
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        store = try WorkoutStore(path: path)
        let members = try store.users().sorted { $0.records < $1.records }
        guard !members.isEmpty else { throw Fixtures.FixtureError(message: "no members in \(fixture)") }
        let member = members[members.count / 2].user
        var counts: [String: Int] = [:]
        try store.forEachRecord(HistoryQuery(userID: member.id)) { counts[$0.exercise, default: 0] += 1 }
        guard let exercise = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key,
              let chosen = try store.exercise(named: exercise),
              let last = try store.lastValues(of: member, for: chosen) else {
            throw Fixtures.FixtureError(message: "\(member.name) has no sets in \(fixture)")
        }
        session = Session(store: store, source: source, console: console, catalog: ExerciseCatalog(entries: []))
        source.type([member.name, chosen.name, weight ?? last.weight.number, String(last.reps), String(last.series)])
        _ = session.run()
        guard console.said.hasPrefix("Saved") || console.said.hasPrefix("New PR") else {
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
