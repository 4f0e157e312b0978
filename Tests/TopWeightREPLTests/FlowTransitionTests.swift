import Testing
import TopWeightCore
@testable import TopWeightREPL

/// The flow's decisions without a logbook or a terminal: a turn and an event in,
/// the next turn and the effects out.
@Suite("Flow transitions")
struct FlowTransitionTests {
    static let kiosk = Flow.Context(kiosk: true, interactive: true)
    static let personal = Flow.Context(kiosk: false, interactive: true)

    /// A member at `prompt`, with the draft 60 kg × 8 × 3.
    func turn(at step: Step) -> Turn {
        var turn = Turn(unit: .kg)
        // At the user prompt nobody is chosen yet.
        turn.user = step == .user ? nil : User(id: 1, name: "Ana")
        turn.exercise = Exercise(id: 1, name: "Bench Press", category: nil)
        turn.draft = Draft(last: SetValues(weight: Weight(hundredths: 6000, unit: .kg), reps: 8, series: 3))
        turn.step = step
        return turn
    }

    @Test("numbers move through the prompts and the last Enter asks for a save")
    func numbers() {
        var (next, effects) = Flow.transition(turn(at: .weight), .line("+"), Self.kiosk)
        #expect(next.draft.weight == 6250 && next.step == .reps && effects.isEmpty)
        (next, effects) = Flow.transition(next, .line(""), Self.kiosk)
        #expect(next.step == .series && effects.isEmpty)
        (next, effects) = Flow.transition(next, .line("++"), Self.kiosk)
        #expect(next.draft.series == 5 && effects == [.save])
    }

    @Test("a move below zero is refused and the prompt stays")
    func belowZero() {
        let (next, effects) = Flow.transition(turn(at: .weight), .line("-999"), Self.kiosk)
        #expect(next.step == .weight && next.draft.weight == 6000)
        #expect(effects.count == 1 && effects.first.map { if case .warn(let text) = $0 { text.contains("below 0 kg") } else { false } } == true)
    }

    @Test("one line at the weight prompt saves at once; without the series it keeps the default")
    func oneLine() {
        #expect(Flow.transition(turn(at: .weight), .line("70x5x5"), Self.kiosk).1 == [.save])
        let (next, effects) = Flow.transition(turn(at: .weight), .line("70x6"), Self.kiosk)
        #expect(next.draft.series == 3 && next.draft.reps == 6 && effects == [.save])
    }

    @Test("Ctrl-C, Ctrl-D, the idle timeout and a signal at each prompt", arguments: [Step.user, .exercise, .weight, .reps, .series])
    func events(step: Step) {
        #expect(Flow.transition(turn(at: step), .interrupted, Self.kiosk).1 == (step == .user ? [] : [.warn("Cancelled; nothing saved."), .loadDefaults(then: nil)]))
        #expect(Flow.transition(turn(at: step), .timedOut, Self.kiosk).1 == [.forget, .clearScreen, .warn("Idle for a while: back to the start. Type your name to log a set.")])
        #expect(Flow.transition(turn(at: step), .terminated, Self.kiosk).1 == [.end(.terminated)])
        let endOfInput = Flow.transition(turn(at: step), .endOfInput, Self.kiosk).1
        #expect(endOfInput == (step == .user ? [.warn("This is a shared terminal: it stays open. Type your name to log a set.")]
            : [.warn("Bye, Ana."), .forget, .clearScreen]))
        #expect(Flow.transition(turn(at: .user), .endOfInput, Self.personal).1 == [.end(.endOfInput)])
    }

    @Test("at a question the idle timeout resets instead of answering no", arguments: [
        Question.newMember("Zed"), .newExercise("Zottman Curl", then: nil), .adminPin,
    ])
    func idleAtQuestion(question: Question) {
        var waiting = turn(at: .exercise)
        waiting.question = question
        let (next, effects) = Flow.transition(waiting, .timedOut, Self.kiosk)
        #expect(effects == [.forget, .clearScreen, .warn("Idle for a while: back to the start. Type your name to log a set.")])
        #expect(next.question == nil && next.user == nil)
    }

    @Test("y or yes creates, n or no does not, in any case", arguments: ["y", "Y", "yes", "YES", " Yes ", "n", "N", "no", "No"])
    func answers(answer: String) {
        var waiting = turn(at: .user)
        waiting.question = .newMember("Zed")
        let (next, effects) = Flow.transition(waiting, .line(answer), Self.kiosk)
        let yes = answer.trimmingWhitespace().lowercased().hasPrefix("y")
        #expect(effects == (yes ? [.createMember("Zed")] : [.warn("Not created. Tab completes known names.")]))
        #expect(next.question == nil)
    }

    @Test("any other answer asks the same question again, saying what it takes", arguments: ["abc", "", "ye", "yess", "nope", "hello world", "0"])
    func unclearAnswers(answer: String) {
        for question in [Question.newMember("Zed"), .newExercise("Zottman Curl", then: nil)] {
            var waiting = turn(at: .exercise)
            waiting.question = question
            let (next, effects) = Flow.transition(waiting, .line(answer), Self.kiosk)
            #expect(effects == [.warn("Answer y or n.")])
            #expect(next.question == question, "asked again")
        }
    }

    @Test("Ctrl-C and Ctrl-D say no; the PIN question takes any line")
    func otherAnswers() {
        var waiting = turn(at: .user)
        waiting.question = .newMember("Zed")
        #expect(Flow.transition(waiting, .interrupted, Self.kiosk).1 == [.warn("Not created. Tab completes known names.")])
        #expect(Flow.transition(waiting, .endOfInput, Self.kiosk).1 == [.warn("Not created. Tab completes known names.")])
        waiting.question = .adminPin
        #expect(Flow.transition(waiting, .line("2468"), Self.kiosk).1 == [.admit("2468", .quit)])
        #expect(Flow.transition(waiting, .interrupted, Self.kiosk).1 == [])
    }

    @Test("< steps back, : goes to the commands, names go to the session")
    func navigation() {
        #expect(Flow.transition(turn(at: .reps), .line("<"), Self.kiosk).0.step == .weight)
        let (back, bye) = Flow.transition(turn(at: .exercise), .line("<"), Self.kiosk)
        #expect(bye == [.warn("Bye, Ana."), .forget, .clearScreen] && back.user == nil && back.step == .user, "back to the user prompt ends the turn")
        var chosen = turn(at: .user)
        chosen.user = User(id: 1, name: "Ana")
        let (ended, effects) = Flow.transition(chosen, .endOfInput, Self.kiosk)
        #expect(effects == [.warn("Bye, Ana."), .forget, .clearScreen] && ended.user == nil, "Ctrl-D with a member chosen ends the turn")
        #expect(Flow.transition(turn(at: .user), .line("<"), Self.kiosk).1 == [.warn("Already at the first prompt.")])
        #expect(Flow.transition(turn(at: .weight), .line(":stats"), Self.kiosk).1 == [.findMember(.stats, "")])
        #expect(Flow.transition(turn(at: .weight), .line(":undo"), Self.kiosk).1
            == [.warn("Nothing to undo: only your own sets saved here since you chose your name can be removed.")])
        #expect(Flow.transition(turn(at: .user), .line(" Ana "), Self.kiosk).1 == [.fetch(.member(named: "Ana"))])
        #expect(Flow.transition(turn(at: .exercise), .line("bench 60x5x5"), Self.kiosk).1
            == [.resolveExercise("bench", then: SetLine(exercise: "bench", numbers: "60x5x5"))])
        // A line whose numbers fit no kind is refused before any name is looked for.
        #expect(Flow.transition(turn(at: .exercise), .line("plank 1:75x3"), Self.kiosk).1
            == [.warn("minutes and seconds go from 00 to 59 after a colon (e.g. 1:30)")])
    }
}
