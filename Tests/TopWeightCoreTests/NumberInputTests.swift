import Testing
@testable import TopWeightCore

/// What one prompt answer turns into, as the REPL does it: parse, then apply to
/// the current value with the typed unit (or the draft's unit when none was typed).
private func answer(
    _ raw: String, field: NumericField, current: Int?, unit: WeightUnit = .kg
) -> Result<Int, InputError> {
    switch NumberInput.parse(raw, field: field) {
    case .failure(let error):
        return .failure(error)
    case .success(let (input, typedUnit)):
        return input.apply(to: current, field: field, unit: typedUnit ?? unit)
    }
}

@Suite("NumberInput")
struct NumberInputTests {
    // MARK: - Parsing

    struct ParseCase: Sendable, CustomTestStringConvertible {
        var raw: String
        var field: NumericField
        var input: NumberInput
        var unit: WeightUnit?
        var testDescription: String { "\"\(raw)\" at the \(field.rawValue) prompt" }
    }

    static let parsed: [ParseCase] = [
        // Nothing typed keeps the default.
        ParseCase(raw: "", field: .weight, input: .keep, unit: nil),
        ParseCase(raw: "   ", field: .reps, input: .keep, unit: nil),
        ParseCase(raw: "", field: .series, input: .keep, unit: nil),
        // Steppers.
        ParseCase(raw: "+", field: .weight, input: .steps(1), unit: nil),
        ParseCase(raw: "-", field: .weight, input: .steps(-1), unit: nil),
        ParseCase(raw: "++", field: .reps, input: .steps(2), unit: nil),
        ParseCase(raw: "--", field: .series, input: .steps(-2), unit: nil),
        ParseCase(raw: "  ++  ", field: .weight, input: .steps(2), unit: nil),
        // Relative moves, in the field's scale (hundredths for weight).
        ParseCase(raw: "+5", field: .weight, input: .relative(500), unit: nil),
        ParseCase(raw: "-2.5", field: .weight, input: .relative(-250), unit: nil),
        ParseCase(raw: "+0,25", field: .weight, input: .relative(25), unit: nil),
        ParseCase(raw: "+2", field: .reps, input: .relative(2), unit: nil),
        ParseCase(raw: "-1", field: .series, input: .relative(-1), unit: nil),
        ParseCase(raw: "-0", field: .weight, input: .relative(0), unit: nil),
        ParseCase(raw: "-0", field: .reps, input: .relative(0), unit: nil),
        ParseCase(raw: "+5 lb", field: .weight, input: .relative(500), unit: .lb),
        // Plain numbers replace.
        ParseCase(raw: "60", field: .weight, input: .absolute(6000), unit: nil),
        ParseCase(raw: "62.5", field: .weight, input: .absolute(6250), unit: nil),
        ParseCase(raw: "62,5", field: .weight, input: .absolute(6250), unit: nil),
        ParseCase(raw: "0.25", field: .weight, input: .absolute(25), unit: nil),
        ParseCase(raw: ".5", field: .weight, input: .absolute(50), unit: nil),
        ParseCase(raw: " 62.5 ", field: .weight, input: .absolute(6250), unit: nil),
        ParseCase(raw: "\t80\u{00A0}", field: .weight, input: .absolute(8000), unit: nil),
        ParseCase(raw: "8", field: .reps, input: .absolute(8), unit: nil),
        ParseCase(raw: "8.0", field: .reps, input: .absolute(8), unit: nil),
        ParseCase(raw: "3", field: .series, input: .absolute(3), unit: nil),
        ParseCase(raw: "0", field: .series, input: .absolute(0), unit: nil),
        // Units.
        ParseCase(raw: "135lb", field: .weight, input: .absolute(13500), unit: .lb),
        ParseCase(raw: "135 lb", field: .weight, input: .absolute(13500), unit: .lb),
        ParseCase(raw: "135 LBS", field: .weight, input: .absolute(13500), unit: .lb),
        ParseCase(raw: "60kg", field: .weight, input: .absolute(6000), unit: .kg),
        ParseCase(raw: "60 Kgs ", field: .weight, input: .absolute(6000), unit: .kg),
        ParseCase(raw: "lb", field: .weight, input: .keep, unit: .lb),
    ]

    @Test("a step past the bottom says what it would come to, with the largest step that fits", arguments: [
        ("-20", NumericField.reps, 10, "reps can't go below 1: 10 - 20 is -10 (e.g. -9)"),
        ("-999", .weight, 6000, "weight can't go below 0 kg: 60 - 999 is -939 (e.g. -60)"),
        ("--", .series, 1, "series can't go below 1: 1 - 2 is -1 (e.g. 1)"),
    ] as [(String, NumericField, Int, String)])
    func belowTheBottom(raw: String, field: NumericField, current: Int, told: String) {
        guard case .failure(let error) = answer(raw, field: field, current: current) else {
            Issue.record("accepted \(raw)")
            return
        }
        #expect(error.description == told)
    }

    @Test("reads each kind of answer", arguments: parsed)
    func parses(_ example: ParseCase) throws {
        let (input, unit) = try NumberInput.parse(example.raw, field: example.field).get()
        #expect(input == example.input)
        #expect(unit == example.unit)
    }

    struct RefusedCase: Sendable, CustomTestStringConvertible {
        var raw: String
        var field: NumericField
        var testDescription: String { "\"\(raw)\" at the \(field.rawValue) prompt" }
    }

    static let unreadable: [RefusedCase] = [
        RefusedCase(raw: "1e309", field: .weight),
        RefusedCase(raw: "1e3", field: .reps),
        RefusedCase(raw: "NaN", field: .weight),
        RefusedCase(raw: "nan", field: .reps),
        RefusedCase(raw: "inf", field: .weight),
        RefusedCase(raw: "-inf", field: .weight),
        RefusedCase(raw: "Infinity", field: .series),
        RefusedCase(raw: "0x10", field: .weight),
        RefusedCase(raw: "0x10", field: .reps),
        RefusedCase(raw: "abc", field: .weight),
        RefusedCase(raw: "abc", field: .series),
        RefusedCase(raw: "8.5", field: .reps),
        RefusedCase(raw: "2,5", field: .series),
        RefusedCase(raw: "62.555", field: .weight),
        RefusedCase(raw: "62.5.1", field: .weight),
        RefusedCase(raw: "6 2", field: .weight),
        RefusedCase(raw: "+++", field: .weight),
        RefusedCase(raw: "+-5", field: .weight),
        RefusedCase(raw: ".", field: .weight),
        RefusedCase(raw: "5 lb lb", field: .weight),
        RefusedCase(raw: "60kg", field: .reps),
        RefusedCase(raw: "١٢", field: .reps),  // Arabic-Indic digits
        RefusedCase(raw: "６０", field: .weight),  // full-width digits
    ]

    @Test("refuses what is not a number", arguments: unreadable)
    func refusesUnreadable(_ example: RefusedCase) {
        #expect(throws: InputError.self) {
            try NumberInput.parse(example.raw, field: example.field).get()
        }
    }

    @Test("explains too many decimals and fractional counts")
    func explainsWhy() {
        guard case .failure(let decimals) = NumberInput.parse("62.555", field: .weight) else {
            Issue.record("62.555 was accepted")
            return
        }
        #expect(decimals.reason.contains("two decimals"))
        guard case .failure(let fractional) = NumberInput.parse("8.5", field: .reps) else {
            Issue.record("8.5 reps was accepted")
            return
        }
        #expect(fractional.reason.contains("whole number"))
    }

    @Test("ignores trailing zeros past the second decimal")
    func trailingZeros() throws {
        let (input, _) = try NumberInput.parse("62.500", field: .weight).get()
        #expect(input == .absolute(6250))
    }

    // MARK: - Applying

    struct ApplyCase: Sendable, CustomTestStringConvertible {
        var raw: String
        var field: NumericField
        var current: Int?
        var unit: WeightUnit
        var expected: Int
        var testDescription: String {
            "\"\(raw)\" on \(current.map(String.init) ?? "nothing") (\(field.rawValue), \(unit.rawValue)) → \(expected)"
        }
    }

    static let applied: [ApplyCase] = [
        // "" keeps the default.
        ApplyCase(raw: "", field: .weight, current: 6000, unit: .kg, expected: 6000),
        ApplyCase(raw: "", field: .reps, current: 8, unit: .kg, expected: 8),
        ApplyCase(raw: "", field: .series, current: 3, unit: .kg, expected: 3),
        // Weight steps: 2.5 kg, 5 lb.
        ApplyCase(raw: "+", field: .weight, current: 6000, unit: .kg, expected: 6250),
        ApplyCase(raw: "-", field: .weight, current: 6000, unit: .kg, expected: 5750),
        ApplyCase(raw: "++", field: .weight, current: 6000, unit: .kg, expected: 6500),
        ApplyCase(raw: "--", field: .weight, current: 6000, unit: .kg, expected: 5500),
        ApplyCase(raw: "+", field: .weight, current: 13500, unit: .lb, expected: 14000),
        ApplyCase(raw: "-", field: .weight, current: 13500, unit: .lb, expected: 13000),
        ApplyCase(raw: "++", field: .weight, current: 13500, unit: .lb, expected: 14500),
        ApplyCase(raw: "--", field: .weight, current: 13500, unit: .lb, expected: 12500),
        // Reps and series step by one.
        ApplyCase(raw: "+", field: .reps, current: 8, unit: .kg, expected: 9),
        ApplyCase(raw: "-", field: .reps, current: 8, unit: .kg, expected: 7),
        ApplyCase(raw: "++", field: .reps, current: 8, unit: .kg, expected: 10),
        ApplyCase(raw: "--", field: .reps, current: 8, unit: .kg, expected: 6),
        ApplyCase(raw: "+", field: .series, current: 3, unit: .lb, expected: 4),
        ApplyCase(raw: "--", field: .series, current: 3, unit: .lb, expected: 1),
        // Relative moves.
        ApplyCase(raw: "+5", field: .weight, current: 6000, unit: .kg, expected: 6500),
        ApplyCase(raw: "-2.5", field: .weight, current: 6000, unit: .kg, expected: 5750),
        ApplyCase(raw: "+0.25", field: .weight, current: 6000, unit: .kg, expected: 6025),
        ApplyCase(raw: "+10", field: .weight, current: 13500, unit: .lb, expected: 14500),
        ApplyCase(raw: "+2", field: .reps, current: 8, unit: .kg, expected: 10),
        ApplyCase(raw: "-3", field: .reps, current: 8, unit: .kg, expected: 5),
        ApplyCase(raw: "+1", field: .series, current: 3, unit: .kg, expected: 4),
        ApplyCase(raw: "-0", field: .weight, current: 6000, unit: .kg, expected: 6000),
        ApplyCase(raw: "-0", field: .reps, current: 8, unit: .kg, expected: 8),
        ApplyCase(raw: "+0", field: .series, current: 3, unit: .kg, expected: 3),
        // Absolute values replace whatever was there.
        ApplyCase(raw: "100", field: .weight, current: 6000, unit: .kg, expected: 10000),
        ApplyCase(raw: "62,5", field: .weight, current: nil, unit: .kg, expected: 6250),
        ApplyCase(raw: "0", field: .weight, current: 6000, unit: .kg, expected: 0),
        ApplyCase(raw: "1000", field: .weight, current: nil, unit: .kg, expected: 100_000),
        ApplyCase(raw: "2200", field: .weight, current: nil, unit: .lb, expected: 220_000),
        ApplyCase(raw: "135lb", field: .weight, current: 6000, unit: .kg, expected: 13500),
        ApplyCase(raw: " 12 ", field: .reps, current: 8, unit: .kg, expected: 12),
        ApplyCase(raw: "1000", field: .reps, current: nil, unit: .kg, expected: 1000),
        ApplyCase(raw: "100", field: .series, current: nil, unit: .kg, expected: 100),
        ApplyCase(raw: "1", field: .series, current: 3, unit: .kg, expected: 1),
        // Steps down to the minimum exactly are fine.
        ApplyCase(raw: "-", field: .weight, current: 250, unit: .kg, expected: 0),
        ApplyCase(raw: "--", field: .weight, current: 1000, unit: .lb, expected: 0),
        ApplyCase(raw: "-60", field: .weight, current: 6000, unit: .kg, expected: 0),
        ApplyCase(raw: "-7", field: .reps, current: 8, unit: .kg, expected: 1),
        ApplyCase(raw: "-", field: .series, current: 2, unit: .kg, expected: 1),
        // Steps with no default start from nothing.
        ApplyCase(raw: "+", field: .weight, current: nil, unit: .kg, expected: 250),
        ApplyCase(raw: "+", field: .reps, current: nil, unit: .kg, expected: 1),
        ApplyCase(raw: "++", field: .series, current: nil, unit: .kg, expected: 2),
    ]

    @Test("applies the answer to the current value", arguments: applied)
    func applies(_ example: ApplyCase) throws {
        let value = try answer(example.raw, field: example.field, current: example.current, unit: example.unit).get()
        #expect(value == example.expected)
    }

    struct OutOfRangeCase: Sendable, CustomTestStringConvertible {
        var raw: String
        var field: NumericField
        var current: Int?
        var unit: WeightUnit
        /// A piece of the message the member sees.
        var says: String
        var testDescription: String { "\"\(raw)\" (\(field.rawValue), \(unit.rawValue))" }
    }

    static let outOfRange: [OutOfRangeCase] = [
        OutOfRangeCase(raw: "5000", field: .weight, current: 6000, unit: .kg, says: "from 0 to 1000 kg"),
        OutOfRangeCase(raw: "5000kg", field: .weight, current: nil, unit: .lb, says: "from 0 to 1000 kg"),
        OutOfRangeCase(raw: "1000.01", field: .weight, current: nil, unit: .kg, says: "1000 kg"),
        OutOfRangeCase(raw: "2200.5 lb", field: .weight, current: nil, unit: .kg, says: "from 0 to 2200 lb"),
        OutOfRangeCase(raw: "10000", field: .reps, current: 8, unit: .kg, says: "from 1 to 1000"),
        OutOfRangeCase(raw: "1001", field: .reps, current: nil, unit: .kg, says: "from 1 to 1000"),
        OutOfRangeCase(raw: "0", field: .reps, current: 8, unit: .kg, says: "from 1 to 1000"),
        OutOfRangeCase(raw: "0", field: .series, current: 3, unit: .kg, says: "from 1 to 100"),
        OutOfRangeCase(raw: "101", field: .series, current: 3, unit: .kg, says: "from 1 to 100"),
        OutOfRangeCase(raw: "99999999999999999999999", field: .weight, current: nil, unit: .kg, says: "1000 kg"),
        OutOfRangeCase(raw: "", field: .weight, current: nil, unit: .kg, says: "no default"),
        OutOfRangeCase(raw: "", field: .reps, current: nil, unit: .kg, says: "no default"),
        OutOfRangeCase(raw: "  ", field: .series, current: nil, unit: .kg, says: "no default"),
        OutOfRangeCase(raw: "kg", field: .weight, current: nil, unit: .kg, says: "no default"),
        // A move below the minimum is refused with the reason, never clamped.
        OutOfRangeCase(raw: "-999", field: .weight, current: 10_000, unit: .kg, says: "below 0 kg: 100 - 999 is -899"),
        OutOfRangeCase(raw: "-", field: .weight, current: 100, unit: .kg, says: "below 0 kg"),
        OutOfRangeCase(raw: "--", field: .weight, current: 0, unit: .kg, says: "below 0 kg"),
        OutOfRangeCase(raw: "--", field: .weight, current: 200, unit: .lb, says: "below 0 lb"),
        OutOfRangeCase(raw: "-", field: .reps, current: 1, unit: .kg, says: "below 1"),
        OutOfRangeCase(raw: "-50", field: .reps, current: 8, unit: .kg, says: "below 1: 8 - 50 is -42"),
        OutOfRangeCase(raw: "-10", field: .series, current: 3, unit: .kg, says: "below 1"),
        OutOfRangeCase(raw: "-", field: .weight, current: nil, unit: .kg, says: "below 0 kg"),
        OutOfRangeCase(raw: "--", field: .series, current: nil, unit: .kg, says: "below 1"),
        // Current values a tampered file could hold never trap.
        OutOfRangeCase(raw: "+", field: .reps, current: Int.max, unit: .kg, says: "from 1 to 1000"),
        OutOfRangeCase(raw: "-5", field: .reps, current: Int.min, unit: .kg, says: "from 1 to 1000"),
    ]

    @Test("refuses values outside the field's range, and a missing default", arguments: outOfRange)
    func refusesOutOfRange(_ example: OutOfRangeCase) {
        let result = answer(example.raw, field: example.field, current: example.current, unit: example.unit)
        guard case .failure(let error) = result else {
            Issue.record("accepted as \(result)")
            return
        }
        #expect(error.description.contains(example.says))
    }

    @Test("never steps past the maximum", arguments: [
        ("+", NumericField.weight, 100_000, WeightUnit.kg),
        ("++", .weight, 219_900, .lb),
        ("+", .reps, 1000, .kg),
        ("+1", .series, 100, .kg),
    ])
    func neverAboveMaximum(raw: String, field: NumericField, current: Int, unit: WeightUnit) {
        let result = answer(raw, field: field, current: current, unit: unit)
        if case .success(let value) = result {
            #expect(value <= field.maximum(unit: unit))
        }
    }
}
