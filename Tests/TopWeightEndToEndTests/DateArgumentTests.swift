import Foundation
import Testing

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
