import TopWeightCore

/// A question in the middle of the flow: a machine of its own between two
/// prompts, whose reply (`read`) the flow acts on (`Flow.answered`). A new member or exercise is created, and the admin leaves, only
/// from an answer read here.
public enum Question: Sendable, Equatable {
    /// `New member "Zoë". Create? [y/n]`
    case newMember(String)
    /// `New exercise "Zottman Curl". Create? [y/n]`, with the numbers of a
    /// one-line entry to save once it is created.
    case newExercise(String, then: SetLine?)
    /// `Admin PIN:` after `:quit` in a kiosk.
    case adminPin
    /// `70 series is far above your last Bench Press (3). Save it? [y/n]`
    /// (`UnusualEntry`); no goes back to the prompt of the number at `Step`.
    case unusual(String, at: Step)

    /// What a line (or key) read at the question comes to.
    enum Reply: Equatable {
        case yes, no
        /// Neither yes nor no (see `YesNo`): the question is asked again.
        case unclear
        /// The admin's PIN, as typed.
        case pin(String)
    }

    /// The reply read: Ctrl-C and Ctrl-D say no (give no PIN); a line that
    /// is neither yes nor no is unclear; any line is a PIN.
    func read(_ input: Flow.Input) -> Reply {
        guard case .line(let line) = input else { return .no }
        if self == .adminPin { return .pin(line) }
        guard let read = YesNo(line) else { return .unclear }
        return read == .yes ? .yes : .no
    }

    /// What the member sees.
    var prompt: String {
        switch self {
        case .newMember(let name): "New member \"\(name)\". Create? [y/n] "
        case .newExercise(let name, _): "New exercise \"\(name)\". Create? [y/n] "
        case .adminPin: "Admin PIN: "
        case .unusual(let sentence, _): "\(sentence) Save it? [y/n] "
        }
    }
}

extension LineSource {
    /// One key for a y/n question (read by `YesNo`: anything but y/yes/n/no
    /// asks again), a line without echo for the PIN.
    func read(_ question: Question) -> LineEvent {
        question == .adminPin ? readSecret(prompt: question.prompt) : readKey(prompt: question.prompt)
    }
}
