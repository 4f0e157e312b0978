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
