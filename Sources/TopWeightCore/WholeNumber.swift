/// A whole number typed for a count (`--days`, `--limit`, `:history all N`):
/// one way to read it and one range check, so a negative, a zero, a huge or a
/// non-numeric value gets the same one-line reason whatever the path took it
/// (an option, an argument, a command in the logger).
public enum WholeNumber {
    /// Whether `text` is written as a whole number (digits, a sign at most),
    /// however big: a number out of range, not a name or another word.
    public static func isWritten(_ text: some StringProtocol) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The number `text` gives for `what` within `range`, or the reason it is not one.
    public static func parse(_ text: some StringProtocol, _ what: String, in range: ClosedRange<Int>, example: String) -> Result<Int, InputError> {
        let trimmed = text.trimmingWhitespace()
        guard isWritten(trimmed), let value = Int(trimmed), range.contains(value) else {
            return .failure(InputError("\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound)", example: example))
        }
        return .success(value)
    }
}
