import PropertyBased
import Testing
@testable import TopWeightCore

/// Lines shaped like the common one (`Bench Press 60x5x5`, `squat 100 5 3`)
/// and near misses of it: names with digits, units, `bw`, accents; numbers
/// out of range, with too many decimals, a unit, a rating, a sign; every
/// spelling of the separators and of the spaces between words.
private let nameWords = Gen.element(of: [
    "Bench", "Press", "squat", "T-Bar", "Farmer's", "x", "X", "kg", "lb", "m", "km", "bw", "bwx12x3", "Row", "5", "21s", "Zoë", "-", "'s", "@8",
    "B", "row", "Xover", "60x5x5",
]).compactMap { $0 }.array(of: 0...4).map { $0.joined(separator: " ") }
private let gaps = Gen.element(of: [" ", " ", " ", "  ", "\t", "\r\n", "\u{A0}", ""]).compactMap { $0 }
private let weights = Gen.element(of: [
    "60", "62.5", "62,5", "0", "060", "1000", "1000.01", "999999", "1234567", "60.", ".5", "62.555", "62.50", "135lb", "+5", "bw+10", "1:30",
    "2000m", "62.25",
]).compactMap { $0 }
private let counts = Gen.element(of: ["5", "8", "3", "0", "1", "1000", "1001", "100", "101", "000005", "0000005", "5@8", "", "-3", "5kg"]).compactMap { $0 }
private let separators = Gen.element(of: ["x", "x", "X", "*", "×", " x ", "x ", " ", " ", "  ", "xx", "\t"]).compactMap { $0 }
private let endings = Gen.element(of: ["", "", "", " ", "\r\n", " @8", "@8", " kg", "x3", " 3"]).compactMap { $0 }

private let commonLines = zip(nameWords, gaps, weights, separators, counts, separators, counts, endings).map { name, gap, weight, first, reps, second, series, end in
    name + gap + weight + first + reps + second + series + end
}

/// A result said the same way: the numbers read, or the refusal's words.
private func said(_ result: Result<KindedEntry, InputError>) -> String {
    switch result {
    case .success(let entry): "\(entry)"
    case .failure(let error): "refused: \(error)"
    }
}

@Suite("The common line, read byte by byte")
struct CommonLineTests {
    /// What the line gave before the byte reader: the general reading, then the numbers typed apart.
    private func general(_ line: String) -> SetLine? {
        SetLine.split(line) ?? SetLine.spaced(line)
    }

    private func agrees(_ line: String) {
        let read = SetLine.read(line)
        let before = general(line)
        #expect(read == before, "\(line.debugDescription)")
        guard let read, let before else { return }
        for kind in ExerciseKind.allCases {
            for unit in DistanceUnit.allCases {
                #expect(said(read.entry(for: kind, distanceUnit: unit)) == said(before.entry(for: kind, distanceUnit: unit)), "\(line.debugDescription) as \(kind)")
            }
        }
    }

    @Test("a line shaped like the common one reads as the general reading reads it: the name, the numbers, their kinds and every kind's entry")
    func commonShapes() async {
        await propertyCheck(count: 6_000, input: commonLines) { line in agrees(line) }
    }

    @Test("any line made of what members type reads as the general reading reads it")
    func anyLine() async {
        let pieces = Gen.element(of: [
            "Bench", "Press", "bench", "Zoë", "é", " ", "  ", "\t", "\r\n", "\u{A0}", "60", "62.5", "62,5", "100", "0", "5", "12", "3",
            "x", "X", "×", "*", " x", "@8", "kg", "lb", "bw", "+10", "1:30", "2000m", "m", "7:45", "90s", ",", ".", "a", "-", "'",
        ]).compactMap { $0 }.array(of: 0...9).map { $0.joined() }
        await propertyCheck(count: 4_000, input: pieces) { line in agrees(line) }
    }

    @Test("the common lines are read by the byte reader, not handed on", arguments: [
        ("Bench Press 60x5x5", "Bench Press", "60x5x5"),
        ("squat 100X5*3", "squat", "100X5*3"),
        ("Bench Press 62.5 8 3", "Bench Press", "62.5x8x3"),
        ("T-Bar Row  62,5x8x3\r\n", "T-Bar Row", "62,5x8x3"),
        ("Farmer's Walk\t100x1x1", "Farmer's Walk", "100x1x1"),
    ])
    func quick(line: String, exercise: String, numbers: String) throws {
        let set = try #require(SetLine.quick(line))
        #expect(set.exercise == exercise)
        #expect(set.numbers == numbers)
        #expect(set.fits == [.weight, .bodyweight])
        #expect(set == general(line))
    }

    @Test("lines the byte reader leaves to the general reading", arguments: [
        "Bench Press 60x5", "bench 1001x5x5", "bench 60x0x5", "bench 60x5x101", "bench 60x5x5@8", "bench 60x5x5 @8", "bench 135lbx5x5",
        "Zoë 60x5x5", "21s 60x5x5", "60x5x5", "bench 60.125x5x5", "bench 60.x5x5", "bench 60 x 5 x 5", "bench 60×5×5", "row 2000m 7:45",
        "dip bwx12x3", "bench 0000005x5x5", "bench 60 5", "5 60 5 5", "bench 60 5 5 5",
    ])
    func handedOn(line: String) {
        #expect(SetLine.quick(line) == nil, "\(line.debugDescription)")
    }

    @Test("a name's runs of spaces collapse as they did before the ASCII reading, for any text made of what members type")
    func nameSpaces() async {
        let texts = Gen.element(of: ["Bench", "Press", "Zoë", "深蹲", " ", "  ", "\t", "\r\n", "\u{A0}", "\u{2003}", "\u{301}", "x", "5", "-", "~"])
            .compactMap { $0 }.array(of: 0...8).map { $0.joined() }
        await propertyCheck(count: 3_000, input: texts) { text in
            #expect(NameRules.collapsingSpaces(text) == text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "), "\(text.debugDescription)")
        }
    }

    @Test("a line's weight set is read once, and anew when its numbers are changed")
    func weightReadOnce() throws {
        var set = try #require(SetLine.read("Bench Press 60x5x5"))
        #expect(said(set.entry(for: .weight)) == said(KindedEntry.parse("60x5x5", kind: .weight)))
        set.numbers = "70x3x2"
        #expect(said(set.entry(for: .weight)) == said(KindedEntry.parse("70x3x2", kind: .weight)))
        // Numbers that no longer read as its kinds say the weight set's shape, as they did.
        set.numbers = "1:30x3"
        #expect(said(set.entry(for: .weight)) == "refused: a weight set is written WEIGHTxREPSxSERIES (e.g. 100x5x3)")
    }
}

@Suite("Trimming a line, fast")
struct TrimmingTests {
    @Test("a text trims as it did before its printable-ASCII ends were looked at first, for any text made of what members type")
    func trimming() async {
        let texts = Gen.element(of: ["Bench", "5", "x", "Zoë", "é", "\u{301}", " ", "\t", "\r\n", "\n", "\u{A0}", "\u{2003}", "\u{600}", "~", "!"])
            .compactMap { $0 }.array(of: 0...6).map { $0.joined() }
        await propertyCheck(count: 3_000, input: texts) { text in
            let before: String
            if let first = text.firstIndex(where: { !$0.isSpace }), let last = text.lastIndex(where: { !$0.isSpace }) {
                before = String(text[first...last])
            } else {
                before = ""
            }
            #expect(text.trimmingWhitespace() == before, "\(text.debugDescription)")
            #expect(text[...].trimmingWhitespace() == before, "\(text.debugDescription)")
        }
    }
}
