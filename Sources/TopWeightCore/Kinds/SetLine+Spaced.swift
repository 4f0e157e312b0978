// MARK: - A set typed in separate words

/// `bench 62.5 8 3`, `dips bw+10 8 3`, `plank 1:30 3`: the numbers of a set
/// typed apart, as `topweight add` takes them, read as the one-line entry
/// with its numbers joined (`bench 62.5x8x3`).
extension SetLine {
    /// `NAME WEIGHT REPS SERIES` or `NAME TIME SERIES` (an `@RPE` may end it,
    /// as a word of its own too), or `nil` when the line doesn't end so.
    public static func spaced(_ line: String) -> SetLine? {
        var words = OneLineEntry.collapsingSeparators(line).split(separator: " ").map(String.init)
        if words.count >= 3, let last = words.last, last.hasPrefix("@") {
            words.removeLast()
            words[words.count - 1] += last
        }
        for count in [3, 2] where words.count > count {
            if let numbers = joined(Array(words.suffix(count))) {
                return SetLine(exercise: words.dropLast(count).joined(separator: " "), numbers: numbers)
            }
        }
        return nil
    }

    /// The numbers of a set alone typed apart (`62.5 8 3`, `bw+10 8 3`,
    /// `1:30 3`, `@RPE` at the end), joined by `x`; `nil` for anything else.
    public static func joinedNumbers(_ text: String) -> String? {
        var words = text.split(whereSeparator: \.isSpace).map(String.init)
        if words.count >= 3, let last = words.last, last.hasPrefix("@") {
            words.removeLast()
            words[words.count - 1] += last
        }
        return joined(words)
    }

    private static func joined(_ words: [String]) -> String? {
        guard let first = words.first, let last = words.last else { return nil }
        // Only the last word may carry an `@RPE`.
        let effort = last.firstIndex(of: "@").map { String(last[$0...]) } ?? ""
        let counts = words.dropFirst().map { $0.prefix { $0 != "@" } }
        guard !counts.isEmpty, counts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCIIDigit } }) else { return nil }
        if words.count == 3, isLoad(first) {
            return ([first] + counts.map(String.init)).joined(separator: "x") + effort
        }
        if words.count == 2, first.contains(":"), SetDuration.parse(Substring(first)) != nil {
            return "\(first)x\(counts[0])" + effort
        }
        return nil
    }

    /// A weight (`62.5`, `135lb`) or a load on the body (`bw`, `bw+10`, `bw-20kg`).
    private static func isLoad(_ word: String) -> Bool {
        if word.contains(where: OneLineEntry.isSeparator) { return false }
        let lowered = word.lowercased()
        if lowered.hasPrefix("bw") {
            let rest = lowered.dropFirst(2)
            guard let sign = rest.first else { return true }
            return (sign == "+" || sign == "-") && OneLineEntry.isNumbersWord(rest.dropFirst())
        }
        return OneLineEntry.isNumbersWord(Substring(word))
    }
}
