import Foundation
import Synchronization
import Testing
import TopWeightCore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A terminal on its own machine (its own outbox) whose connection to the
/// server goes through a `FaultyLink`: the logger, piped, with every save
/// timed from the line sent to its `Saved` line.
final class LinkedTerminal: @unchecked Sendable {
    struct Save {
        var line: SavedLine
        var weight: Double
        var took: Duration
        var kept: Bool
        /// When the line was sent.
        var started: ContinuousClock.Instant
        /// Statements the terminal's own connections sent during the save
        /// (the background's connection, the link's second, left out).
        var statements: Int
    }

    let member: String
    let link: FaultyLink
    let state: StateDirectory
    let logger: PipedChild
    private let record = Mutex<[Save]>([])

    /// Starts the logger on `database` through a new link, and makes (or
    /// picks) `member` with a first set of `first` kg.
    /// `oneWay` delays the link each way from before the logger starts.
    init(member: String, database: String, seed: UInt64, first weight: Double = 20, oneWay: Duration = .zero) throws {
        self.member = member
        link = try FaultyLink(toServerOf: database, seed: seed)
        link.impair(oneWay: oneWay)
        state = try StateDirectory()
        logger = try PipedChild(db: link.route(database), environment: ["XDG_STATE_HOME": state.directory])
        logger.send("\(member)\ny\n")
        try save(weight)
    }

    deinit { link.close() }

    var saves: [Save] { record.withLock { $0 } }

    /// The statements sent on every connection but the background's.
    var foregroundStatements: Int { link.statements - link.statements(onConnection: 1) }

    /// Types a back squat of `weight` kg × 5 × 5 and waits for its `Saved` line.
    @discardableResult
    func save(_ weight: Double) throws -> Save {
        let before = logger.stdout.count(linesStartingWith: "Saved #")
        let statements = foregroundStatements
        let started = ContinuousClock.now
        logger.send("Back Squat \(Decimal2.format(Int((weight * 100).rounded())))x5x5\n")
        let seen = logger.waitFor(lines: before + 1, timeout: 30)
        let took = ContinuousClock.now - started
        let lines = logger.stdout.completeLines.filter { $0.hasPrefix("Saved #") }
        // A kept set's line: `Saved #k3  … × 5 series  (kept on this terminal; …)`, read as #-3.
        let plain = lines.last.map { line in
            (line.range(of: "  (kept").map { line[..<$0.lowerBound] } ?? line).replacingOccurrences(of: "Saved #k", with: "Saved #-")
        }
        guard seen > before, let last = lines.last, let plain, let parsed = SavedLine(plain[...]) else {
            throw NetworkTestFailure("\(member): no Saved line for \(weight) kg: \(logger.stdout.text.suffix(400)) \(logger.stderr.text.suffix(400))")
        }
        let save = Save(line: parsed, weight: weight, took: took, kept: last.contains("(kept on this terminal"),
                        started: started, statements: foregroundStatements - statements)
        record.withLock { $0.append(save) }
        return save
    }

    /// Quits the logger and waits for it to end.
    func quit() -> PipedChild.Ending {
        logger.send(":quit\n")
        defer { link.close() }
        return logger.wait()
    }

    var slowest: Duration { saves.map(\.took).max() ?? .zero }

    /// The longest save that waited within `span`: begun in it, or begun
    /// before it and answered after its start (a save under way at a cut).
    func slowest(in span: Range<ContinuousClock.Instant>) -> Duration {
        saves.filter { $0.started < span.upperBound && $0.started + $0.took > span.lowerBound }.map(\.took).max() ?? .zero
    }
}

struct NetworkTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` for each element on threads of its own, all at once (a
/// worker pool would run only as many as there are cores), and waits for all.
func inParallel<Element: Sendable>(_ elements: [Element], _ body: @escaping @Sendable (Element) throws -> Void) throws {
    let failures = Mutex<[String]>([])
    let done = DispatchSemaphore(value: 0)
    for element in elements {
        Thread {
            do { try body(element) } catch { failures.withLock { $0.append("\(error)") } }
            done.signal()
        }.start()
    }
    for _ in elements { done.wait() }
    let failed = failures.withLock { $0 }
    if !failed.isEmpty { throw NetworkTestFailure(failed.joined(separator: "; ")) }
}

/// Waits up to `limit` for `condition`, looking every 100 ms.
func eventually(within limit: Duration, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        usleep(100_000)
    }
    return condition()
}

/// The one value `psql` prints for `sql` on `url`, trimmed; `nil` when it fails.
func psqlValue(_ url: String, _ sql: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["psql", "-XAt", url, "-c", sql]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
