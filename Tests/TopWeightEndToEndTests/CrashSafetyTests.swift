import Foundation
import GRDB
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// kill -9 at random moments while `topweight` saves as fast as it can.
///
/// The contract: a crash loses at most the entry being typed; every record the
/// program announced with `Saved #ID` is in the file with the numbers it
/// printed, and `PRAGMA integrity_check` says ok.
@Suite("Killing topweight with SIGKILL at random moments", .tags(.slow))
struct CrashSafetyTests {
    static let runs = 200
    static let linesPerRun = 1_000

    @Test("200 kill -9s during saves lose no announced record and leave no half-written one")
    func killNineWhileSaving() throws {
        let scratch = try Scratch()
        let started = Date()
        // A failing run replays with TOPWEIGHT_CRASH_SEED=<seed> in the environment.
        let seed = ProcessInfo.processInfo.environment["TOPWEIGHT_CRASH_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)

        // The member and the exercise exist before the first kill, so every run
        // gets the same input shape: the name, then one-line entries.
        let first = try Binary.run(["add", "Crash", "Bench Press", "60", "5", "5"], db: scratch.db)
        try #require(first.status == 0, "\(first.stderr)")
        let seedRecord = try #require(first.stdout.split(separator: "\n").first.flatMap(SavedLine.init))

        // Run r types reps r + 1 and, on its k-th line, (k + 1) × 0.25 kg, so
        // every row in the file says which run and which line wrote it.
        var fed: [[SetNumbers]] = []
        var printed: [[SavedLine]] = []
        var killedBeforeFirstSave = 0
        var killedAfterWaitingForSaves = 0
        let clock = ContinuousClock()
        let loopStart = clock.now

        for run in 0..<Self.runs {
            let lines = (0..<Self.linesPerRun).map { line in
                SetNumbers(hundredths: (line + 1) * 25, unit: "kg", reps: run + 1, series: Int.random(in: 1...10, using: &random))
            }
            fed.append(lines)
            let child = try PipedChild(db: scratch.db)
            child.send("Crash\n" + lines.map { $0.line(exercise: "Bench Press") + "\n" }.joined())
            if Bool.random(using: &random) {
                // Wait for a few saves, so the kill lands in the middle of saving.
                let wanted = Int.random(in: 1...40, using: &random)
                let seen = child.waitFor(lines: wanted)
                #expect(seen >= wanted, "run \(run): only \(seen) of \(wanted) saves before the timeout; \(child.stderr.text) [seed \(seed)]")
                killedAfterWaitingForSaves += 1
            }
            // Then a random moment within 40 ms: start-up, opening, reading, saving, printing.
            usleep(UInt32.random(in: 0..<40_000, using: &random))
            child.signal(SIGKILL)
            let ending = child.wait()
            #expect(ending == .signaled(SIGKILL), "run \(run) \(ending) before the kill; \(child.stderr.text) [seed \(seed)]")
            #expect(child.stderr.text.isEmpty, "run \(run): \(child.stderr.text) [seed \(seed)]")

            // Each line is heavier than the last: a "New PR on …" line follows every Saved line but the first.
            let lineTexts = child.stdout.completeLines.filter { !$0.hasPrefix("New PR on ") }
            let saved = lineTexts.compactMap(SavedLine.init)
            #expect(saved.count == lineTexts.count, "run \(run) printed something else: \(lineTexts.filter { SavedLine($0) == nil }) [seed \(seed)]")
            if saved.isEmpty { killedBeforeFirstSave += 1 }
            // What was printed is what was typed, in order, with rising ids.
            for (index, line) in saved.enumerated() {
                #expect(line.user == "Crash" && line.exercise == "Bench Press", "\(line) [seed \(seed)]")
                #expect(index < lines.count && line.numbers == lines[index], "run \(run) line \(index): printed \(line) [seed \(seed)]")
            }
            #expect(zip(saved, saved.dropFirst()).allSatisfy { $0.id < $1.id }, "run \(run) ids not rising [seed \(seed)]")
            printed.append(saved)
        }
        let loopSeconds = (clock.now - loopStart) / .seconds(1)

        // One more start on the file the last kill left behind: it opens, saves and ends normally.
        let last = try Binary.run([], db: scratch.db, input: "Crash\nBench Press 1x1000x1\n")
        #expect(last.status == 0 && last.stderr.isEmpty, "\(last.stderr) [seed \(seed)]")
        let lastRecord = try #require(last.stdout.split(separator: "\n").compactMap(SavedLine.init).first)
        let check = try Binary.run(["check"], db: scratch.db)
        #expect(check.status == 0 && check.stdout.contains("integrity     ok"), "\(check.stdout)\(check.stderr) [seed \(seed)]")

        // Now the file itself.
        let queue = try DatabaseQueue(path: scratch.db)
        defer { try? queue.close() }
        let (integrity, foreignKeyProblems, invalidRows, rows) = try queue.read { db in
            (
                try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                try Row.fetchAll(db, sql: "PRAGMA foreign_key_check"),
                try Int.fetchOne(db, sql: Self.invalidRowsSQL, arguments: [milliseconds(started) - 1_000, milliseconds(Date()) + 1_000]) ?? -1,
                try Row.fetchAll(db, sql: """
                    SELECT r.id, u.name, e.name, r.weight, r.unit, r.reps, r.series
                    FROM record r JOIN user u ON u.id = r.userId JOIN exercise e ON e.id = r.exerciseId ORDER BY r.id
                    """)
            )
        }
        #expect(integrity == ["ok"], "seed \(seed)")
        #expect(foreignKeyProblems.isEmpty, "seed \(seed)")
        #expect(invalidRows == 0, "rows with a missing, mistyped or out-of-range column [seed \(seed)]")
        let total = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") ?? 0 }
        #expect(rows.count == total, "every record joins its user and exercise [seed \(seed)]")

        struct Stored: Equatable {
            var user: String
            var exercise: String
            var numbers: SetNumbers
        }
        var stored: [Int64: Stored] = [:]
        for row in rows {
            let weight: Double = row[3]
            stored[row[0]] = Stored(user: row[1], exercise: row[2], numbers: SetNumbers(
                hundredths: Int((weight * 100).rounded()), unit: row[4], reps: row[5], series: row[6]
            ))
        }

        // Every announced record is there, exactly as printed.
        let announced = [seedRecord, lastRecord] + printed.joined()
        var missing = 0
        for line in announced {
            let expected = Stored(user: line.user, exercise: line.exercise, numbers: line.numbers)
            if stored[line.id] != expected {
                missing += 1
                Issue.record("Saved #\(line.id) printed \(line) but the file holds \(String(describing: stored[line.id])) [seed \(seed)]")
            }
        }
        #expect(Set(announced.map(\.id)).count == announced.count, "an id was announced twice [seed \(seed)]")
        #expect(total >= announced.count, "seed \(seed)")

        // Each run's rows are its first n lines, in order: n is what it printed,
        // or one more when the kill fell between the commit and the `Saved` line.
        var committedNotPrinted = 0
        var byRun: [Int: [(id: Int64, numbers: SetNumbers)]] = [:]
        for (id, record) in stored.sorted(by: { $0.key < $1.key }) where id != seedRecord.id && id != lastRecord.id {
            byRun[record.numbers.reps - 1, default: []].append((id, record.numbers))
        }
        #expect(Set(byRun.keys).isSubset(of: Set(0..<Self.runs)), "rows no run typed: \(byRun.keys.sorted()) [seed \(seed)]")
        for run in 0..<Self.runs {
            let rowsOfRun = byRun[run] ?? []
            #expect(rowsOfRun.map(\.numbers) == Array(fed[run].prefix(rowsOfRun.count)), "run \(run): rows are not its first lines in order [seed \(seed)]")
            let extra = rowsOfRun.count - printed[run].count
            #expect(extra == 0 || extra == 1, "run \(run): \(rowsOfRun.count) rows, \(printed[run].count) printed [seed \(seed)]")
            committedNotPrinted += max(0, extra)
        }

        print("""
            CrashSafetyTests: seed \(seed): \(Self.runs) SIGKILLs in \(String(format: "%.1f", loopSeconds)) s \
            (\(killedAfterWaitingForSaves) after waiting for saves, \(killedBeforeFirstSave) before any save); \
            \(announced.count) Saved lines verified (\(missing) missing), \(total) records in the file, \
            \(committedNotPrinted) committed but killed before printing; integrity \(integrity.joined())
            """)
    }

    /// Counts rows where any column is missing, of the wrong type, out of range,
    /// or points nowhere. Arguments: the earliest and latest plausible timestamps.
    static let invalidRowsSQL = """
        SELECT COUNT(*) FROM record WHERE NOT (
            typeof(id) = 'integer'
            AND typeof(userId) = 'integer' AND userId IN (SELECT id FROM user)
            AND typeof(exerciseId) = 'integer' AND exerciseId IN (SELECT id FROM exercise)
            AND typeof(weight) IN ('real', 'integer') AND weight BETWEEN 0 AND 2000
            AND unit IN ('kg', 'lb')
            AND typeof(reps) = 'integer' AND reps BETWEEN 1 AND 1000
            AND typeof(series) = 'integer' AND series BETWEEN 1 AND 100
            AND typeof(performedAt) = 'integer' AND performedAt BETWEEN ?1 AND ?2
            AND typeof(createdAt) = 'integer' AND createdAt BETWEEN ?1 AND ?2
        )
        """
}
