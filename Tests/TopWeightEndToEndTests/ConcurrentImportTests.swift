import Foundation
import Testing

/// Several owners (or one impatient one) importing the same file at once.
/// In `ImportCommandTests`, so `Scripts/test` runs it on PostgreSQL too.
extension ImportCommandTests {
    /// A Strong export of `workouts` days, each with a workout note and an
    /// exercise note, and ten sets.
    static func strongWithNotes(workouts: Int) -> String {
        var lines = ["Date;Workout Name;Exercise Name;Set Order;Weight (kg);Reps;Notes;Workout Notes"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let first = calendar.date(from: DateComponents(year: 2024, month: 1, day: 1, hour: 9)) ?? Date()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for day in 0..<workouts {
            let date = formatter.string(from: first.addingTimeInterval(Double(day) * 86_400))
            for set in 1...5 {
                lines.append("\(date);Oly;Hang Snatch;\(set);\(40 + day % 7);3;\(set == 1 ? "BTK" : "");Day \(day)")
                lines.append("\(date);Oly;Back Squat;\(set);\(100 + set);5;;Day \(day)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("three imports of one file at once leave exactly what one import leaves: no day's note written twice")
    func concurrentImports() throws {
        let file = Self.strongWithNotes(workouts: 150)
        // Into a gym's database that is there already, as at a gym.
        let alone = try Scratch().made()
        let single = try Binary.run(["import", try Self.write(file, "strong.csv", in: alone), "--user", "Ana"], db: alone.db)
        try #require(single.status == 0, "\(single.stderr)")

        let scratch = try Scratch().made()
        let path = try Self.write(file, "strong.csv", in: scratch)
        let results = ResultBox()
        let db = scratch.db
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            results.append(Result { try Binary.run(["import", path, "--user", "Ana"], db: db) })
        }
        for result in results.all {
            let run = try result.get()
            #expect(run.status == 0, "\(run.stderr)")
        }

        let expected = try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: alone.db)
        let sessions = try Binary.run(["sessions", "--user", "Ana", "--format", "json"], db: scratch.db)
        #expect(sessions.stdout.contains(": BTK\""), "\(sessions.stdout.prefix(400))")
        #expect(sessions.stdout == expected.stdout, "\(sessions.stdout.prefix(600))")
        let (together, once) = (try Self.totals("Ana", db: scratch.db), try Self.totals("Ana", db: alone.db))
        #expect(together.sets == once.sets && together.volume == once.volume, "\(once) → \(together)")
    }
}

/// Results gathered from concurrent threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Binary.Result, any Error>] = []

    func append(_ result: Result<Binary.Result, any Error>) {
        lock.lock()
        defer { lock.unlock() }
        results.append(result)
    }

    var all: [Result<Binary.Result, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}
