import Foundation

/// Names close to one that is not there, for "Similar: …" after a miss:
/// `tomas`, `tomás` and `tomas ramos` all find Tomás Ramos, so a member who
/// types their name without its accent, or only its first word, is shown
/// their own before being offered a new one.
public enum SimilarNames {
    /// Up to `limit` of `names` that `typed` may have meant, in their order:
    /// the same letters without accents and case, or a start of any word.
    public static func to(_ typed: String, among names: [String], limit: Int = 5) -> [String] {
        let wanted = folded(typed)
        let words: [Substring] = wanted.split(separator: " ").filter { $0.count >= 2 }
        guard !words.isEmpty else { return [] }
        var found: [String] = []
        for name in names where found.count < limit {
            let candidate = folded(name)
            let candidateWords: [Substring] = candidate.split(separator: " ")
            if candidate == wanted || candidate.hasPrefix(wanted)
                || words.allSatisfy({ word in candidateWords.contains { $0.hasPrefix(word) } }) {
                found.append(name)
            }
        }
        return found
    }

    /// The name `typed` is a near miss of, if any: a letter or two off
    /// (one for names up to 8 letters, two beyond; none under 5), a swap of
    /// two letters counting as one (`Back Sqaut` is Back Squat). Each
    /// candidate is a spelling and the name it stands for (an alias and its
    /// lift); the closest wins, the first of equals.
    public static func nearMiss(_ typed: String, among candidates: [(spelling: String, name: String)]) -> String? {
        let wanted = Array(folded(typed))
        let allowed = wanted.count < 5 ? 0 : wanted.count <= 8 ? 1 : 2
        guard allowed > 0 else { return nil }
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let spelling = Array(folded(candidate.spelling))
            guard abs(spelling.count - wanted.count) <= allowed,
                  let distance = editDistance(wanted, spelling, atMost: allowed), distance > 0 else { continue }
            if distance < (best?.distance ?? Int.max) { best = (distance, candidate.name) }
        }
        return best?.name
    }

    /// Letters added, removed, changed or two side by side swapped, from one
    /// to the other; `nil` past `limit`.
    static func editDistance(_ left: [Character], _ right: [Character], atMost limit: Int) -> Int? {
        guard !left.isEmpty, !right.isEmpty else { return max(left.count, right.count) <= limit ? max(left.count, right.count) : nil }
        var before = [Int](repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            var rowBest = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            guard rowBest <= limit else { return nil }
            (before, previous, current) = (previous, current, before)
        }
        return previous[right.count] <= limit ? previous[right.count] : nil
    }

    /// Lower case, no accents, single spaces: how two spellings of one name meet.
    static func folded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
