import PropertyBased
import Testing
@testable import TopWeightCore

/// Random record numbers: any weight in hundredths up to 1000 (in either unit), reps, series.
private let setValues = zip(
    Gen.int(in: 0...100_000), Gen<WeightUnit>.case, Gen.int(in: Limits.reps), Gen.int(in: Limits.series)
).map { hundredths, unit, reps, series in
    SetValues(weight: Weight(hundredths: hundredths, unit: unit), reps: reps, series: series)
}

/// One stepper answer: `+ - ++ --`, or `+N` / `-N` with N small, large or absurdly long.
private func stepInput(for field: NumericField) -> Generator<String, some SendableSequenceType> {
    zip(Gen.int(in: 0...6), Gen.int(in: 0...200_000)).map { kind, n -> String in
        let amount = field == .weight ? Decimal2.format(n) : String(n / 100)
        switch kind {
        case 0: return "+"
        case 1: return "-"
        case 2: return "++"
        case 3: return "--"
        case 4: return "+" + amount
        case 5: return "-" + amount
        default: return (n % 2 == 0 ? "+" : "-") + String(repeating: "9", count: 1 + n % 40)
        }
    }
}

/// The value of an accepted result, or `nil` after recording why not.
///
/// `propertyCheck` swallows errors thrown from its body (it runs the body under
/// `try?`), so a failing `Result.get()` would pass silently: record issues instead.
private func accepted<Value>(
    _ result: Result<Value, InputError>?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) -> Value? {
    switch result {
    case .success(let value):
        return value
    case .failure(let error):
        Issue.record("\(what) was refused: \(error)", sourceLocation: sourceLocation)
        return nil
    case nil:
        Issue.record("\(what) was not read at all", sourceLocation: sourceLocation)
        return nil
    }
}

@Suite("Properties")
struct PropertyTests {
    @Test("the compact form reads back as the same numbers")
    func compactRoundTrip() async {
        await propertyCheck(count: 1_000, input: setValues) { values in
            let parsed = OneLineEntry.parseNumbersOnly(values.compact)
            let expected = OneLineEntry(
                exercise: nil, weightHundredths: values.weight.hundredths,
                unit: values.weight.unit == .kg ? nil : .lb, reps: values.reps, series: values.series
            )
            #expect(parsed == .success(expected), "\(values.compact)")
        }
    }

    @Test("an exercise name followed by the compact form reads back as the same entry")
    func exerciseRoundTrip() async {
        let names = Gen.element(of: ["Bench Press", "Box Squat", "bench", "深蹲", "Hex Bar Deadlift", "Zoë's Curl"])
            .compactMap { $0 }
        await propertyCheck(count: 500, input: names, setValues) { name, values in
            let line = "\(name) \(values.compact)"
            guard let entry = accepted(OneLineEntry.parseWithExercise(line), line) else { return }
            #expect(entry.exercise == name)
            #expect(entry.weightHundredths == values.weight.hundredths)
            #expect((entry.unit ?? .kg) == values.weight.unit)
            #expect(entry.reps == values.reps)
            #expect(entry.series == values.series)
        }
    }

    @Test("Decimal2 parses what it formats")
    func decimalRoundTrip() async {
        await propertyCheck(count: 1_000, input: Gen.int(in: 0...10_000_000_000)) { hundredths in
            let text = Decimal2.format(hundredths)
            #expect(Decimal2.parse(Substring(text)) == .some(hundredths), "\(text)")
        }
    }

    @Test("Decimal2 formats in the shortest form, with the comma read as the point")
    func decimalShortest() async {
        await propertyCheck(count: 1_000, input: Gen.int(in: 0...10_000_000)) { hundredths in
            let text = Decimal2.format(hundredths)
            #expect(!text.hasSuffix("0") || !text.contains("."), "\(text) has a trailing zero")
            #expect(!text.hasSuffix("."))
            let comma = String(text.map { $0 == "." ? "," : $0 })
            #expect(Decimal2.parse(Substring(comma)) == .some(hundredths))
        }
    }

    @Test("printable ASCII needs none of the Unicode checks, and its key is the normalized one")
    func asciiFastPath() async {
        let text = Gen.int(in: 0x20...0x7E).array(of: 0...40).map { codes in
            String(String.UnicodeScalarView(codes.compactMap(Unicode.Scalar.init)))
        }
        await propertyCheck(count: 2_000, input: text) { text in
            #expect(NameRules.isPrintableASCII(text))
            #expect(NameRules.invisibleScalar(in: text) == nil)
            #expect(!NameRules.hasStackedMarks(text))
            #expect(NameRules.mixedScriptWord(in: text) == nil)
            #expect(NameRules.key(text) == text.precomposedStringWithCanonicalMapping.lowercased())
        }
    }

    @Test("a collapsed key is the key of the text with its whitespace runs made one space, whatever the text")
    func collapsedKey() async {
        // Mostly ASCII (the fast path), with tabs, runs of spaces, a no-break space and accents mixed in.
        let pieces = Gen.int(in: 0...9).map { ["a", "B", " ", "  ", "\t", "x", "1", "é", "\u{A0}", "Squat"][$0] }
        await propertyCheck(count: 2_000, input: pieces.array(of: 0...12)) { parts in
            let text = parts.joined()
            #expect(NameRules.collapsedKey(text) == NameRules.key(text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")))
        }
    }

    @Test("steppers never go below the field's minimum, whatever the start", arguments: NumericField.allCases)
    func steppersStayInRange(field: NumericField) async {
        let start = Gen.int(in: -1_000_000...1_000_000).optional
        await propertyCheck(
            count: 300, input: start, Gen<WeightUnit>.case, stepInput(for: field).array(of: 1...40)
        ) { start, unit, inputs in
            var current = start
            for raw in inputs {
                let input: NumberInput
                switch NumberInput.parse(raw, field: field) {
                case .success(let (parsed, _)): input = parsed
                case .failure(let error):
                    Issue.record("\"\(raw)\" was refused: \(error)")
                    return
                }
                switch input.apply(to: current, field: field, unit: unit) {
                case .success(let value):
                    #expect(value >= 0, "\"\(raw)\" on \(String(describing: current)) gave \(value)")
                    #expect(value >= field.minimum, "\"\(raw)\" on \(String(describing: current)) gave \(value)")
                    #expect(value <= field.maximum(unit: unit))
                    current = value
                case .failure:
                    // Refused (above the maximum, or a start out of range): the value stays.
                    break
                }
            }
        }
    }

    @Test("from a valid start, a step down lands on a valid value, or is refused when it would go below the minimum",
          arguments: NumericField.allCases)
    func stepDownFromValidStart(field: NumericField) async {
        await propertyCheck(count: 300, input: Gen<WeightUnit>.case, Gen.int(in: 0...1_000_000)) { unit, seed in
            let range = field.minimum...field.maximum(unit: unit)
            let start = range.lowerBound + seed % range.count
            let steps: [(raw: String, delta: Int)] = [
                ("-", field.step(unit: unit)), ("--", 2 * field.step(unit: unit)), ("-0", 0), ("-1", field == .weight ? 100 : 1),
                ("-" + String(seed), field == .weight ? seed * 100 : seed),
            ]
            for (raw, delta) in steps {
                guard let (input, _) = accepted(NumberInput.parse(raw, field: field), raw) else { return }
                switch input.apply(to: start, field: field, unit: unit) {
                case .success(let value):
                    #expect(range.contains(value), "\"\(raw)\" on \(start) gave \(value)")
                    #expect(value == start - delta)
                case .failure(let error):
                    #expect(start - delta < field.minimum, "\"\(raw)\" on \(start) was refused: \(error)")
                    #expect(error.description.contains("below"))
                }
            }
        }
    }
}
