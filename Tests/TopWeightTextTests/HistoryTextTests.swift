import Foundation
import Testing
@testable import TopWeightCore
import TopWeightText

@Suite("History text")
struct HistoryTextTests {
    // Sun 16 Nov 2025, 12:00 UTC.
    private static let now = Date(timeIntervalSince1970: 1_763_294_400)

    private static func record(
        _ id: Int64, _ user: String, _ exercise: String,
        _ hundredths: Int, _ unit: WeightUnit = .kg, reps: Int = 8, series: Int = 3, hoursAgo: Double
    ) -> WorkoutRecord {
        WorkoutRecord(
            id: id, user: user, exercise: exercise,
            values: SetValues(weight: Weight(hundredths: hundredths, unit: unit), reps: reps, series: series),
            performedAt: now.addingTimeInterval(-hoursAgo * 3_600)
        )
    }

    private static func render(_ records: [WorkoutRecord], showUser: Bool = true) throws -> [String] {
        let utc = try #require(TimeZone(identifier: "UTC"))
        return HistoryText.render(records, grouping: HistoryGrouping(timeZone: utc), now: now, showUser: showUser)
    }

    /// Display column where `needle` first starts on `line`.
    private static func column(of needle: String, in line: String) throws -> Int {
        let range = try #require(line.range(of: needle), "\(needle) not in \(line)")
        return TerminalText.width(String(line[..<range.lowerBound]))
    }

    /// Names of many display widths: CJK (2 per character), emoji, combining marks.
    static let mixedNames = [
        record(6, "Ana", "Bench Press", 6250, hoursAgo: 1),
        record(5, "李雷", "深蹲", 7250, hoursAgo: 2),
        record(4, "Zoe\u{308}", "Press", 8250, hoursAgo: 3),
        record(3, "Ana 💪", "Curl 💪", 1250, hoursAgo: 4),
        record(2, "Jose\u{301}", "Hack Squat", 9750, hoursAgo: 30),
        record(1, "Łukasz", "\u{1B}[31mRed", 4250, hoursAgo: 31),
    ]

    @Test("starts every weight at the same display column", arguments: [true, false])
    func weightsAligned(showUser: Bool) throws {
        let lines = try Self.render(Self.mixedNames, showUser: showUser)
        let rows = lines.filter { $0.hasPrefix("  ") }
        #expect(rows.count == Self.mixedNames.count)
        let columns = try zip(rows, Self.mixedNames).map { row, record in
            try Self.column(of: record.values.weight.description, in: row)
        }
        #expect(Set(columns).count == 1, "weight columns: \(columns)")
        // Every name is padded to the widest one, so the line widths are equal too.
        #expect(Set(rows.map(TerminalText.width)).count == 1)
    }

    @Test("puts the widest name right before the weight column")
    func columnsAreTight() throws {
        let rows = try Self.render(Self.mixedNames).filter { $0.hasPrefix("  ") }
        // "  HH:MM  " + "#N  " + user (widest: "Ana 💪" = 6) + "  " + exercise (widest: "Bench Press" = 11) + "  "
        let expected = 2 + 5 + 2 + 2 + 2 + 6 + 2 + 11 + 2
        let first = try #require(rows.first)
        #expect(try Self.column(of: "62.5 kg", in: first) == expected)
    }

    @Test("right-aligns weights and reps of different lengths")
    func rightAligned() throws {
        let records = [
            Self.record(3, "李雷", "深蹲", 10000, reps: 12, series: 5, hoursAgo: 1),
            Self.record(2, "Ana", "Bench Press", 6250, reps: 8, series: 3, hoursAgo: 2),
            Self.record(1, "Zoë", "Curl", 500, .lb, reps: 100, series: 1, hoursAgo: 3),
        ]
        let rows = try Self.render(records).filter { $0.hasPrefix("  ") }
        #expect(rows.count == 3)
        let weightEnds = try rows.map { try Self.column(of: " × ", in: $0) }
        #expect(Set(weightEnds).count == 1, "weights end at \(weightEnds)")
        let repsEnds = try rows.map { row -> Int in
            let first = try #require(row.range(of: " × "))
            let second = try #require(row.range(of: " × ", range: first.upperBound..<row.endIndex))
            return TerminalText.width(String(row[..<second.lowerBound]))
        }
        #expect(Set(repsEnds).count == 1, "reps end at \(repsEnds)")
    }

    @Test("every row shows its set's number (what :edit, delete and restore take), right-aligned")
    func numbersShown() throws {
        let records = [
            Self.record(1234, "Ana", "Bench Press", 6250, hoursAgo: 1),
            Self.record(56, "Ana", "Curl", 1250, hoursAgo: 2),
            Self.record(7, "Ana", "Deadlift", 14000, hoursAgo: 3),
        ]
        let rows = try Self.render(records, showUser: false).filter { $0.hasPrefix("  ") }
        #expect(rows == [
            "  11:00  #1234  Bench Press  62.5 kg × 8 × 3",
            "  10:00    #56  Curl         12.5 kg × 8 × 3",
            "  09:00     #7  Deadlift      140 kg × 8 × 3",
        ])
    }

    @Test("writes a heading per day and a row per record")
    func layout() throws {
        let lines = try Self.render(Self.mixedNames)
        #expect(lines.filter { !$0.hasPrefix("  ") } == ["Today", "Yesterday"])
        #expect(lines.first == "Today")
        #expect(lines[1] == "  11:00  #6  Ana     Bench Press  62.5 kg × 8 × 3")
    }

    @Test("shows a stored escape sequence as visible text")
    func escapesShown() throws {
        let lines = try Self.render(Self.mixedNames)
        #expect(!lines.joined().unicodeScalars.contains { $0.value == 0x1B })
        #expect(lines.contains { $0.contains("^[[31mRed") })
    }

    @Test("shows a day's note under its heading, rendered, before the records")
    func notes() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let grouping = HistoryGrouping(timeZone: utc)
        let records = Array(Self.mixedNames.prefix(1)) + [Self.record(2, "Ana", "Hack Squat", 9750, hoursAgo: 30)]
        let yesterday = LocalDay(Self.now.addingTimeInterval(-30 * 3_600), in: grouping.calendar)
        let notes = [yesterday: "**Knee** fine\n- next: 100 kg\n- \u{1B}[2J"]
        let plain = HistoryText.render(records, grouping: grouping, now: Self.now, showUser: false, notes: notes)
        #expect(plain == [
            "Today",
            "  11:00  #6  Bench Press  62.5 kg × 8 × 3",
            "Yesterday",
            "  ✎ Knee fine",
            "    • next: 100 kg",
            "    • ^[[2J",
            "  06:00  #2  Hack Squat   97.5 kg × 8 × 3",
        ])
        let color = HistoryText.render(records, grouping: grouping, now: Self.now, showUser: false, notes: notes, noteStyle: .color)
        #expect(color[3] == "  ✎ \u{1B}[1mKnee\u{1B}[22m fine")
        #expect(!color.joined().contains("\u{1B}[2J"))
    }

    @Test("the exercise listing keeps its columns when a count reaches three digits")
    func exerciseColumns() {
        let lines = Lines.exercises([
            ExerciseRow(id: 1, name: "Bench Press", category: "barbell", records: 100),
            ExerciseRow(id: 2, name: "Curl", category: "dumbbell", records: 5),
            ExerciseRow(id: 3, name: "Dip", category: "bodyweight", records: 1),
            ExerciseRow(id: nil, name: "Zercher Squat", category: "barbell", records: 0),
        ])
        let starts = lines.map { line in line.range(of: "barbell").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            ?? line.range(of: "dumbbell").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            ?? line.range(of: "bodyweight").map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? -1 }
        #expect(Set(starts).count == 1, "\(lines)")
        #expect(lines[1].contains("5 records"), "\(lines)")
        #expect(lines[2].contains("1 record "), "\(lines)")
    }

    @Test("the exercise listing names a kind other than weight in its own column, after the categories")
    func exerciseKindColumn() {
        let lines = Lines.exercises([
            ExerciseRow(id: 1, name: "Bench Press", category: "barbell", records: 12),
            ExerciseRow(id: 2, name: "Plank", category: "bodyweight", records: 3, kind: .time),
            ExerciseRow(id: nil, name: "Rowing Machine", category: "cardio", records: 0, kind: .distance),
            ExerciseRow(id: 4, name: "Ring Dip", category: nil, records: 1, kind: .bodyweight),
        ])
        #expect(lines == [
            "Bench Press     12 records  barbell",
            "Plank           3 records   bodyweight  time",
            "Rowing Machine  catalog     cardio      distance",
            "Ring Dip        1 record                bodyweight",
        ])
    }

    @Test("one rep is a rep; a member with no sets has no records yet, said once")
    func singulars() throws {
        let one = Self.record(9, "Ana", "Deadlift", 20000, reps: 1, series: 1, hoursAgo: 1)
        #expect(Lines.summary(one) == "Ana · Deadlift · 200 kg × 1 rep × 1 series")
        #expect(Lines.saved(one).hasSuffix("200 kg × 1 rep × 1 series"))
        let utc = try #require(TimeZone(identifier: "UTC"))
        let lines = Lines.members([UserSummary(user: User(id: 1, name: "Ana"), records: 0, lastPerformedAt: nil),
                                   UserSummary(user: User(id: 2, name: "Bo"), records: 1, lastPerformedAt: Self.now)],
                                  grouping: HistoryGrouping(timeZone: utc), now: Self.now)
        #expect(lines == ["Ana  no records yet", "Bo   1 record, last Today"])
    }

    @Test("renders nothing for no records")
    func empty() throws {
        #expect(try Self.render([]).isEmpty)
    }
}
