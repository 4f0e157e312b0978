import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// Cards that can't be guessed: a terminal's growing wait after unknown
/// scans (`ScanWait`, on a clock the test moves), cards shorter than the
/// gym asks, a card's PIN after it, and a card's number taken off the
/// screen at whatever prompt it was typed.
@Suite("Card guessing and card numbers on screen")
struct CardGuessingFlowTests {
    static let start = Date(timeIntervalSince1970: 1_795_284_000)

    @Test("three unknown scans wait nothing; then each waits twice the one before, capped at a minute")
    func growingWait() {
        var scans = ScanWait()
        var waits: [Int] = []
        var now = Self.start
        for _ in 0..<12 {
            #expect(scans.remaining(at: now) == nil, "scanned the moment the wait is over")
            let wait = scans.unknown(at: now)
            waits.append(wait)
            now = now.addingTimeInterval(TimeInterval(wait))
        }
        #expect(waits == [0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60])
    }

    @Test("200 unknown numbers sent as fast as a reader sends them take hours to be answered in full; one mistype costs nothing, four a second")
    func twoHundredScans() {
        // Each scan comes the instant the terminal reads cards again (a
        // reader is faster than any wait); those sent meanwhile are refused
        // unread and counted by nobody, so they buy nothing.
        var scans = ScanWait()
        var now = Self.start
        var refusedMeanwhile = 0
        for _ in 0..<200 {
            while let left = scans.remaining(at: now) {
                refusedMeanwhile += 1
                now = now.addingTimeInterval(min(0.01, TimeInterval(left)))
            }
            _ = scans.unknown(at: now)
        }
        let took = now.timeIntervalSince(Self.start)
        #expect(took >= 3 * 3600, "200 scans took \(took) s")
        #expect(took < 4 * 3600)
        #expect(refusedMeanwhile > 0)
        var mistyped = ScanWait()
        #expect(mistyped.unknown(at: Self.start) == 0 && mistyped.unknown(at: Self.start) == 0)
        #expect(mistyped.unknown(at: Self.start) == 0 && mistyped.unknown(at: Self.start) == 1)
    }

    @Test("the wait refuses every scan while it runs; only five quiet minutes end the count")
    func waitEnds() {
        var scans = ScanWait()
        for _ in 0..<5 { _ = scans.unknown(at: Self.start) }
        #expect(scans.remaining(at: Self.start) == 2)
        #expect(scans.remaining(at: Self.start.addingTimeInterval(1.5)) == 1)
        #expect(scans.remaining(at: Self.start.addingTimeInterval(2)) == nil)
        #expect(scans.unknown(at: Self.start.addingTimeInterval(2)) == 4, "the count goes on: a known card between ends nothing")
        for _ in 0..<5 { _ = scans.unknown(at: Self.start.addingTimeInterval(60)) }
        #expect(scans.unknown(at: Self.start.addingTimeInterval(60 + ScanWait.quiet)) == 0, "quiet for five minutes: the count starts again")
    }

    @Test("the flow says the wait an unknown card started, and refuses a scan during it, a known card included")
    func waitSaid() {
        var script = FlowScript(kiosk: true)
        script.context.identity = .card
        #expect(script.send(.unknownCard(wait: 4)) == [.warn(Flow.Door.unknownCard),
                                                       .warn("Too many unknown cards in a row: this terminal reads the next card in 4 s.")])
        #expect(script.send(.cardWait(3)) == [.warn("Not read: after unknown cards this terminal waits 3 s more (for every card). Scan again then.")])
        #expect(script.turn.user == nil && script.turn.step == .user)
    }

    @Test("a card shorter than the gym asks is refused unread; 8 digits at least, more where the gym says so")
    func shortCards() {
        var script = FlowScript(kiosk: true)
        script.context.identity = .card
        #expect(script.type("1150") == [.eraseTyped("1150"), .warn("A card here has at least 8 digits: this one starts nothing. The desk gives out new cards.")])
        #expect(script.type("1234567") == [.eraseTyped("1234567"), .warn("A card here has at least 8 digits: this one starts nothing. The desk gives out new cards.")])
        #expect(script.type("12345678") == [.eraseTyped("12345678"), .fetch(.card("12345678"))])
        script.context.cards = CardRules(minDigits: 10)
        #expect(script.type("12345678") == [.eraseTyped("12345678"), .warn("A card here has at least 10 digits: this one starts nothing. The desk gives out new cards.")])
        #expect(CardRules(minDigits: 10).problem(with: "123456789") == "a card's number has at least 10 digits here")
        #expect(CardNumber.problem(with: "1150") == "a card's number has 8 to 64 digits")
        #expect(CardRules(minDigits: 4).minDigits == 8, "never fewer than 8")
    }

    @Test("a card's number typed at the exercise, weight and reps prompts is taken off the screen and not read; after :user it is a scan",
          arguments: [0, 1, 2])
    func cardAtOtherPrompts(step: Int) {
        var script = FlowScript.atWeight()
        script.context.kiosk = true
        if step == 0 { script.turn.step = .exercise }
        if step == 2 { script.type("60") }
        let before = script.turn.step
        #expect(script.type("12345678") == [.eraseTyped("12345678"), .warn(Flow.Door.cardElsewhere)])
        #expect(script.type("bench 12345678x5") == [.eraseTyped("bench 12345678x5"), .warn(Flow.Door.cardElsewhere)])
        #expect(script.type(":history 12345678") == [.eraseTyped(":history 12345678"), .warn(Flow.Door.cardElsewhere)])
        #expect(script.turn.step == before, "nothing read: the same prompt again")
        #expect(script.type(":user 12345678") == [.eraseTyped(":user 12345678"), .fetch(.card("12345678"))])
    }

    @Test("piped, nothing is erased (there is no screen); short numbers stay numbers")
    func pipedAndShort() {
        var script = FlowScript.atWeight(interactive: false)
        #expect(script.type("12345678") == [.warn(Flow.Door.cardElsewhere)])
        var other = FlowScript.atWeight()
        #expect(!other.type("62.5").contains(.eraseTyped("62.5")))
    }

    @Test("a few digits at the user prompt are too short for a card and no name: said so, under every policy")
    func fewDigits() {
        for identity in IdentityPolicy.allCases {
            var script = FlowScript(kiosk: true)
            script.context.identity = identity
            for typed in ["0", "42", "123"] {
                #expect(script.type(typed) == [.warn("\(typed) is too short for a card, and a name can't be just a number: type your name, or scan your card (e.g. Ana)")],
                        "\(identity) \(typed)")
            }
            #expect(script.turn.user == nil && script.turn.step == .user)
        }
    }

    @Test("the rows to take back come from the real prompt and width, wrapped lines included")
    func rows() {
        #expect(Flow.rows(prompt: "user: ", typed: "12345678", columns: 80) == 1)
        #expect(Flow.rows(prompt: "[Bo] exercise: ", typed: ":user 12345678", columns: 40) == 1)
        #expect(Flow.rows(prompt: "[Bo] exercise: ", typed: ":user 1234567890123456789012345", columns: 40) == 2)
        #expect(Flow.rows(prompt: "[Bo] Bench Press weight (kg) [60]: ", typed: "12345678", columns: 40) == 2)
        #expect(Flow.rows(prompt: "user: ", typed: String(repeating: "1", count: 34), columns: 40) == 2, "a full row puts the cursor on the next")
        #expect(Flow.rows(prompt: "user: ", typed: String(repeating: "1", count: 80), columns: 40) == 3)
    }

    @Test("card+pin: a known card asks its member's PIN, and only the PIN starts the turn; no PIN set, or a typed name under card, starts nothing")
    func cardThenPin() {
        var script = FlowScript(kiosk: true)
        script.context.identity = .card
        script.context.cards = CardRules(withPin: true)
        script.type("12345678")
        script.send(.arrived(FlowScript.ana, by: .card, MemberAccess(hasPin: true, hasCard: true)))
        #expect(script.turn.read == .secret("[Ana] PIN: ") && script.turn.user == nil)
        #expect(script.type("2468") == [.fetch(.memberPin(FlowScript.ana, "2468"))])
        script.send(.arrived(FlowScript.ana, by: .pin, MemberAccess(hasPin: true, hasCard: true)))
        #expect(script.turn.user == FlowScript.ana && script.turn.identified)
        var bare = FlowScript(kiosk: true)
        bare.context.identity = .card
        bare.context.cards = CardRules(withPin: true)
        #expect(bare.send(.arrived(FlowScript.bo, by: .card, MemberAccess(hasCard: true))) == [.warn(Flow.Door.cardWithoutPin)])
        #expect(bare.turn.user == nil)
        bare.type("Ana")
        #expect(bare.send(.memberFound(FlowScript.ana)) == [.warn(Flow.Door.scanThenPin)])
        #expect(bare.turn.user == nil && bare.turn.read == .entry)
    }
}
