import Testing
@testable import TopWeightCore

@Suite("Name rules")
struct NameRulesTests {
    @Test("cleans whitespace", arguments: [
        ("Ana", "Ana"),
        ("  Ana  ", "Ana"),
        ("Bench   Press", "Bench Press"),
        ("  Bench  Press  ", "Bench Press"),
        ("\u{00A0}Ana\u{00A0}\u{00A0}Lee\u{3000}", "Ana Lee"),
        ("Close-Grip Bench Press", "Close-Grip Bench Press"),
    ])
    func cleans(raw: String, cleaned: String) throws {
        for kind in [NameRules.Kind.user, .exercise] {
            let name = try NameRules.validate(raw, kind: kind).get()
            #expect(Array(name.unicodeScalars) == Array(cleaned.unicodeScalars))
        }
    }

    @Test("keeps Unicode names exactly as typed", arguments: [
        "Zoë", "Łukasz", "李雷", "Ana 💪", "e\u{301}", "Zoe\u{308}", "José", "Ólafur Þór",
        "Ελένη", "Анна", "👩‍👩‍👧", "🇪🇸 Pepe",
    ])
    func keepsUnicode(_ raw: String) throws {
        let name = try NameRules.validate(raw, kind: .user).get()
        // Compare scalars: `==` on String would also accept a re-normalised name.
        #expect(Array(name.unicodeScalars) == Array(raw.unicodeScalars))
    }

    @Test("refuses empty names", arguments: ["", " ", "   ", "\u{00A0}", "\u{3000} "])
    func refusesEmpty(_ raw: String) {
        guard case .failure(let error) = NameRules.validate(raw, kind: .user) else {
            Issue.record("\"\(raw)\" was accepted")
            return
        }
        #expect(error.reason.contains("empty"))
    }

    @Test("refuses control characters, escapes and bidirectional overrides", arguments: [
        "\u{1B}[31mAna",
        "Ana\u{1B}",
        "\u{1B}]0;pwned\u{07}",
        "Ana\u{07}",
        "A\u{0}na",
        "Ana\tLee",
        "Ana\nLee",
        "Ana\r",
        "Ana\u{7F}",
        "Ana\u{85}",
        "Ana\u{9B}31m",
        "\u{202E}anA",
        "Ana\u{202D}",
        "Ana\u{2066}x\u{2069}",
        "Ana\u{200F}",
        "Ana\u{2028}Lee",
        "Ana\u{FFFD}",
    ])
    func refusesControls(_ raw: String) {
        for kind in [NameRules.Kind.user, .exercise] {
            guard case .failure(let error) = NameRules.validate(raw, kind: kind) else {
                Issue.record("\(raw.unicodeScalars.map { String($0.value, radix: 16) }) was accepted")
                return
            }
            #expect(error.reason.contains("control characters"))
        }
    }

    @Test("accepts 64 characters and refuses 65", arguments: ["a", "é", "e\u{301}", "李", "💪"])
    func length(_ character: String) throws {
        let longest = String(repeating: character, count: Limits.nameLength)
        let name = try NameRules.validate(longest, kind: .exercise).get()
        #expect(name.count == 64)

        let tooLong = String(repeating: character, count: Limits.nameLength + 1)
        guard case .failure(let error) = NameRules.validate(tooLong, kind: .exercise) else {
            Issue.record("65 × \(character) was accepted")
            return
        }
        #expect(error.reason.contains("at most 64"))
    }

    @Test("counts the length after whitespace is cleaned")
    func lengthAfterCleaning() throws {
        let padded = "   " + String(repeating: "a", count: 64) + "   "
        #expect(try NameRules.validate(padded, kind: .user).get().count == 64)
    }

    @Test("refuses names that look like commands or steppers", arguments: [
        ":quit", ":", "<Ana", "+Ana", "-Ana", "++", "--", " :help", "\u{00A0}-5kg",
    ])
    func refusesCommandLike(_ raw: String) {
        guard case .failure(let error) = NameRules.validate(raw, kind: .user) else {
            Issue.record("\"\(raw)\" was accepted")
            return
        }
        #expect(error.reason.contains("can't start with"))
    }

    @Test("refuses pure numbers", arguments: ["62.5", "100", "62,5", ".5", "0", " 8 ", "62.555"])
    func refusesNumbers(_ raw: String) {
        guard case .failure(let error) = NameRules.validate(raw, kind: .exercise) else {
            Issue.record("\"\(raw)\" was accepted")
            return
        }
        #expect(error.reason.contains("just a number"))
    }

    @Test("says which kind of name and gives an example")
    func messages() {
        #expect(NameRules.validate("", kind: .user) == .failure(InputError("a user name can't be empty", example: "Ana")))
        #expect(NameRules.validate("", kind: .exercise)
            == .failure(InputError("an exercise name can't be empty", example: "Bench Press")))
    }

    @Test("compares names case-insensitively and by canonical form", arguments: [
        ("ANA", "ana"),
        ("Ana", "aNA"),
        ("e\u{301}", "\u{E9}"),
        ("Zoe\u{308}", "ZO\u{CB}"),
        ("Bench Press", "bench press"),
        ("ŁUKASZ", "łukasz"),
    ])
    func sameKey(_ a: String, _ b: String) {
        // Scalar comparison: String `==` already treats canonical equivalents as equal.
        #expect(Array(NameRules.key(a).unicodeScalars) == Array(NameRules.key(b).unicodeScalars))
    }

    @Test("keeps different names apart", arguments: [
        ("Ana", "Anna"),
        ("Ana", "Ana Lee"),
        ("e", "é"),
        ("Lukasz", "Łukasz"),
    ])
    func differentKey(_ a: String, _ b: String) {
        #expect(NameRules.key(a) != NameRules.key(b))
    }
}

@Suite("Look-alike and invisible names")
struct LookalikeNameTests {
    @Test("names that read the same on a screen have one skeleton", arguments: [
        ("Ana", "\u{0410}na"), ("Ana", "An\u{0430}"), ("Ana", "\u{FF21}\u{FF4E}\u{FF41}"), ("Bench Press", "B\u{0435}nch Pr\u{0435}ss"),
        ("Olga", "\u{039F}lga"), ("Kira", "\u{041A}ira"),
    ])
    func lookAlike(first: String, second: String) {
        #expect(NameRules.lookAlike(first, second))
    }

    @Test("different names, or one name typed in another case, are not look-alikes", arguments: [
        ("Ana", "ana"), ("Zoë", "Zoe"), ("Ana", "Anna"), ("Олег", "Oleg"), ("Ana", "Ana"),
    ])
    func notLookAlike(first: String, second: String) {
        #expect(!NameRules.lookAlike(first, second))
    }

    @Test("invisible format characters are refused outside emoji", arguments: [
        "Ana\u{200B}", "A\u{200D}na", "\u{2060}Ana", "An\u{00AD}a", "\u{FEFF}Ana", "Ana\u{200C}",
    ])
    func invisibleRefused(name: String) {
        guard case .failure(let error) = NameRules.validate(name, kind: .user) else {
            Issue.record("\(name.debugDescription) was accepted")
            return
        }
        #expect(error.description.contains("invisible characters (U+"))
    }

    @Test("joiners that draw an emoji stay", arguments: ["👩‍👩‍👧", "Ana 🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Team"])
    func emojiJoinersKept(name: String) throws {
        #expect(try NameRules.validate(name, kind: .user).get() == name)
    }
}

@Suite("Names a screen can't tell apart")
struct HiddenNameTests {
    @Test("default-ignorables, blanks, stacked marks and mixed alphabets are refused", arguments: [
        "Ana\u{034F}", "Ana\u{FE00}", "Ana\u{E0100}", "Ana\u{3164}", "\u{115F}Ana", "Ana\u{2800}", "Ana\u{17B4}",
        "Zed" + String(repeating: "\u{0300}", count: 4), "\u{13AA}lice", "Ol\u{0261}a\u{0430}", "B\u{0585}b", "\u{A4EE}lice",
        "Bob 💪\u{200D}", "Bob 💪\u{E0067}",
    ])
    func refused(name: String) {
        guard case .failure = NameRules.validate(name, kind: .user) else {
            Issue.record("\(name.debugDescription) was accepted")
            return
        }
    }

    @Test("real names keep their accents, scripts and emoji", arguments: [
        "Zoë", "Nguyễn Thị Ánh", "Łukasz", "Олег", "Ελένη", "李雷", "Ana 💪", "👩‍👩‍👧", "🏳️‍🌈", "Jean-Luc", "O'Brien", "Mary Ann",
    ])
    func kept(name: String) throws {
        #expect(try NameRules.validate(name, kind: .user).get() == name)
    }

    @Test("whole-word look-alikes from other alphabets share a skeleton", arguments: [
        ("Bob", "\u{13F4}ob"), ("Olga", "\u{0555}lga"), ("Alice", "\u{A4EE}lice"), ("Olga", "Ol\u{0261}a"),
    ])
    func skeletons(first: String, second: String) {
        #expect(NameRules.skeleton(first) == NameRules.skeleton(second))
    }

    @Test("a note keeps line breaks and tabs, and nothing else a name refuses", arguments: Array(0...0xA0) + [0x200E, 0x202E, 0x2066, 0x2028, 0xFFFD])
    func noteScalars(value: Int) throws {
        let scalar = try #require(Unicode.Scalar(UInt32(value)))
        let kept = scalar == "\n" || scalar == "\t" || !NameRules.isForbidden(scalar)
        #expect(NameRules.isForbiddenInNote(scalar) == !kept)
        #expect(NameRules.isForbiddenInNote(scalar) == (scalar != "\n" && scalar != "\t" && (scalar.properties.generalCategory == .control || NameRules.isForbidden(scalar))),
                "the rule the note command had")
    }
}
