import Foundation
import Testing
import TopWeightCore
@testable import TopWeightTransfer

@Suite("Numbers, times, ids and names from other apps")
struct SourceValuesTests {
    @Test("Decimals as the apps write them, float noise read as meant", arguments: [
        ("62.5", 6250, true), ("35.0", 3500, true), ("149.99999999999997", 15000, true), ("185.00000000000003", 18500, true),
        ("76.80000305175781", 7680, true), ("62,5", 6250, true), (" 40 ", 4000, true), ("22.6796", 2268, false),
    ])
    func decimals(_ text: String, _ hundredths: Int, _ exact: Bool) throws {
        let value = try #require(SourceValues.decimal(text))
        #expect(SourceValues.hundredths(value).hundredths == hundredths)
        #expect(SourceValues.hundredths(value).exact == exact)
    }

    @Test("What is not plainly a decimal is refused, not guessed", arguments: ["1,000", "1e3", "NaN", "inf", "0x10", "", "-", "1.2.3", "12 kg"])
    func notDecimals(_ text: String) {
        #expect(SourceValues.decimal(text) == nil)
    }

    @Test("Reps are whole: 8 and 13.0, not 8.5")
    func reps() {
        #expect(SourceValues.whole("8") == 8)
        #expect(SourceValues.whole("13.0") == 13)
        #expect(SourceValues.whole("8.5") == nil)
        #expect(SourceValues.whole("eight") == nil)
    }

    @Test("A time or distance is there when not zero, whatever its form", arguments: [
        ("0", false), ("0.0", false), ("", false), ("600", true), ("0:05:00", true), ("0:00:00", false), ("1h 3m", true),
    ])
    func nonZero(_ text: String, _ expected: Bool) {
        #expect(SourceValues.isNonZero(text) == expected)
    }

    @Test("The dates and times of every app, as local wall-clock times", arguments: [
        ("2023-03-12 10:30:49", "2023-03-12 10:30:49", true), ("2023-03-12T10:30", "2023-03-12 10:30:00", true),
        ("2020-09-13", "2020-09-13 12:00:00", false), ("2026/08/11", "2026-08-11 12:00:00", false),
        ("8 Apr 2026, 16:50", "2026-04-08 16:50:00", true), ("15 Sep 2025, 07:48", "2025-09-15 07:48:00", true),
        ("Apr 8, 2026, 4:50 PM", "2026-04-08 16:50:00", true), ("Dec 31, 2025, 12:05 AM", "2025-12-31 00:05:00", true),
    ])
    func times(_ text: String, _ canonical: String, _ hasTime: Bool) throws {
        let time = try #require(SourceTimes.parse(text))
        #expect(time.canonical == canonical)
        #expect(time.hasTime == hasTime)
    }

    @Test("A date that does not exist or a form not listed is refused", arguments: [
        "2023-02-30 10:00:00", "2023-13-01", "12/03/2023", "31 Foo 2025, 10:00", "2023-03-12 25:00", "2023-03-12 10:30:49Z", "yesterday",
    ])
    func badTimes(_ text: String) {
        #expect(SourceTimes.parse(text) == nil)
    }

    @Test("Times of day: 10:56 PM, 22:56, 12:18:42")
    func timesOfDay() {
        #expect(SourceTimes.timeOfDay("10:56 PM").map { [$0.hour, $0.minute, $0.second] } == [22, 56, 0])
        #expect(SourceTimes.timeOfDay("12:05 AM").map { [$0.hour, $0.minute, $0.second] } == [0, 5, 0])
        #expect(SourceTimes.timeOfDay("12:18:42").map { [$0.hour, $0.minute, $0.second] } == [12, 18, 42])
        #expect(SourceTimes.timeOfDay("13:00 PM") == nil)
    }

    @Test("Source ids are UUID-shaped, the same for the same parts, different for others")
    func sourceIDs() {
        let one = SourceUID.make(["strong", "ana", "2023-03-12 10:30:49", "squat", "1", "0"])
        #expect(RecordUID.isValid(one))
        #expect(one == SourceUID.make(["strong", "ana", "2023-03-12 10:30:49", "squat", "1", "0"]))
        #expect(one != SourceUID.make(["strong", "bo", "2023-03-12 10:30:49", "squat", "1", "0"]))
        #expect(SourceUID.make(["ab", "c"]) != SourceUID.make(["a", "bc"]))
        let version = one[one.index(one.startIndex, offsetBy: 14)]
        #expect(version == "8")
    }

    @Test("CSV rows carry the line they start on, line breaks in quotes counted; the delimiter is the header's")
    func csvLines() throws {
        var table = try #require(CSVTable(text: "a;b\r\n1;\"x\r\ny\"\r\n\r\n2;z\r\n"))
        #expect(table.delimiter == ";")
        #expect(table.header == ["a", "b"])
        let first = table.next()
        #expect(first?.fields == ["1", "x\r\ny"])
        #expect(first?.lines == "lines 2–3")
        let second = table.next()
        #expect(second?.line == 5)
        #expect(table.next() == nil)
        #expect(CSVTable.delimiter(of: "\"a,b\";c;d") == ";")
        #expect(CSVTable.delimiter(of: "Date,Workout Name") == ",")
    }

    @Test("A byte-order mark is dropped; UTF-16 with one is read; other bytes are refused")
    func encodings() {
        #expect(ExportText.decode(Data([0xEF, 0xBB, 0xBF]) + Data("a,b".utf8)) == "a,b")
        #expect(ExportText.decode("a,b".data(using: .utf16) ?? Data()) == "a,b")
        #expect(ExportText.decode(Data([0x61, 0xFF, 0x62])) == nil)
    }
}

@Suite("Putting other apps' exercise names on the catalog")
struct ExerciseMappingTests {
    static let mapping = ExerciseMapping(catalog: testCatalog, stored: { name in
        NameRules.key(name) == "hammer strength row" ? Exercise(id: 7, name: "Hammer Strength Row", category: "machine") : nil
    })

    @Test("Names that clearly mean a catalog lift land on it", arguments: [
        ("Bench Press (Barbell)", "Bench Press"), ("Barbell Bench Press", "Bench Press"), ("bench press", "Bench Press"),
        ("Bench Press (Dumbbell)", "Dumbbell Bench Press"), ("Pull Up", "Pull-Up"), ("Chin Up", "Chin-Up"),
        ("Lat Pulldown (Cable)", "Lat Pulldown"), ("Chest Press (Machine)", "Chest Press Machine"),
        ("Deadlift (Barbell)", "Deadlift"), ("Leg Curl (Machine)", "Leg Curl"),
    ])
    func mapped(_ name: String, _ target: String) {
        #expect(Self.mapping.target(for: name).name == target)
    }

    @Test("Other equipment, or another lift, keeps the app's name", arguments: [
        "Incline Bench Press (Dumbbell)", "Bench Press - Close Grip (Barbell)", "Dumbbell Deadlift", "Squat (Barbell)",
        "Overhead Press (Dumbbell)", "Lat Pulldown (Machine)", "Deadlift (Trap bar)",
    ])
    func kept(_ name: String) {
        let target = Self.mapping.target(for: name)
        #expect(target.name == name)
        #expect(!target.mapped)
    }

    @Test("A stored exercise of that name is used as it is; a new one gets the equipment as its category")
    func storedAndNew() {
        #expect(Self.mapping.target(for: "hammer strength row").name == "Hammer Strength Row")
        #expect(Self.mapping.target(for: "Hack Squat (Machine)").category == "machine")
        #expect(Self.mapping.target(for: "Pause Squat").category == nil)
        #expect(Self.mapping.target(for: "Bench Press (Barbell)").mapped)
        #expect(!Self.mapping.target(for: "Bench Press").mapped)
    }
}
