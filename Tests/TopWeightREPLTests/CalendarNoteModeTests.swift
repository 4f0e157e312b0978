import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// `:calendar` and `:note` as machines of their own: keys in, requests and
/// screens out, with no logbook.
@Suite("The calendar and the note")
struct CalendarNoteModeTests {
    static let november = LocalMonth(LocalDay(FlowScript.now, in: Calendar(identifier: .gregorian)))

    /// Ana's `:calendar` opened (`argument` the month typed), on a terminal or a pipe.
    static func calendar(_ argument: String = "", interactive: Bool = true) -> FlowScript {
        var script = FlowScript.atExercise(interactive: interactive)
        script.send(.member(FlowScript.ana, for: .calendar, argument))
        return script
    }

    /// A month with nothing trained.
    static func month(_ month: LocalMonth) -> TrainingMonth {
        TrainingMonth(month: month, sessions: [])
    }

    @Test(":calendar asks for this month (or the one typed), and a month that is none is refused before any read")
    func opens() {
        #expect(Self.calendar().effects == [.drawMonth(FlowScript.ana, Self.november)])
        let typed = Self.calendar("2026-02").effects
        #expect(typed.count == 1 && typed.first.map { if case .drawMonth(_, let month) = $0 { month.description == "2026-02" } else { false } } == true)
        #expect(Self.calendar("feb").effects == [.warn("feb is not a month (e.g. :calendar 2026-11)")])
    }

    @Test("the month read is shown and waits for a key on a terminal; a pipe sees it once")
    func drawn() {
        var screen = Self.calendar()
        let shown = screen.send(.monthDrawn(Self.month(Self.november)))
        #expect(shown.count == 1 && !screen.shown.isEmpty)
        guard case .calendar(let view) = screen.turn.mode else {
            Issue.record("the calendar ended")
            return
        }
        #expect(view.drawn == screen.shown.count)
        var pipe = Self.calendar(interactive: false)
        pipe.send(.monthDrawn(Self.month(Self.november)))
        #expect(pipe.turn.mode.read == .entry)
    }

    @Test("another month erases the lines of the one before, then shows its own")
    func redraws() {
        var script = Self.calendar()
        script.send(.monthDrawn(Self.month(Self.november)))
        let lines = script.shown.count
        #expect(script.type("right") == [.drawMonth(FlowScript.ana, Self.november.adding(months: 1))])
        let next = script.send(.monthDrawn(Self.month(Self.november.adding(months: 1))))
        #expect(next.first == .erase(lines))
    }

    @Test("< > , . p n and the arrows move a month, t comes back to this one", arguments: [
        ("left", -1), ("<", -1), (",", -1), ("p", -1), ("right", 1), (">", 1), (".", 1), ("n", 1),
    ])
    func keys(key: String, months: Int) {
        var script = Self.calendar("2026-02")
        script.send(.monthDrawn(Self.month(Self.november)))
        guard case .drawMonth(_, let moved)? = script.type(key).first else {
            Issue.record("no month asked for")
            return
        }
        #expect(moved.description == (months < 0 ? "2026-01" : "2026-03"))
        #expect(script.type("t") == [.drawMonth(FlowScript.ana, Self.november)])
    }

    @Test("past 9999-12 there is no month: said, the month stays, and its line is taken back with the next draw")
    func edge() {
        var script = Self.calendar("9999-12")
        script.send(.monthDrawn(Self.month(Self.november)))
        let lines = script.shown.count
        #expect(script.type("n") == [.warn("No month after 9999-12.")])
        script.type("p")
        #expect(script.send(.monthDrawn(Self.month(Self.november))).first == .erase(lines + 1))
    }

    @Test(": starts a command line; what follows runs as a command, and the calendar is over")
    func commandLine() {
        var script = Self.calendar()
        script.send(.monthDrawn(Self.month(Self.november)))
        #expect(script.type(":").isEmpty)
        #expect(script.prompt == ":")
        #expect(script.type("stats") == [.findMember(.stats, "")])
        #expect(script.turn.mode.read == .entry)
    }

    @Test("any other key, Ctrl-C or Ctrl-D goes back to logging", arguments: [LineEvent.line("x"), .interrupted, .endOfInput])
    func back(key: LineEvent) {
        var script = Self.calendar()
        script.send(.monthDrawn(Self.month(Self.november)))
        #expect(script.press(key).isEmpty && script.turn.mode.read == .entry)
    }

    @Test(":note tells how it ends, keeps each line, and . alone asks for the note to be added to the day")
    func note() {
        var script = FlowScript.atExercise()
        let opened = script.send(.member(FlowScript.ana, for: .note, ""))
        #expect(opened == [.say("Note for today (markdown: **bold**, *italics*, - bullets). End with a line holding only . or Ctrl-D; Ctrl-C drops it.")])
        #expect(script.prompt == "[Ana] note> ")
        script.type("**heavy** day")
        script.type("")
        let today = LocalDay(FlowScript.now, in: script.context.grouping.calendar)
        #expect(script.type(".") == [.addNote("**heavy** day\n", for: FlowScript.ana, on: today)])
        #expect(script.send(.fetched(.noteAdded(FlowScript.ana, today))) == [.say("Note added to Ana's session today.")])
    }

    @Test("a note on a :date day goes to that day; Ctrl-D adds it, Ctrl-C drops it")
    func noteKeys() {
        var script = FlowScript.atExercise()
        script.type(":date yesterday")
        script.send(.member(FlowScript.ana, for: .note, ""))
        script.type("easy")
        let yesterday = LocalDay(FlowScript.now, in: script.context.grouping.calendar).adding(days: -1)
        #expect(script.press(.endOfInput) == [.addNote("easy", for: FlowScript.ana, on: yesterday)])
        var dropped = NoteDraft(member: FlowScript.ana, day: yesterday)
        #expect(dropped.read(.line("hard")) == .wait)
        #expect(dropped.read(.interrupted) == .drop)
    }
}
