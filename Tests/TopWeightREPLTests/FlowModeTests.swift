import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// The modes a command opens, stepped by the flow alone: keys in, the next
/// mode and the requests out, with no logbook and no terminal.
@Suite("Flow modes")
struct FlowModeTests {
    static let context = Flow.Context(kiosk: false, interactive: true)
    static let ana = User(id: 1, name: "Ana")
    static let set = WorkoutRecord(id: 7, user: "Ana", exercise: "Bench Press",
                                   values: SetValues(weight: Weight(hundredths: 6000, unit: .kg), reps: 8, series: 3),
                                   performedAt: Date(timeIntervalSince1970: 1_795_284_000))

    /// A member at the exercise prompt, in the mode numbered `index` of `modes`.
    static func turn(inMode index: Int) -> Turn {
        var turn = Turn(unit: .kg)
        turn.user = ana
        turn.step = .exercise
        let day = LocalDay(year: 2026, month: 11, day: 21) ?? LocalDay(Date(), in: Calendar(identifier: .gregorian))
        let modes: [Mode] = [
            .edit(SetEdit(set)),
            .pin(AdminPin(use: .edit(set), asking: "#7 is Ana's set.")),
            .note(NoteDraft(member: ana, day: day)),
            .pager(Pager(feed: HistoryFeed(member: 1, limit: nil), whose: "Ana", height: 10)),
            .calendar(MonthView(member: ana, month: LocalMonth(day), today: day)),
        ]
        turn.mode = modes[index]
        return turn
    }

    @Test("the idle timeout and a signal end every mode, handled once by the flow", arguments: 0..<5)
    func idleAndSignal(index: Int) {
        let (idle, reset) = Flow.transition(Self.turn(inMode: index), .timedOut, Self.context)
        #expect(reset == [.forget, .warn("Idle for a while: back to the start. Type your name to log a set.")])
        #expect(idle.mode.read == .entry, "back to the prompts")
        #expect(idle.user == nil && idle.step == .user, "the turn is over")
        let (_, ended) = Flow.transition(Self.turn(inMode: index), .terminated, Self.context)
        #expect(ended == [.end(.terminated)])
    }

    @Test("a card's number typed in an edit, a note, the pager's filter or the calendar's command line is taken off the screen, not read, and the mode goes on",
          arguments: [0, 2, 3, 4])
    func cardInModes(index: Int) {
        var context = Self.context
        context.kiosk = true
        for line in ["12345678", "/12345678", ":12345678", "Ana12345678"] {
            let before = Self.turn(inMode: index)
            let (after, effects) = Flow.transition(Self.turn(inMode: index), .line(line), context)
            #expect(effects == [.eraseTyped(line), .warn(Flow.Door.cardElsewhere)], "\(line): \(effects)")
            #expect(after.mode.read == before.mode.read, "the same mode, the same prompt")
        }
    }

    @Test("an edit walks its four prompts with the one number parser, then asks for the change")
    func edit() {
        var turn = Self.turn(inMode: 0)
        var effects: [Flow.Effect] = []
        for answer in ["", "+", "10"] {
            (turn, effects) = Flow.transition(turn, .line(answer), Self.context)
            #expect(effects.isEmpty, "\(answer): \(effects)")
        }
        #expect(turn.mode.read == .line("[Edit #7] series [3]: ", completes: .nothing))
        (turn, effects) = Flow.transition(turn, .line(""), Self.context)
        let changed = SetValues(weight: Weight(hundredths: 6250, unit: .kg), reps: 10, series: 3)
        #expect(effects == [.commitEdit(Self.set, exercise: "Bench Press", values: changed)])
        #expect(turn.mode.read == .entry)
    }

    @Test("Ctrl-C leaves an edit with the set as it was, and drops a note")
    func cancel() {
        #expect(Flow.transition(Self.turn(inMode: 0), .interrupted, Self.context).1 == [.warn("Not edited; #7 is as it was.")])
        #expect(Flow.transition(Self.turn(inMode: 2), .interrupted, Self.context).1 == [.warn("Note dropped; nothing saved.")])
    }

    @Test("a note keeps its lines until . alone, then asks to add them")
    func note() {
        var turn = Self.turn(inMode: 2)
        (turn, _) = Flow.transition(turn, .line("**heavy**"), Self.context)
        (turn, _) = Flow.transition(turn, .line("felt good"), Self.context)
        let (after, effects) = Flow.transition(turn, .line(" . "), Self.context)
        guard case .addNote(let text, _, _) = effects.first else {
            Issue.record("no note added: \(effects)")
            return
        }
        #expect(text == "**heavy**\nfelt good")
        #expect(after.mode.read == .entry)
    }

    @Test("the calendar moves a month per key and draws it; another key goes back")
    func calendar() {
        let (moved, effects) = Flow.transition(Self.turn(inMode: 4), .line("left"), Self.context)
        guard case .calendar(let view) = moved.mode else {
            Issue.record("left the calendar")
            return
        }
        #expect(view.month.description == "2026-10")
        #expect(effects == [.drawMonth(Self.ana, view.month)])
        #expect(Flow.transition(moved, .line("x"), Self.context).0.mode.read == .entry)
    }

    @Test("the pager asks for more history as it moves, and q leaves it")
    func pager() {
        let (moved, effects) = Flow.transition(Self.turn(inMode: 3), .line("j"), Self.context)
        // One line on: the screen from line 2, and one more to know if more follow.
        #expect(effects == [.fetch(.historyPage(1, after: nil))])
        guard case .pager(let pager) = moved.mode else {
            Issue.record("left the pager")
            return
        }
        #expect(pager.top == 1 && pager.needed == 12)
        #expect(Flow.transition(Self.turn(inMode: 3), .line("q"), Self.context).0.mode.read == .entry)
    }
}
