import Testing
@testable import TopWeightCore
import TopWeightText

@Suite("The new-PR line")
struct ProgressTextTests {
    static func kg(_ hundredths: Int) -> Weight { Weight(hundredths: hundredths, unit: .kg) }

    @Test("an e1RM that reads the same to the tenth as the one it beat (154.01 kg over 154 kg) is said to the hundredth: every PR the rule finds is on the line")
    func sameShownEstimate() {
        let heavier = PersonalRecord(kind: .heaviest, weight: Self.kg(14_001), reps: 3, previousWeight: Self.kg(14_000), previousReps: 3)
        let estimate = PersonalRecord(kind: .e1rm, weight: Self.kg(15_401), reps: 3, previousWeight: Self.kg(15_400), previousReps: 3)
        #expect(ProgressText.recordLine(exercise: "Deadlift", [heavier, estimate])
                == "New PR on Deadlift: heaviest 140.01 kg (was 140 kg) · e1RM 154.01 kg (was 154 kg)")
        // Alone, it is still a PR, and said.
        #expect(ProgressText.recordLine(exercise: "Deadlift", [estimate]) == "New PR on Deadlift: e1RM 154.01 kg (was 154 kg)")
        // A tenth more shows.
        let tenth = PersonalRecord(kind: .e1rm, weight: Self.kg(15_410), reps: 3, previousWeight: Self.kg(15_400), previousReps: 3)
        #expect(ProgressText.recordLine(exercise: "Deadlift", [tenth]) == "New PR on Deadlift: e1RM 154.1 kg (was 154 kg)")
        // In another unit the figures differ, and both show.
        let pounds = PersonalRecord(kind: .e1rm, weight: Weight(hundredths: 33_990, unit: .lb), reps: 3, previousWeight: Self.kg(15_400), previousReps: 3)
        #expect(ProgressText.recordLine(exercise: "Deadlift", [pounds]) == "New PR on Deadlift: e1RM 339.9 lb (was 154 kg)")
    }
}
