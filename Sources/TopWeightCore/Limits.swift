/// The ranges a record's numbers must fall in. Anything outside is a typo, not a set.
public enum Limits {
    public static let reps = 1...1_000
    public static let series = 1...100
    /// Longest user or exercise name, in characters.
    public static let nameLength = 64
    /// Longest input line considered at all; longer lines are refused unread.
    public static let lineLength = 4_096
}
