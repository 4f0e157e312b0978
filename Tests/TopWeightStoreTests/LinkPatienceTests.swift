import NIOCore
import Testing
@testable import TopWeightPostgres

/// How long a save waits on a link (`LinkPatience`), from the answers it
/// heard: the saves' own, not a slow read's. No clock: the answers' times are given.
@Suite struct LinkPatienceTests {
    static let bound = TimeAmount.milliseconds(300)

    static func milliseconds(_ wait: TimeAmount) -> Int64 { wait.nanoseconds / 1_000_000 }

    @Test func aSlowReadAfterQuickSavesLeavesTheSaveAtItsBound() {
        let patience = LinkPatience()
        for _ in 0..<10 { patience.answered(after: .milliseconds(25), bounded: true) }
        // A history or a report on a loaded machine: 0.6 s, and twice.
        patience.answered(after: .milliseconds(600), bounded: false)
        patience.answered(after: .milliseconds(900), bounded: false)
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 300)
    }

    @Test func theStartsCallsStandInUntilTheFirstSaveIsAnswered() {
        let patience = LinkPatience()
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 300)
        // The schema check on a link of 150 ms.
        patience.answered(after: .milliseconds(150), bounded: false)
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 550)
        // The first save's answer starts the figure afresh, and saves move it.
        patience.answered(after: .milliseconds(20), bounded: true)
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 300)
        for _ in 0..<40 { patience.answered(after: .milliseconds(200), bounded: true) }
        #expect((650...700).contains(Self.milliseconds(patience.wait(Self.bound))))
    }

    @Test func aSlowFirstSaveOnALoadedMachineDoesNotStretchTheWaitsAfterIt() {
        let patience = LinkPatience()
        // The first save after the start, on a fresh connection while the machine is busy: 250 ms.
        patience.answered(after: .milliseconds(250), bounded: true)
        // Then a workout's saves on a link of 20 ms, until the link is cut.
        for _ in 0..<6 { patience.answered(after: .milliseconds(22), bounded: true) }
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 300)
    }

    @Test func oneAnswerHeldByAStalledMachineDoesNotStretchTheNextWait() {
        let patience = LinkPatience()
        for _ in 0..<10 { patience.answered(after: .milliseconds(20), bounded: true) }
        // A save answered after 0.9 s (every process stalled), then the link is cut.
        patience.answered(after: .milliseconds(900), bounded: true)
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 300)
        // A second one, right after: still the link's pace.
        patience.answered(after: .milliseconds(700), bounded: true)
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 300)
    }

    @Test func aLinkThatSlowsDownIsFollowedOnceMostOfItsLastAnswersAreSlow() {
        let patience = LinkPatience()
        for _ in 0..<8 { patience.answered(after: .milliseconds(20), bounded: true) }
        for _ in 0..<4 { patience.answered(after: .milliseconds(150), bounded: true) }
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 300)
        patience.answered(after: .milliseconds(150), bounded: true)
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 550)
    }

    @Test func noSaveWaitsMoreThanASecond() {
        let patience = LinkPatience()
        patience.answered(after: .milliseconds(900), bounded: true)
        #expect(Self.milliseconds(patience.wait(Self.bound)) == 1_000)
        // Past the ceiling an answer is left out.
        patience.answered(after: .seconds(3), bounded: true)
        #expect(patience.roundTrip == .milliseconds(900))
    }
}
