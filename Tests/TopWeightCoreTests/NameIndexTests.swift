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

    @Test("ids drawn from the pool a block at a time are all different, across many blocks, and each random bit is as often 1 as 0")
    func drawnInBlocks() {
        let date = Date(timeIntervalSince1970: 1_795_284_000)
        // 5 000 ids: 10 000 words, about 156 blocks of 64.
        let uids = (0..<5_000).map { _ in RecordUID.make(at: date) }
        #expect(Set(uids).count == uids.count)
        #expect(uids.allSatisfy(RecordUID.isValid))
        // The 74 random bits (12 after the version, 62 after the variant): each set in about half the ids.
        let hexes = uids.map { Array($0.replacingOccurrences(of: "-", with: "")) }
        let randomBits = (13 * 4..<16 * 4).map { $0 } + (16 * 4 + 2..<32 * 4).map { $0 }
        for bit in randomBits {
            let ones = hexes.filter { hex in
                let nibble = Int(String(hex[bit / 4]), radix: 16) ?? 0
                return nibble >> (3 - bit % 4) & 1 == 1
            }.count
            // A fair bit: 2 500 ± 35 (one standard deviation); 2 100–2 900 is more than 11 of them.
            #expect((2_100...2_900).contains(ones), "bit \(bit): \(ones) of 5 000")
        }
    }

    @Test("the pool's words are handed out once, across threads")
    func acrossThreads() async {
        let date = Date(timeIntervalSince1970: 1_795_284_000)
        let batches = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { (0..<1_000).map { _ in RecordUID.make(at: date) } } }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(batches).count == 4_000)
    }
}
