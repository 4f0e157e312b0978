import Foundation
import Testing
import TopWeightCore

@Suite("Name index")
struct NameIndexTests {
    static let catalog = [
        "Back Squat", "Front Squat", "Bench Press", "Incline Bench Press", "Close-Grip Bench Press",
        "Deadlift", "Romanian Deadlift", "Overhead Press", "Goblet Squat",
    ]

    @Test("finds names by the start of any word, alphabetically", arguments: [
        ("sq", ["Back Squat", "Front Squat", "Goblet Squat"]),
        ("squ", ["Back Squat", "Front Squat", "Goblet Squat"]),
        ("bench pr", ["Bench Press", "Close-Grip Bench Press", "Incline Bench Press"]),
        ("grip", ["Close-Grip Bench Press"]),
        ("DEAD", ["Deadlift", "Romanian Deadlift"]),
        ("quat", []),
        ("zz", []),
    ])
    func matching(typed: String, expected: [String]) {
        var index = NameIndex(Self.catalog)
        #expect(index.matching(typed) == expected)
    }

    @Test("a one-line short form resolves when one name starts with it, or one word does", arguments: [
        ("bench", NameIndex.Resolution.unique("Bench Press")),
        ("dead", .unique("Deadlift")),
        ("romanian", .unique("Romanian Deadlift")),
        ("overhead press", .unique("Overhead Press")),
        ("incl", .unique("Incline Bench Press")),
        ("squat", .ambiguous(["Back Squat", "Front Squat", "Goblet Squat"])),
        ("press", .ambiguous(["Bench Press", "Close-Grip Bench Press", "Incline Bench Press", "Overhead Press"])),
        ("curl", .none),
        ("back squat", .unique("Back Squat")),
    ])
    func resolve(typed: String, expected: NameIndex.Resolution) {
        var index = NameIndex(Self.catalog)
        #expect(index.resolve(typed) == expected)
    }

    @Test("names added later are found, and a key is kept once")
    func insert() {
        var index = NameIndex(["Ana"])
        index.insert("Maria Ana")
        index.insert("ANA")
        #expect(index.count == 2)
        #expect(index.matching("an") == ["Ana", "Maria Ana"])
        #expect(index.matching("") == ["Ana", "Maria Ana"])
    }
}

@Suite("Record ids")
struct RecordUIDTests {
    @Test("a UUIDv7: time first, version 7, RFC 9562 variant, lower-case canonical form")
    func layout() {
        let date = Date(timeIntervalSince1970: 1_795_284_000.123)
        let uid = RecordUID.make(at: date)
        #expect(RecordUID.isValid(uid))
        #expect(uid.count == 36)
        #expect(uid.hasPrefix("01a1ff") || uid.hasPrefix(String(1_795_284_000_123, radix: 16).prefix(6)))
        let hex = uid.replacingOccurrences(of: "-", with: "")
        #expect(UInt64(hex.prefix(12), radix: 16) == 1_795_284_000_123)
        #expect(Array(uid)[14] == "7")
        #expect("89ab".contains(Array(uid)[19]))
        #expect(RecordUID.make(at: date) != uid)
    }
}
