import Foundation
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The built `topweight` next to the test bundle, run as a user would.
enum Binary {
    static var url: URL {
        let bundleDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return bundleDirectory.appendingPathComponent("topweight")
    }

    /// `topweight` alone in `directory` (made if missing), nothing beside it.
    /// A hard link opens no file for writing: a copy's write handle, inherited
    /// by a process another test forks at that moment, makes exec fail with
    /// "Text file busy". A copy only where a link can't be made.
    static func alone(in directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("topweight")
        do {
            try FileManager.default.linkItem(at: url, to: copy)
        } catch {
            try FileManager.default.copyItem(at: url, to: copy)
        }
        return copy
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The bytes exactly as written, for checks a decoded `String` would hide
        /// (a stray 0x9B byte decodes to U+FFFD).
        var stdoutBytes: [UInt8] = []
        var stderrBytes: [UInt8] = []
    }

    /// Runs `topweight` with `arguments`, `input` on stdin, and the database at `db`.
    static func run(_ arguments: [String], db: String?, input: String = "", environment extra: [String: String] = [:],
                    directory: URL? = nil, executable: URL = url) throws -> Result {
        try run(arguments, db: db, bytes: Array(input.utf8), environment: extra, directory: directory, executable: executable)
    }

    /// The data home every run of this test process gets (one directory,
    /// so runs that share the default database still share it).
    static func scratchDataHome() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("topweight-tests-data-\(getpid())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writing to a child that already exited must fail with EPIPE, not end the test process.
    static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// The same with raw bytes on stdin, so tests can send what no `String` holds (invalid UTF-8).
    /// Everything until end of file. Foundation's `readDataToEndOfFile` stops
    /// the whole test process when a read is interrupted by a signal (EINTR,
    /// seen once under a loaded run); this reads again instead.
    static func readAll(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    static func run(_ arguments: [String], db: String?, bytes input: [UInt8], environment extra: [String: String] = [:],
                    directory: URL? = nil, executable: URL = url) throws -> Result {
        let process = Process()
        process.executableURL = executable
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TOPWEIGHT_DB")
        environment.removeValue(forKey: "TOPWEIGHT_DURABLE")
        if let db { environment["TOPWEIGHT_DB"] = db }
        // A run with no database named reads the default one: under a data
        // home of the tests' own, never the real one of whoever runs them.
        environment["XDG_DATA_HOME"] = try scratchDataHome()
        environment["TZ"] = environment["TZ"] ?? "UTC"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        _ = ignoreBrokenPipes
        try process.run()
        // Feed stdin from another thread, so a child that talks a lot while
        // reading never deadlocks against us; a child that exits early just
        // makes the write fail (EPIPE) instead of killing the test runner.
        let writer = stdin.fileHandleForWriting
        let feeding = DispatchGroup()
        DispatchQueue.global().async(group: feeding) {
            try? writer.write(contentsOf: Data(input))
            try? writer.close()
        }
        defer { feeding.wait() }
        let out = readAll(stdout.fileHandleForReading)
        let err = readAll(stderr.fileHandleForReading)
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self),
            stdoutBytes: Array(out),
            stderrBytes: Array(err)
        )
    }
}

/// A fresh directory for one test's database, removed afterwards: a file in
/// it, or, when `TOPWEIGHT_TEST_ENGINE=postgres` (the second pass
/// `Scripts/test` makes over the engine-neutral suites), a new database on
/// the throwaway server, dropped afterwards.
final class Scratch {
    let directory: URL
    /// The PostgreSQL database made for this test, if the pass is on PostgreSQL.
    private let postgres: (server: String, name: String)?

    init(engine: TestEngine = .current) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("topweight-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if engine == .postgres {
            let name = "tw_e2e_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let server = try TestEngine.postgresServer()
            try PostgresServer.createDatabase(name, serverURL: server)
            postgres = (server, name)
        } else {
            postgres = nil
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
        if let postgres { try? PostgresServer.dropDatabase(postgres.name, serverURL: postgres.server) }
    }

    /// Makes the empty database, schema and nothing else: commands other
    /// than those that write sets refuse a named database that isn't there.
    @discardableResult
    func made() throws -> Scratch {
        if postgres != nil {
            _ = try PostgresLogbook(url: db)
        } else {
            _ = try WorkoutStore(path: db)
        }
        return self
    }

    /// What `--db` / `TOPWEIGHT_DB` get: the file's path, or the database's URL.
    var db: String {
        if let postgres, let url = try? PostgresServer.url(postgres.server, database: postgres.name) { return url }
        return directory.appendingPathComponent("topweight.sqlite").path
    }
}
