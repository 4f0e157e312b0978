/// The answer to a y/n question, read the same way for every question: `y`,
/// `yes`, `n` or `no` in any case. Anything else is no answer at all, so the
/// question is asked again: a stray key or a pasted line is never taken for
/// "no" (nor its first letter for "yes").
public enum YesNo: Sendable, Equatable {
    case yes
    case no

    /// What a member is told when the answer was neither.
    public static let reminder = "Answer y or n."

    /// The answer `text` gives, or `nil` when it is neither yes nor no.
    public init?(_ text: String) {
        switch text.trimmingWhitespace().lowercased() {
        case "y", "yes": self = .yes
        case "n", "no": self = .no
        default: return nil
        }
    }
}
