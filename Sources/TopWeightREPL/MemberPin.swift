import TopWeightCore

/// A member's PIN at the kiosk, after their name: asked (checked by the
/// session), or, for a member who has none yet where the gym asks for one,
/// chosen and typed again. Nothing is echoed; the member's turn starts
/// only once the session says the PIN is theirs (`Event.arrived`).
struct MemberPin: Equatable {
    enum Stage: Equatable {
        /// Their PIN, to check.
        case asking
        /// A new PIN, for a member who has none.
        case choosing
        /// The new PIN again.
        case confirming(String)
    }

    var member: User
    var stage: Stage
    /// Whether an enrolment code from the desk waits for the member (the
    /// prompt offers it), and whether they have a PIN at all.
    var codeWaiting = false
    var hasPin = true
    /// The enrolment code accepted, which the PIN chosen spends (`nil`: a
    /// member created in this turn).
    var code: String?

    /// What the flow does with a line read.
    enum Action: Equatable {
        /// The next line (the new PIN again).
        case wait
        /// The PIN chosen can't be one, or the two differ: why, and the
        /// member chooses again (a member new in this turn, or one whose
        /// code was right, keeps their chance; Ctrl-C gives up).
        case again(String)
        /// The PIN typed, for the session to check (`Query.memberPin`).
        case check(User, String)
        /// The PIN chosen, typed twice alike, for the session to store
        /// with the enrolment code that lets them (`Query.newMemberPin`).
        case set(User, String, code: String?)
        /// Nothing starts: why.
        case refuse(String)
    }

    /// The prompt, led by the member's name (their turn has not started:
    /// the screen says whose PIN it asks for).
    var prompt: String {
        let name = Turn.tag(member)
        switch stage {
        case .asking where codeWaiting: return hasPin ? "[\(name)] PIN or enrolment code: " : "[\(name)] Enrolment code: "
        case .asking: return "[\(name)] PIN: "
        case .choosing: return "[\(name)] Choose a PIN (4 to 8 digits): "
        case .confirming: return "[\(name)] The same PIN again: "
        }
    }

    /// The line typed; Ctrl-C or Ctrl-D gives up, and nothing starts.
    mutating func read(_ input: Flow.Input) -> Action {
        guard case .line(let typed) = input else { return .refuse("No PIN given; nothing started.") }
        let pin = typed.trimmingWhitespace()
        switch stage {
        case .asking:
            return .check(member, pin)
        case .choosing:
            if let problem = MemberPinRule.problem(with: pin) {
                return .again(problem.prefix(1).uppercased() + problem.dropFirst() + ": choose again (Ctrl-C gives up).")
            }
            stage = .confirming(pin)
            return .wait
        case .confirming(let first):
            guard pin == first else {
                stage = .choosing
                return .again("The two PINs differ: choose one again (Ctrl-C gives up).")
            }
            return .set(member, pin, code: code)
        }
    }
}
