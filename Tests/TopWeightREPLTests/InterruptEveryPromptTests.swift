import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
import TopWeightREPL
import TopWeightStore

/// Ctrl-C and Ctrl-D at each of the five prompts and at both y/n questions.
/// A pipe can't carry either key, so a scripted terminal sends them as events.
///
/// Every case starts with Ana's earlier Bench Press of 60 kg × 8 × 3, reaches
/// its prompt (changing weight and reps on the way when it can), presses the
/// key, then answers Enter, Enter and `:quit`: the prompts those three answers
/// meet show where the key left the member and that the half-typed numbers are gone.
@Suite("Ctrl-C and Ctrl-D at every prompt")
struct InterruptEveryPromptTests {
    enum Prompt: String, CaseIterable, CustomTestStringConvertible {
        case user
        case newMember = "new-member y/n"
        case exercise
        case newExercise = "new-exercise y/n"
        case weight
        case reps
        case series

        var testDescription: String { rawValue }

        /// Answers that reach the prompt.
        var lead: [String] {
            switch self {
            case .user: []
            case .newMember: ["Zed"]
            case .exercise: [""]
            case .newExercise: ["", "Zercher Squat"]
            case .weight: ["", ""]
            case .reps: ["", "", "+"]
            case .series: ["", "", "+", "12"]
            }
        }

        /// The prompt as the member sees it when the key is pressed.
        var text: String {
            switch self {
            case .user: "user [Ana]: "
            case .newMember: "New member \"Zed\". Create? [y/n] "
            case .exercise: "[Ana] exercise [Bench Press]: "
            case .newExercise: "New exercise \"Zercher Squat\". Create? [y/n] "
            case .weight: "[Ana] weight kg [60]: "
            case .reps: "[Ana] reps [8]: "
            case .series: "[Ana] series [3]: "
            }
        }
    }

    enum Key: String, CaseIterable, CustomTestStringConvertible {
        case ctrlC = "Ctrl-C"
        case ctrlD = "Ctrl-D"

        var testDescription: String { rawValue }

        var event: LineEvent {
            switch self {
            case .ctrlC: .interrupted
            case .ctrlD: .endOfInput
            }
        }
    }

    static let userPrompt = "user [Ana]: "
    static let exercisePrompt = "[Ana] exercise [Bench Press]: "
    /// 60, not the 62.5 typed before the key: the draft went back to Ana's last set.
    static let weightPrompt = "[Ana] weight kg [60]: "
    static let repsPrompt = "[Ana] reps [8]: "

    /// What the member sees after the key: the notice, and the prompts met by Enter, Enter, `:quit`.
    static func expected(_ prompt: Prompt, _ key: Key) -> (notice: [String], next: [String], ending: Session.Ending) {
        switch (prompt, key) {
        case (.user, .ctrlC):
            ([], [userPrompt, exercisePrompt, weightPrompt], .quit)
        case (.user, .ctrlD):
            ([], [], .endOfInput)
        case (.newMember, _):
            (["Not created. Tab completes known names."], [userPrompt, exercisePrompt, weightPrompt], .quit)
        case (.newExercise, _):
            // Even Ctrl-D only answers "no" here: Ana stays, at the exercise prompt.
            (["Not created. Tab completes known exercises."], [exercisePrompt, weightPrompt, repsPrompt], .quit)
        case (.exercise, .ctrlC), (.weight, .ctrlC), (.reps, .ctrlC), (.series, .ctrlC):
            (["Cancelled; nothing saved."], [exercisePrompt, weightPrompt, repsPrompt], .quit)
        case (.exercise, .ctrlD), (.weight, .ctrlD), (.reps, .ctrlD), (.series, .ctrlD):
            (["Bye, Ana."], [userPrompt, exercisePrompt, weightPrompt], .quit)
        }
    }

    @Test("the key saves nothing, creates nothing, and leads to the right prompt; only Ctrl-D at the user prompt exits",
          arguments: Prompt.allCases, Key.allCases)
    func keyAtPrompt(_ prompt: Prompt, _ key: Key) throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 8, 3))
        let events = prompt.lead.map(LineEvent.line) + [key.event, .line(""), .line(""), .line(":quit")]
        let source = ScriptedLineSource(events)
        let (console, ending) = fixture.run(source)
        let expected = Self.expected(prompt, key)

        // The key really came at the prompt this case names.
        #expect(source.prompts.count > prompt.lead.count)
        #expect(source.prompts.dropFirst(prompt.lead.count).first == prompt.text, "\(source.prompts)")
        #expect(Array(source.prompts.dropFirst(prompt.lead.count + 1)) == expected.next)
        #expect(ending == expected.ending)
        #expect(source.remaining == (expected.ending == .quit ? 0 : 3))
        #expect(console.warned == expected.notice)
        #expect(!console.said.contains { $0.hasPrefix("Saved") }, "\(console.said)")

        #expect(try fixture.records().map(\.values) == [.kg(60, 8, 3)])
        #expect(try fixture.store.users().map(\.user.name) == ["Ana"])
        #expect(try fixture.store.exercises().map(\.exercise.name) == ["Bench Press"])
    }
}
