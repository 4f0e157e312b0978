import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `topweight bench --startup`: how long this program takes from start to
/// exit, and its peak memory, against the `sqlite3` shell opening the same
/// file, taking turns so both see the same machine. Each process is started
/// with `posix_spawn` and reaped with `wait4`. Its peak memory comes from
/// other runs under GNU time (`/usr/bin/time -f %M`), when installed: a
/// child's `ru_maxrss` starts at its parent's size when it execs (Linux
/// records the old image's peak), and this program is larger than `sqlite3`,
/// so only a small parent such as `time` gives the child's own figure.
public enum StartupBench {
    /// One command measured over the runs.
    public struct Row: Sendable {
        public var label: String
        public var times: [Duration]
        /// Peak resident set of each run under GNU time, in KiB (empty without it).
        public var peaks: [Int]
    }

    /// The commands timed on the database at `path`: the logger reaching its
    /// first prompt and quitting (`:quit` piped), `history --limit 1`,
    /// `--version`, and the sqlite3 shell opening the file and quitting.
    public static func run(database path: String, runs: Int) throws -> [Row] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw BenchFailure("no database at \(path): --startup times this program opening an existing file")
        }
        let program = LoggerBench.program
        var commands: [(String, String, [String], String)] = [
            ("logger to :quit", program, ["--db", path], ":quit\n"),
            ("history --limit 1", program, ["history", "--limit", "1", "--db", path], ""),
            ("--version", program, ["--version"], ""),
        ]
        if let shell = ExternalProgram.installed("sqlite3") {
            commands.append(("sqlite3 FILE .quit", shell, [path, ".quit"], ""))
        }
        var rows = commands.map { Row(label: $0.0, times: [], peaks: []) }
        // One run of each first, not counted: the file in the page cache for all.
        for command in commands { _ = try spawn(command.1, command.2, input: command.3) }
        for _ in 0..<runs {
            for (index, command) in commands.enumerated() {
                rows[index].times.append(try spawn(command.1, command.2, input: command.3))
            }
        }
        if let time = ExternalProgram.installed("time") {
            let report = FileManager.default.temporaryDirectory.appendingPathComponent("topweight-startup-\(getpid()).rss").path
            defer { try? FileManager.default.removeItem(atPath: report) }
            for _ in 0..<min(runs, 5) {
                for (index, command) in commands.enumerated() {
                    _ = try spawn(time, ["-f", "%M", "-o", report, command.1] + command.2, input: command.3)
                    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
                    if let kib = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) { rows[index].peaks.append(kib) }
                }
            }
        }
        return rows
    }

    /// `command  median  min  max  peak` a row, times in milliseconds, memory in MiB (medians).
    public static func report(_ rows: [Row], runs: Int) {
        let memory = rows.contains { !$0.peaks.isEmpty } ? "peak resident memory under GNU time" : "no peak memory (install GNU time)"
        print("\(runs) runs each, taking turns; start to exit (median, min–max), \(memory) (median)")
        let width = rows.map(\.label.count).max() ?? 0
        for row in rows {
            let times = row.times.sorted()
            let peaks = row.peaks.sorted()
            let label = row.label.padding(toLength: width, withPad: " ", startingAt: 0)
            func ms(_ duration: Duration) -> String { String(format: "%.1f", duration.inSeconds * 1_000) }
            let peak = peaks.isEmpty ? "" : String(format: "  %.1f MiB", Double(peaks[peaks.count / 2]) / 1024)
            print("\(label)  \(ms(times[times.count / 2])) ms (\(ms(times[0]))–\(ms(times[times.count - 1])))\(peak)")
        }
    }

    /// Runs `executable` with `input` on its standard input (output
    /// discarded) to its end: how long it took.
    static func spawn(_ executable: String, _ arguments: [String], input: String) throws -> Duration {
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("topweight-startup-\(getpid()).in").path
        guard FileManager.default.createFile(atPath: inputFile, contents: Data(input.utf8)) else {
            throw BenchFailure("cannot write \(inputFile)")
        }
        defer { try? FileManager.default.removeItem(atPath: inputFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputFile, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let clock = ContinuousClock()
        let started = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchFailure("cannot run \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchFailure("lost \(executable): \(String(cString: strerror(errno)))") }
        }
        let elapsed = clock.now - started
        // Exited normally with status 0 (WIFEXITED and WEXITSTATUS, spelt out).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw BenchFailure("\(executable) \(arguments.joined(separator: " ")) failed (status \(status))")
        }
        return elapsed
    }
}
