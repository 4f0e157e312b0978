import ArgumentParser
import Foundation
import GRDBSQLite
import TopWeightCore
import TopWeightPostgres
import TopWeightStore

/// `topweight bench`: how long a save takes on this machine's disk, for
/// whoever runs the kiosk, and the CI gate on the save p99.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time saves on this disk (default mode, durable mode, a raw SQLite insert) or on a PostgreSQL server (against psql).",
        discussion: """
            The saves go into temporary databases in the directory of the database \
            (--db, $TOPWEIGHT_DB or the default), so they hit the same disk; the database \
            itself is not opened, and the temporary files are removed afterwards. Each save is \
            the logger's own (one transaction per set); the raw baseline is one prepared \
            INSERT through SQLite's C API in its own BEGIN IMMEDIATE/COMMIT, on the same \
            schema and journal settings. Prints p50, p99 and max per mode.

            With --db postgres://…, the saves go through the PostgreSQL engine into a \
            scratch database made on that server (the user needs CREATEDB) and dropped \
            afterwards; psql inserts the same rows into another, taking turns, and reports \
            each INSERT's time (\\timing). With --logger, the piped saves go to the server \
            too, against psql running the same inserts from a file.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Saves timed per mode (default 2000; with --smoke 1000, and 100 in durable mode).")
    var saves: Int?

    @Flag(help: "A quick run, for CI: 1000 saves (100 durable ones) after 20 warm-up saves.")
    var smoke = false

    @Flag(help: "Time the whole logger instead: 2000 piped one-line saves through this program against the sqlite3 shell's inserts (psql's, on PostgreSQL).")
    var logger = false

    @Option(name: .customLong("max-p99-ms"), help: ArgumentHelp("Exit 1 when a default-mode save's p99 is above this many milliseconds.", valueName: "ms"))
    var maxP99Ms: Double?

    func validate() throws {
        if let saves, !(10...1_000_000).contains(saves) {
            throw ValidationError("--saves must be from 10 to 1000000")
        }
        if let maxP99Ms, !(maxP99Ms > 0 && maxP99Ms.isFinite) {
            throw ValidationError("--max-p99-ms must be a positive number of milliseconds")
        }
    }

    func run() throws {
        var gateFailure: String?
        try reportingFailures {
            // About 1.5 % of default-mode saves wait for the disk (SQLite's WAL
            // checkpoints), so the p99 of a few hundred saves is one of a
            // handful of slow ones; 1000 make it a steadier figure.
            let count = saves ?? (smoke ? 1_000 : 2_000)
            let durableCount = smoke ? min(count, 100) : count
            let warmup = smoke ? 20 : 100
            let databasePath = global.databasePath
            if PostgresLocation.isPostgresURL(databasePath) {
                if logger {
                    let runs = try Self.timePostgresLogger(url: databasePath, saves: saves ?? 2_000, rounds: smoke ? 1 : 5)
                    Self.reportLogger(runs, saves: saves ?? 2_000, baseline: "psql", package: "postgresql-client")
                } else {
                    if global.isDurable {
                        print("note: --durable does not apply to PostgreSQL: the server's fsync and synchronous_commit decide")
                    }
                    let save = try Self.benchPostgres(url: databasePath, count: count, warmup: warmup)
                    gateFailure = gate(save.p99)
                }
                return
            }
            let directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
            let scratch = try BenchScratch(directory: directory)
            defer { scratch.removeAll() }
            if logger {
                let runs = try Self.timeLogger(saves: saves ?? 2_000, rounds: smoke ? 1 : 5, scratch: scratch)
                Self.reportLogger(runs, saves: saves ?? 2_000)
                return
            }

            let clock = ContinuousClock()
            let started = clock.now
            let counts = durableCount == count ? "\(count) saves per mode" : "\(count) saves per mode (\(durableCount) in durable mode)"
            print("topweight bench: \(counts) after \(warmup) warm-up saves, in \(directory) (the database's disk)")

            let normal = try Self.timeSavesAndRaw(
                savePath: scratch.path("default"), options: .init(), rawPath: scratch.path("raw"),
                rawSynchronous: "NORMAL", count: count, warmup: warmup
            )
            let full = try Self.timeSavesAndRaw(
                savePath: scratch.path("durable"), options: .init(durable: true), rawPath: scratch.path("raw-full"),
                rawSynchronous: "FULL", count: durableCount, warmup: warmup
            )

            let rows = [
                ("save (default)", Self.synchronousName(normal.synchronous), Summary(normal.save)),
                ("save (durable)", Self.synchronousName(full.synchronous), Summary(full.save)),
                ("raw SQLite insert", "NORMAL", Summary(normal.raw)),
                ("raw SQLite insert", "FULL", Summary(full.raw)),
            ]
            print(Self.left("mode", 20) + Self.left("synchronous", 13) + Self.right("p50") + Self.right("p99") + Self.right("max"))
            for (name, synchronous, summary) in rows {
                print(Self.left(name, 20) + Self.left(synchronous, 13) + Self.ms(summary.p50) + Self.ms(summary.p99) + Self.ms(summary.max))
            }
            let save = rows[0].2
            let ratio = Self.seconds(save.p50) / max(Self.seconds(rows[2].2.p50), 1e-9)
            let durableRatio = Self.seconds(rows[1].2.p50) / max(Self.seconds(save.p50), 1e-9)
            print("save/raw at p50: \(String(format: "%.2f", ratio))×   durable/default at p50: \(String(format: "%.2f", durableRatio))×   (\(String(format: "%.1f", Self.seconds(clock.now - started))) s in all)")
            if full.synchronous < 2 {
                print("note: durable mode runs with synchronous = \(Self.synchronousName(full.synchronous)), not FULL: its saves do not wait for the disk")
            }
            gateFailure = gate(save.p99)
        }
        if let gateFailure {
            FileHandle.standardError.write(Data("topweight: \(gateFailure)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Checks a save p99 against --max-p99-ms: the failure to report, or `nil`
    /// (after saying it is within the limit, when there is one).
    private func gate(_ saveP99: Duration) -> String? {
        guard let limit = maxP99Ms else { return nil }
        let p99 = Self.seconds(saveP99) * 1_000
        if p99 > limit {
            return "save p99 \(String(format: "%.3f", p99)) ms is above --max-p99-ms \(limit)"
        }
        print("save p99 \(String(format: "%.3f", p99)) ms is within --max-p99-ms \(limit)")
        return nil
    }

    // MARK: - Timing

    /// Times `count` saves through `WorkoutStore.save` (the logger's save
    /// path) and as many raw inserts, one after the other, so that both see
    /// the same moments of the machine's load, each into its own file.
    static func timeSavesAndRaw(
        savePath: String, options: WorkoutStore.Options, rawPath: String, rawSynchronous: String, count: Int, warmup: Int
    ) throws -> (save: [Duration], raw: [Duration], synchronous: Int) {
        let store = try WorkoutStore(path: savePath, options: options)
        let (user, exercise) = try seed(store)
        // The raw file gets its schema (and its member and exercise) from the store's migrations.
        let rawIDs: (user: Int64, exercise: Int64)
        do {
            let rawStore = try WorkoutStore(path: rawPath)
            let ids = try seed(rawStore)
            rawIDs = (ids.user.id, ids.exercise.id)
        }
        let raw = try RawSQLiteInserter(path: rawPath, synchronous: rawSynchronous)
        defer { raw.close() }

        let values = SetValues(weight: Weight(hundredths: 6_000, unit: .kg), reps: 8, series: 3)
        let clock = ContinuousClock()
        var saves: [Duration] = []
        var inserts: [Duration] = []
        saves.reserveCapacity(count)
        inserts.reserveCapacity(count)
        for index in 0..<(warmup + count) {
            var start = clock.now
            let now = Date()
            _ = try store.save(NewRecord(user: user, exercise: exercise, values: values, performedAt: now), now: now)
            let saved = clock.now - start

            start = clock.now
            let rawNow = Date()
            _ = try raw.insert(userID: rawIDs.user, exerciseID: rawIDs.exercise, values: values, performedAt: rawNow, createdAt: rawNow)
            let inserted = clock.now - start
            if index >= warmup {
                saves.append(saved)
                inserts.append(inserted)
            }
        }
        return (saves, inserts, try store.writerSynchronous())
    }

    static func synchronousName(_ value: Int) -> String {
        switch value {
        case 0: "OFF"
        case 1: "NORMAL"
        case 2: "FULL"
        case 3: "EXTRA"
        default: "?"
        }
    }

    /// The member and exercise the timed saves are for.
    static func seed(_ logbook: some Logbook) throws -> (user: User, exercise: Exercise) {
        let user = try logbook.createUser(named: "Bench")
        let exercise = try logbook.createExercise(named: "Bench Press", category: "barbell")
        return (user, exercise)
    }

    // MARK: - Figures

    struct Summary {
        var p50: Duration
        var p99: Duration
        var max: Duration
        var mean: Duration

        init(_ samples: [Duration]) {
            let sorted = samples.sorted()
            p50 = Self.percentile(50, of: sorted)
            p99 = Self.percentile(99, of: sorted)
            max = sorted.last ?? .zero
            mean = sorted.isEmpty ? .zero : sorted.reduce(.zero, +) / sorted.count
        }

        /// Nearest rank: the smallest sample with at least `percent`% of samples at or below it.
        static func percentile(_ percent: Double, of sorted: [Duration]) -> Duration {
            guard !sorted.isEmpty else { return .zero }
            let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// `    0.061 ms`, right-aligned in 13 columns.
    static func ms(_ duration: Duration) -> String {
        right(String(format: "%.3f ms", seconds(duration) * 1_000))
    }

    static func right(_ text: String, _ width: Int = 13) -> String {
        String(repeating: " ", count: Swift.max(0, width - text.count)) + text
    }

    static func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: Swift.max(0, width - text.count))
    }
}

// MARK: - Other programs

extension BenchCommand {
    /// The path of program `name` (sqlite3, psql), looked for in the usual
    /// directories and then on `PATH`; `nil` when it is not installed.
    static func installedProgram(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        return (["/usr/bin", "/usr/local/bin", "/bin"] + path)
            .map { ($0 as NSString).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` to its end and returns its standard output when
    /// `capturingOutput` (else discarded). `input`, if any, is written to its
    /// standard input first, so a program given input must not also have much
    /// output captured. Its standard error is discarded unless `showingErrors`.
    /// Returns as soon as the program has exited, so that it can be timed:
    /// Foundation's `waitUntilExit` alone looks only every 50 ms on Linux.
    @discardableResult
    static func runProgram(
        _ executable: String, _ arguments: [String], input: String? = nil,
        environment: [String: String]? = nil, capturingOutput: Bool = false, showingErrors: Bool = false
    ) throws -> String {
        precondition(input == nil || !capturingOutput, "runProgram writes the input before reading the output")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        let outputPipe = capturingOutput ? Pipe() : nil
        process.standardOutput = outputPipe ?? FileHandle.nullDevice
        process.standardError = showingErrors ? FileHandle.standardError : FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw Failure.input("cannot run \(executable): \(error.localizedDescription)")
        }
        if let input, let writer = inputPipe?.fileHandleForWriting {
            try writer.write(contentsOf: Data(input.utf8))
            try writer.close()
        }
        let output = try outputPipe?.fileHandleForReading.readToEnd() ?? Data()
        exited.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.input("\(executable) exited with \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}

// MARK: - Temporary files

/// Temporary database files beside the real database, removed with their
/// -wal, -shm and -journal companions (and the directory, when it was made here).
final class BenchScratch {
    let directory: String
    private let prefix: String
    private let madeDirectory: Bool
    private var paths: [String] = []

    init(directory: String) throws {
        self.directory = directory
        prefix = ".topweight-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let manager = FileManager.default
        if manager.fileExists(atPath: directory) {
            madeDirectory = false
        } else {
            do {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw Failure.database(LogbookError(.cannotOpen, "cannot create directory \(directory) for the benchmark's temporary databases"))
            }
            madeDirectory = true
        }
    }

    /// A new file name here; `pathExtension` other than the default for scripts and the like.
    func path(_ name: String, pathExtension: String = "sqlite") -> String {
        let path = (directory as NSString).appendingPathComponent("\(prefix)-\(name).\(pathExtension)")
        paths.append(path)
        return path
    }

    func removeAll() {
        let manager = FileManager.default
        for path in paths {
            for suffix in ["", "-wal", "-shm", "-journal"] where manager.fileExists(atPath: path + suffix) {
                try? manager.removeItem(atPath: path + suffix)
            }
        }
        if madeDirectory, (try? manager.contentsOfDirectory(atPath: directory))?.isEmpty == true {
            try? manager.removeItem(atPath: directory)
        }
    }
}

// MARK: - The raw SQLite baseline

/// The baseline saves are compared with, here and in the benchmark package:
/// one prepared INSERT through SQLite's C API, each in its own
/// `BEGIN IMMEDIATE` … `COMMIT` (as the store's writes are), in WAL mode
/// with `synchronous` NORMAL (the store's default) or FULL (durable), on a
/// file that already has the store's schema.
public final class RawSQLiteInserter {
    private var db: OpaquePointer?
    private var begin: OpaquePointer?
    private var insert: OpaquePointer?
    private var commit: OpaquePointer?
    private var rollback: OpaquePointer?
    /// The unit texts, bound without a copy (`SQLITE_STATIC`): they outlive every statement.
    private var kilograms = strdup(WeightUnit.kg.rawValue)
    private var pounds = strdup(WeightUnit.lb.rawValue)

    public init(path: String, synchronous: String) throws {
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            close()
            throw Self.failure("cannot open \(path): \(message)")
        }
        sqlite3_busy_timeout(db, 10_000)
        do {
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = \(synchronous)")
            begin = try prepare("BEGIN IMMEDIATE TRANSACTION")
            insert = try prepare("""
                INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            commit = try prepare("COMMIT TRANSACTION")
            rollback = try prepare("ROLLBACK TRANSACTION")
        } catch {
            close()
            throw error
        }
    }

    /// Inserts one record in its own transaction and returns its id.
    public func insert(userID: Int64, exerciseID: Int64, values: SetValues, performedAt: Date, createdAt: Date) throws -> Int64 {
        try step(begin)
        sqlite3_bind_int64(insert, 1, userID)
        sqlite3_bind_int64(insert, 2, exerciseID)
        sqlite3_bind_double(insert, 3, values.weight.value)
        sqlite3_bind_text(insert, 4, values.weight.unit == .kg ? kilograms : pounds, -1, nil)
        sqlite3_bind_int64(insert, 5, Int64(values.reps))
        sqlite3_bind_int64(insert, 6, Int64(values.series))
        sqlite3_bind_int64(insert, 7, Int64((performedAt.timeIntervalSince1970 * 1_000).rounded()))
        sqlite3_bind_int64(insert, 8, Int64((createdAt.timeIntervalSince1970 * 1_000).rounded()))
        do {
            try step(insert)
            try step(commit)
        } catch {
            sqlite3_step(rollback)
            sqlite3_reset(rollback)
            throw error
        }
        return sqlite3_last_insert_rowid(db)
    }

    /// Finalizes the statements and closes the connection; call once done.
    public func close() {
        for statement in [begin, insert, commit, rollback] where statement != nil {
            sqlite3_finalize(statement)
        }
        begin = nil
        insert = nil
        commit = nil
        rollback = nil
        if db != nil {
            sqlite3_close_v2(db)
            db = nil
        }
        free(kilograms)
        free(pounds)
        kilograms = nil
        pounds = nil
    }

    private func step(_ statement: OpaquePointer?) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            throw Self.failure("raw SQLite insert: \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw Self.failure("raw SQLite: \(String(cString: sqlite3_errmsg(db)))")
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK else {
            throw Self.failure("raw SQLite: \(String(cString: sqlite3_errmsg(db)))")
        }
        return statement
    }

    private static func failure(_ message: String) -> Failure {
        .database(LogbookError(.other, message))
    }
}
