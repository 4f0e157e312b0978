import Foundation
import Testing
import TopWeightCore
import TopWeightStore

/// One table of hostile input, each case typed into the logger (piped stdin)
/// and passed to `topweight add`, both through the real binary, with the
/// database read back afterwards for exactly what must be there.
///
/// Every case starts from a database holding Ana, Bench Press and one set of
/// 60 kg × 8 × 3 (so the logger has defaults). The logger's answers are
/// `Ana`, `Bench Press`, `70`, `5`, `2` with the attacked one replaced; a
/// refused answer is followed by the normal one, which the same prompt must
/// take, so a refusal ends with exactly one set of 70 kg × 5 × 2 saved.
@Suite("Hostile input")
struct HostileInputTests {
    @Test("a hostile answer typed into the logger is refused with a one-line reason or stored exactly",
          arguments: Hostile.table.filter { $0.repl != nil })
    func typedIntoTheLogger(_ hostile: Hostile.Case) throws {
        let outcome = try #require(hostile.repl)
        let scratch = try Scratch()
        try Hostile.DatabaseState.seed(scratch.db)
        let result = try Binary.run([], db: scratch.db, bytes: hostile.loggerInput)

        #expect(result.status == 0, "\(Hostile.Visible(result.stderr))")
        Hostile.Checks.expectInert(result.stdoutBytes, "stdout")
        Hostile.Checks.expectInert(result.stderrBytes, "stderr")
        let saves = Hostile.Checks.lines(result.stdout).filter { $0.hasPrefix("Saved #") }
        #expect(saves.count == 1, "\(Hostile.Visible(result.stdout))")
        let warnings = Hostile.Checks.lines(result.stderr)
        let state = try Hostile.DatabaseState.read(scratch.db)

        switch outcome {
        case .refused(let reason):
            #expect(warnings.count == 1, "\(warnings.map(Hostile.Visible.init))")
            #expect(warnings.first?.contains(reason) == true, "\(warnings.map(Hostile.Visible.init))")
            #expect(warnings.first?.contains("(e.g. ") == true, "the reason carries an example")
            // The same prompt took the next, normal answer: nothing of the hostile one is anywhere.
            #expect(state == .expected(adding: Hostile.StoredSet()))
        case .tooLong:
            #expect(warnings.count == 1, "\(warnings.map(Hostile.Visible.init))")
            #expect(warnings.first?.hasPrefix("That line is too long") == true)
            #expect(state == .expected(adding: Hostile.StoredSet()))
        case .usage:
            Issue.record("argument-parser never reads the logger's lines; fix the table")
        case .saved(let set):
            #expect(warnings.allSatisfy { $0.hasPrefix("Not a known exercise. Similar: ") }, "\(warnings.map(Hostile.Visible.init))")
            #expect(state == .expected(adding: set))
            if hostile.field == .user || hostile.field == .exercise {
                try Hostile.Checks.expectAlignedHistory(db: scratch.db, rows: 2)
            }
        }
    }

    @Test("a hostile argument to topweight add exits 64 with one line, or is stored exactly",
          arguments: Hostile.table.filter { $0.add != nil })
    func passedToAdd(_ hostile: Hostile.Case) throws {
        let outcome = try #require(hostile.add)
        let scratch = try Scratch()
        try Hostile.DatabaseState.seed(scratch.db)
        let result = try Binary.run(hostile.addArguments, db: scratch.db)

        Hostile.Checks.expectInert(result.stdoutBytes, "stdout")
        Hostile.Checks.expectInert(result.stderrBytes, "stderr")
        let errors = Hostile.Checks.lines(result.stderr)
        let state = try Hostile.DatabaseState.read(scratch.db)

        switch outcome {
        case .refused(let reason):
            #expect(result.status == 64, "\(Hostile.Visible(result.stderr))")
            #expect(result.stdout.isEmpty)
            #expect(errors.count == 1, "\(errors.map(Hostile.Visible.init))")
            #expect(errors.first?.hasPrefix("topweight: ") == true)
            #expect(errors.first?.contains(reason) == true, "\(errors.map(Hostile.Visible.init))")
            #expect(errors.first?.contains("(e.g. ") == true, "the reason carries an example")
            #expect(state == .expected(adding: nil))
        case .usage(let reason):
            // argument-parser's own usage error: its exit code, in the shape of every
            // other error (one line), then where the usage is.
            #expect(result.status == 64, "\(Hostile.Visible(result.stderr))")
            #expect(result.stdout.isEmpty)
            #expect(errors.first?.hasPrefix("topweight: ") == true, "\(errors.map(Hostile.Visible.init))")
            #expect(errors.count == 2 && errors.last?.hasPrefix("See 'topweight add --help'") == true, "\(errors.map(Hostile.Visible.init))")
            #expect(errors.first?.contains(reason) == true, "\(errors.map(Hostile.Visible.init))")
            #expect(state == .expected(adding: nil))
        case .tooLong:
            Issue.record("arguments are not lines; fix the table")
        case .saved(let set):
            #expect(result.status == 0, "\(Hostile.Visible(result.stderr))")
            #expect(errors.isEmpty, "\(errors.map(Hostile.Visible.init))")
            // The Saved line, and a heavier set's "New PR on …" line under it.
            let lines = Hostile.Checks.lines(result.stdout)
            #expect(lines.count <= 2 && lines[0].hasPrefix("Saved #2  ") && lines.dropFirst().allSatisfy { $0.hasPrefix("New PR on ") },
                    "\(lines.map(Hostile.Visible.init))")
            #expect(state == .expected(adding: set))
            if hostile.field == .user || hostile.field == .exercise {
                try Hostile.Checks.expectAlignedHistory(db: scratch.db, rows: 2)
            }
        }
    }

    @Test("the table attacks every field, with at least 60 cases, each on at least one path")
    func tableCoverage() {
        #expect(Hostile.table.count >= 60)
        #expect(Set(Hostile.table.map(\.field)) == Set(Hostile.Field.allCases))
        #expect(Hostile.table.allSatisfy { $0.repl != nil || $0.add != nil })
        #expect(Set(Hostile.table.map(\.testDescription)).count == Hostile.table.count, "labels are unique")
    }
}

extension Hostile {
    /// One hostile input and what each path must do with it.
    struct Case: Sendable, CustomTestStringConvertible {
        var field: Field
        var label: String
        /// The line the logger reads in the field's place (bytes, so invalid UTF-8 fits).
        var line: [UInt8]?
        /// What the logger must do; `nil` when no line can carry the input.
        var repl: Outcome?
        /// The argument `topweight add` gets in the field's place.
        var argument: String?
        /// What `add` must do; `nil` when no argument can carry the input.
        var add: Outcome?
        /// `add -- …`: the positionals after `--`, so a leading `-` is not an option.
        var afterDoubleDash = false
        /// The logger saves on this line (one-line entry): no further answers follow.
        var savesAtOnce = false

        var testDescription: String { "\(field.rawValue) ← \(label)" }

        static let answers: [Field: String] = [.user: "Ana", .exercise: "Bench Press", .weight: "70", .reps: "5", .series: "2"]

        /// Everything the logger reads: the answers, the hostile one in its field's place.
        var loggerInput: [UInt8] {
            var lines: [[UInt8]] = []
            for current in Field.allCases {
                let normal = Array((Self.answers[current] ?? "").utf8)
                guard current == field, let line else {
                    lines.append(normal)
                    continue
                }
                lines.append(line)
                guard case .saved(let set) = repl else {
                    lines.append(normal) // refused: the same prompt comes back for the normal answer
                    continue
                }
                if current == .user, NameRules.key(set.user) != NameRules.key(StoredSet.seed.user) {
                    lines.append(Array("y".utf8)) // a new member is created after a y
                }
                if current == .exercise, NameRules.key(set.exercise) != NameRules.key(StoredSet.seed.exercise) {
                    lines.append(Array("y".utf8)) // so is an exercise the catalog doesn't know
                }
                if savesAtOnce { break }
            }
            return Array(lines.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")]
        }

        var addArguments: [String] {
            let values = Field.allCases.map { $0 == field ? argument ?? "" : Self.answers[$0] ?? "" }
            return ["add"] + (afterDoubleDash ? ["--"] : []) + values
        }
    }

    /// Both paths, the same input, the same outcome.
    static func both(_ field: Field, _ label: String, _ input: String, _ outcome: Outcome) -> Case {
        Case(field: field, label: label, line: Array(input.utf8), repl: outcome, argument: input, add: outcome)
    }

    /// Both paths, the same input, different outcomes (or one path only, with `nil`).
    static func split(_ field: Field, _ label: String, _ input: String, repl: Outcome?, add: Outcome?,
                      afterDoubleDash: Bool = false, savesAtOnce: Bool = false) -> Case {
        Case(field: field, label: label, line: repl == nil ? nil : Array(input.utf8), repl: repl,
             argument: add == nil ? nil : input, add: add, afterDoubleDash: afterDoubleDash, savesAtOnce: savesAtOnce)
    }

    /// Bytes no argument can carry: the logger only.
    static func loggerOnly(_ field: Field, _ label: String, bytes: [UInt8], _ outcome: Outcome) -> Case {
        Case(field: field, label: label, line: bytes, repl: outcome, argument: nil, add: nil)
    }

    static let control = "control characters or escape sequences"
    static let notANumber = "weight must be a number"
    static let plainHere = "must be a plain number here"
    static let maxName = "at most 64 characters"
    static let hundredThousand = String(repeating: "x", count: 100_000)
    static let hundredThousandDigits = String(repeating: "9", count: 100_000)

    static let table: [Case] = names(.user) + userOnly + names(.exercise) + exerciseOnly + weights + reps + series

    /// Attacks every name gets, user or exercise.
    static func names(_ field: Field) -> [Case] {
        let name = field == .user ? "Eve" : "Curl"
        func stored(_ text: String) -> Outcome { field == .user ? .user(text) : .exercise(text) }
        return [
            both(field, "CSI clear screen", "\u{1B}[2J\(name)", .refused(control)),
            both(field, "OSC window title", "\u{1B}]0;x\u{07}\(name)", .refused(control)),
            both(field, "C1 CSI (U+009B)", "\u{9B}31m\(name)", .refused(control)),
            both(field, "BEL", "\(name)\u{07}", .refused(control)),
            both(field, "backspaces over the name", "\(name)\u{08}\u{08}\u{08}Ana", .refused(control)),
            both(field, "DEL", "\(name)\u{7F}", .refused(control)),
            both(field, "tab inside", "\(name)\tLee", .refused(control)),
            both(field, "CR inside", "\(name)\rAna", .refused(control)),
            both(field, "right-to-left override", "\(name)\u{202E}evil", .refused(control)),
            both(field, "line separator U+2028", "\(name)\u{2028}x", .refused(control)),
            split(field, "LF inside (an argument only: in a pipe it ends the line)", "\(name)\nx", repl: nil, add: .refused(control)),
            loggerOnly(field, "NUL inside (a pipe only: argv can't hold it)", bytes: Array("\(name)\u{0}x".utf8), .refused(control)),
            loggerOnly(field, "invalid UTF-8 (a pipe only)", bytes: Array(name.utf8) + [0xC3, 0x28, 0xFF, 0xFE], .refused(control)),
            split(field, "100 000 characters", hundredThousand, repl: .tooLong, add: .refused(maxName)),
            both(field, "65 characters", String(repeating: "é", count: 65), .refused(maxName)),
            both(field, "64 two-byte characters", String(repeating: "é", count: 64), stored(String(repeating: "é", count: 64))),
            both(field, "emoji", "\(name) 💪", stored("\(name) 💪")),
            both(field, "decomposed é stays decomposed", "Rene\u{301}e", stored("Rene\u{301}e")),
            both(field, "ZWJ family emoji", "👩‍👩‍👧", stored("👩‍👩‍👧")),
            both(field, "CJK", "李雷", stored("李雷")),
            both(field, "SQL injection", "Robert'); DROP TABLE record;--", stored("Robert'); DROP TABLE record;--")),
            both(field, "LIKE wildcard %", "%", stored("%")),
            both(field, "LIKE wildcard _", "_", stored("_")),
            both(field, "double quote and backslash", "\"\\\"", stored("\"\\\"")),
            both(field, "spaces around and inside", "  Zoë   Lee  ", stored("Zoë Lee")),
            both(field, "just a number", "42", .refused("can't be just a number")),
        ]
    }

    static let userOnly: [Case] = [
        both(.user, "another case of an existing member", "aNA", .user("Ana")),
        split(.user, "CR at the end (a CRLF line ending in a pipe)", "Ana\r", repl: .user("Ana"), add: .refused(control)),
        split(.user, "empty", "", repl: .user("Ana"), add: .refused("name can't be empty")),
        split(.user, "only spaces", "   ", repl: .user("Ana"), add: .refused("name can't be empty")),
        // In argv this is argument-parser's --unit option with an escape as its value.
        split(.user, "an option with an escape in its value", "--unit=\u{1B}[2J", repl: .refused(control), add: .usage("is invalid for '--unit")),
    ]

    static let exerciseOnly: [Case] = [
        both(.exercise, "another case of an existing exercise", "bENCH pRESS", .exercise("Bench Press")),
        // The logger reads `NAME WxRxS` as a one-line entry; add takes the whole
        // argument as the name, and a name ending in a set is no name.
        split(.exercise, "one-line entry with three decimals", "Bench Press 62.555x8x3",
              repl: .refused("at most two decimals"), add: .refused("a name can't end in a number")),
        split(.exercise, "one-line entry after an SQL injection", "Robert'); DROP TABLE record;-- 60x5x2",
              repl: .saved(StoredSet(exercise: "Robert'); DROP TABLE record;--", weight: Weight(hundredths: 60_00, unit: .kg))),
              add: .refused("a name can't end in a number"), savesAtOnce: true),
    ]

    static let weights: [Case] = [
        both(.weight, "1e309", "1e309", .refused(notANumber)),
        both(.weight, "NaN", "NaN", .refused(notANumber)),
        both(.weight, "inf", "inf", .refused(notANumber)),
        split(.weight, "-inf", "-inf", repl: .refused(notANumber), add: .refused(notANumber)),
        split(.weight, "-inf after --", "-inf", repl: .refused(notANumber), add: .refused(notANumber), afterDoubleDash: true),
        // At a prompt -0 is a relative step of nothing: the default stays.
        split(.weight, "-0", "-0", repl: .weight(60_00), add: .weight(0)),
        split(.weight, "-0 after --", "-0", repl: .weight(60_00), add: .weight(0), afterDoubleDash: true),
        split(.weight, "0x10", "0x10", repl: .saved(StoredSet(weight: Weight(hundredths: 0, unit: .kg), reps: 10, series: 3)),
              add: .refused(notANumber), savesAtOnce: true),
        both(.weight, "decimal comma", "62,5", .weight(62_50)),
        both(.weight, "three decimals", "62.555", .refused("at most two decimals")),
        both(.weight, "spaces around", "  62.5  ", .weight(62_50)),
        both(.weight, "5 000 kg", "5000", .refused("weight must be from 0 to 1000 kg")),
        both(.weight, "2201 lb", "2201lb", .refused("weight must be from 0 to 2200 lb")),
        both(.weight, "2200 lb exactly", "2200 lb", .weight(2_200_00, .lb)),
        split(.weight, "+ (a step)", "+", repl: .weight(62_50), add: .refused(plainHere)),
        split(.weight, "++ (two steps)", "++", repl: .weight(65_00), add: .refused(plainHere)),
        split(.weight, "empty", "", repl: .weight(60_00), add: .refused(plainHere)),
        // As many digits as a card has: at the logger, refused as a card's number (and taken off the screen).
        split(.weight, "past Int.max", "99999999999999999999999", repl: .refused("That looked like a card's number"),
              add: .refused("weight must be from 0 to 1000 kg")),
        both(.weight, "Arabic-Indic digits", "٦٠", .refused(notANumber)),
        both(.weight, "fullwidth digits", "６０", .refused(notANumber)),
        both(.weight, "escape after the number", "60\u{1B}[2J", .refused(notANumber)),
        split(.weight, "100 000 digits", hundredThousandDigits, repl: .tooLong, add: .refused("weight must be from 0 to 1000 kg")),
    ]

    static let reps: [Case] = [
        both(.reps, "10 000", "10000", .refused("reps must be a whole number from 1 to 1000")),
        both(.reps, "0", "0", .refused("reps must be a whole number from 1 to 1000")),
        both(.reps, "8.5", "8.5", .refused("reps must be a whole number")),
        both(.reps, "8.0 is eight", "8.0", .reps(8)),
        both(.reps, "1e3", "1e3", .refused("reps must be a whole number, a step")),
        both(.reps, "spaces around", " 12 ", .reps(12)),
        split(.reps, "+2 (relative)", "+2", repl: .reps(10), add: .refused(plainHere)),
        both(.reps, "C1 control after the number", "5\u{9B}", .refused("reps must be a whole number, a step")),
    ]

    static let series: [Case] = [
        both(.series, "0", "0", .refused("series must be a whole number from 1 to 100")),
        both(.series, "101", "101", .refused("series must be a whole number from 1 to 100")),
        both(.series, "100", "100", .series(100)),
        both(.series, "NaN", "NaN", .refused("series must be a whole number, a step")),
        split(.series, "-2 (relative)", "-2", repl: .series(1), add: .refused("series must be a whole number from 1 to 100")),
        // In argv a bare -- ends the options: the series is missing.
        split(.series, "-- (two steps down)", "--", repl: .series(1), add: .refused("give the weight, the reps and the series")),
    ]
}
