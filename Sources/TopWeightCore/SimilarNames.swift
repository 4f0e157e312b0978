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

    /// Lower case, no accents, single spaces: how two spellings of one name meet.
    static func folded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
