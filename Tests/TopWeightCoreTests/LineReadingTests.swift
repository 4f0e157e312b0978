import PropertyBased
import Testing
@testable import TopWeightCore

/// Pieces of what members type at the exercise prompt, hostile ones included
/// (Unicode spaces, a lone combining accent, CR LF, separators of every spelling).
private let pieces = [
    "Bench", "Press", "bench", "Row", "Zoë", "深蹲", "é", "\u{301}", " ", "  ", "\t", "\r\n", "\n", "\u{A0}", "\u{2003}", "\u{3000}",
    "60", "62.5", "62,5", "100", "0", "5", "12", "3", "x", "X", "×", "*", "x ", " x", "@8", "@", "@8.5", "kg", "lb", " kg", "bw", "BW",
    "Bw", "bW", "b\u{301}w", "B", "w", "+10", "-20", "1:30", "2000m", "2000", "m", "5km", "7:45", "25:00", "90s", "2m", ",", ".", ":", "a",
]

private let lines = Gen.element(of: pieces).compactMap { $0 }.array(of: 0...9).map { $0.joined() }

/// The way `collapsingSeparators` read a line before it kept its last word
/// as it went (it split what it had built again for every word): the oracle.
private func collapsedAsBefore(_ line: String) -> String {
    var out = ""
    for word in line.split(whereSeparator: { $0.isWhitespace }) {
        let lastWord = out.split(separator: " ").last ?? ""
        let glue = OneLineEntry.looksLikeNumbers(lastWord)
            && (lastWord.last.map(OneLineEntry.isSeparator) == true || word.first.map(OneLineEntry.isSeparator) == true)
            || (word.allSatisfy { $0.isLetter } && WeightUnit(parsing: word) != nil && out.last?.isNumber == true)
        if !out.isEmpty && !glue { out.append(" ") }
        out.append(contentsOf: word)
    }
    return out
}

@Suite("Reading a line, fast")
struct LineReadingTests {
    @Test("isSpace and isASCIIDigit answer as Unicode does for every character up to U+3000 and for CR LF")
    func characterClasses() {
        var characters = (0...0x3000).compactMap(Unicode.Scalar.init).map(Character.init)
        let joined = ["\r\n", " \u{301}", "5\u{301}", "\t\u{301}"].compactMap { (text: String) in text.count == 1 ? text.first : nil }
        characters += joined
        for character in characters {
            #expect(character.isSpace == character.isWhitespace, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(character.isASCIIDigit == (character.isASCII && character.isNumber), "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("collapsing a line's separators gives what it gave before, for any line made of what members type")
    func collapsing() async {
        await propertyCheck(count: 3_000, input: lines) { line in
            #expect(OneLineEntry.collapsingSeparators(line) == collapsedAsBefore(line), "\(line.debugDescription)")
        }
    }

    @Test("a line's kinds (fits) are the kinds its numbers read as, for any line made of what members type")
    func fits() async {
        await propertyCheck(count: 3_000, input: lines) { line in
            guard let set = SetLine.split(line) ?? SetLine.spaced(line) else { return }
            let read = ExerciseKind.allCases.filter { kind in
                if case .success = KindedEntry.parse(set.numbers, kind: kind) { return true }
                return false
            }
            #expect(set.fits == read, "\(line.debugDescription) → \(set.numbers.debugDescription)")
        }
    }

    @Test("a word starts with bw, in any case, exactly when its lowercase copy does")
    func bodyLoad() async {
        await propertyCheck(count: 2_000, input: lines) { line in
            #expect(SetLine.startsWithBW(line) == line.lowercased().hasPrefix("bw"), "\(line.debugDescription)")
        }
    }

    @Test("a typical line still reads as before", arguments: [
        ("Bench Press 60x5x5", "Bench Press", "60x5x5", [ExerciseKind.weight, .bodyweight]),
        ("bench  62.5 x 8 x 3", "bench", "62.5x8x3", [.weight, .bodyweight]),
        ("row 2000 m 7:45", "row", "2000m 7:45", [.distance]),
        ("plank 1:30x3", "plank", "1:30x3", [.time]),
        ("dip bw+10x8x3 @8", "dip", "bw+10x8x3@8", [.bodyweight]),
        ("Squat\t100x5x3\r\n", "Squat", "100x5x3", [.weight, .bodyweight]),
    ])
    func typical(line: String, exercise: String, numbers: String, fits: [ExerciseKind]) throws {
        let set = try #require(SetLine.split(line))
        #expect(set.exercise == exercise)
        #expect(set.numbers == numbers)
        #expect(set.fits == fits)
    }
}
