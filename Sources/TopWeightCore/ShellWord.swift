/// A name as a shell must read it to pass it as one word, for the commands
/// our hints give (`'topweight history --user "zoe li"'`): bare when a shell
/// leaves it as it is, in double quotes when they are enough, else in single
/// quotes (a `'` inside written `'\''`).
public enum ShellWord {
    /// Characters a shell gives no meaning to inside a word (letters and digits aside).
    static let plain: Set<Character> = ["-", "_", ".", ",", "+", "@", "%", "/", ":", "="]
    /// Characters double quotes leave a meaning to (`!` in an interactive bash).
    static let liveInDoubleQuotes: Set<Character> = ["$", "`", "\\", "\"", "!"]

    public static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || plain.contains($0) }) { return word }
        if !word.isEmpty, !word.contains(where: liveInDoubleQuotes.contains) { return "\"" + word + "\"" }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
