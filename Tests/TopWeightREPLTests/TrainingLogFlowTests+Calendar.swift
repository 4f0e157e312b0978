import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL
import TopWeightStore
import TopWeightTestSupport

/// `:calendar` inside the logger: the month drawn, moved and redrawn in place.
extension TrainingLogFlowTests {
    // MARK: :calendar

    @Test(":calendar shows the month with its training days; < > and Left/Right move, t comes back, another key returns")
    func calendar() throws {
        let fixture = try Fixture()
        let (ana, bench) = try fixture.seed(values: .kg(60, 5, 5))
        _ = try fixture.store.save(NewRecord(user: ana, exercise: bench, values: .kg(55, 5, 5),
                                             performedAt: Fixture.now.addingTimeInterval(-40 * Self.day)))
        let source = ScriptedLineSource(lines: ["Ana", ":calendar", "<", "right", "left", "t", "x", ":calendar 2026-13"])
        let (console, _) = fixture.run(source)
        let titles = console.said.filter { $0.contains("2026") && ($0.contains("November") || $0.contains("October")) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(titles == ["November 2026", "October 2026", "November 2026", "October 2026", "November 2026"])
        // Yesterday (the 20th) is a training day; today (the 21st) is marked.
        let november = try #require(console.said.firstIndex { $0.contains("November 2026") })
        let grid = console.said[november...].prefix(9).joined(separator: "\n")
        #expect(grid.contains("[21]"), "\(grid)")
        #expect(grid.contains("20 ●"), "\(grid)")
        #expect(grid.contains("1 session · 5 sets · 1\u{202F}500 kg"), "\(grid)")
        #expect(source.prompts.filter { $0.hasPrefix("-- ← →") }.count == 5)
        #expect(console.warned.contains { $0.contains("2026-13 is not a month") })
        #expect(!console.said.joined().contains("\u{1B}"), "plain unless the terminal has colour")
    }

    @Test(":calendar redraws in place: a month's move erases the one before, on the screen and only there")
    func calendarRedraws() {
        var script = FlowScript.atExercise(.kg(60, 5, 5))
        script.send(.member(FlowScript.ana, for: .calendar, ""))
        var erased: [Int] = []
        var drawn: [Int] = []
        for key in ["", "left", "right"] {
            let asked = key.isEmpty ? script.effects : script.type(key)
            guard case .drawMonth(_, let month)? = asked.last else {
                Issue.record("no month asked for at \(key): \(asked)")
                return
            }
            let shown = script.send(.monthDrawn(TrainingMonth(month: month, sessions: [])))
            for effect in shown {
                if case .erase(let count) = effect { erased.append(count) }
                if case .show(let lines) = effect { drawn.append(lines.count) }
            }
        }
        script.type("x")
        #expect(drawn.count == 3)
        // Each move erases exactly the month drawn before it.
        #expect(erased == Array(drawn.prefix(2)), "\(erased) \(drawn)")
        var pipe = FlowScript.atExercise(interactive: false)
        pipe.send(.member(FlowScript.ana, for: .calendar, ""))
        #expect(!pipe.send(.monthDrawn(TrainingMonth(month: CalendarNoteModeTests.november, sessions: []))).contains { if case .erase = $0 { true } else { false } })
    }

    @Test(":calendar past 9999-12 or before 0001-01 says there is none instead of drawing the same month again")
    func calendarEnds() {
        var script = FlowScript.atExercise(.kg(60, 5, 5))
        var months: [String] = []
        for line in [":calendar 9999-12", "right", ">", "x", ":calendar 0001-01", "left", "x"] {
            let effects = line.hasPrefix(":calendar")
                ? script.send(.member(FlowScript.ana, for: .calendar, String(line.dropFirst(":calendar ".count))))
                : script.type(line)
            for case .drawMonth(_, let month) in effects {
                months.append(month.description)
                script.send(.monthDrawn(TrainingMonth(month: month, sessions: [])))
            }
        }
        #expect(months == ["9999-12", "0001-01"], "each drawn once")
        #expect(script.warned.filter { $0 == "No month after 9999-12." }.count == 2, "\(script.warned)")
        #expect(script.warned.contains("No month before 0001-01."), "\(script.warned)")
    }

    @Test(": in the calendar starts a command line; the rest of it is that command, not an exercise")
    func calendarColon() {
        var script = FlowScript.atExercise(.kg(60, 5, 5))
        script.send(.member(FlowScript.ana, for: .calendar, ""))
        script.send(.monthDrawn(TrainingMonth(month: CalendarNoteModeTests.november, sessions: [])))
        script.type(":")
        #expect(script.prompt == ":")
        #expect(script.type("history") == [.fetch(.whoseHistory("", limit: nil))], "the :history runs")
        #expect(script.turn.question == nil, "not taken for an exercise's name")
    }

    @Test(":history shows the member's note under its day")
    func historyNote() throws {
        let fixture = try Fixture()
        let (ana, _) = try fixture.seed(values: .kg(60, 5, 5))
        try fixture.store.appendNote(userID: ana.id, day: LocalDay(Fixture.now.addingTimeInterval(-Self.day), in: .utc),
                                     text: "**Heavy** day\n- knees fine", now: Fixture.now)
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":history"]))
        let start = try #require(console.said.firstIndex(of: "Yesterday"))
        #expect(console.said[start + 1].contains("Heavy day"))
        #expect(console.said[start + 2].contains("• knees fine"))
    }
}
