import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
import TopWeightText

/// One reading of dates for every command: a day that is not in the
/// calendar, or before 1970 (record ids count from then), is refused the same
/// way by `--at`, `--date` and `--since`. In `CommandLineTests`, so
/// `Scripts/test` runs it on PostgreSQL too.
extension CommandLineTests {
    @Test("impossible or pre-1970 dates are refused by every option that takes one, one line, exit 64, nothing saved", arguments: [
        ["add", "Ana", "Bench Press", "60", "5", "3", "--at", "2026-02-30T10:00:00+00:00"],
        ["add", "Ana", "Bench Press", "60", "5", "3", "--at", "2026-02-30"],
        ["add", "Ana", "Bench Press", "60", "5", "3", "--at", "2026-04-31T10:00"],
        ["add", "Ana", "Bench Press", "60", "5", "3", "--at", "1900-01-01T10:00:00+00:00"],
        ["add", "Ana", "Bench Press", "60", "5", "3", "--at", "2026-01-01T24:30:00+00:00"],
        ["body", "add", "80", "--user", "Ana", "--at", "2026-02-30T10:00:00+00:00"],
        ["body", "add", "80", "--user", "Ana", "--at", "1900-01-01"],
        ["note", "add", "--user", "Ana", "--date", "2026-02-30", "text"],
        ["note", "add", "--user", "Ana", "--date", "1900-01-01", "text"],
        ["chart", "--user", "Ana", "--exercise", "Bench Press", "--since", "2026-02-30"],
        ["body", "--user", "Ana", "--since", "1900-01-01"],
    ])
    func impossibleDates(arguments: [String]) throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Bench Press", "50", "5", "3", "--at", "2026-02-28T10:00:00+00:00"], db: scratch.db).status == 0)

        let result = try Binary.run(arguments, db: scratch.db)

        #expect(result.status == 64, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.hasPrefix("topweight: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("1970"), "the message says what is taken: \(result.stderr)")
        let history = try Binary.run(["history", "--format", "csv"], db: scratch.db)
        #expect(history.stdout.split(separator: "\n").count == 2, "only the first set: \(history.stdout)")
        #expect(!(try Binary.run(["body", "--user", "Ana", "--format", "json"], db: scratch.db).stdout.contains("\"weight\"")))
    }

    @Test("real days at the edges are taken: 29 February of a leap year, 1970-01-01")
    func edgeDates() throws {
        let scratch = try Scratch()
        for at in ["2024-02-29T10:00:00+00:00", "1970-01-01T12:00:00+00:00", "2024-02-29"] {
            let added = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "3", "--at", at], db: scratch.db)
            #expect(added.status == 0, "\(at): \(added.stderr)")
        }
        #expect(try Binary.run(["note", "add", "--user", "Ana", "--date", "2024-02-29", "leap"], db: scratch.db).status == 0)
    }
}

/// Nothing after now: a set, a body weight or a note dated later than now
/// (give or take a few minutes of clock skew) is refused wherever a time is given.
extension CommandLineTests {
    /// `date` as `--at` takes it, with its offset.
    static func isoTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        return formatter.string(from: date)
    }

    @Test("a set or a body weight an hour ahead or tomorrow is refused in one line, exit 64, nothing saved and nobody made", arguments: [
        ["add", "Cy", "Bench Press", "60", "5", "3", "--at", "HOUR"],
        ["add", "Cy", "Bench Press", "60", "5", "3", "--at", "TOMORROW"],
        ["add", "Cy", "Bench Press", "60", "5", "3", "--at", "2099-01-01T10:00:00Z"],
        ["body", "add", "80", "--user", "Ana", "--at", "HOUR"],
        ["body", "add", "80", "--user", "Ana", "--at", "TOMORROW"],
        ["note", "add", "--user", "Ana", "--date", "TOMORROW", "text"],
    ])
    func afterNow(arguments: [String]) throws {
        var scratch = try Scratch()
        var given: [String] = []
        var result: Binary.Result
        // Run again on a new file when midnight passed meanwhile (then "tomorrow" had become today).
        repeat {
            scratch = try Scratch()
            #expect(try Binary.run(["add", "Ana", "Bench Press", "50", "5", "3"], db: scratch.db).status == 0)
            let today = LocalDay(Date(), in: Calendar.current)
            let tomorrow = LocalDay(Date().addingTimeInterval(86_400), in: Calendar.current).description
            given = arguments.map { $0 == "HOUR" ? Self.isoTime(Date().addingTimeInterval(3_600)) : $0 == "TOMORROW" ? tomorrow : $0 }
            result = try Binary.run(given, db: scratch.db)
            guard LocalDay(Date(), in: Calendar.current) != today else { break }
        } while true

        #expect(result.status == 64, "\(given): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.hasPrefix("topweight: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("after now") || result.stderr.contains("in the future"), "\(result.stderr)")
        let history = try Binary.run(["history", "--format", "csv"], db: scratch.db)
        #expect(history.stdout.split(separator: "\n").count == 2, "only the first set: \(history.stdout)")
        #expect(try TestEngine.open(scratch.db).users().map(\.user.name) == ["Ana"])
        #expect(!(try Binary.run(["body", "--user", "Ana", "--format", "json"], db: scratch.db).stdout.contains("\"weight\"")))
    }

    @Test("a time a minute ahead is clock skew and taken; --at with today's date alone is taken at any hour and never lands after now")
    func skewAndToday() throws {
        let scratch = try Scratch()
        let minute = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "3", "--at", Self.isoTime(Date().addingTimeInterval(60))], db: scratch.db)
        #expect(minute.status == 0, "\(minute.stderr)")
        #expect(try Binary.run(["body", "add", "80", "--user", "Ana", "--at", Self.isoTime(Date().addingTimeInterval(60))], db: scratch.db).status == 0)
        let today = LocalDay(Date(), in: Calendar.current).description
        let added = try Binary.run(["add", "Ana", "Bench Press", "62.5", "5", "3", "--at", today, "--format", "json"], db: scratch.db)
        let after = Date()
        #expect(added.status == 0, "\(added.stderr)")
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        let performed = try #require((saved["performedAt"] as? String).flatMap(ExportTimestamp.date), "\(added.stdout)")
        #expect(performed <= after, "\(performed) is after the add ended at \(after)")
        #expect(LocalDay(performed, in: Calendar.current).description == today)
    }
}
