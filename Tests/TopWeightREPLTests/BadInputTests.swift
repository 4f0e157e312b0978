import Foundation
import LineEditor
import Testing
import TopWeightCore
import TopWeightTestSupport
@testable import TopWeightREPL
import TopWeightStore

/// Every kind of bad input re-prompts with a one-line reason and saves nothing.
@Suite("Bad input")
struct BadInputTests {
    static let escape = "\u{1B}[2J\u{1B}]0;pwned\u{07}"

    @Test("bad answers at each prompt are refused with a reason and an example", arguments: [
        // (prompt answers leading to the bad one, bad input)
        (["", "", ""], "abc"),
        (["", "", ""], "--5"),
        (["", "", ""], "5000"),
        (["", "", ""], "1e309"),
        (["", "", ""], "NaN"),
        (["", "", ""], "inf"),
        (["", "", "", ""], "0x10"),
        (["", "", ""], "62.555"),
        (["", "", "", ""], "10000"),
        (["", "", "", ""], "8.5"),
        (["", "", "", ""], "-x"),
        (["", "", "", "", ""], "0"),
        (["", "", "", "", ""], "1000"),
        (["", "", "", "", ""], "three"),
    ])
    func badNumbers(before: [String], bad: String) {
        // From the exercise prompt: the first answer of `before` is the user prompt's.
        var script = FlowScript.atExercise(.kg(60, 8, 3))
        for answer in before.dropFirst().dropLast() { script.type(answer) }
        let asked = script.prompt
        script.type(bad)
        #expect(!script.saves, "nothing saved for \(bad)")
        let reasons = script.warned.filter { $0.contains("(e.g. ") }
        #expect(reasons.count == 1, "\(script.warned)")
        #expect(reasons.allSatisfy { !$0.contains("\n") })
        // The same prompt comes back.
        #expect(script.prompt == asked)
    }

    @Test("a number out of range in a command gets its range, whatever its size or sign", arguments: [
        (":history all 9999999", "the number of records must be a whole number from 1 to 10000"),
        (":history all -5", "the number of records must be a whole number from 1 to 10000"),
        (":history 0", "the number of records must be a whole number from 1 to 10000"),
        (":weigh 5000", "a body weight is from 20 to 400 kg"),
        (":weigh 500", "a body weight is from 20 to 400 kg"),
        (":weigh 9999999", "a body weight is from 20 to 400 kg"),
        // As many digits as a card has: refused unread, as a card's number anywhere but the user prompt is.
        (":weigh 99999999999999999999", "That looked like a card's number"),
    ])
    func commandRanges(line: String, reason: String) throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 8, 3))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", line]))
        #expect(console.warned.first?.hasPrefix(reason) == true, "\(console.warned)")
    }

    @Test("a weight step below zero is refused with the reason, and the prompt stays", arguments: ["--", "-500"])
    func neverNegative(step: String) {
        var script = FlowScript.atWeight(.kg(2.5, 8, 3))
        script.type(step)
        #expect(script.warned.contains { $0.contains("below 0 kg") })
        #expect(script.prompt == "[Ana] weight kg [2.5]: ", "asked again")
        for _ in 0..<3 { script.type("") }
        #expect(script.saves && script.turn.draft.values?.weight.hundredths == 250, "saved with the weight kept, not 0")
    }

    @Test("bad names are refused and nothing is created", arguments: [
        "   ", "\u{1B}[31mred", escape, "tab\there", "bell\u{07}", "a\u{202E}evil", "bad\u{FFFD}utf8",
        String(repeating: "x", count: 65), ":notacommand-but-a-name", "+5", "42",
    ])
    func badNames(name: String) throws {
        let fixture = try Fixture()
        let source = ScriptedLineSource(lines: [name, "y"])
        let (console, _) = fixture.run(source)
        #expect(try fixture.store.users().isEmpty)
        #expect(!console.warned.isEmpty)
        for line in console.all {
            #expect(!line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        }
    }

    @Test("bad exercise names are refused too", arguments: [escape, "\u{9B}31m", "   "])
    func badExerciseNames(name: String) throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 8, 3))
        fixture.run(ScriptedLineSource(lines: ["", name, "y"]))
        #expect(try fixture.store.exercises().count == 1)
    }

    @Test("a very long line is refused unread")
    func longLine() {
        var script = FlowScript.atWeight(.kg(60, 8, 3))
        script.type(String(repeating: "9", count: 100_000))
        #expect(script.warned.contains { $0.hasPrefix("That line is too long") })
        #expect(!script.saves && script.turn.step == .weight)
    }

    @Test("names stored with escape sequences by another tool are shown inert")
    func storedEscapesAreInert() throws {
        let fixture = try Fixture()
        // Bypasses validation the way a hand-edited database would.
        let member = try fixture.store.createUser(named: "Eve\u{1B}[2J")
        let chosen = try fixture.store.createExercise(named: "Press\u{1B}]0;x\u{07}")
        _ = try fixture.store.save(NewRecord(user: member, exercise: chosen, values: .kg(50, 5, 5), performedAt: Fixture.now))
        let (console, _) = fixture.run(ScriptedLineSource(lines: [":users", ":exercises", ":history all", "", "", "", "", ""]))
        #expect(console.all.contains { $0.contains("Eve^[[2J") })
        for line in console.all {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 }, "\(line.debugDescription)")
        }
    }

    @Test("invalid UTF-8 from a pipe arrives as U+FFFD and is refused as a name")
    func invalidUTF8() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let bytes: [UInt8] = [0x41, 0x6E, 0xC3, 0x28, 0x61, 0x0A, 0xFF, 0xFE, 0x0D, 0x0A]
        _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let piped = PipedLineSource(fd: fds[0])
        let first = piped.readLine(prompt: "", complete: nil)
        let second = piped.readLine(prompt: "", complete: nil)
        #expect(piped.readLine(prompt: "", complete: nil) == .endOfInput)
        close(fds[0])
        guard case .line(let name) = first, case .line(let other) = second else {
            Issue.record("expected two lines")
            return
        }
        #expect(name.unicodeScalars.contains("\u{FFFD}"))
        #expect(other == "\u{FFFD}\u{FFFD}")
        let fixture = try Fixture()
        let (console, _) = fixture.run(ScriptedLineSource(lines: [name, "y"]))
        #expect(try fixture.store.users().isEmpty)
        #expect(console.warned.first?.contains("control characters") == true)
    }
}
